/**
 * What `simulate` and `gate` share: run the suite with a progress bar, build the report, and
 * write every report file (plus run-meta.json) to the report dir.
 */
import { packageVersion } from '../harness/package-version.ts';
import { buildSuiteReport, type SuiteReport } from '../harness/report/suite-report.ts';
import { prepareOutputDir } from '../harness/report/output-dir.ts';
import { lockReportDir, type ReportFile } from '../harness/report/report-folder.ts';
import { loadAcceptances } from '../harness/scenario/load-acceptances.ts';
import { writeReports } from '../harness/report/write-reports.ts';
import { runSuite, type SuiteRun } from '../harness/run/run-suite.ts';
import { createProgress } from './progress.ts';
import type { RunSettings } from './run-options.ts';
import { UsageError } from './usage-error.ts';

export interface ExecuteSuiteOptions extends RunSettings {
  readonly command: string;
  readonly paths: readonly string[];
  readonly filter?: string | undefined;
  readonly reportDir: string;
  readonly quiet: boolean;
}

export interface ExecutedSuite {
  readonly run: SuiteRun;
  readonly report: SuiteReport;
  /**
   * Writes every report file (and `extra`, the command's own), then lets the folder go; call it
   * once the results are on screen, so a write error never hides them.
   */
  readonly writeReports: (extra?: readonly ReportFile[]) => Promise<string[]>;
}

export async function executeSuite(options: ExecuteSuiteOptions): Promise<ExecutedSuite> {
  // A folder we could not write to would cost the whole run: checked before anything runs.
  await prepareOutputDir(options.reportDir, '--report-dir');
  // One run writes a folder at a time: a second one is refused now, before it plays anything.
  const lock = await lockReportDir(options.reportDir, '--report-dir');
  const accept = options.acceptFile === undefined ? undefined : await loadAcceptances(options.acceptFile);
  const progress = createProgress(options.quiet);
  let run: SuiteRun;
  try {
    run = await runSuite({
      ...options,
      accept,
      onStart: (total) => progress.start(total),
      onScenarioDone: (scenario) => progress.tick(scenario.name),
    });
  } finally {
    progress.stop();
  }
  if (options.filter !== undefined && run.allIds.length === 0) {
    throw new UsageError(`no scenario in ${options.paths.join(', ')} matches --filter "${options.filter}"`);
  }
  const report = buildSuiteReport(run.outcomes, process.cwd(), options.realSummarizer);
  const meta = { tool: 'compaction-sim', version: packageVersion(), node: process.version, command: options.command, argv: process.argv.slice(2) };
  const write = async (extra: readonly ReportFile[] = []) => {
    try {
      return await writeReports(options.reportDir, report, meta, extra);
    } finally {
      await lock.release();
    }
  };
  return { run, report, writeReports: write };
}
