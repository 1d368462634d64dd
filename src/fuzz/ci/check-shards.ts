/**
 * What `fuzz --merge` checks before merging shard reports (plain or differential): every file is a
 * shard of the same run (same strategies and options, seed, budget, properties, corpus and
 * compaction-sim version) and the shards are 1..n, each given once, and each file's counts add up
 * over the runs its shard plays (a run it lists is one of its shard's). A missing, repeated,
 * foreign or forged shard is bad input naming the file and the field, never a partial pass.
 */
import { BaselineError } from '../../harness/gate/baseline-error.ts';
import { shardRunIds, type Shard } from '../run/fuzz-shard.ts';

export interface ShardFile<R> {
  readonly file: string;
  readonly report: R;
  /** The compaction-sim version that wrote the file (fuzz-report-file.ts); absent: not read from a file. */
  readonly toolVersion?: string;
}

export interface ShardChecks<R> {
  /** What makes two reports shards of one run, field by field (and a one-line summary for messages). */
  readonly identity: (report: R) => Readonly<Record<string, unknown>>;
  readonly describe: (report: R) => string;
  /** The first count of `report` that does not add up over `runIds` (its shard's runs), or null. */
  readonly counts: (report: R, runIds: readonly number[]) => string | null;
}

/** Returns the first report. */
export function checkShards<R extends { readonly shard: Shard | null; readonly runs: number }>(
  inputs: readonly ShardFile<R>[],
  checks: ShardChecks<R>,
): R {
  if (inputs.length === 0) throw new BaselineError('--merge needs the report files of the shards');
  const { file: firstFile, report: first } = inputs[0]!;
  const count = first.shard?.count ?? 1;
  const seen = new Map<number, string>();
  for (const input of inputs) {
    const { file, report } = input;
    const differs = differentField(input, inputs[0]!, checks.identity);
    if (differs !== null) {
      throw new BaselineError(
        `--merge: ${file} is another fuzz run (${checks.describe(report)}) than ${firstFile} (${checks.describe(first)}): ` +
          `its ${differs.field} is ${differs.here}, ${firstFile}'s ${differs.there}`,
      );
    }
    const shard = report.shard ?? { index: 1, count: 1 };
    if (shard.count !== count)
      throw new BaselineError(
        `--merge: ${file} is shard ${shard.index}/${shard.count}, ${firstFile} one of ${count}: its shard count differs`,
      );
    if (shard.index > shard.count)
      throw new BaselineError(`--merge: ${file}: shard ${shard.index}/${shard.count} does not exist`);
    const twice = seen.get(shard.index);
    if (twice !== undefined)
      throw new BaselineError(`--merge: shard ${shard.index}/${count} given twice (${twice}, ${file})`);
    seen.set(shard.index, file);
    const wrong = checks.counts(report, shardRunIds(report.runs, report.shard));
    if (wrong !== null)
      throw new BaselineError(
        `--merge: ${file} (shard ${shard.index}/${count}): ${wrong}: the file was edited or is not what --json wrote`,
      );
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    throw new BaselineError(
      `--merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`,
    );
  return first;
}

function differentField<R>(
  input: ShardFile<R>,
  first: ShardFile<R>,
  identity: (report: R) => Readonly<Record<string, unknown>>,
): { field: string; here: string; there: string } | null {
  const here: Record<string, unknown> = {
    ...identity(input.report),
    ...(input.toolVersion === undefined ? {} : { 'compaction-sim version': input.toolVersion }),
  };
  const there: Record<string, unknown> = {
    ...identity(first.report),
    ...(first.toolVersion === undefined ? {} : { 'compaction-sim version': first.toolVersion }),
  };
  for (const field of new Set([...Object.keys(there), ...Object.keys(here)])) {
    const a = JSON.stringify(here[field] ?? null);
    const b = JSON.stringify(there[field] ?? null);
    if (a !== b) return { field, here: a, there: b };
  }
  return null;
}

/** Runs listed by a shard file: ascending, each once, each one of its shard's runs. */
export function runListError(field: string, runs: readonly number[], shardRuns: ReadonlySet<number>): string | null {
  for (const [index, run] of runs.entries()) {
    if (!shardRuns.has(run)) return `${field} lists run ${run}, which this shard does not play`;
    if (index > 0 && run <= runs[index - 1]!) return `${field} is not ascending and unique (run ${run})`;
  }
  return null;
}
