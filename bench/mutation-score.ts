/**
 * `npm run bench:mutation`: the fuzzer's power, measured as a mutation score (issue 18). Mutants
 * are generated mechanically (bench/mutation/mutants.ts) from the built-in strategies and the
 * engine's estimator and split helpers; the planted bugs join them. Each mutant is the built-in
 * strategy built from a copy of the engine with ONE change, loaded as a module (as a user's
 * strategy is), and its reference is the same strategy from an unchanged copy. A mutant is killed
 *  - by fuzz: the plain report (`fuzz --runs R --seed S`) fails a property the reference's report
 *    holds on every run (what a user comparing two plain reports sees);
 *  - by differential fuzzing: on some run it fails a property the reference holds (`--against`;
 *    `--baseline` of the reference's runs finds the same runs);
 *  - by the suites: some scenario of scenarios/stress, brutal and regressions fails an
 *    expectation or property it does not fail with the reference.
 * Options: --runs (default 200), --seed (1), --mutants (sample size, default 40, spread evenly
 * over all mutants; --all: every one), --jobs (2), --timeout (per run, ms, default 10000), --json FILE.
 * Deterministic for a given tree and options: a run that misses the watchdog is played again alone
 * with a two-minute one before it counts as a hang (confirmHangs).
 * Options: --only id,id (play only these mutant ids, e.g. to re-check survivors).
 * Each run draws the strategy options a subject and its reference both declare (optionSpace), as
 * `fuzz --against` does; --no-vary-options plays the defaults on every run (as before variation).
 * A mutant that hangs on the first run even under the long watchdog (an endless loop) is judged on
 * witnesses instead of every run (loopsOnFirstRun): about four minutes instead of half an hour.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTY_NAMES } from '../src/checker/properties/index.ts';
import type { PropertyName } from '../src/checker/properties/property.ts';
import type { OptionSpace } from '../src/engine/types.ts';
import { compareTallies, sharedOptionSpace } from '../src/fuzz/differential/run-differential.ts';
import { playedArbitrary } from '../src/fuzz/run/run-fuzz.ts';
import { withFuzzPlayers } from '../src/fuzz/run/fuzz-players.ts';
import { addVerdict, type PropertyTally } from '../src/fuzz/run/property-tally.ts';
import { valueAtPath } from '../src/fuzz/run/value-at-path.ts';
import type { Verdict } from '../src/checker/verdict.ts';
import { runSuite } from '../src/harness/run/run-suite.ts';
import { intOption } from './bench-timing.ts';
import { excludedBecause, mutantsOf, sampleMutants, TARGETS, type Mutant } from './mutation/mutants.ts';
import { realisticMutants } from './mutation/realistic-mutants.ts';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const WORK = join(ROOT, 'reports/out/mutants');
const SUITES = ['scenarios/stress', 'scenarios/brutal', 'scenarios/regressions'];
// deterministic-replay is left out: no operator here makes a strategy non-deterministic, and it doubles each run.
const PROPERTIES: readonly PropertyName[] = PROPERTY_NAMES.filter((property) => property !== 'deterministic-replay');
const FACTORIES = {
  threshold: ['strategies/threshold.ts', 'thresholdStrategy'],
  sliding_window: ['strategies/sliding-window.ts', 'slidingWindowStrategy'],
} as const;
const CONFIRM_TIMEOUT_MS = 120_000;
const MAX_CONFIRMED_HANGS = 3;
const PLANTED = [
  'never-compact.ts',
  'drop-latest-user.ts',
  'orphan-function-call.ts',
  'grow-request.ts',
  'late-threshold.ts',
  // issue 18's survivor classes: estimators that undercount, boundary errors.
  'undercount-system-instruction.ts',
  'estimate-skips-system-instruction.ts',
  'estimate-skips-tool-declarations.ts',
  'estimate-utf16.ts',
  // An estimator that overcounts a kind (the survivors counting a call's struct or a map value at / 3).
  'estimate-overcounts-calls.ts',
  'trigger-above.ts',
  'window-off-by-one.ts',
  // A summarizer-input budget counted in bytes (summarizer-input-budget).
  'summarizer-budget-in-bytes.ts',
  // Fails where the reference fails too, only earlier (differential-verdicts.ts); its reference is the sliding window.
  'sliding-window-no-continuation.ts',
  // Shows only for a window of 2 contents: found only with drawn options (its reference is the sliding window).
  'sliding-window-split-at-zero.ts',
];
const PLANTED_REFERENCE: Readonly<Record<string, 'threshold' | 'sliding_window'>> = {
  'sliding-window-no-continuation.ts': 'sliding_window',
  'sliding-window-split-at-zero.ts': 'sliding_window',
};

interface Subject {
  readonly id: string;
  readonly label: string;
  /** Module path (relative to ROOT) of the strategy under test, and of its reference. */
  readonly module: string;
  readonly reference: string;
  /** The built-in it is a variant of: the suites judge it as that built-in (`judgedAs`). */
  readonly builtin: keyof typeof FACTORIES;
}

