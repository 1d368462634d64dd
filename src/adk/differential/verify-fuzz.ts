/**
 * `verify-adk --fuzz-runs N --seed S`: the world fuzzed against the real adk-js runtime. The
 * fuzzer's generator draws N scenarios (every feature it draws that does not depend on the ADK
 * port: the flavour is fixed to adk-js, the port installed here); each is played in the world and
 * in real adk-js with the same strategy and compared step by step, exactly as the seed files are
 * (verify-scenario.ts). A run whose two plays differ is replayed by fast-check from its path and
 * shrunk while the difference persists, then written as a scenario file that `verify-adk <file>`
 * replays. One seed reproduces everything.
 *
 * Why: the seed suites exercise a fraction of what the world can be asked to do (streaming, late
 * usage metadata, summarizer faults, phases, attachments, tool declarations near the window…).
 * A world that drifts from adk-js on any of them would make every verdict on such sessions wrong.
 */
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { scenarioSpecArbitrary } from '../../fuzz/arbitraries/scenario-spec.ts';
import {
  resolveScenario,
  type ResolvedScenario,
  type ResolvedStrategy,
  type ScenarioSpec,
} from '../../harness/scenario/index.ts';
import { strategyNameFrom } from '../../harness/strategy/module-path.ts';
import type { ScenarioVerification } from './verify-scenario.ts';
import type { VerifyIsolation } from './verify-suite.ts';
import { verifyResolved } from './verify-suite.ts';

export interface VerifyFuzzOptions {
  readonly runs: number;
  readonly seed: number;
  /** The strategy every generated scenario plays (generated scenarios name none). */
  readonly strategy: ResolvedStrategy;
  readonly isolation: VerifyIsolation;
  /** Shrink candidates to verify at most per differing run (each is two full plays). */
  readonly maxShrinkCandidates: number;
  readonly onRun?: (verification: ScenarioVerification, done: number, total: number) => void;
}

/** A differing run, shrunk: the smallest scenario found that still differs, and how to replay it. */
export interface ShrunkDifference {
  readonly spec: ScenarioSpec;
  readonly verification: ScenarioVerification;
  /** fast-check path of the shrunk scenario (with `seed`, replays it). */
  readonly path: string;
  readonly shrinks: number;
}

export interface FuzzRunVerification {
  readonly run: number;
  readonly verification: ScenarioVerification;
  /** Set for a run that differed (verdict `fail`). */
  readonly shrunk: ShrunkDifference | null;
}

export interface VerifyFuzzReport {
  readonly seed: number;
  readonly runs: readonly FuzzRunVerification[];
  readonly summary: { readonly identical: number; readonly different: number };
}

/** The generator as verify-adk plays it: every drawn scenario under adk-js, named by its run. */
export function verifyFuzzArbitrary(): fc.Arbitrary<ScenarioSpec> {
  return scenarioSpecArbitrary().map(({ flavour: _port, ...spec }) => spec);
}

export async function verifyFuzz(options: VerifyFuzzOptions): Promise<VerifyFuzzReport> {
  const arbitrary = verifyFuzzArbitrary();
  const specs = generate(arbitrary, options.seed, options.runs);
  const scenarios = specs.map((spec, run) => resolveRun(spec, run, options.strategy));
  let done = 0;
  const verifications = await verifyResolved(scenarios, {
    isolation: options.isolation,
    onScenario: (verification) => options.onRun?.(verification, (done += 1), scenarios.length),
  });
  const runs: FuzzRunVerification[] = [];
  for (const [run, verification] of verifications.entries()) {
    const shrunk = verification.verdict === 'fail' ? await shrinkDifference(arbitrary, run, options) : null;
    runs.push({ run, verification, shrunk });
  }
  const identical = runs.filter((r) => r.verification.verdict === 'pass').length;
  return { seed: options.seed, runs, summary: { identical, different: runs.length - identical } };
}

/**
 * Run i of `fc.check(…, { seed, numRuns })` for every i: the predicate records and always holds,
 * so fast-check generates all of them, and `path: "i"` later replays run i exactly.
 */
function generate(arbitrary: fc.Arbitrary<ScenarioSpec>, seed: number, runs: number): ScenarioSpec[] {
  const specs: ScenarioSpec[] = [];
  fc.check(
    fc.property(arbitrary, (spec) => (specs.push(spec), true)),
    { seed, numRuns: runs },
  );
  return specs;
}

function resolveRun(spec: ScenarioSpec, run: number, strategy: ResolvedStrategy): ResolvedScenario {
  const scenario = resolveScenario(
    { ...spec, name: `fuzz-run-${run}` },
    { file: 'verify-adk-fuzz.yaml', baseDir: strategy.baseDir },
  );
  return { ...scenario, strategy };
}

/**
 * fast-check replays run `run` and shrinks it: a candidate "fails" when its two plays differ. Past
 * the candidate budget every candidate holds, so shrinking stops at the smallest difference found.
 */
async function shrinkDifference(
  arbitrary: fc.Arbitrary<ScenarioSpec>,
  run: number,
  options: VerifyFuzzOptions,
): Promise<ShrunkDifference | null> {
  let budget = options.maxShrinkCandidates;
  let smallest: { spec: ScenarioSpec; verification: ScenarioVerification } | null = null;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (spec) => {
      if (budget <= 0) return true;
      budget -= 1;
      const [verification] = await verifyResolved([resolveRun(spec, run, options.strategy)], {
        isolation: { ...options.isolation, jobs: 1 },
      });
      if (verification!.verdict !== 'fail') return true;
      smallest = { spec, verification: verification! };
      return false;
    }),
    { seed: options.seed, numRuns: options.runs, path: String(run) },
  );
  const found = smallest as { spec: ScenarioSpec; verification: ScenarioVerification } | null;
  if (!details.failed || details.counterexamplePath === null || found === null) return null;
  return {
    spec: found.spec,
    verification: found.verification,
    path: details.counterexamplePath,
    shrinks: details.numShrinks,
  };
}

/** A shrunk difference as a scenario file: `verify-adk <file>` replays it (it differs the same way). */
export function differenceScenarioFile(
  report: VerifyFuzzReport,
  run: FuzzRunVerification,
  outDir: string,
  strategy: ResolvedStrategy,
): { file: string; spec: ScenarioSpec } {
  const shrunk = run.shrunk!;
  const name = `verify-adk.seed-${report.seed}.run-${run.run}`;
  const file = join(outDir, `${name}.yaml`);
  const difference = shrunk.verification.difference;
  const what =
    difference === null
      ? (shrunk.verification.reason ?? 'the runs could not be compared')
      : `${difference.step === null ? 'session' : `step ${difference.step} (turn ${difference.turn}, ${difference.label})`}: ${difference.path}`;
  const description =
    `verify-adk fuzz counterexample: the world and the real adk-js runtime differ.\n` +
    `First difference: ${what}.\n` +
    `fast-check seed ${report.seed}, path ${shrunk.path} (run ${run.run}, shrunk ${shrunk.shrinks} times while the runs still differed).\n` +
    `Replay: npx compaction-sim verify-adk ${file}\n`;
  const { name: _generated, ...generated } = shrunk.spec;
  // A module path is written as the loader reads it: relative to the file's folder.
  const strategyName = strategyNameFrom(strategy.name, resolve(outDir), strategy.baseDir);
  const options = Object.keys(strategy.options).length === 0 ? {} : { options: { ...strategy.options } };
  return { file, spec: { name, description, ...generated, strategy: { name: strategyName, ...options } } };
}
