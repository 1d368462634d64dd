/**
 * Reporters by name (Vitest's `ReportersMap`): `--format` picks the one printed to stdout; every
 * reporter with a file name is also written to the report dir.
 */
import { htmlReporter } from './html-reporter.ts';
import { jsonReporter } from './json-reporter.ts';
import { junitReporter } from './junit-reporter.ts';
import { markdownReporter } from './markdown-reporter.ts';
import type { Reporter } from './reporter.ts';
import { tableReporter } from './table-reporter.ts';

export const REPORTERS = {
  table: tableReporter,
  json: jsonReporter,
  markdown: markdownReporter,
  junit: junitReporter,
  html: htmlReporter,
} as const satisfies Record<string, Reporter>;

export type ReporterName = keyof typeof REPORTERS;

export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];
