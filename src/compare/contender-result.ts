/**
 * One scenario as one contender played it, reduced to what a comparison shows: which universal
 * properties broke (failed, a reported bug reproduced, or a known limitation accepted), whether
 * the strategy crashed, which of the file's own expectations failed, and the measurements the
 * league adds up. Infeasible violations are not breakages: no strategy could have avoided them.
 */
import { propertyByName } from '../checker/properties/index.ts';
import type { ScenarioOutcome } from '../harness/run/run-suite.ts';
import { ACCEPTABLE_PROPERTIES, type AcceptableProperty } from '../harness/scenario/acceptance.ts';
import { scenarioCost } from '../pricing/scenario-cost.ts';
import { replayCompactionsOf, type ReplayCompactions } from '../harness/report/replay-compactions.ts';
import type { RetentionByKind, SessionRecoveries } from '../world/facts/retention.ts';

/** How a property broke: a plain failure, the scenario's reported bug, or a tolerated known limitation. */
export type Breakage = 'failed' | 'reproduced' | 'accepted';

export interface BrokenProperty {
  readonly property: AcceptableProperty;
  readonly how: Breakage;
  /** The reported bug, when `how` is `reproduced`. */
  readonly issue?: string;
}

export interface ContenderResult {
  /** The contender's label (contender.ts). */
  readonly strategy: string;
  /** Nothing failed and no reported bug showed (an accepted limitation does not fail a scenario). */
  readonly passed: boolean;
  /** Universal properties that broke, in report order. */
  readonly broken: readonly BrokenProperty[];
  /** The integrity failure (strategy-threw, strategy-hung, invalid-request, ...), or null. */
  readonly crash: string | null;
  /** The file's own expectations that failed (compactedSteps, maxPeakPercent, reproduces, ...). */
  readonly expectations: readonly string[];
  // Measurements (null when the session never finished).
  readonly overflowSteps: number | null;
  readonly loops: number | null;
  readonly thrash: number | null;
  readonly summarizerCalls: number | null;
  readonly billedTokens: number | null;
  readonly uncachedTokens: number | null;
  /** What the session would have cost (USD) at `pricedAs`'s prices and cache rules. */
  readonly costUsd: number | null;
  /** Model-request input tokens, and those a prompt cache served (the league's hit rate). */
  readonly inputTokens: number | null;
  readonly cacheReadTokens: number | null;
  readonly pricedAs: string | null;
  readonly peakPercent: number | null;
  /** Planted facts retained on the last request, by kind (absent when the scenario plants none). */
  readonly retention?: RetentionByKind;
  /** What forgetting cost: the re-reads of needed facts the agent made (absent when it made none). */
  readonly recoveries?: Pick<SessionRecoveries, 'calls' | 'tokens' | 'rereadLoops'>;
  /** A replayed log: where the recorded agent compacted beside where this strategy did (absent for scripted scenarios). */
  readonly replay?: ReplayCompactions;
}

/** Failures that are about the strategy's conduct, not about what it sent. */
const INTEGRITY = new Set(['invalid-request', 'events-mutated', 'world-error', 'worker-crashed']);

export function contenderResult(strategy: string, outcome: ScenarioOutcome): ContenderResult {
  const failed = new Set<string>(outcome.failures.map((failure) => failure.expectation));
  const broken: BrokenProperty[] = [];
  for (const property of ACCEPTABLE_PROPERTIES) {
    const reproduced = outcome.reproduced.find((item) => item.property === property);
    const expectKey = propertyByName(property).expectKey;
    if (reproduced) broken.push({ property, how: 'reproduced', issue: reproduced.issue });
    else if (failed.has(property) || (expectKey !== null && failed.has(expectKey)))
      broken.push({ property, how: 'failed' });
    else if (outcome.accepted.some((item) => item.property === property)) broken.push({ property, how: 'accepted' });
  }
  const propertyKeys = new Set<string>(
    ACCEPTABLE_PROPERTIES.flatMap((property) => [property, propertyByName(property).expectKey ?? property]),
  );
  const crash = [...failed].find((name) => name.startsWith('strategy-') || INTEGRITY.has(name)) ?? null;
  const expectations = [...failed].filter((name) => !propertyKeys.has(name) && name !== crash);
  const result = outcome.result;
  const totals = result?.totals ?? null;
  const cost = result === null ? null : scenarioCost(outcome.scenario.world, result);
  return {
    strategy,
    passed: outcome.failures.length === 0 && outcome.reproduced.length === 0,
    broken,
    crash,
    expectations,
    overflowSteps: totals?.overflowSteps ?? null,
    loops: totals?.loops ?? null,
    thrash: totals?.thrash ?? null,
    summarizerCalls: totals?.summarizerCalls ?? null,
    billedTokens: cost?.billedTokens ?? null,
    uncachedTokens: cost?.uncachedTokens ?? null,
    costUsd: cost?.usd ?? null,
    inputTokens: cost?.inputTokens ?? null,
    cacheReadTokens: cost?.cacheReadTokens ?? null,
    pricedAs: cost?.pricedAs ?? null,
    peakPercent: totals?.peakPercent ?? null,
    ...(result?.retention === undefined ? {} : { retention: result.retention.byKind }),
    ...(result?.retention?.recoveries === undefined
      ? {}
      : {
          recoveries: {
            calls: result.retention.recoveries.calls,
            tokens: result.retention.recoveries.tokens,
            rereadLoops: result.retention.recoveries.rereadLoops,
          },
        }),
    ...(outcome.scenario.recorded === undefined
      ? {}
      : { replay: replayCompactionsOf(outcome.scenario.recorded.compactions, result?.steps ?? []) }),
  };
}
