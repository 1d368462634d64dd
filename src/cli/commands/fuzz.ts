/**
 * `compaction-sim fuzz --strategy <name|module> --runs N --seed S [--property P] [--out DIR]`:
 * property-based fuzzing of a strategy (a thin shell over the API's `fuzzJob()`, which checks
 * every option and how they combine, plays, merges, writes --json and records the baseline; this
 * file maps the flags to its options in one place, `fuzzJobOptions`, prints, and picks the exit code). Prints one row per property
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
import { fuzzJob, type FuzzJobOptions, type FuzzPlayed } from '../../api/fuzz-job.ts';
import { renderFuzz } from '../../api/render-fuzz.ts';
import { DEFAULT_FUZZ_MAX_MEMORY_MB, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS } from '../../fuzz/run/run-fuzz.ts';
import type { FuzzStrategy } from '../../fuzz/run/counterexample.ts';
import { DEFAULT_REPLAY_SAMPLE } from '../../fuzz/run/replay-sample.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import { REPLAY_COMMAND } from '../../fuzz/run/counterexample.ts';
import { DEFAULT_MAX_SHRINK_CANDIDATES } from '../../fuzz/run/shrink-failure.ts';
import { parseShard, type Shard } from '../../fuzz/run/fuzz-shard.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';
import { createProgress } from '../progress.ts';
import { runCommand } from '../run-command.ts';
import {
  FUZZ_REFUSAL,
  refuseRealSummarizer,
  withRefusedRealSummarizer,
  type RealSummarizerArgs,
} from '../real-summarizer-options.ts';
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
      .option('strategy', {
        type: 'string',
        default: 'threshold',
        describe:
          'A built-in name (threshold, sliding_window) or a module path whose default export is a CompactionStrategy, a StrategyFactory or a strategy class',
      })
      .option('strategy-options', {
        type: 'string',
        describe: 'Strategy options as a JSON object (fixed: never drawn)',
      })
      .option('vary-options', {
        type: 'boolean',
        default: true,
        describe:
          "Draw the strategy's options per run from the space it declares (optionSpace), shrinking towards the defaults; --no-vary-options plays the given options on every run",
      })
      .option('runs', { type: 'number', default: DEFAULT_RUNS, describe: 'Generated scenarios to play' })
      .option('seed', {
        type: 'number',
        default: 1,
        describe: 'fast-check seed: the same seed generates the same scenarios',
      })
      .option('property', {
        type: 'string',
        array: true,
        choices: PROPERTY_NAMES,
        describe: 'Check only these properties (default: all)',
      })
      .option('path', {
        type: 'string',
        describe: 'Replay this fast-check path (printed with a failure) instead of exploring; needs one --property',
      })
      .option('replay-sample', {
        type: 'number',
        defaultDescription: `${DEFAULT_REPLAY_SAMPLE}; 1 when it is the only property`,
        describe: 'deterministic-replay plays one run in N twice (runs 0, N, 2N, ...); 1 replays every run',
      })
      .option('out', {
        type: 'string',
        default: DEFAULT_FUZZ_OUT,
        describe: 'Folder the counterexample scenario files are written to',
      })
      .option('max-shrinks', {
        type: 'number',
        default: DEFAULT_MAX_SHRINK_CANDIDATES,
        describe: 'Shrink candidates to play at most per failing property',
      })
      .option('jobs', {
        type: 'number',
        default: availableParallelism(),
        defaultDescription: 'number of CPUs',
        describe: 'Generated scenarios played in parallel (worker threads); results do not depend on it',
      })
      .option('timeout', {
        type: 'number',
        default: DEFAULT_TIMEOUT_MS,
        describe:
          'Per-run watchdog in ms while exploring: a strategy with no result by then fails session-completes as strategy-hung',
      })
      .option('max-memory', {
        type: 'number',
        default: DEFAULT_FUZZ_MAX_MEMORY_MB,
        describe:
          'Heap limit of each worker in MB: a run whose strategy exhausts it fails session-completes as strategy-out-of-memory',
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress bar' })
      .option('shard', {
        type: 'string',
        describe:
          "Play shard i of n (e.g. 2/4): the runs r with r mod n = i - 1; merge the shards' --json reports with --merge",
      })
      .option('baseline', {
        type: 'string',
        describe:
          'A fuzz baseline (JSON): fail only on runs it does not list as failing (known limitations stop blocking CI)',
      })
      .option('update-baseline', {
        type: 'boolean',
        default: false,
        describe: 'Record this run (all runs, no --shard) as the --baseline file',
      })
      .option('json', { type: 'string', describe: 'Also write the report as JSON to this file (what --merge reads)' })
      .option('merge', {
        type: 'string',
        array: true,
        describe: 'Merge the --json reports of every shard of one run into its report (plays nothing)',
      })
      .option('judged-as', {
        type: 'string',
        describe:
          "The --strategy module is a fork of this built-in: judge it by the built-in's declarations (trigger, estimator, summarizer cut)",
      })
      .option('against', {
        type: 'string',
        describe:
          'Differential fuzzing: play the same runs with this reference strategy too, and fail where --strategy fails a property the reference holds',
      })
      .option('against-options', {
        type: 'string',
        describe: 'Options of the --against strategy as a JSON object',
      }) as unknown as Argv<FuzzArgs>,
  handler: (args) =>
    runCommand(async () => {
      refuseRealSummarizer(args, 'fuzz', FUZZ_REFUSAL);
      const progress = createProgress(args.quiet || args.path !== undefined);
      const started = performance.now(); // clock-ok: wall time shown to the user, never in results
      let drawing = false;
      try {
        const result = await fuzzJob(
          {
            ...fuzzJobOptions(args),
            onProgress: (_done, total) => {
              if (!drawing) progress.start(total);
              drawing = true;
              progress.tick('');
            },
            onShrink: (property, failing) => {
              progress.stop();
              if (args.quiet) return;
              const differential = args.against !== undefined;
              process.stderr.write(
                differential
                  ? `shrinking the first ${property} run where ${failing} fails and the other holds...\n`
                  : `shrinking the first ${property} failure...\n`,
              );
            },
            onReport: (played) => {
              progress.stop();
              // A merged report was played elsewhere: no wall time of its own.
              const seconds = played.merged ? undefined : (performance.now() - started) / 1000; // clock-ok
              process.stdout.write(
                renderFuzz(played, {
                  color: colorAllowed(process.stdout),
                  rerunCommand: rerunOf(args, played),
                  ...(seconds === undefined ? {} : { seconds }),
                }),
              );
            },
          },
          CLI_OPTION_NAMES,
        );
        switch (result.kind) {
          case 'passed':
            return EXIT_OK;
          case 'failed':
            return EXIT_FAILED;
          case 'baseline-refused':
            process.stderr.write(`compaction-sim: ${result.reason}\n`);
            return EXIT_FAILED;
          case 'baseline-written': {
            const known = result.report.properties.reduce((sum, property) => sum + property.failedRuns.length, 0);
            process.stdout.write(
              `fuzz baseline written: ${args.baseline} (seed ${result.baseline.seed}, ${result.baseline.runs} runs, ${known} known failing runs over ${result.report.properties.length} properties)\n`,
            );
            return EXIT_OK;
          }
        }
      } finally {
        progress.stop();
      }
    }),
};

/**
 * The flags as the API's options: the one place a fuzz flag becomes an option (a new flag is
 * declared in the builder above and mapped here; fuzzJob checks it).
 */
