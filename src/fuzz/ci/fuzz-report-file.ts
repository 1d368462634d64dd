/**
 * A fuzz report as a JSON file (`fuzz --json <file>`): everything the terminal report says and
 * the ids of the failing runs, plus each counterexample's scenario, so the shards of a CI matrix
 * can be merged into the report one machine would give (`fuzz --merge`), counterexample files
 * included, on a machine that never played a run. A differential run (`--against`) writes its own
 * format: per property the runs where one strategy fails and the other holds, and both shrunk differences.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { PROPERTY_NAMES } from '../../checker/properties/index.ts';
import type { PropertyName } from '../../checker/properties/property.ts';
import type { DifferentialReport } from '../differential/run-differential.ts';
import type { FuzzReport } from '../run/run-fuzz.ts';
import { readJsonFile } from './read-json-file.ts';
import { packageVersion } from '../../harness/package-version.ts';

export const FUZZ_REPORT_FORMAT = 'compaction-sim fuzz report';
export const DIFFERENTIAL_REPORT_FORMAT = 'compaction-sim differential fuzz report';

/** A report file as read back: which kind of run wrote it. */
export type ReportFileContent =
  | {
      readonly format: typeof FUZZ_REPORT_FORMAT;
      readonly version: 1;
      readonly toolVersion: string;
      readonly report: FuzzReport;
    }
  | {
      readonly format: typeof DIFFERENTIAL_REPORT_FORMAT;
      readonly version: 1;
      readonly toolVersion: string;
      readonly report: DifferentialReport;
    };

const count = z.number().int().min(0);
const propertyName = z.enum(PROPERTY_NAMES as [PropertyName, ...PropertyName[]]);
// The fields merging reads are checked; a counterexample is written back as it came.
// What every shard of one run shares, and which shard it is (what --merge checks).
const shardOfRun = {
  seed: z.number().int(),
  runs: z.number().int().min(1),
  path: z.null({ error: 'a replayed --path is one run, not a shard: nothing to merge' }),
  shard: z.object({ index: z.number().int().min(1), count: z.number().int().min(1) }).nullable(),
  corpus: z.string(),
  replaySample: z.number().int().min(1),
  // The options drawn per run (the corpus fingerprint covers the values drawn).
  optionSpace: z
    .record(z.string(), z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() }))
    .nullable(),
  varyOptions: z.boolean(),
};
const plainSchema = z.object({
  format: z.literal(FUZZ_REPORT_FORMAT),
  version: z.literal(1),
  // The compaction-sim version that played the shard: shards of one run come from one version.
  toolVersion: z.string(),
  report: z.object({
    strategy: z.string(),
    strategyOptions: z.record(z.string(), z.unknown()),
    ...shardOfRun,
    properties: z.array(
      z.object({
        property: propertyName,
        kind: z.enum(['behaviour', 'contract']).optional(),
        checked: count,
        passed: count,
        infeasible: count,
        failed: count,
        notChecked: count,
        infeasibleReasons: z.record(z.string(), count),
        counterexample: z
          .object({
            failure: z.object({ path: z.string() }).passthrough(),
            file: z.object({ file: z.string() }).passthrough(),
          })
          .passthrough()
          .nullable(),
        unreproduced: z.boolean(),
        failedRuns: z.array(count),
      }),
    ),
    baseline: z.unknown(),
    failed: z.boolean(),
    // Issue 29: facts retained by kind over the shard's runs that planted facts (fuzz-retention.ts).
    retention: z
      .object({
        runs: count,
        byKind: z.record(z.string(), z.object({ facts: count, retained: count, ratio: z.number() })),
      })
      .optional(),
  }),
});

const strategy = z.object({ name: z.string(), options: z.record(z.string(), z.unknown()) });
const shrunkDifference = z
  .object({
    failure: z.object({ path: z.string() }).passthrough(),
    reference: z.object({ status: z.string() }).passthrough(),
    file: z.object({ file: z.string() }).passthrough(),
  })
  .passthrough()
  .nullable();
const unplayedRuns = z.object({ runs: z.array(count), first: z.object({ run: count, reason: z.string() }).nullable() });
const differentialSchema = z.object({
  format: z.literal(DIFFERENTIAL_REPORT_FORMAT),
  version: z.literal(1),
  toolVersion: z.string(),
  report: z.object({
    strategy,
    against: strategy,
    ...shardOfRun,
    optionsNote: z.string().nullable(),
    properties: z.array(
      z.object({
        property: propertyName,
        compared: count,
        mineFailed: count,
        referenceFailed: count,
        mineFailedFirst: count,
        referenceFailedFirst: count,
        bothFailed: count,
        onlyMine: z.array(count),
        onlyReference: z.array(count),
        counterexample: shrunkDifference,
        unreproduced: z.boolean(),
        referenceCounterexample: shrunkDifference,
        referenceUnreproduced: z.boolean(),
      }),
    ),
    unplayed: z.object({ strategy: unplayedRuns, against: unplayedRuns }),
    failed: z.boolean(),
    // Issue 29: runs where one side lost planted facts the other kept (retention-difference.ts).
    retention: z
      .object({
        compared: count,
        onlyMine: z.array(z.object({ run: count, facts: z.array(z.string()) })),
        onlyReference: z.array(z.object({ run: count, facts: z.array(z.string()) })),
        counterexample: z.object({ file: z.string() }).passthrough().nullable(),
      })
      .optional(),
  }),
});
const reportSchema = z.discriminatedUnion('format', [plainSchema, differentialSchema]);

export async function writeFuzzReportFile(file: string, report: FuzzReport): Promise<void> {
  await writeContent(file, { format: FUZZ_REPORT_FORMAT, version: 1, toolVersion: packageVersion(), report });
}

export async function writeDifferentialReportFile(file: string, report: DifferentialReport): Promise<void> {
  await writeContent(file, { format: DIFFERENTIAL_REPORT_FORMAT, version: 1, toolVersion: packageVersion(), report });
}

/** A plain or a differential report, as its `format` says. */
export async function readReportFile(file: string): Promise<ReportFileContent> {
  return (await readJsonFile(file, reportSchema, 'fuzz report')) as unknown as ReportFileContent;
}

async function writeContent(file: string, content: ReportFileContent): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(content, null, 2)}\n`, 'utf8');
}
