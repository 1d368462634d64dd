/**
 * `compaction-sim simulate <paths..>`: runs scenario files (or folders of them), prints the chosen
 * format to stdout, writes every report to --report-dir. Exit 0 when every expectation holds,
 * 1 when one fails, 2 on bad input.
 */
import type { Argv, CommandModule } from 'yargs';
import { REPORTERS, REPORTER_NAMES, type ReporterName } from '../../report/reporters.ts';
import { colorAllowed } from '../../report/ansi.ts';
import { summaryLine } from '../../report/format.ts';
import { failureDetails } from '../../report/table-reporter.ts';
import type { SuiteReport } from '../../report/suite-report.ts';
import { executeSuite } from '../execute-suite.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';
import { parseRunArgs, withRunOptions, type RunArgs } from '../run-options.ts';

interface SimulateArgs extends RunArgs {
  readonly paths: string[];
  readonly filter?: string | undefined;
  readonly format: ReporterName;
}

const simulate: CommandModule<object, SimulateArgs> = {
  command: 'simulate <paths..>',
  describe: 'Run scenario files through a compaction strategy and report what happened',
  builder: (yargs) =>
    withRunOptions(yargs as Argv<object>)
      .positional('paths', { type: 'string', array: true, demandOption: true, describe: 'Scenario files or folders' })
      .option('filter', { type: 'string', describe: 'Only scenarios whose id matches this pattern' })
      .option('format', { choices: REPORTER_NAMES, default: 'table' as ReporterName, describe: 'What to print on stdout' }) as unknown as Argv<SimulateArgs>,
  handler: (args) =>
    runCommand(async () => {
      const { report } = await executeSuite({
        ...parseRunArgs(args),
        command: 'simulate',
        paths: args.paths,
        filter: args.filter,
        reportDir: args['report-dir'],
        quiet: args.quiet,
      });
      process.stdout.write(render(report, args.format, args.quiet));
      if (args.format !== 'table' && !args.quiet) {
        process.stderr.write(`${summaryLine(report.summary.passed, report.summary.failed)}\n`);
      }
      return report.summary.failed === 0 ? EXIT_OK : EXIT_FAILED;
    }),
};

function render(report: SuiteReport, format: ReporterName, quiet: boolean): string {
  const color = colorAllowed(process.stdout);
  if (format === 'table' && quiet) {
    // --quiet keeps what needs action: the failing scenarios and the closing line.
    const details = failureDetails(report.scenarios, color);
    const closing = summaryLine(report.summary.passed, report.summary.failed);
    return `${details === '' ? closing : `${details}\n\n${closing}`}\n`;
  }
  return REPORTERS[format].render(report, { color });
}

export default simulate;
