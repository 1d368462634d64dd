/**
 * Named acceptance rules: one known limitation of a built-in strategy, written once and referenced
 * by name from every scenario that shows it (`accept: [{ rule: <name>, steps: "…" }]`), instead of
 * the same reason copied into each file. A rule says who (strategy), what (property) and why
 * (reason); the scenario still pins where (the steps it was recorded with), so a rule never
 * tolerates a violation the scenario did not show.
 */
import type { AcceptableProperty } from './acceptance.ts';

export interface AcceptanceRule {
  readonly strategy: string;
  readonly property: AcceptableProperty;
  readonly reason: string;
}

export const ACCEPTANCE_RULES: Readonly<Record<string, AcceptanceRule>> = {
  'go-compat-continuation-without-user-content': {
    strategy: 'threshold',
    property: 'user-request-preserved',
    reason:
      "go-compat hides the invocation's user content from callbacks (like upstream's simulator) and ContextGuard's continuation " +
      "quotes only that content, so the steps after a compaction carry no copy of the user's message; the request the host built " +
      'still held it (the hardened strategy keeps it), so no rule excuses it (faithful to adk-utils-go).',
  },
  'threshold-summarizes-a-lone-user-message': {
    strategy: 'threshold',
    property: 'no-loop',
    reason:
      'ContextGuard summarizes as soon as its calibrated count reaches the threshold, even when the request is little more than the ' +
      'current user message; the continuation then quotes that message in full, so the request grows (faithful to adk-utils-go).',
  },
  'threshold-continuation-only-on-the-compaction-step': {
    strategy: 'threshold',
    property: 'user-request-preserved',
    reason:
      "ContextGuard quotes the user's request only in the continuation it appends on the compaction step; later steps of the same " +
      'turn re-inject the summary behind a watermark that already covers the user message, so the request survives only if the ' +
      'summary mentions it (faithful to adk-utils-go).',
  },
  'threshold-summarizer-input-in-heuristic-tokens': {
    strategy: 'threshold',
    property: 'summarizer-input-fits',
    reason:
      "ContextGuard budgets its summarizer's input at 80 % of the window in len/4 tokens, without the prompt or the previous " +
      "summary, so at a real ratio above about 1.25 the summarizer's own request exceeds its window (faithful to adk-utils-go).",
  },
  'threshold-summarizer-cut-counts-tool-payloads': {
    strategy: 'threshold',
    property: 'summarizer-input-budget',
    reason:
      "ContextGuard cuts its summarizer's transcript to 80 % of the window counting every content whole, tool payloads included, " +
      'then writes each tool call and result as a one-line marker without its payload; where tool output dominates, the older ' +
      "messages (the user's first request among them) are cut from a summarizer request that is a small part of its window, and " +
      'the summary never sees them (the hardened strategy sends them; faithful to adk-utils-go).',
  },
  'threshold-goal-only-in-the-summary': {
    strategy: 'threshold',
    property: 'goal-preserved',
    reason:
      'ContextGuard summarizes the whole history and keeps nothing verbatim, so the goal and constraints stated early reach later ' +
      'requests only through the summary; each re-summarization may drop them (the simulated summarizer decays chained summaries, ' +
      'as recursive summaries do in the literature), and nothing carries them forward structurally (faithful to adk-utils-go).',
  },
};

/** The rule called `name`, or null. */
export function acceptanceRule(name: string): AcceptanceRule | null {
  return Object.hasOwn(ACCEPTANCE_RULES, name) ? ACCEPTANCE_RULES[name]! : null;
}
