/**
 * adk-js 2.0.0 `TruncatingContextCompactor({ threshold, preserveLeadingEvents = 0 })` (npm
 * `@google/adk@2.0.0` `dist/esm/context/truncating_context_compactor.js`; docs/peer-strategies.md §5b).
 *
 * When the session has more than `threshold + preserveLeadingEvents` events, the excess after the
 * leading ones is spliced out of the invocation's working copy of `session.events` (an event
 * count, not tokens). Nothing is persisted: the next invocation reloads the full history and
 * truncates again, so at every request the model sees the leading events and the newest
 * `threshold` ones (X5, re-applied on each request). Not pair-aware: a function response whose
 * call was spliced out is dropped by the contents rules, unless it is the newest event, where
 * adk-js's `getContents` throws "No function call event found for function responses ids: …"
 * (the run fails; AJ-5).
 * `threshold` is required upstream; ours defaults to 20 events.
 */
import type { SessionEvent } from '../engine/hook-types.ts';
import type { CompactionStrategy } from '../engine/types.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'npm:@google/adk@2.0.0',
  commit: '2.0.0',
  checked: '2026-11-26',
  follows: [
    'dist/esm/context/truncating_context_compactor.js (events.length > threshold + preserveLeadingEvents, splice)',
  ],
  leavesOut: ['nothing material'],
};

export const ADK_JS_TRUNCATING = 'adk-js-truncating';
export const ADK_JS_TRUNCATING_DEFAULT_THRESHOLD = 20;
const EXCLUDED_FUNCTION_NAMES = new Set(['adk_request_credential', 'adk_request_confirmation', 'adk_request_input']);

export function adkJsTruncatingStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ADK_JS_TRUNCATING, options, {
    threshold: { kind: 'integer', min: 0, meaning: 'events kept after the leading ones (ours: 20)' },
    preserveLeadingEvents: { kind: 'integer', min: 0, meaning: 'leading events never removed (default 0)' },
  });
  const threshold = read.threshold ?? ADK_JS_TRUNCATING_DEFAULT_THRESHOLD;
  const preserve = read.preserveLeadingEvents ?? 0;

  return {
    name: ADK_JS_TRUNCATING,
    compact(ctx, request) {
      const events = ctx.events ?? [];
      const excess = events.length - threshold - preserve;
      if (excess <= 0) return;
      const included = events.filter(includedInContents);
      // The request holds one content per included event, in order (ADK's canonical history).
      if (included.length > request.contents.length) return;
      const removed = new Set(events.slice(preserve, preserve + excess));
      const kept = keptIndices(included, removed);
      const extra = request.contents.slice(included.length);
      request.contents = [...kept.map((i) => request.contents[i]!), ...extra];
    },
  };
}

/** Indices of the included events left after the splice and ADK's response rules. */
function keptIndices(included: readonly SessionEvent[], removed: ReadonlySet<SessionEvent>): number[] {
  const visible = included.map((event, i) => ({ event, i })).filter(({ event }) => !removed.has(event));
  const calls = new Set(
    visible.flatMap(({ event }) =>
      (event.content?.parts ?? []).flatMap((p) => (p.functionCall?.id ? [p.functionCall.id] : [])),
    ),
  );
  const orphaned = (event: SessionEvent) =>
    (event.content?.parts ?? []).some((p) => p.functionResponse?.id && !calls.has(p.functionResponse.id));
  const latest = visible[visible.length - 1];
  if (latest && orphaned(latest.event)) {
    const ids = (latest.event.content?.parts ?? []).flatMap((p) =>
      p.functionResponse?.id ? [p.functionResponse.id] : [],
    );
    throw new Error(`No function call event found for function responses ids: ${ids.join(', ')}`);
  }
  // rearrangeEventsForAsyncFunctionResponsesInHistory: a response whose call is gone disappears.
  return visible.filter(({ event }) => !orphaned(event)).map(({ i }) => i);
}

/** adk-js `shouldIncludeEventInContext` for one agent's events. */
function includedInContents(event: SessionEvent): boolean {
  const content = event.content;
  if (!content?.role || event.partial) return false;
  if (content.parts?.[0]?.text === '') return false;
  return !(content.parts ?? []).some(
    (p) =>
      EXCLUDED_FUNCTION_NAMES.has(p.functionCall?.name ?? '') ||
      EXCLUDED_FUNCTION_NAMES.has(p.functionResponse?.name ?? ''),
  );
}
