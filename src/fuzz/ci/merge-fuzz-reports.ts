/**
 * `fuzz --merge`: the reports of the shards of one fuzz run (`--shard i/n`, i = 1..n, same
 * strategy, seed, budget, properties and corpus) into exactly the report one machine would give:
 * tallies add up, failing runs join, and each property's counterexample is the one the shard
 * holding the first failing run shrank (one machine shrinks that same run, from the same seed and
 * path). A missing, repeated or foreign shard is bad input, never a partial pass.
 */
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import { checkShards, runListError, type ShardChecks, type ShardFile } from './check-shards.ts';
import { propertiesForRun } from '../run/replay-sample.ts';
import { compareWithFuzzBaseline, hasNewFailures, knownFailures, type FuzzBaseline } from './fuzz-baseline.ts';
import { inShard } from '../run/fuzz-shard.ts';
import type { FuzzReport, PropertyReport } from '../run/run-fuzz.ts';
import { sumRetentions } from '../run/fuzz-retention.ts';

export type MergeInput = ShardFile<FuzzReport>;

export function mergeFuzzReports(
  inputs: readonly MergeInput[],
  baseline: { readonly file: string; readonly baseline: FuzzBaseline } | null,
): FuzzReport {
  const first = checkShards(inputs, PLAIN_SHARD_CHECKS);
  const properties = first.properties.map((property, index) =>
    mergeProperty(
      inputs.map((input) => input.report.properties[index]!),
      inputs,
      baseline?.baseline ?? null,
    ),
  );
  const comparison =
    baseline === null ? null : compareWithFuzzBaseline(baseline.baseline, baseline.file, properties, () => true);
  // Each shard summed its own runs: the merged retention is their sum, as one machine would count it.
  const retention = sumRetentions(inputs.map((input) => input.report.retention));
  return {
    strategy: first.strategy,
    strategyOptions: first.strategyOptions,
    seed: first.seed,
    runs: first.runs,
    path: null,
    shard: null,
    corpus: first.corpus,
    optionSpace: first.optionSpace,
    varyOptions: first.varyOptions,
    replaySample: first.replaySample,
    properties,
    baseline: comparison,
    failed: comparison === null ? properties.some((p) => p.failed > 0) : hasNewFailures(comparison),
    ...(retention === null ? {} : { retention }),
  };
}

const PLAIN_SHARD_CHECKS: ShardChecks<FuzzReport> = {
  identity: (report) => ({
    strategy: report.strategy,
    'strategy options': report.strategyOptions,
    seed: report.seed,
    runs: report.runs,
    'replay sample': report.replaySample,
    properties: report.properties.map((p) => p.property),
    corpus: report.corpus,
    'vary options': report.varyOptions,
    'option space': report.optionSpace,
  }),
  describe,
  counts: plainCountsError,
};

/** The first count of a plain shard report that does not add up over its runs, or null. */
export function plainCountsError(report: FuzzReport, runIds: readonly number[]): string | null {
  const shardRuns = new Set(runIds);
  const names = report.properties.map((p) => p.property);
  for (const p of report.properties) {
    const at = `properties.${p.property}`;
    const judged = runIds.filter((run) =>
      propertiesForRun(names, run, report.replaySample).includes(p.property),
    ).length;
    if (p.checked + p.notChecked !== judged)
      return `${at}: checked ${p.checked} + not checked ${p.notChecked} is not the ${judged} runs the shard judged`;
    if (p.passed + p.infeasible + p.failed !== p.checked)
      return `${at}: passed ${p.passed} + infeasible ${p.infeasible} + failed ${p.failed} is not checked ${p.checked}`;
    if (p.failedRuns.length !== p.failed)
      return `${at}: failed ${p.failed} but failedRuns lists ${p.failedRuns.length}`;
    const reasons = Object.values(p.infeasibleReasons).reduce((sum, n) => sum + n, 0);
    if (reasons !== p.infeasible)
      return `${at}: infeasibleReasons add up to ${reasons}, not infeasible ${p.infeasible}`;
    const listed = runListError(`${at}.failedRuns`, p.failedRuns, shardRuns);
    if (listed !== null) return listed;
  }
  return null;
}

/** What makes two reports shards of one fuzz run (and names it in an error). */
function describe(report: FuzzReport): string {
  return `strategy ${report.strategy}${options(report.strategyOptions)}, seed ${report.seed}, ${report.runs} runs, replay sample ${report.replaySample}, properties ${report.properties.map((p) => p.property).join(' ')}, corpus ${report.corpus}`;
}

function options(strategyOptions: Readonly<Record<string, unknown>>): string {
  return Object.keys(strategyOptions).length === 0 ? '' : ` ${JSON.stringify(strategyOptions)}`;
}

function mergeProperty(
  parts: readonly PropertyReport[],
  inputs: readonly MergeInput[],
  baseline: FuzzBaseline | null,
): PropertyReport {
  const property = parts[0]!.property;
  const failedRuns = parts.flatMap((part) => part.failedRuns).sort((a, b) => a - b);
  const known = baseline === null ? new Set<number>() : knownFailures(baseline, property);
  const target = failedRuns.find((run) => !known.has(run));
  // The shard that played the run one machine would shrink shrank it too (its first such run).
  const owner = target === undefined ? undefined : parts.find((_, i) => inShard(target, inputs[i]!.report.shard));
  const reasons = new Map<InfeasibilityReason, number>();
  for (const part of parts) {
    for (const [reason, n] of Object.entries(part.infeasibleReasons) as [InfeasibilityReason, number][])
      reasons.set(reason, (reasons.get(reason) ?? 0) + n);
  }
  const sum = (field: 'checked' | 'passed' | 'infeasible' | 'failed' | 'notChecked') =>
    parts.reduce((total, part) => total + part[field], 0);
  const kind = parts[0]!.kind;
  return {
    property,
    // What the property judges (a behaviour or a declared contract): the same in every shard.
    ...(kind === undefined ? {} : { kind }),
    checked: sum('checked'),
    passed: sum('passed'),
    infeasible: sum('infeasible'),
    failed: sum('failed'),
    notChecked: sum('notChecked'),
    infeasibleReasons: Object.fromEntries([...reasons].sort(([a], [b]) => a.localeCompare(b))),
    counterexample: owner?.counterexample ?? null,
    unreproduced: owner?.unreproduced ?? false,
    failedRuns,
  };
}
