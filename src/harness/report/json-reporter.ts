/**
 * `report.json`: the whole suite report. Key order is the construction order of the report model,
 * which is itself a pure function of the results, so equal runs give byte-identical files.
 */
import type { Reporter } from './reporter.ts';

export const jsonReporter: Reporter = {
  name: 'json',
  fileName: 'report.json',
  render: (report) => `${JSON.stringify(report, null, 2)}\n`,
};