interface MutantVerdict {
  readonly subject: Subject;
  readonly fuzz: boolean;
  readonly differential: boolean;
  readonly suites: boolean;
  readonly why: string;
}

const args = process.argv.slice(2);
const runs = intOption(args, 'runs', 200);
const seed = intOption(args, 'seed', 1);
const sample = args.includes('--all') ? 0 : intOption(args, 'mutants', 40);
const jobs = intOption(args, 'jobs', 2);
const timeoutMs = intOption(args, 'timeout', 10_000);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? new Set(args[onlyAt + 1]!.split(',')) : null;
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
// Draw each run's strategy options from the space both sides declare (the fuzz command's default).
const varyOptions = !args.includes('--no-vary-options');

/** A copy of src/engine (mutated or not) with an entry module whose default export is the strategy's factory. */
function engineCopy(name: string, strategy: keyof typeof FACTORIES, mutant: Mutant | null): string {
  const dir = join(WORK, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'src/engine'), join(dir, 'engine'), { recursive: true });
  if (mutant !== null) writeFileSync(join(dir, 'engine', relative('src/engine', mutant.target.file)), mutant.source);
  // An estimator that took counts through a global symbol (an earlier engine) must not share it with
  // its copy, or the copy's (mutated) estimator would be skipped; the engine now estimates what it
  // is given, and then there is nothing to isolate.
  const estimator = join(dir, 'engine/tokens/estimate-tokens.ts');
  const shared = "Symbol.for('compaction-sim.knownContentTokens')";
  const source = readFileSync(estimator, 'utf8');
  if (source.includes(shared))
    writeFileSync(estimator, source.replace(shared, "Symbol('compaction-sim.knownContentTokens (engine copy)')"));
  const [file, factory] = FACTORIES[strategy];
  writeFileSync(join(dir, 'strategy.ts'), `export { ${factory} as default } from './engine/${file}';\n`);
  return `./${relative(ROOT, join(dir, 'strategy.ts'))}`;
}

/** The options a subject and its reference both draw per run, as `fuzz --against` draws them (null: none). */
async function drawnSpace(subject: Subject): Promise<OptionSpace | null> {
  const spec = (name: string) => ({ name, options: {}, baseDir: ROOT });
  return withFuzzPlayers(
    { properties: ['session-completes'], jobs: 1, timeoutMs, onStrategyOutput: () => {} },
    [spec(subject.module), spec(subject.reference)],
    async (players) =>
      sharedOptionSpace(
        { varyOptions, strategy: spec(subject.module), against: spec(subject.reference) },
        players.optionSpace(spec(subject.module)),
        players.optionSpace(spec(subject.reference)),
      ).space,
  );
}

/** Run `run` of the corpus, with the options drawn for it when `space` is one. */
function runAt(space: OptionSpace | null, run: number) {
  return valueAtPath(corpus(space), seed, runs, String(run));
}

function corpus(space: OptionSpace | null) {
  return playedArbitrary({}, space);
}

async function exploreBoth(
  subject: Subject,
  space: OptionSpace | null,
): Promise<{ fuzz: boolean; differential: boolean; why: string }> {
  const spec = (name: string) => ({ name, options: {}, baseDir: ROOT });
  return withFuzzPlayers(
    { properties: PROPERTIES, jobs, timeoutMs, onStrategyOutput: () => {} },
    [spec(subject.module), spec(subject.reference)],
    async (players) => {
      const explore = (name: string) =>
        players.explore(spec(name), corpus(space), {
          seed,
          runs,
          properties: PROPERTIES,
          replaySample: 1,
          varied: space !== null,
        });
      const reference = await referenceExploration(subject.reference, space);
      const mine = await confirmHangs(subject.module, await explore(subject.module), space);
      const newlyFailing = mine
        .filter((tally, i) => tally.failed > 0 && reference[i]!.failed === 0)
        .map((tally) => tally.property);
      const differing = mine
        .map((tally, i) => compareTallies(tally, reference[i]!))
        .filter((compared) => compared.onlyMine.length > 0);
      const why = [
        newlyFailing.length > 0 ? `fails ${newlyFailing.join(', ')}` : '',
        differing.length > 0
          ? `only it fails ${differing.map((c) => `${c.property} (${c.onlyMine.length} runs)`).join(', ')}`
          : '',
      ]
        .filter((part) => part !== '')
        .join('; ');
      return { fuzz: newlyFailing.length > 0, differential: differing.length > 0, why };
    },
  );
}

