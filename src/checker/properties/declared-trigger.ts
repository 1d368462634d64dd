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
 * A strategy may also declare its trigger in its own count (`declarations.ownTrigger`): then a
 * step whose count is at or over the trigger must compact and one below must not, exactly, with
 * no tolerance. That pins a comparison off by one (`>` for `>=`, a window of `maxTurns` contents
 * instead of `maxTurns + 1`), which a trigger in real tokens cannot: the generator lands requests
 * exactly on ContextGuard's threshold as counted before any real count (size-draft.ts). When the
 * count is one the checker can take itself (`ownTrigger.countedAs`: ContextGuard's calibrated or
 * cold count, contents; reference-own-count.ts), each step is judged on the checker's count, and
 * a count the strategy reports (`CompactionOutcome.triggerCount`) that differs from it breaks the
 * declaration: an estimator that undercounts moves the strategy's count, not the checker's. Where
 * the checker cannot count (a compaction over a summary the strategy stored earlier, whose
 * re-injected request no one sends) and for a count it does not know, the step is judged on the
 * count the strategy reports, and a contract is all that check is.
 */
import type { DeclaredTrigger, OwnTrigger } from '../../engine/types.ts';
import type { StepRecord } from '../../world/session-result.ts';
import { describeStep, violation, type FuzzProperty } from './property.ts';
import { referenceOwnCounts } from './reference-own-count.ts';

export const declaredTrigger: FuzzProperty = {
  name: 'declared-trigger',
  kind: 'contract',
  description: 'a strategy that declares its trigger compacts every request at or over it and never well below it',
  expectKey: null,
  needsRerun: false,
  appliesTo: (strategy) =>
    strategy.declarations?.trigger !== undefined || strategy.declarations?.ownTrigger !== undefined,
  check(scenario, result, _rerun, strategy) {
    const declared = strategy?.declarations?.trigger;
    const own = strategy?.declarations?.ownTrigger;
    if (declared === undefined && own === undefined) return null;
    const reference = own?.countedAs === undefined ? undefined : referenceOwnCounts(own.countedAs, scenario, result);
    for (const [index, step] of result.steps.entries()) {
      // Nothing sent, or a request with no contents: ContextGuard consults no strategy then.
      if (step.shortCircuited || step.contentsBefore === 0) continue;
      const broken =
        (declared === undefined ? null : brokenTrigger(step, declared)) ??
        (own === undefined ? null : brokenOwnTrigger(step, own, reference?.[index]));
      if (broken !== null) return violation('declared-trigger', step, `${describeStep(step)} ${broken}`);
    }
    return null;
  },
};

/**
 * What the step did against the trigger in the strategy's own count, or null when it kept it:
 * judged on `reference` (the checker's count of the declared kind) when known, else on the count
 * the strategy reported (none: not judged).
 */
export function brokenOwnTrigger(step: StepRecord, own: OwnTrigger, reference?: number): string | null {
  const reported = step.triggerCount;
  if (reference !== undefined && reported !== undefined && reported !== reference)
    return `reported a count of ${reported} ${own.counts} where its declared count (${own.countedAs}) is ${reference}`;
  const count = reference ?? reported;
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
