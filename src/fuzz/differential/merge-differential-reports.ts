/**
 * `fuzz --merge` for differential runs (`--against ... --shard i/n --json FILE`): the shards'
 * reports into exactly the report one machine would give. Counts add up, the runs where one
 * strategy fails where the other holds join (ascending), and each shrunk difference is the one the shard holding that
 * first run shrank (one machine shrinks that same run, from the same seed and path).
 */
import { checkShards, runListError, type ShardChecks, type ShardFile } from '../ci/check-shards.ts';
import { inShard } from '../run/fuzz-shard.ts';
import type { DifferentialPropertyReport, DifferentialReport, UnplayedRuns } from './run-differential.ts';
import type { DifferentialRetention } from './retention-difference.ts';

export function mergeDifferentialReports(inputs: readonly ShardFile<DifferentialReport>[]): DifferentialReport {
  const first = checkShards(inputs, DIFFERENTIAL_SHARD_CHECKS);
  const properties = first.properties.map((property, index) =>
    mergeProperty(
      inputs.map((input) => input.report.properties[index]!),
      inputs,
    ),
  );
  const unplayed = {
    strategy: mergeUnplayed(inputs.map((input) => input.report.unplayed.strategy)),
    against: mergeUnplayed(inputs.map((input) => input.report.unplayed.against)),
  };
  const failed =
    properties.some((property) => property.onlyMine.length > 0) ||
    unplayed.strategy.runs.length + unplayed.against.runs.length > 0;
  const { retention: _first, ...rest } = first;
  const retention = mergeRetention(inputs.map((input) => input.report.retention));
  return {
    ...rest,
    path: null,
    shard: null,
    properties,
    unplayed,
    failed,
    ...(retention === null ? {} : { retention }),
  };
}

/**
 * The shards' planted-fact findings joined (ascending runs); the file is the one the shard holding
 * the lowest run wrote (one machine writes that same run's).
 */
function mergeRetention(parts: readonly (DifferentialRetention | undefined)[]): DifferentialRetention | null {
  const present = parts.filter((part): part is DifferentialRetention => part !== undefined);
  if (present.length === 0) return null;
  const byRun = (a: { run: number }, b: { run: number }) => a.run - b.run;
  const onlyMine = present.flatMap((part) => part.onlyMine).sort(byRun);
  const holder = present.find((part) => part.onlyMine[0]?.run === onlyMine[0]?.run && part.counterexample !== null);
  return {
    compared: present.reduce((sum, part) => sum + part.compared, 0),
    onlyMine,
    onlyReference: present.flatMap((part) => part.onlyReference).sort(byRun),
    counterexample: onlyMine.length === 0 ? null : (holder?.counterexample ?? null),
  };
}

/** The shards' unplayed runs joined; the first is the lowest run's (one machine meets it first). */
function mergeUnplayed(parts: readonly UnplayedRuns[]): UnplayedRuns {
  const runs = parts.flatMap((part) => part.runs).sort((a, b) => a - b);
  const firsts = parts.flatMap((part) => (part.first === null ? [] : [part.first])).sort((a, b) => a.run - b.run);
  return { runs, first: firsts[0] ?? null };
}

const DIFFERENTIAL_SHARD_CHECKS: ShardChecks<DifferentialReport> = {
  identity: (report) => ({
    strategy: report.strategy,
    against: report.against,
    seed: report.seed,
    runs: report.runs,
    'replay sample': report.replaySample,
    properties: report.properties.map((p) => p.property),
    corpus: report.corpus,
    'vary options': report.varyOptions,
    'option space': report.optionSpace,
  }),
  describe,
  counts: differentialCountsError,
};

