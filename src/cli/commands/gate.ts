/**
 * `compaction-sim gate [paths..]`: the CI regression gate. Runs every scenario (default: all
 * files under scenarios/), compares with the committed baseline and fails (exit 1) on any
 * regression, drift beyond tolerance, or added/removed scenario. `--update-baseline` accepts the
 * current results. Tolerance defaults are documented in src/harness/gate/tolerances.ts.
 * It refuses --real-summarizer (exit 2): real summaries are not deterministic, so they cannot be
 * compared with the baseline.
 */
import type { Argv, CommandModule } from 'yargs';
import { DEFAULT_BASELINE, DEFAULT_GATE_PATHS } from '../../api/defaults.ts';
import { gate as gateApi } from '../../api/gate.ts';
import { renderGateChanges, renderGateText } from '../../harness/gate/render-gate.ts';
import { parseTolerances } from '../../harness/gate/tolerances.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import { tableReporter } from '../../harness/report/table-reporter.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';
import { createProgress } from '../progress.ts';
import { runCommand } from '../run-command.ts';
import {
  GATE_REFUSAL,
  refuseRealSummarizer,
  withRefusedRealSummarizer,
  type RealSummarizerArgs,
} from '../real-summarizer-options.ts';
import { parseRunArgs, withRunOptions, type RunArgs } from '../run-options.ts';
import { UsageError } from '../usage-error.ts';

interface GateArgs extends RunArgs, RealSummarizerArgs {
  readonly paths: string[];
  readonly baseline: string;
  readonly 'update-baseline': boolean;
  readonly tolerance: string[];
}

const gate: CommandModule<object, GateArgs> = {
  ...COMMAND_LINES.gate,
  builder: (yargs) =>
    withRefusedRealSummarizer(withRunOptions(yargs as Argv<object>))
      .epilog(`No --real-summarizer here: ${GATE_REFUSAL}. Use simulate --real-summarizer to judge real summaries.`)
      .positional('paths', {
        type: 'string',
        array: true,
        default: [...DEFAULT_GATE_PATHS],
        describe: 'Scenario files or folders',
      })
      .option('baseline', {
        type: 'string',
        default: DEFAULT_BASELINE,
        describe: 'The baseline file to compare with (and to write)',
      })
      .option('update-baseline', {
        type: 'boolean',
        default: false,
        describe: 'Write the current results as the new baseline',
      })
      .option('tolerance', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe:
          'Allowed drift per metric: metric=N (absolute) or metric=N% (relative). Defaults: counts exact, peakRealTokens=2%',
      }) as unknown as Argv<GateArgs>,
  handler: (args) =>
    runCommand(async () => {
      refuseRealSummarizer(args, 'gate', GATE_REFUSAL);
      const settings = parseRunArgs(args);
      const tolerances = parseTolerances(args.tolerance);
      if (typeof tolerances === 'string') throw new UsageError(tolerances);
      const color = colorAllowed(process.stdout);
      const progress = createProgress(args.quiet);
      let result: Awaited<ReturnType<typeof gateApi>>;
      try {
        result = await gateApi(
          {
            ...settings,
            paths: args.paths,
            baseline: args.baseline,
            updateBaseline: args['update-baseline'],
            tolerances,
            reportDir: args['report-dir'],
            invocation: { command: 'gate', argv: process.argv.slice(2) },
            onStart: (total) => progress.start(total),
            onProgress: (_done, _total, scenario) => progress.tick(scenario),
            onReport: (report) => {
              progress.stop();
              if (!args.quiet) process.stdout.write(`${tableReporter.render(report, { color })}\n`);
            },
          },
          CLI_OPTION_NAMES,
        );
      } finally {
        progress.stop();
      }
      const { verdict, report } = result;
      switch (result.kind) {
        case 'passed':
        case 'failed':
          process.stdout.write(renderGateText(verdict, color));
          return result.kind === 'passed' ? EXIT_OK : EXIT_FAILED;
        case 'baseline-refused':
          // Updating accepts the changes: show them, but they are not a failure.
          process.stdout.write(renderGateChanges(verdict, color));
          process.stderr.write(`compaction-sim: ${result.refusal}\n`);
          return EXIT_FAILED;
        case 'baseline-written': {
          process.stdout.write(renderGateChanges(verdict, color));
          const accepted = verdict.changes.length;
          process.stdout.write(
            `baseline written: ${args.baseline} (${report.scenarios.length} scenarios, ${accepted} change${accepted === 1 ? '' : 's'} accepted)\n`,
          );
          if (report.summary.failed > 0) {
            process.stdout.write(
              `${report.summary.failed} of them fail: recorded, but the gate fails until they pass (a known limitation belongs in an accept: block)\n`,
            );
          }
          return EXIT_OK;
        }
      }
    }),
};

export default gate;