/**
 * A mutant that hangs on the first run even under the long watchdog (an endless loop in the
 * estimator) would make every run and every suite scenario wait out the watchdog: half an hour a
 * subject. It is judged on witnesses instead, which is all each kill needs: that run fails
 * session-completes where the reference holds it on every run (killed by fuzz, and by
 * differential fuzzing), and the first suite scenario the reference passes, played with the long
 * watchdog, fails in a way the reference does not (killed by the suites, or not). A mutant that
 * hangs there but passes other scenarios is judged on that one scenario: the suites' share can only
 * be undercounted, never overclaimed. Null: it does not hang on run 0, and it is played in full.
 */
async function loopsOnFirstRun(subject: Subject, space: OptionSpace | null): Promise<MutantVerdict | null> {
  const hungOn = async (timeout: number) => {
    const spec = { name: subject.module, options: {}, baseDir: ROOT };
    return withFuzzPlayers(
      { properties: ['session-completes'], jobs: 1, timeoutMs: timeout, onStrategyOutput: () => {} },
      [spec],
      async (players) => {
        const verdict = (await players.player(spec, space !== null).play(runAt(space, 0))).get('session-completes');
        return verdict?.status === 'failed' && verdict.violation.message.startsWith('strategy-hung');
      },
    );
  };
  if (!(await hungOn(timeoutMs)) || !(await hungOn(CONFIRM_TIMEOUT_MS))) return null;
  const reference = await referenceExploration(subject.reference, space);
  const completes = reference.find((tally) => tally.property === 'session-completes')!;
  const referenceHolds = completes.failed === 0 && !completes.notCheckedRuns.includes(0);
  const referenceSuite = await referenceSuiteFailures(subject.reference, subject.builtin);
  const passing = [...referenceSuite].find(([, failures]) => failures.size === 0)?.[0];
  let suites = '';
  if (passing !== undefined) {
    const run = await runSuite({
      paths: SUITES,
      filter: passing.split('#').at(-1),
      strategy: subject.module,
      judgedAs: subject.builtin,
      jobs: 1,
      timeoutMs: CONFIRM_TIMEOUT_MS,
      cwd: ROOT,
      onStrategyOutput: () => {},
    });
    const outcome = run.outcomes.find((candidate) => candidate.scenario.id === passing);
    const extra = outcome?.failures.map((failure) => failure.expectation) ?? [];
    if (extra.length > 0) suites = `${passing.split('#').at(-1)}: ${extra.join(', ')}`;
  }
  const why = [
    referenceHolds
      ? 'hangs on run 0 (confirmed with the long watchdog), where the reference holds session-completes on every run'
      : '',
    suites === '' ? '' : `suite ${suites}`,
  ];
  return {
    subject,
    fuzz: referenceHolds,
    differential: referenceHolds,
    suites: suites !== '',
    why: why.filter((part) => part !== '').join('; '),
  };
}

/**
 * A run that hit the watchdog is played again alone with a long one: on a loaded machine a run of
 * a few seconds of CPU can miss the watchdog, which is the machine's, not the mutant's. A run that
 * finishes then is tallied with its real verdicts; one that hangs again stays hung (a real loop).
 */
async function confirmHangs(
  module: string,
  tallies: PropertyTally[],
  space: OptionSpace | null,
): Promise<PropertyTally[]> {
  const completes = tallies.find((tally) => tally.property === 'session-completes');
  const hung = (completes?.failures ?? [])
    .filter((failure) => failure.violation.message.startsWith('strategy-hung'))
    .map((failure) => failure.run);
  if (hung.length === 0) return tallies;
  const spec = { name: module, options: {}, baseDir: ROOT };
  return withFuzzPlayers(
    { properties: PROPERTIES, jobs: 1, timeoutMs: CONFIRM_TIMEOUT_MS, onStrategyOutput: () => {} },
    [spec],
    async (players) => {
      const player = players.player(spec, space !== null);
      // A real loop hangs on every run that compacts: a few replays decide, the rest stay as they were.
      for (const run of hung.slice(0, MAX_CONFIRMED_HANGS)) {
        const verdicts = await player.play(runAt(space, run));
        const again = verdicts.get('session-completes');
        if (again?.status === 'failed' && again.violation.message.startsWith('strategy-hung')) return tallies;
        for (const tally of tallies) replaceRun(tally, run, verdicts.get(tally.property)!);
      }
      return tallies;
    },
  );
}

