/**
 * A strategy that keeps a declared trigger exactly: it asks the provider's count
 * (`ctx.countTokens`, X11) and, at or over 80 % of the window, replaces the history with a summary
 * and the latest content. Tolerance 0: its count is the provider's. `skipSystemInstruction` plants
 * the estimator bug of issue 18 (the count leaves the system instruction out), which "no overflow"
 * rarely sees and `declared-trigger` does.
 */
import type { CompactionStrategy, DeclaredTrigger, LlmRequest } from '../../../engine/types.ts';
import { summarizeContents, summaryContent } from './planted-helpers.ts';

export const EXACT_TRIGGER: DeclaredTrigger = {
  tokens: (contextWindow) => Math.floor(contextWindow * 0.8),
  tolerance: 0,
};

export function exactTriggerStrategy(options: { readonly skipSystemInstruction: boolean }): CompactionStrategy {
  const counted = (request: LlmRequest): LlmRequest =>
    options.skipSystemInstruction && request.config
      ? { ...request, config: { ...request.config, systemInstruction: undefined } }
      : request;
  return {
    name: options.skipSystemInstruction ? 'planted:undercount-system-instruction' : 'exact-trigger',
    declarations: { trigger: EXACT_TRIGGER },
    async compact(ctx, request) {
      if (ctx.countTokens === undefined) throw new Error('exact-trigger needs the host count (ctx.countTokens)');
      if (ctx.countTokens(counted(request)) < EXACT_TRIGGER.tokens(ctx.contextWindow)) return;
      const latest = request.contents.at(-1);
      const summary = summaryContent(await summarizeContents(ctx, request.contents.slice(0, -1)));
      request.contents = latest === undefined ? [summary] : [summary, latest];
    },
  };
}
