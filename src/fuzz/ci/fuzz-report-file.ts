/**
 * A fuzz report as a JSON file (`fuzz --json <file>`): everything the terminal report says and
 * the ids of the failing runs, plus each counterexample's scenario, so the shards of a CI matrix
 * can be merged into the report one machine would give (`fuzz --merge`), counterexample files
 * included, on a machine that never played a run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { PROPERTY_NAMES } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { FuzzReport } from '../run/run-fuzz.ts';
import { readJsonFile } from './read-json-file.ts';

export const FUZZ_REPORT_FORMAT = 'compaction-sim fuzz report';

interface FuzzReportFile {
  readonly format: typeof FUZZ_REPORT_FORMAT;
  readonly version: 1;
  readonly report: FuzzReport;
}

const count = z.number().int().min(0);
const propertyName = z.enum(PROPERTY_NAMES as [PropertyName, ...PropertyName[]]);
// The fields merging reads are checked; a counterexample is written back as it came.
const reportSchema = z.object({
  format: z.literal(FUZZ_REPORT_FORMAT),
  version: z.literal(1),
  report: z.object({
    strategy: z.string(),
    strategyOptions: z.record(z.string(), z.unknown()),
    seed: z.number().int(),
    runs: z.number().int().min(1),
    path: z.null({ error: 'a replayed --path is one run, not a shard: nothing to merge' }),
    shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }).nullable(),
    corpus: z.string(),
    replaySample: z.number().int().min(1),
    properties: z.array(z.object({
      property: propertyName,
      checked: count,
      passed: count,
      infeasible: count,
      failed: count,
      notChecked: count,
      infeasibleReasons: z.record(z.string(), count),
      counterexample: z.object({ failure: z.object({ path: z.string() }).passthrough(), file: z.object({ file: z.string() }).passthrough() }).passthrough().nullable(),
      unreproduced: z.boolean(),
      failedRuns: z.array(count),
    })),
    baseline: z.unknown(),
    failed: z.boolean(),
  }),
});

export async function writeFuzzReportFile(file: string, report: FuzzReport): Promise<void> {
  const content: FuzzReportFile = { format: FUZZ_REPORT_FORMAT, version: 1, report };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, 'utf8');
}

export async function readFuzzReportFile(file: string): Promise<FuzzReport> {
  const content = await readJsonFile(file, reportSchema, 'fuzz report');
  return content.report as unknown as FuzzReport;
}
