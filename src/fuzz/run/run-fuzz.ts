/**
 * The fuzzer as a library function (the `fuzz` command is a thin shell over it): explore `runs`
 * generated scenarios from `seed`, tally every property, shrink the first failure of each failing
 * property into a counterexample scenario file. With `path`, skip exploration and replay (and
 * shrink further from) that exact fast-check path. Never prints: progress goes to callbacks.
 */
import type fc from 'fast-check';
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { createStrategy } from '../../harness/strategy/load-strategy.ts';
import { scenarioSpecArbitrary } from '../arbitraries/scenario-spec.ts';
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { counterexampleFile, type CounterexampleFile, type FuzzStrategy } from './counterexample.ts';
import { explore } from './explore.ts';
import { exploreInWorkers } from './explore-in-workers.ts';
import { createCasePlayer, type CasePlayer } from './play-case.ts';
import { addVerdict, emptyTally, type PropertyTally } from './property-tally.ts';
import { shrinkFailure, type ShrunkFailure } from './shrink-failure.ts';
import { valueAtPath } from './value-at-path.ts';
import { writeCounterexample } from './write-counterexample.ts';

export const DEFAULT_RUNS = 100;
/** Per-run watchdog when exploring in workers (the same default as `simulate --timeout`). */
export const DEFAULT_TIMEOUT_MS = 60_000;

export interface FuzzOptions {
  readonly strategy: FuzzStrategy;
  readonly runs: number;
  readonly seed: number;
  readonly properties: readonly PropertyName[];
  /** Replay this fast-check path instead of exploring (needs exactly one property). */
  readonly path?: string | null;
  /** Folder counterexample files are written to; null writes nothing. */
  readonly outDir: string | null;
  /** Where relative paths (strategy module, outDir) start. */
  readonly cwd: string;
  readonly maxShrinkCandidates?: number;
  /**
   * Explore in this many worker threads, each run under a `timeoutMs` watchdog (a hung strategy
   * fails `session-completes`). Absent: explore in this thread (no watchdog).
   */
  readonly jobs?: number;
  readonly timeoutMs?: number;
  /** Stop exploring at the first failing run, as fast-check does (the tallies then cover fewer runs). */
  readonly stopAtFirstFailure?: boolean;
  /** Scenarios to play; defaults to `scenarioSpecArbitrary()`. */
  readonly arbitrary?: fc.Arbitrary<ScenarioSpec>;
  readonly onRun?: (done: number) => void;
  readonly onShrink?: (property: PropertyName) => void;
}

export interface PropertyReport {
  readonly property: PropertyName;
  readonly checked: number;
  readonly passed: number;
  readonly infeasible: number;
  readonly failed: number;
  readonly notChecked: number;
  readonly infeasibleReasons: Readonly<Partial<Record<InfeasibilityReason, number>>>;
  readonly counterexample: { readonly failure: ShrunkFailure; readonly file: CounterexampleFile } | null;
  /** The failing run could not be replayed to a failure (a non-deterministic strategy or world). */
  readonly unreproduced: boolean;
}

export interface FuzzReport {
  readonly strategy: string;
  readonly seed: number;
  readonly runs: number;
  readonly path: string | null;
  readonly properties: readonly PropertyReport[];
  readonly failed: boolean;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const strategySpec = { name: options.strategy.name, options: options.strategy.options, baseDir: options.cwd };
  await createStrategy(strategySpec); // fail fast (exit 2) on a strategy that cannot load
  const arbitrary = options.arbitrary ?? scenarioSpecArbitrary();
  const properties = options.properties.map(propertyByName);
  const player = createCasePlayer(strategySpec, properties);
  const path = options.path ?? null;

  const tallies = path !== null
    ? await replayOne(arbitrary, player, options, path)
    : options.jobs !== undefined
    ? await exploreInWorkers(arbitrary, {
        seed: options.seed,
        runs: options.runs,
        properties: options.properties,
        strategy: strategySpec,
        jobs: options.jobs,
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ...(options.onRun ? { onRun: options.onRun } : {}),
      })
    : await explore(arbitrary, player, {
        seed: options.seed,
        runs: options.runs,
        properties: options.properties,
        stopAtFirstFailure: options.stopAtFirstFailure === true,
        ...(options.onRun ? { onRun: options.onRun } : {}),
      });

  const reports: PropertyReport[] = [];
  for (const tally of tallies) {
    const from = tally.firstFailure === null ? null : path ?? String(tally.firstFailure.run);
    if (from === null) {
      reports.push(report(tally, null, false));
      continue;
    }
    options.onShrink?.(tally.property);
    const failure = isHang(tally) ? unshrunk(arbitrary, tally, options) : await shrinkFailure(arbitrary, player, tally.property, {
      seed: options.seed,
      runs: options.runs,
      path: from,
      ...(options.maxShrinkCandidates === undefined ? {} : { maxCandidates: options.maxShrinkCandidates }),
    });
    const file = failure === null ? null : await fileFor(failure, options);
    reports.push(report(tally, failure && file && { failure, file }, failure === null));
  }
  return {
    strategy: options.strategy.name,
    seed: options.seed,
    runs: options.runs,
    path,
    properties: reports,
    failed: reports.some((r) => r.failed > 0),
  };
}

async function fileFor(failure: ShrunkFailure, options: FuzzOptions): Promise<CounterexampleFile> {
  const file = counterexampleFile(failure, options.strategy, options.outDir ?? '.', options.cwd);
  if (options.outDir !== null) await writeCounterexample(file, options.cwd);
  return file;
}

/** A hung strategy would hang shrinking too (it runs in this thread): keep that run unshrunk. */
function isHang(tally: PropertyTally): boolean {
  return tally.firstFailure?.violation.message.startsWith('strategy-hung') === true;
}

function unshrunk(arbitrary: fc.Arbitrary<ScenarioSpec>, tally: PropertyTally, options: FuzzOptions): ShrunkFailure {
  const { run, violation } = tally.firstFailure!;
  return { property: tally.property, spec: valueAtPath(arbitrary, options.seed, options.runs, String(run)), violation, seed: options.seed, path: String(run), shrinks: 0 };
}

/** Replay mode: judge the one scenario at `path`; the tally is that single run. */
async function replayOne(arbitrary: fc.Arbitrary<ScenarioSpec>, player: CasePlayer, options: FuzzOptions, path: string): Promise<PropertyTally[]> {
  const verdicts = await player.play(valueAtPath(arbitrary, options.seed, options.runs, path));
  return options.properties.map((property) => {
    const tally = emptyTally(property);
    addVerdict(tally, 0, verdicts.get(property)!);
    return tally;
  });
}

function report(tally: PropertyTally, counterexample: PropertyReport['counterexample'], unreproduced: boolean): PropertyReport {
  return {
    property: tally.property,
    checked: tally.checked,
    passed: tally.passed,
    infeasible: tally.infeasible,
    failed: tally.failed,
    notChecked: tally.notChecked,
    infeasibleReasons: Object.fromEntries(tally.infeasibleReasons),
    counterexample,
    unreproduced,
  };
}
