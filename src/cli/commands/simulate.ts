/**
 * `compaction-sim simulate <paths..>`: runs scenario files (or folders of them), prints the chosen
 * format to stdout, writes every report to --report-dir (a thin shell over the API's `simulate()`). Exit 0 when every expectation holds,
 * 1 when one fails, 2 on bad input.
 *
 * `--real-summarizer <gemini model>` summarizes with a real model while everything else stays
 * simulated (real-summarizer-options.ts); the reports then name the model and show its summaries.
 */
import type { Argv, CommandModule } from 'yargs';
import { renderSuite, reportsWrittenLine } from '../../api/render-suite.ts';
import { REPORTER_NAMES, type ReporterName } from '../../harness/report/reporters.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { summaryLine } from '../../harness/report/format.ts';
import { simulate as simulateApi } from '../../api/simulate.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';
import { createProgress } from '../progress.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';
import {
  parseRealSummarizerArgs,
  REAL_SUMMARIZER_WATCHDOG_MS,
  withRealSummarizerOptions,
  type RealSummarizerArgs,
} from '../real-summarizer-options.ts';
import { DEFAULT_TIMEOUT_MS, parseRunArgs, withRunOptions, type RunArgs } from '../run-options.ts';

interface SimulateArgs extends RunArgs, RealSummarizerArgs {
  readonly paths: string[];
  readonly filter?: string | undefined;
  readonly format: ReporterName;
}

const REAL_SUMMARIZER_HELP = [
  "--real-summarizer: the real model writes the summaries; the summarizer window check and the scenario's",
  'error/empty/timeout faults still apply, its reply text and oversize faults do not. Reports name the model',
  'and show every summary (in full in report.json). gate and fuzz refuse it: real summaries are not deterministic.',
].join(' ');

const simulate: CommandModule<object, SimulateArgs> = {
  ...COMMAND_LINES.simulate,
  builder: (yargs) =>
    withRealSummarizerOptions(
      withRunOptions(
        yargs as Argv<object>,
        `${DEFAULT_TIMEOUT_MS}; ${REAL_SUMMARIZER_WATCHDOG_MS} with --real-summarizer`,
      ),
    )
      .epilog(REAL_SUMMARIZER_HELP)
      .positional('paths', { type: 'string', array: true, demandOption: true, describe: 'Scenario files or folders' })
      .option('filter', { type: 'string', describe: 'Only scenarios whose id matches this pattern' })
      .option('format', {
        choices: REPORTER_NAMES,
        default: 'table' as ReporterName,
        describe: 'What to print on stdout',
      }) as unknown as Argv<SimulateArgs>,
  handler: (args) =>
    runCommand(async () => {
      const realSummarizer = await parseRealSummarizerArgs(args);
      const progress = createProgress(args.quiet);
      let result: Awaited<ReturnType<typeof simulateApi>>;
      try {
        result = await simulateApi(
          {
            ...parseRunArgs(args, realSummarizer === undefined ? DEFAULT_TIMEOUT_MS : REAL_SUMMARIZER_WATCHDOG_MS),
            ...(realSummarizer === undefined ? {} : { realSummarizer }),
            paths: args.paths,
            ...(args.filter === undefined ? {} : { filter: args.filter }),
            reportDir: args['report-dir'],
            invocation: { command: 'simulate', argv: process.argv.slice(2) },
            onStart: (total) => progress.start(total),
            onProgress: (_done, _total, scenario) => progress.tick(scenario),
            onReport: (report) => {
              progress.stop();
              process.stdout.write(
                renderSuite(report, args.format, { color: colorAllowed(process.stdout), quiet: args.quiet }),
              );
              if (args.format !== 'table' && !args.quiet) {
                process.stderr.write(`${summaryLine(report.summary.passed, report.summary.failed)}\n`);
              }
            },
          },
          CLI_OPTION_NAMES,
        );
      } finally {
        progress.stop();
      }
      // On stderr, after the closing line: stdout stays the chosen format (valid JSON with --format json).
      if (!args.quiet) process.stderr.write(`${reportsWrittenLine(result.written, process.cwd())}\n`);
      return result.kind === 'passed' ? EXIT_OK : EXIT_FAILED;
    }),
};

export default simulate;
