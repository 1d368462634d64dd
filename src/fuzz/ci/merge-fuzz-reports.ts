/**
 * `fuzz --merge`: the reports of the shards of one fuzz run (`--shard i/n`, i = 1..n, same
 * strategy, seed, budget, properties and corpus) into exactly the report one machine would give:
 * tallies add up, failing runs join, and each property's counterexample is the one the shard
 * holding the first failing run shrank (one machine shrinks that same run, from the same seed and
 * path). A missing, repeated or foreign shard is bad input, never a partial pass.
 */
import type { InfeasibilityReason } from '../../checker/infeasibility/infeasibility.ts';
import { checkShards, type ShardFile } from './check-shards.ts';
import { compareWithFuzzBaseline, hasNewFailures, knownFailures, type FuzzBaseline } from './fuzz-baseline.ts';
import { inShard } from '../run/fuzz-shard.ts';
import type { FuzzReport, PropertyReport } from '../run/run-fuzz.ts';

export type MergeInput = ShardFile<FuzzReport>;

export function mergeFuzzReports(inputs: readonly MergeInput[], baseline: { readonly file: string; readonly baseline: FuzzBaseline } | null): FuzzReport {
  const first = checkShards(inputs, describe);
  const properties = first.properties.map((property, index) => mergeProperty(inputs.map((input) => input.report.properties[index]!), inputs, baseline?.baseline ?? null));
  const comparison = baseline === null ? null : compareWithFuzzBaseline(baseline.baseline, baseline.file, properties, () => true);
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
  };
}

/** What makes two reports shards of one fuzz run (and names it in an error). */
function describe(report: FuzzReport): string {
  return `strategy ${report.strategy}${options(report.strategyOptions)}, seed ${report.seed}, ${report.runs} runs, replay sample ${report.replaySample}, properties ${report.properties.map((p) => p.property).join(' ')}, corpus ${report.corpus}`;
}

function options(strategyOptions: Readonly<Record<string, unknown>>): string {
  return Object.keys(strategyOptions).length === 0 ? '' : ` ${JSON.stringify(strategyOptions)}`;
}

function mergeProperty(parts: readonly PropertyReport[], inputs: readonly MergeInput[], baseline: FuzzBaseline | null): PropertyReport {
  const property = parts[0]!.property;
  const failedRuns = parts.flatMap((part) => part.failedRuns).sort((a, b) => a - b);
  const known = baseline === null ? new Set<number>() : knownFailures(baseline, property);
  const target = failedRuns.find((run) => !known.has(run));
  // The shard that played the run one machine would shrink shrank it too (its first such run).
  const owner = target === undefined ? undefined : parts.find((_, i) => inShard(target, inputs[i]!.report.shard));
  const reasons = new Map<InfeasibilityReason, number>();
  for (const part of parts) {
    for (const [reason, n] of Object.entries(part.infeasibleReasons) as [InfeasibilityReason, number][]) reasons.set(reason, (reasons.get(reason) ?? 0) + n);
  }
  const sum = (field: 'checked' | 'passed' | 'infeasible' | 'failed' | 'notChecked') => parts.reduce((total, part) => total + part[field], 0);
  return {
    property,
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