/** The first count of a differential shard report that does not add up over its runs, or null. */
export function differentialCountsError(report: DifferentialReport, runIds: readonly number[]): string | null {
  const shardRuns = new Set(runIds);
  for (const [side, unplayed] of Object.entries(report.unplayed)) {
    const listed = runListError(`unplayed.${side}.runs`, unplayed.runs, shardRuns);
    if (listed !== null) return listed;
    if (
      (unplayed.first === null) !== (unplayed.runs.length === 0) ||
      (unplayed.first !== null && unplayed.first.run !== unplayed.runs[0])
    ) {
      return `unplayed.${side}.first does not name the first of its runs`;
    }
  }
  for (const p of report.properties) {
    const at = `properties.${p.property}`;
    if (p.compared > runIds.length) return `${at}: compared ${p.compared} runs, more than the shard's ${runIds.length}`;
    for (const [field, value] of [
      ['mineFailed', p.mineFailed],
      ['referenceFailed', p.referenceFailed],
    ] as const) {
      if (value > p.compared) return `${at}: ${field} ${value} is more than compared ${p.compared}`;
    }
    if (p.bothFailed > Math.min(p.mineFailed, p.referenceFailed))
      return `${at}: bothFailed ${p.bothFailed} is more than either side failed`;
    if (p.mineFailedFirst + p.referenceFailedFirst > p.bothFailed)
      return `${at}: mineFailedFirst + referenceFailedFirst is more than bothFailed ${p.bothFailed}`;
    if (p.onlyMine.length !== p.mineFailed - p.bothFailed + p.mineFailedFirst)
      return `${at}: onlyMine lists ${p.onlyMine.length} runs, not mineFailed - bothFailed + mineFailedFirst`;
    if (p.onlyReference.length !== p.referenceFailed - p.bothFailed + p.referenceFailedFirst)
      return `${at}: onlyReference lists ${p.onlyReference.length} runs, not referenceFailed - bothFailed + referenceFailedFirst`;
    for (const field of ['onlyMine', 'onlyReference'] as const) {
      const listed = runListError(`${at}.${field}`, p[field], shardRuns);
      if (listed !== null) return listed;
    }
  }
  return null;
}

/** What makes two reports shards of one differential run (and names it in an error). */
function describe(report: DifferentialReport): string {
  const side = (strategy: DifferentialReport['strategy']) =>
    `${strategy.name}${Object.keys(strategy.options).length === 0 ? '' : ` ${JSON.stringify(strategy.options)}`}`;
  return (
    `strategy ${side(report.strategy)} against ${side(report.against)}, seed ${report.seed}, ${report.runs} runs, replay sample ${report.replaySample}, ` +
    `properties ${report.properties.map((p) => p.property).join(' ')}, corpus ${report.corpus}`
  );
}

function mergeProperty(
  parts: readonly DifferentialPropertyReport[],
  inputs: readonly ShardFile<DifferentialReport>[],
): DifferentialPropertyReport {
  const joined = (field: 'onlyMine' | 'onlyReference') => parts.flatMap((part) => part[field]).sort((a, b) => a - b);
  const sum = (
    field: 'compared' | 'mineFailed' | 'referenceFailed' | 'bothFailed' | 'mineFailedFirst' | 'referenceFailedFirst',
  ) => parts.reduce((total, part) => total + part[field], 0);
  const ownerOf = (run: number | undefined) =>
    run === undefined ? undefined : parts.find((_, i) => inShard(run, inputs[i]!.report.shard));
  const onlyMine = joined('onlyMine');
  const onlyReference = joined('onlyReference');
  const worse = ownerOf(onlyMine[0]);
  const better = ownerOf(onlyReference[0]);
  return {
    property: parts[0]!.property,
    compared: sum('compared'),
    mineFailed: sum('mineFailed'),
    referenceFailed: sum('referenceFailed'),
    bothFailed: sum('bothFailed'),
    mineFailedFirst: sum('mineFailedFirst'),
    referenceFailedFirst: sum('referenceFailedFirst'),
    onlyMine,
    onlyReference,
    counterexample: worse?.counterexample ?? null,
    unreproduced: worse?.unreproduced ?? false,
    referenceCounterexample: better?.referenceCounterexample ?? null,
    referenceUnreproduced: better?.referenceUnreproduced ?? false,
  };
}
