/**
 * A strategy that keeps one rolling summary in session state: over the plain trigger
 * (planted-helpers.ts) it asks the summarizer for a summary of its previous summary and the
 * history since, and sends that summary and the latest content; below it, it re-sends the stored
 * summary in place of the history it covers. `appendsPrevious` plants the bug of
 * `summary-appends.ts`: the new summary is the previous one with the answer appended, so the
 * summary grows by a reply at every compaction whatever the summarizer writes.
 */
import type { CompactionStrategy, LlmRequest } from '../../../engine/types.ts';
import { overThreshold, summarizeContents, summaryContent } from './planted-helpers.ts';

export function rollingSummaryStrategy(options: {
  readonly name: string;
  readonly appendsPrevious: boolean;
}): CompactionStrategy {
  const keys = { summary: `${options.name}:summary`, covered: `${options.name}:covered` };
  return {
    name: options.name,
    async compact(ctx, request: LlmRequest) {
      const previous = typeof ctx.state.get(keys.summary) === 'string' ? (ctx.state.get(keys.summary) as string) : '';
      const stored = ctx.state.get(keys.covered);
      const covered = typeof stored === 'number' && stored <= request.contents.length ? stored : 0;
      const history = request.contents;
      const since = history.slice(covered);
      request.contents = previous === '' ? since : [summaryContent(previous), ...since];
      if (!overThreshold(ctx, request)) return;
      const latest = since.at(-1);
      const older = since.slice(0, -1);
      const reply = await summarizeContents(ctx, previous === '' ? older : [summaryContent(previous), ...older]);
      const summary = options.appendsPrevious && previous !== '' ? `${previous}\n${reply}` : reply;
      ctx.state.set(keys.summary, summary);
      ctx.state.set(keys.covered, history.length - (latest === undefined ? 0 : 1));
      request.contents = latest === undefined ? [summaryContent(summary)] : [summaryContent(summary), latest];
    },
  };
}