/** Re-tallies one run of `tally` with `verdict` (the run's earlier verdict was a failure or not-checked: a hang). */
function replaceRun(tally: PropertyTally, run: number, verdict: Verdict): void {
  const failed = tally.failures.findIndex((failure) => failure.run === run);
  if (failed >= 0) {
    tally.failures.splice(failed, 1);
    tally.failed -= 1;
    tally.checked -= 1;
  }
  const unchecked = tally.notCheckedRuns.indexOf(run);
  if (unchecked >= 0) {
    tally.notCheckedRuns.splice(unchecked, 1);
    tally.notChecked -= 1;
  }
  addVerdict(tally, run, verdict);
  tally.failures.sort((a, b) => a.run - b.run);
}

const referenceTallies = new Map<string, PropertyTally[]>();
/** The reference's tallies on the corpus (with the options drawn from `space`), explored once per reference and space. */
async function referenceExploration(module: string, space: OptionSpace | null): Promise<PropertyTally[]> {
  const key = JSON.stringify([module, space]);
  const known = referenceTallies.get(key);
  if (known !== undefined) return known;
  const spec = { name: module, options: {}, baseDir: ROOT };
  const tallies = await withFuzzPlayers(
    { properties: PROPERTIES, jobs, timeoutMs, onStrategyOutput: () => {} },
    [spec],
    async (players) =>
      confirmHangs(
        module,
        await players.explore(spec, corpus(space), {
          seed,
          runs,
          properties: PROPERTIES,
          replaySample: 1,
          varied: space !== null,
        }),
        space,
      ),
  );
  referenceTallies.set(key, tallies);
  return tallies;
}

const referenceSuites = new Map<string, Map<string, Set<string>>>();
/**
 * The expectations `module` fails per suite scenario, judged as the built-in it is a variant of
 * (`judgedAs`): a file written for that built-in gives it its options (a sliding window of 33
 * contents), its expectations and its accepted limitations, as a test suite configures and judges
 * the code it tests. (A module that only reports a built-in's name gets none of them.)
 */
async function suiteFailures(module: string, builtin: keyof typeof FACTORIES): Promise<Map<string, Set<string>>> {
  const run = await runSuite({
    paths: SUITES,
    strategy: module,
    judgedAs: builtin,
    jobs,
    timeoutMs,
    cwd: ROOT,
    onStrategyOutput: () => {},
  });
  return new Map(
    run.outcomes.map((outcome) => [
      outcome.scenario.id,
      new Set(outcome.failures.map((failure) => failure.expectation)),
    ]),
  );
}

/** The reference's failures per suite scenario, played once per reference. */
async function referenceSuiteFailures(
  module: string,
  builtin: keyof typeof FACTORIES,
): Promise<Map<string, Set<string>>> {
  let failures = referenceSuites.get(module);
  if (failures === undefined) {
    failures = await suiteFailures(module, builtin);
    referenceSuites.set(module, failures);
  }
  return failures;
}

async function suitesKill(subject: Subject): Promise<string | null> {
  const reference = await referenceSuiteFailures(subject.reference, subject.builtin);
  const mine = await suiteFailures(subject.module, subject.builtin);
  for (const [id, failures] of mine) {
    const extra = [...failures].filter((failure) => !reference.get(id)?.has(failure));
    if (extra.length > 0) return `${id.split('#').at(-1)}: ${extra.join(', ')}`;
  }
  return null;
}

async function judge(subject: Subject): Promise<MutantVerdict> {
  const space = await drawnSpace(subject);
  const looping = await loopsOnFirstRun(subject, space);
  if (looping !== null) return looping;
  const fuzz = await exploreBoth(subject, space);
  const suites = await suitesKill(subject);
  return {
    subject,
    fuzz: fuzz.fuzz,
    differential: fuzz.differential,
    suites: suites !== null,
    why: [fuzz.why, suites === null ? '' : `suite ${suites}`].filter((p) => p !== '').join('; '),
  };
}

function share(verdicts: readonly MutantVerdict[], killed: (verdict: MutantVerdict) => boolean): string {
  const n = verdicts.filter(killed).length;
  return `${n}/${verdicts.length} (${((100 * n) / Math.max(1, verdicts.length)).toFixed(1)} %)`;
}

