/**
 * A strategy that summarizes the history up to the latest content at ContextGuard's threshold
 * (counted cold, as the other planted strategies count) and, on every later step, re-injects its
 * summary in place of the contents it covers (a watermark: how many of the host's contents the
 * summary stands for), as ContextGuard's threshold strategy does. Where it keeps the summary and
 * the watermark is the variable: the session's state (correct), or a memory outside the session
 * (the planted bug `summary-kept-across-sessions.ts`).
 */
import type { CompactionContext, CompactionStrategy } from '../../../engine/types.ts';
import { overThreshold, summarizeContents, summaryContent } from './planted-helpers.ts';

export interface SummaryMemory {
  read(ctx: CompactionContext): { readonly summary: string; readonly covered: number } | null;
  write(ctx: CompactionContext, summary: string, covered: number): void;
}

export function watermarkStrategy(name: string, memory: SummaryMemory): CompactionStrategy {
  return {
    name,
    async compact(ctx, request) {
      const host = request.contents;
      const kept = memory.read(ctx);
      if (kept !== null) request.contents = [summaryContent(kept.summary), ...host.slice(kept.covered)];
      if (!overThreshold(ctx, request)) return;
      const latest = host.at(-1);
      const summary = await summarizeContents(ctx, request.contents.slice(0, -1));
      memory.write(ctx, summary, Math.max(0, host.length - 1));
      request.contents = latest === undefined ? [summaryContent(summary)] : [summaryContent(summary), latest];
    },
  };
}

/** The correct memory: the session's own state, keyed by agent as ContextGuard keys it. */
export const sessionMemory: SummaryMemory = {
  read(ctx) {
    const value = ctx.state.get(`planted:summary:${ctx.agentName}`);
    return value === undefined || value === null ? null : (value as { summary: string; covered: number });
  },
  write(ctx, summary, covered) {
    ctx.state.set(`planted:summary:${ctx.agentName}`, { summary, covered });
  },
};
