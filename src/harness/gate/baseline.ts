/**
 * The committed baseline (`reports/baseline.json`): per scenario id, whether it passed, which
 * expectations failed, and the key measurements. Written with sorted keys so a diff of the file
 * shows exactly what changed.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { SuiteReport } from '../report/suite-report.ts';
import { failingExpectations } from '../report/format.ts';
import { BaselineError } from './baseline-error.ts';

export const BASELINE_VERSION = 1;

/** The measurements the gate compares (each with a tolerance, see tolerances.ts). */
export const BASELINE_METRICS = [
  'llmSteps',
  'summarizations',
  'summarizerCalls',
  'reinjections',
  'fallbacks',
  'compactedSteps',
  'peakRealTokens',
  'overflowSteps',
  'loops',
  'thrash',
] as const;

export type BaselineMetric = (typeof BASELINE_METRICS)[number];

const metricValue = z.number().int().nonnegative().nullable();

const entrySchema = z.strictObject({
  passed: z.boolean(),
  failedExpectations: z.array(z.string()),
  ...(Object.fromEntries(BASELINE_METRICS.map((metric) => [metric, metricValue])) as Record<
    BaselineMetric,
    typeof metricValue
  >),
});

const baselineSchema = z.strictObject({
  version: z.literal(BASELINE_VERSION),
  scenarios: z.record(z.string(), entrySchema),
});

export type BaselineEntry = z.infer<typeof entrySchema>;
export type Baseline = z.infer<typeof baselineSchema>;

export function baselineFromReport(report: SuiteReport): Baseline {
  const scenarios: Record<string, BaselineEntry> = {};
  for (const record of report.scenarios) {
    const metrics = Object.fromEntries(BASELINE_METRICS.map((metric) => [metric, record.totals?.[metric] ?? null]));
    scenarios[record.id] = {
      passed: record.passed,
      failedExpectations: failingExpectations(record).sort(),
      ...(metrics as Record<BaselineMetric, number | null>),
    };
  }
  return { version: BASELINE_VERSION, scenarios };
}

/**
 * The baseline at `path`, or null when there is none yet. A malformed file is bad input. (The
 * gate refuses a missing baseline unless it is asked to write one: gate.ts.)
 */
export async function readBaseline(path: string): Promise<Baseline | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new BaselineError(`cannot read baseline ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`baseline ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = baselineSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(root)'}: ${issue.message}`;
    throw new BaselineError(`baseline ${path} is malformed${where} (regenerate it with --update-baseline)`);
  }
  return parsed.data;
}

/**
 * `current` written over `previous`: entries `inScope` are replaced by this run's (those no
 * longer in the suite are dropped), entries outside it are kept, so updating the baseline from a
 * subset of the suite never loses the rest.
 */
export function mergeBaseline(
  previous: Baseline | null,
  current: Baseline,
  inScope: (id: string) => boolean,
): Baseline {
  const kept = Object.entries(previous?.scenarios ?? {}).filter(([id]) => !inScope(id));
  return { version: BASELINE_VERSION, scenarios: { ...Object.fromEntries(kept), ...current.scenarios } };
}

export async function writeBaseline(path: string, baseline: Baseline): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, serializeBaseline(baseline));
}

/** Deterministic JSON: keys sorted at every level, two-space indent, trailing newline. */
export function serializeBaseline(baseline: Baseline): string {
  return `${JSON.stringify(sortKeys(baseline), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, inner]) => [key, sortKeys(inner)]);
  return Object.fromEntries(entries);
}
