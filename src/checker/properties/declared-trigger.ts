/**
 * A strategy that declares its trigger (`declarations.trigger`: a size in real
 * tokens for a window, and how far its own count may be off) keeps it: no request sent at or over
 * tokens × (1 + tolerance) passes without the strategy compacting on that step (calling the
 * summarizer or trimming history), and no compaction fires on a request below
 * tokens × (1 − tolerance) as the host built it. What "no overflow" cannot see: an estimator that
 * undercounts (the system instruction skipped, UTF-16 units counted for CJK) compacts late but
 * often still fits; one that overcounts compacts early and pays for summaries it did not need. A
 * strategy that declares nothing is not judged (not-checked), nor is a step whose request has no
 * contents (ContextGuard does not consult the strategy on it) or that sent nothing.
 *
 * The request the strategy judged lies between what it sent and what the host built (a stored
 * summary may replace covered contents first), so the two checks read the bound that is sound:
 * the sent size for "passed uncompacted", the built size for "fired below".
 *
 * A strategy may also declare its trigger in its own count (`declarations.ownTrigger`) and report that count
 * on every call (`CompactionOutcome.triggerCount`, the world records it per step): then a step
 * whose count is at or over the trigger must compact and one below must not, exactly, with no
 * tolerance. That pins a comparison off by one (`>` for `>=`, a window of `maxTurns` contents
 * instead of `maxTurns + 1`), which a trigger in real tokens cannot: the generator lands requests
 * exactly on ContextGuard's threshold as counted before any real count (size-draft.ts).
 */
import type { DeclaredTrigger, OwnTrigger } from '../../engine/types.ts';
import type { StepRecord } from '../../world/session-result.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';

export const declaredTrigger: FuzzProperty = {
  name: 'declared-trigger',
  kind: 'contract',
  description: 'a strategy that declares its trigger compacts every request at or over it and never well below it',
  expectKey: null,
  needsRerun: false,
  appliesTo: (strategy) =>
    strategy.declarations?.trigger !== undefined || strategy.declarations?.ownTrigger !== undefined,
  check(_scenario, result, _rerun, strategy) {
    const declared = strategy?.declarations?.trigger;
    const own = strategy?.declarations?.ownTrigger;
    if (declared === undefined && own === undefined) return null;
    for (const step of result.steps) {
      // Nothing sent, or a request with no contents: ContextGuard consults no strategy then.
      if (step.shortCircuited || step.contentsBefore === 0) continue;
      const broken =
        (declared === undefined ? null : brokenTrigger(step, declared)) ??
        (own === undefined ? null : brokenOwnTrigger(step, own));
      if (broken !== null) return violation('declared-trigger', step, `${describeStep(step)} ${broken}`);
    }
    return null;
  },
};

/** What the step did against the trigger in the strategy's own count, or null when it kept it (or reported no count). */
export function brokenOwnTrigger(step: StepRecord, own: OwnTrigger): string | null {
  const count = step.triggerCount;
  if (count === undefined) return null;
  const trigger = own.at(step.contextWindow);
  const compacted = step.summarizerCalls.length > 0 || step.trimmed;
  if (!compacted && count >= trigger)
    return `counted ${count} ${own.counts}, at or over its own trigger of ${trigger}, and did not compact`;
  if (compacted && count < trigger) {
    const how = step.summarizerCalls.length > 0 ? 'summarized' : 'trimmed history';
    return `${how} on a count of ${count} ${own.counts}, below its own trigger of ${trigger}`;
  }
  return null;
}

/** What the step did against the declared trigger, or null when it kept it. */
export function brokenTrigger(step: StepRecord, declared: DeclaredTrigger): string | null {
  const trigger = declared.tokens(step.contextWindow);
  const compacted = step.summarizerCalls.length > 0 || step.trimmed;
  // Rounded to a millionth: 800 × 1.1 is 880.0000000000001 in floating point, and must read 880.
  const upper = roundMicro(trigger * (1 + declared.tolerance));
  const lower = roundMicro(trigger * (1 - declared.tolerance));
  const within = declared.tolerance === 0 ? '' : ` (tolerance ${formatShare(declared.tolerance)})`;
  if (!compacted && step.realAfter >= upper) {
    return `sent ${step.realAfter} real tokens without compacting, at or over its declared trigger of ${trigger}${within}`;
  }
  if (compacted && step.realBefore < lower) {
    const how = step.summarizerCalls.length > 0 ? 'summarized' : 'trimmed history';
    return `${how} on a request of ${step.realBefore} real tokens, below its declared trigger of ${trigger}${within}`;
  }
  return null;
}

function roundMicro(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function formatShare(share: number): string {
  return `${Number((share * 100).toFixed(2))} %`;
}