function fuzzJobOptions(args: FuzzArgs): FuzzJobOptions {
  return {
    strategy: args.strategy,
    strategyOptions: parseStrategyOptions(args['strategy-options']) ?? {},
    varyOptions: args['vary-options'],
    ...(args['judged-as'] === undefined ? {} : { judgedAs: args['judged-as'] }),
    runs: args.runs,
    seed: args.seed,
    properties: args.property ?? [...PROPERTY_NAMES],
    ...(args['replay-sample'] === undefined ? {} : { replaySample: args['replay-sample'] }),
    ...(args.path === undefined ? {} : { path: args.path }),
    ...(args.shard === undefined ? {} : { shard: shardOf(args.shard) }),
    outDir: args.out,
    cwd: process.cwd(),
    maxShrinks: args['max-shrinks'],
    jobs: args.jobs,
    timeoutMs: args.timeout,
    maxMemoryMb: args['max-memory'],
    ...(args.baseline === undefined ? {} : { baseline: args.baseline }),
    updateBaseline: args['update-baseline'],
    ...(args.json === undefined ? {} : { reportFile: args.json }),
    ...(args.merge === undefined ? {} : { merge: args.merge }),
    ...(args.against === undefined ? {} : { against: args.against }),
    ...(args['against-options'] === undefined
      ? {}
      : { againstOptions: parseStrategyOptions(args['against-options'], '--against-options') ?? {} }),
  };
}

/** `--shard i/n` as the API's shard (what the text must look like is the command line's to say). */
function shardOf(text: string): Shard {
  const shard = parseShard(text);
  if (typeof shard === 'string') throw new UsageError(shard);
  return shard;
}

/** The command line that plays the same runs again: this one, or for a merged report the one a single machine would have run. */
function rerunOf(args: FuzzArgs, played: FuzzPlayed): string {
  if (played.mode === 'plain') {
    const report = played.report;
    return rerunCommand(
      played.merged ? argsOfMerged(args, report, { name: report.strategy, options: report.strategyOptions }) : args,
    );
  }
  const report = played.report;
  const shown: FuzzArgs = played.merged
    ? {
        ...argsOfMerged(args, report, report.strategy),
        against: report.against.name,
        ...(Object.keys(report.against.options).length === 0
          ? {}
          : { 'against-options': JSON.stringify(report.against.options) }),
      }
    : args;
  return `${rerunCommand(shown)} --against ${shown.against}${shown['against-options'] === undefined ? '' : ` --against-options '${shown['against-options']}'`}`;
}

/** The command line one machine would have run for a merged report (its rerun line). */
function argsOfMerged(
  args: FuzzArgs,
  report: { seed: number; runs: number; varyOptions: boolean; properties: readonly { property: PropertyName }[] },
  strategy: FuzzStrategy,
): FuzzArgs {
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
