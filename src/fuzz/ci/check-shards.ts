/**
 * What `fuzz --merge` checks before merging shard reports (plain or differential): every file is a
 * shard of the same run (same strategies, seed, budget, properties and corpus) and the shards are
 * 1..n, each given once. A missing, repeated or foreign shard is bad input, never a partial pass.
 */
import { BaselineError } from '../../harness/gate/baseline-error.ts';
import type { Shard } from '../run/fuzz-shard.ts';

export interface ShardFile<R> {
  readonly file: string;
  readonly report: R;
}

/** Returns the first report; `identity` says what makes two reports shards of one run. */
export function checkShards<R extends { readonly shard: Shard | null }>(inputs: readonly ShardFile<R>[], identity: (report: R) => string): R {
  if (inputs.length === 0) throw new BaselineError('--merge needs the report files of the shards');
  const first = inputs[0]!.report;
  const count = first.shard?.count ?? 1;
  const seen = new Map<number, string>();
  for (const { file, report } of inputs) {
    if (identity(report) !== identity(first)) {
      throw new BaselineError(`--merge: ${file} is another fuzz run (${identity(report)}) than ${inputs[0]!.file} (${identity(first)})`);
    }
    const shard = report.shard ?? { index: 1, count: 1 };
    if (shard.count !== count) throw new BaselineError(`--merge: ${file} is shard ${shard.index}/${shard.count}, ${inputs[0]!.file} one of ${count}`);
    const twice = seen.get(shard.index);
    if (twice !== undefined) throw new BaselineError(`--merge: shard ${shard.index}/${count} given twice (${twice}, ${file})`);
    seen.set(shard.index, file);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) throw new BaselineError(`--merge: shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`);
  return first;
}
