/**
 * `compaction-sim fuzz --strategy <name|module> --runs N --seed S [--property P] [--out DIR]`:
 * property-based fuzzing of a strategy (a thin shell over the API: `fuzz()`, `fuzzAgainst()`,
 * `mergeFuzzShards()` and `recordFuzzBaseline()`, which check what the run needs and play it; this
 * file parses the flags, checks how they combine, and prints). Prints one row per property
 * and, for each failure, the shrunk counterexample file and the commands that replay it.
 * For CI: `--baseline FILE` fails only on runs the baseline does not list as failing
 * (`--update-baseline` records it), `--shard i/n` plays a slice of the runs, `--json FILE` writes
 * the report, and `--merge FILES..` merges the shards' reports into one machine's. `--against REF`
 * plays the same runs with a reference strategy and fails only where --strategy fails a property
 * the reference holds (differential fuzzing; it shards, writes --json and merges the same way).
 * Exit 0 when every property held, 1 when one failed, 2 on bad input. It refuses --real-summarizer
 * (exit 2): replaying and shrinking a case needs a deterministic summarizer.
 */
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Argv, CommandModule } from 'yargs';
import { PROPERTY_NAMES } from '../../checker/properties/index.ts';
import { fuzz as fuzzApi, fuzzAgainst, type FuzzOptions } from '../../api/fuzz.ts';
import { mergeFuzzShards, recordFuzzBaseline } from '../../api/fuzz-ci.ts';
import { DEFAULT_FUZZ_MAX_MEMORY_MB, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from '../../fuzz/run/run-fuzz.ts';
import { writeDifferentialReportFile, writeFuzzReportFile } from '../../fuzz/ci/fuzz-report-file.ts';
import type { FuzzStrategy } from '../../fuzz/run/counterexample.ts';
import type { DifferentialReport } from '../../fuzz/differential/run-differential.ts';
import { DEFAULT_REPLAY_SAMPLE } from '../../fuzz/run/replay-sample.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { REPLAY_COMMAND } from '../../fuzz/run/counterexample.ts';
import { formatFuzzReport } from '../../fuzz/run/format-fuzz-report.ts';
import { DEFAULT_MAX_SHRINK_CANDIDATES } from '../../fuzz/run/shrink-failure.ts';
import { parseShard, shardRunIds, type Shard } from '../../fuzz/run/fuzz-shard.ts';
import type { FuzzReport } from '../../fuzz/run/run-fuzz.ts';
import { formatDifferentialReport } from '../../fuzz/differential/format-differential-report.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { prepareOutputDir } from '../../harness/report/output-dir.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { createProgress } from '../progress.ts';
import { runCommand } from '../run-command.ts';
import { FUZZ_REFUSAL, refuseRealSummarizer, withRefusedRealSummarizer, type RealSummarizerArgs } from '../real-summarizer-options.ts';
import { parseStrategyOptions } from '../run-options.ts';
import { UsageError } from '../usage-error.ts';

/** Counterexamples land here unless --out says otherwise (git-ignored; pass --out scenarios/regressions to keep one). */
export const DEFAULT_FUZZ_OUT = 'reports/out/fuzz';

interface FuzzArgs extends RealSummarizerArgs {
  readonly strategy: string;
  readonly 'strategy-options'?: string | undefined;
  readonly runs: number;
  readonly seed: number;
  readonly property?: PropertyName[] | undefined;
  readonly path?: string | undefined;
  readonly 'replay-sample'?: number | undefined;
  readonly out: string;
  readonly 'max-shrinks': number;
  readonly jobs: number;
  readonly timeout: number;
  readonly 'max-memory': number;
  readonly quiet: boolean;
  readonly shard?: string | undefined;
  readonly baseline?: string | undefined;
  readonly 'update-baseline': boolean;
  readonly json?: string | undefined;
  readonly merge?: string[] | undefined;
  readonly against?: string | undefined;
  readonly 'against-options'?: string | undefined;
  readonly 'vary-options': boolean;
  readonly 'judged-as'?: string | undefined;
}

const fuzz: CommandModule<object, FuzzArgs> = {
  ...COMMAND_LINES.fuzz,
  builder: (yargs) =>
    withRefusedRealSummarizer(yargs as Argv<object>)
      .epilog(`No --real-summarizer here: ${FUZZ_REFUSAL}. Use simulate --real-summarizer to judge real summaries.`)
      .option('strategy', { type: 'string', default: 'threshold', describe: 'A built-in name (threshold, sliding_window) or a module path whose default export is a CompactionStrategy or StrategyFactory' })
      .option('strategy-options', { type: 'string', describe: 'Strategy options as a JSON object (fixed: never drawn)' })
      .option('vary-options', {
        type: 'boolean',
        default: true,
        describe: 'Draw the strategy\'s options per run from the space it declares (optionSpace), shrinking towards the defaults; --no-vary-options plays the given options on every run',
      })
      .option('runs', { type: 'number', default: DEFAULT_RUNS, describe: 'Generated scenarios to play' })
      .option('seed', { type: 'number', default: 1, describe: 'fast-check seed: the same seed generates the same scenarios' })
      .option('property', { type: 'string', array: true, choices: PROPERTY_NAMES, describe: 'Check only these properties (default: all)' })
      .option('path', { type: 'string', describe: 'Replay this fast-check path (printed with a failure) instead of exploring; needs one --property' })
      .option('replay-sample', {
        type: 'number',
        defaultDescription: `${DEFAULT_REPLAY_SAMPLE}; 1 when it is the only property`,
        describe: 'deterministic-replay plays one run in N twice (runs 0, N, 2N, ...); 1 replays every run',
      })
      .option('out', { type: 'string', default: DEFAULT_FUZZ_OUT, describe: 'Folder the counterexample scenario files are written to' })
      .option('max-shrinks', { type: 'number', default: DEFAULT_MAX_SHRINK_CANDIDATES, describe: 'Shrink candidates to play at most per failing property' })
      .option('jobs', { type: 'number', default: availableParallelism(), defaultDescription: 'number of CPUs', describe: 'Generated scenarios played in parallel (worker threads); results do not depend on it' })
      .option('timeout', { type: 'number', default: DEFAULT_TIMEOUT_MS, describe: 'Per-run watchdog in ms while exploring: a strategy with no result by then fails session-completes as strategy-hung' })
      .option('max-memory', { type: 'number', default: DEFAULT_FUZZ_MAX_MEMORY_MB, describe: 'Heap limit of each worker in MB: a run whose strategy exhausts it fails session-completes as strategy-out-of-memory' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress bar' })
      .option('shard', { type: 'string', describe: 'Play shard i of n (e.g. 2/4): the runs r with r mod n = i - 1; merge the shards\' --json reports with --merge' })
      .option('baseline', { type: 'string', describe: 'A fuzz baseline (JSON): fail only on runs it does not list as failing (known limitations stop blocking CI)' })
      .option('update-baseline', { type: 'boolean', default: false, describe: 'Record this run (all runs, no --shard) as the --baseline file' })
      .option('json', { type: 'string', describe: 'Also write the report as JSON to this file (what --merge reads)' })
      .option('merge', { type: 'string', array: true, describe: 'Merge the --json reports of every shard of one run into its report (plays nothing)' })
      .option('judged-as', { type: 'string', describe: 'The --strategy module is a fork of this built-in: judge it by the built-in\'s declarations (trigger, estimator, summarizer cut)' })
      .option('against', { type: 'string', describe: 'Differential fuzzing: play the same runs with this reference strategy too, and fail where --strategy fails a property the reference holds' })
      .option('against-options', { type: 'string', describe: 'Options of the --against strategy as a JSON object' }) as unknown as Argv<FuzzArgs>,
  handler: (args) =>
    runCommand(async () => {
      refuseRealSummarizer(args, 'fuzz', FUZZ_REFUSAL);
      const properties = args.property ?? [...PROPERTY_NAMES];
      validate(args, properties);
      const shard = shardOf(args);
      // Counterexamples are written at the end: a folder they cannot go to must not cost the run.
      await prepareOutputDir(args.out, '--out', process.cwd(), { checkOnly: true });
      if (args.merge !== undefined) return mergeCommand(args);
      if (args.against !== undefined) return differentialCommand(args, properties, shard);
      if (args.baseline !== undefined && !args['update-baseline'] && args.path !== undefined) throw new UsageError('--baseline compares an exploration: drop --path');
      const { report, seconds } = await withProgress(args, runsPlayed(args, shard), (progress) => fuzzApi({
        ...sharedRunOptions(args, properties, shard),
        ...(args.baseline === undefined || args['update-baseline'] ? {} : { baseline: args.baseline }),
        onProgress: () => progress.tick(''),
        onShrink: (property) => {
          progress.stop();
          if (!args.quiet) process.stderr.write(`shrinking the first ${property} failure...\n`);
        },
      }));
      return finish(args, report, seconds);
    }),
};

/** What a plain and a differential fuzz run take alike from the command line (the API's options). */
function sharedRunOptions(args: FuzzArgs, properties: readonly PropertyName[], shard: Shard | null): FuzzOptions {
  return {
    ...(args['replay-sample'] === undefined ? {} : { replaySample: args['replay-sample'] }),
    ...(shard === null ? {} : { shard }),
    strategy: args.strategy,
    strategyOptions: parseStrategyOptions(args['strategy-options']) ?? {},
    varyOptions: args['vary-options'],
    ...(args['judged-as'] === undefined ? {} : { judgedAs: args['judged-as'] }),
    runs: args.runs,
    seed: args.seed,
    properties,
    ...(args.path === undefined ? {} : { path: args.path }),
    outDir: args.out,
    cwd: process.cwd(),
    maxShrinks: args['max-shrinks'],
    jobs: args.jobs,
    timeoutMs: args.timeout,
    maxMemoryMb: args['max-memory'],
  };
}

/** The runs this invocation plays: one replayed path, a shard's slice, or all of them. */
function runsPlayed(args: FuzzArgs, shard: Shard | null): number {
  if (args.path !== undefined) return 1;
  return shard === null ? args.runs : shardRunIds(args.runs, shard).length;
}

/** Runs `play` under a progress bar of `total` ticks (none with --quiet or --path) and times it for the report. */
async function withProgress<R>(args: FuzzArgs, total: number, play: (progress: ReturnType<typeof createProgress>) => Promise<R>): Promise<{ report: R; seconds: number }> {
  const progress = createProgress(args.quiet || args.path !== undefined);
  const started = performance.now(); // clock-ok: wall time shown to the user, never in results
  progress.start(total);
  try {
    const report = await play(progress);
    return { report, seconds: (performance.now() - started) / 1000 }; // clock-ok
  } finally {
    progress.stop();
  }
}

/** `--against`: the same runs through both strategies, failing where --strategy fails and the reference holds. */
async function differentialCommand(args: FuzzArgs, properties: readonly PropertyName[], shard: Shard | null): Promise<number> {
  // Every run is played by both strategies.
  const { report, seconds } = await withProgress(args, 2 * runsPlayed(args, shard), (progress) => fuzzAgainst({
    ...sharedRunOptions(args, properties, shard),
    against: args.against!,
    againstOptions: parseStrategyOptions(args['against-options'], '--against-options') ?? {},
    onProgress: () => progress.tick(''),
    onShrink: (property, failing) => {
      progress.stop();
      if (!args.quiet) process.stderr.write(`shrinking the first ${property} run where ${failing} fails and the other holds...\n`);
    },
  }));
  return finishDifferential(args, report, seconds);
}

/** Prints a differential report, writes --json, and says how it went (only mine's worse runs fail it). */
async function finishDifferential(args: FuzzArgs, report: DifferentialReport, seconds?: number): Promise<number> {
  const rerun = `${rerunCommand(args)} --against ${args.against}${args['against-options'] === undefined ? '' : ` --against-options '${args['against-options']}'`}`;
  process.stdout.write(formatDifferentialReport(report, { color: colorAllowed(process.stdout), rerunCommand: rerun, ...(seconds === undefined ? {} : { seconds }) }));
  if (args.json !== undefined) await writeDifferentialReportFile(args.json, report);
  return report.failed ? EXIT_FAILED : EXIT_OK;
}

/** Prints the report, writes --json and --update-baseline, and says how it went. */
async function finish(args: FuzzArgs, report: FuzzReport, seconds?: number): Promise<number> {
  process.stdout.write(formatFuzzReport(report, { color: colorAllowed(process.stdout), rerunCommand: rerunCommand(args), ...(seconds === undefined ? {} : { seconds }) }));
  if (args.json !== undefined) await writeFuzzReportFile(args.json, report);
  if (args['update-baseline']) {
    const written = await recordFuzzBaseline(report, args.baseline!);
    if (written.status === 'refused') {
      process.stderr.write(`compaction-sim: ${written.reason}\n`);
      return EXIT_FAILED;
    }
    const recorded = written.baseline;
    const known = report.properties.reduce((sum, property) => sum + property.failedRuns.length, 0);
    process.stdout.write(`fuzz baseline written: ${args.baseline} (seed ${recorded.seed}, ${recorded.runs} runs, ${known} known failing runs over ${report.properties.length} properties)\n`);
    return EXIT_OK;
  }
  return report.failed ? EXIT_FAILED : EXIT_OK;
}

function shardOf(args: FuzzArgs): Shard | null {
  if (args.shard === undefined) return null;
  const shard = parseShard(args.shard);
  if (typeof shard === 'string') throw new UsageError(shard);
  if (args.path !== undefined) throw new UsageError('--shard slices an exploration: drop --path (a path replays one run anywhere)');
  if (args['update-baseline']) throw new UsageError('--update-baseline needs every run: drop --shard, or record from the merged shards (--merge ... --update-baseline)');
  return shard;
}

/** `--merge`: one report from the shards' reports (mergeFuzzShards of the API); counterexamples written to --out as one machine would. */
async function mergeCommand(args: FuzzArgs): Promise<number> {
  const merged = await mergeFuzzShards({
    files: args.merge!,
    outDir: args.out,
    cwd: process.cwd(),
    ...(args.baseline === undefined || args['update-baseline'] ? {} : { baseline: args.baseline }),
  });
  if (merged.kind === 'plain') {
    const report = merged.report;
    return finish(argsOfMerged(args, report, { name: report.strategy, options: report.strategyOptions }), report);
  }
  const report = merged.report;
  const mergedArgs: FuzzArgs = {
    ...argsOfMerged(args, report, report.strategy),
    against: report.against.name,
    ...(Object.keys(report.against.options).length === 0 ? {} : { 'against-options': JSON.stringify(report.against.options) }),
  };
  return finishDifferential(mergedArgs, report);
}

/** The command line one machine would have run for a merged report (its rerun line). */
function argsOfMerged(args: FuzzArgs, report: { seed: number; runs: number; varyOptions: boolean; properties: readonly { property: PropertyName }[] }, strategy: FuzzStrategy): FuzzArgs {
  return {
    ...args,
    'vary-options': report.varyOptions,
    strategy: strategy.name,
    ...(Object.keys(strategy.options).length === 0 ? {} : { 'strategy-options': JSON.stringify(strategy.options) }),
    runs: report.runs,
    seed: report.seed,
    property: report.properties.length === PROPERTY_NAMES.length ? undefined : report.properties.map((p) => p.property),
    shard: undefined,
  };
}

function validate(args: FuzzArgs, properties: readonly PropertyName[]): void {
  if (!Number.isSafeInteger(args.runs) || args.runs < 1) throw new UsageError(`--runs must be an integer >= 1, got ${String(args.runs)}`);
  if (!Number.isSafeInteger(args.seed)) throw new UsageError(`--seed must be an integer, got ${String(args.seed)}`);
  if (!Number.isSafeInteger(args['max-shrinks']) || args['max-shrinks'] < 1) {
    throw new UsageError(`--max-shrinks must be an integer >= 1, got ${String(args['max-shrinks'])}`);
  }
  const counts = [['--jobs', args.jobs], ['--timeout', args.timeout], ['--max-memory', args['max-memory']], ['--replay-sample', args['replay-sample'] ?? 1]] as const;
  for (const [flag, value] of counts) {
    if (!Number.isSafeInteger(value) || value < 1) throw new UsageError(`${flag} must be an integer >= 1, got ${String(value)}`);
  }
  if (args.path !== undefined) {
    if (!/^\d+(:\d+)*$/.test(args.path)) throw new UsageError(`--path must look like 12:0:3 (run, then shrink steps), got ${args.path}`);
    if (properties.length !== 1) throw new UsageError('--path replays one failure: give exactly one --property');
  }
  if (args['update-baseline'] && args.baseline === undefined) throw new UsageError('--update-baseline writes the --baseline file: give --baseline <file>');
  if (args.merge !== undefined && args.merge.length === 0) throw new UsageError('--merge needs the --json report files of the shards');
  if (args.against !== undefined) {
    // The reference plays the part a fuzz baseline would: a run fails only where mine fails and it holds.
    const clash = (['baseline', 'update-baseline'] as const).find((flag) => args[flag] !== undefined && args[flag] !== false);
    if (clash !== undefined) throw new UsageError(`--against already compares with a reference strategy's verdicts on the same runs: drop --${clash}`);
    if (args.merge !== undefined) throw new UsageError('--merge reads both strategies from the shard reports: drop --against');
  }
  if (args['against-options'] !== undefined && args.against === undefined) throw new UsageError('--against-options needs --against <reference strategy>');
}

function rerunCommand(args: FuzzArgs): string {
  const options = args['strategy-options'] === undefined ? '' : ` --strategy-options '${args['strategy-options']}'`;
  const only = args.property === undefined ? '' : args.property.map((p) => ` --property ${p}`).join('');
  const shard = args.shard === undefined ? '' : ` --shard ${args.shard}`;
  const sample = args['replay-sample'] === undefined ? '' : ` --replay-sample ${args['replay-sample']}`;
  const vary = args['vary-options'] === false ? ' --no-vary-options' : '';
  const judged = args['judged-as'] === undefined ? '' : ` --judged-as ${args['judged-as']}`;
  return `${REPLAY_COMMAND} fuzz --strategy ${args.strategy}${options}${judged}${vary} --runs ${args.runs} --seed ${args.seed}${only}${sample}${shard}`;
}

export default fuzz;
