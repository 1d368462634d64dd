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
import { baselineFromReport, mergeBaseline, readBaseline, writeBaseline } from '../../harness/gate/baseline.ts';
import { BaselineError } from '../../harness/gate/baseline-error.ts';
import { compareWithBaseline } from '../../harness/gate/compare-baseline.ts';
import { gateScope } from '../../harness/gate/gate-scope.ts';
import { baselineRefusal } from '../../harness/gate/unrecordable.ts';
import { gatePassed, renderGateChanges, renderGateMarkdown, renderGateText, type GateVerdict } from '../../harness/gate/render-gate.ts';
import { parseTolerances } from '../../harness/gate/tolerances.ts';
import { colorAllowed } from '../../harness/report/ansi.ts';
import type { ReportFile } from '../../harness/report/report-folder.ts';
import { tableReporter } from '../../harness/report/table-reporter.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { executeSuite } from '../execute-suite.ts';
import { EXIT_FAILED, EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';
import { GATE_REFUSAL, refuseRealSummarizer, withRefusedRealSummarizer, type RealSummarizerArgs } from '../real-summarizer-options.ts';
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
      .positional('paths', { type: 'string', array: true, default: [...DEFAULT_GATE_PATHS], describe: 'Scenario files or folders' })
      .option('baseline', { type: 'string', default: DEFAULT_BASELINE, describe: 'The baseline file to compare with (and to write)' })
      .option('update-baseline', { type: 'boolean', default: false, describe: 'Write the current results as the new baseline' })
      .option('tolerance', {
        type: 'string',
        array: true,
        default: [] as string[],
        describe: 'Allowed drift per metric: metric=N (absolute) or metric=N% (relative). Defaults: counts exact, peakRealTokens=2%',
      }) as unknown as Argv<GateArgs>,
  handler: (args) =>
    runCommand(async () => {
      refuseRealSummarizer(args, 'gate', GATE_REFUSAL);
      const settings = parseRunArgs(args);
      const tolerances = parseTolerances(args.tolerance);
      if (typeof tolerances === 'string') throw new UsageError(tolerances);
      if (args['update-baseline'] && settings.shard !== null) {
        throw new UsageError('--update-baseline needs the whole suite: drop --shard');
      }
      const baseline = await readBaseline(args.baseline);
      if (baseline === null && !args['update-baseline']) {
        throw new BaselineError(`no baseline at ${args.baseline}: nothing to gate against. Create it once, on purpose, with --update-baseline (and commit it), or point --baseline at the committed file.`);
      }
      const inScope = gateScope(args.paths, process.cwd());
      const { run, report, writeReports } = await executeSuite({
        ...settings,
        command: 'gate',
        paths: args.paths,
        reportDir: args['report-dir'],
        quiet: args.quiet,
      });
      const current = baselineFromReport(report);
      const verdict: GateVerdict = {
        compared: report.scenarios.length,
        failing: report.summary.failed,
        changes: compareWithBaseline(baseline, current, tolerances, {
          suiteIds: run.allIds,
          reportRemoved: settings.shard === null || settings.shard.index === 1,
          inScope,
        }),
        baselinePath: args.baseline,
      };
      const color = colorAllowed(process.stdout);
      if (!args.quiet) process.stdout.write(`${tableReporter.render(report, { color })}\n`);
      await writeReports(gateReportFiles(verdict));
      if (args['update-baseline']) {
        // Updating accepts the changes: show them, but they are not a failure.
        process.stdout.write(renderGateChanges(verdict, color));
        const refusal = baselineRefusal(report, args.baseline);
        if (refusal !== null) {
          process.stderr.write(`compaction-sim: ${refusal}\n`);
          return EXIT_FAILED;
        }
        await writeBaseline(args.baseline, mergeBaseline(baseline, current, inScope));
        const accepted = verdict.changes.length;
        process.stdout.write(`baseline written: ${args.baseline} (${report.scenarios.length} scenarios, ${accepted} change${accepted === 1 ? '' : 's'} accepted)\n`);
        if (report.summary.failed > 0) {
          process.stdout.write(`${report.summary.failed} of them fail: recorded, but the gate fails until they pass (a known limitation belongs in an accept: block)\n`);
        }
        return EXIT_OK;
      }
      process.stdout.write(renderGateText(verdict, color));
      return gatePassed(verdict) ? EXIT_OK : EXIT_FAILED;
    }),
};

/** gate.md and gate.json, written with the run's other reports (one folder, one run). */
function gateReportFiles(verdict: GateVerdict): ReportFile[] {
  const json = { passed: gatePassed(verdict), compared: verdict.compared, failing: verdict.failing, baseline: verdict.baselinePath, changes: verdict.changes };
  return [
    { name: 'gate.md', content: renderGateMarkdown(verdict) },
    { name: 'gate.json', content: `${JSON.stringify(json, null, 2)}\n` },
  ];
}

export default gate;