async function main(): Promise<void> {
  const all = TARGETS.flatMap((target) => mutantsOf(target, readFileSync(join(ROOT, target.file), 'utf8')));
  const sampled =
    only !== null ? all.filter((mutant) => only.has(mutant.id)) : sample === 0 ? all : sampleMutants(all, sample);
  // Equivalent and unreachable mutants are sampled like any other (so declaring one never changes
  // the sample), then left out of the score.
  const excluded = sampled.flatMap((mutant) => {
    const why = excludedBecause(mutant);
    return why === null ? [] : [{ mutant, why }];
  });
  // The realistic mutants (the estimator's and token helpers' known bug classes) join every run.
  const realistic = realisticMutants(ROOT).filter((mutant) => only === null || only.has(mutant.id));
  const chosen = [...sampled.filter((mutant) => excludedBecause(mutant) === null), ...realistic];
  const planted = PLANTED.filter((file) => only === null || only.has(`planted:${file}`));
  const references = {
    threshold: engineCopy('reference-threshold', 'threshold', null),
    sliding_window: engineCopy('reference-sliding_window', 'sliding_window', null),
  };
  const subjects: Subject[] = [
    ...chosen.map((mutant, i) => ({
      id: mutant.id,
      label: `${mutant.operator} ${mutant.target.file}:${mutant.line}: ${mutant.after}`,
      module: engineCopy(`m${i}`, mutant.target.strategy, mutant),
      reference: references[mutant.target.strategy],
      builtin: mutant.target.strategy,
    })),
    ...planted.map((file) => ({
      id: `planted:${file}`,
      label: `planted bug ${file}`,
      module: `./src/fuzz/planted-bugs/${file}`,
      reference: references[PLANTED_REFERENCE[file] ?? 'threshold'],
      builtin: PLANTED_REFERENCE[file] ?? 'threshold',
    })),
  ];
  process.stderr.write(
    `mutation score: ${all.length} mutants generated, ${sampled.length} sampled (${excluded.length} of them equivalent or unreachable here, not counted), ${chosen.length} played (${realistic.length} of them realistic estimator mutants) + ${planted.length} planted bugs; --runs ${runs} --seed ${seed}\n`,
  );
  for (const { mutant, why } of excluded)
    process.stdout.write(
      `    not counted: ${mutant.operator} ${mutant.target.file}:${mutant.line}: ${mutant.after} (${why})\n`,
    );
  const verdicts: MutantVerdict[] = [];
  for (const [i, subject] of subjects.entries()) {
    const verdict = await judge(subject);
    verdicts.push(verdict);
    const marks = `${verdict.fuzz ? 'F' : '-'}${verdict.differential ? 'D' : '-'}${verdict.suites ? 'S' : '-'}`;
    process.stdout.write(
      `${String(i + 1).padStart(3)}/${subjects.length} ${marks} ${subject.label}${verdict.why === '' ? '  SURVIVED' : `  (${verdict.why})`}\n`,
    );
  }
  const mutants = verdicts.filter((verdict) => !verdict.subject.id.startsWith('planted:'));
  const lines = [
    '',
    `mutation score at --runs ${runs} --seed ${seed}${varyOptions ? '' : ' --no-vary-options'} (${mutants.length} mutants of ${all.length}, plus ${planted.length} planted bugs; ${excluded.length} sampled mutants equivalent or unreachable here, not counted):`,
    `  killed by fuzz (plain report):   ${share(verdicts, (v) => v.fuzz)}`,
    `  killed by differential fuzzing:  ${share(verdicts, (v) => v.differential)}`,
    `  killed by the suites:            ${share(verdicts, (v) => v.suites)}`,
    `  combined (fuzz, differential, suites): ${share(verdicts, (v) => v.fuzz || v.differential || v.suites)}`,
    `  mutants only, combined:          ${share(mutants, (v) => v.fuzz || v.differential || v.suites)}`,
    `  realistic estimator mutants, killed by fuzz alone: ${share(
      verdicts.filter((v) => v.subject.id.startsWith('realistic:')),
      (v) => v.fuzz,
    )}`,
    `  survivors: ${
      verdicts
        .filter((v) => !(v.fuzz || v.differential || v.suites))
        .map((v) => v.subject.label)
        .join(' | ') || 'none'
    }`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (jsonFile !== undefined) {
    writeFileSync(
      jsonFile,
      `${JSON.stringify({ runs, seed, generated: all.length, excluded: excluded.map(({ mutant, why }) => ({ id: mutant.id, why })), verdicts: verdicts.map((v) => ({ id: v.subject.id, label: v.subject.label, fuzz: v.fuzz, differential: v.differential, suites: v.suites, why: v.why })) }, null, 2)}\n`,
    );
  }
  rmSync(WORK, { recursive: true, force: true });
}

await main();
