/**
 * Anthropic API server-side compaction, `compact_20260112` (platform.claude.com
 * build-with-claude/compaction, beta `compact-2026-01-12`; the API reference for
 * `BetaCompact20260112Edit` and `BetaCompactionBlock`; docs/peer-strategies.md §7, docs/peer-strategies.md). Emulated as the
 * server would apply it (X11): the client appends every response, and the API ignores every block
 * before the last compaction block.
 *
 * - When the exact input tokens (the provider's count) exceed `trigger` (default 150,000; at
 *   least 50,000), the API summarizes the whole prompt (its own sampling step, with
 *   `instructions` added to the summary prompt) and continues from the compacted context: a
 *   compaction block at the start of the response. From then on the prompt starts with that block
 *   (X5: held in state), followed by what came after it.
 * - A failed summarization yields a block with `content: null`: a no-op, the context keeps growing.
 * Known behaviour kept: AN-2 (a failed compaction: hard overflow later), the latest user request
 * exists only inside the summary after a compaction.
 */
import type { CompactionStrategy, LlmRequest } from '../engine/types.ts';
import { estimateTokens } from '../engine/tokens/estimate-tokens.ts';
import { fullText, modelText, userText } from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';
import { applyReplacement, loadReplacement, storeReplacement } from './_shared/replacement.ts';
import { requestSummary } from './_shared/summarizer.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'Anthropic API compact_20260112 (platform.claude.com compaction)',
  commit: 'docs',
  checked: '2026-11-26',
  follows: ['the compaction page: trigger 150,000 input tokens (at least 50,000), instructions, the compaction block'],
  leavesOut: ['the server summary prompt is not public', 'the newer compact-2026-09-04 beta that keeps recent turns'],
};

export const ANTHROPIC_COMPACT = 'anthropic-compact';
export const DEFAULT_COMPACT_TRIGGER_INPUT_TOKENS = 150_000;
export const MIN_COMPACT_TRIGGER_INPUT_TOKENS = 50_000;
export const ANTHROPIC_COMPACT_PROMPT =
  'Summarize the conversation so far so that it can be continued from this summary alone: the task, what has been done, the current state and what remains.';

const STATE = { replacement: 'anthropic-compact:lastCompactionBlock' } as const;

export function anthropicCompactStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ANTHROPIC_COMPACT, options, {
    trigger: {
      kind: 'integer',
      min: MIN_COMPACT_TRIGGER_INPUT_TOKENS,
      meaning: 'input tokens above which the API compacts (default 150,000, at least 50,000)',
    },
    instructions: { kind: 'string', meaning: 'added to the summarization prompt' },
  });
  const trigger = read.trigger ?? DEFAULT_COMPACT_TRIGGER_INPUT_TOKENS;

  return {
    name: ANTHROPIC_COMPACT,
    async compact(ctx, request) {
      const replacement = loadReplacement(ctx, STATE.replacement);
      const prefix = applyReplacement(request, replacement);
      const from = replacement?.from ?? 0;
      const count = (r: LlmRequest) => (ctx.countTokens ? ctx.countTokens(r) : estimateTokens(r));
      if (count(request) <= trigger) return;
      const transcript = request.contents.map((c) => `${c.role}: ${fullText(c)}`).join('\n');
      const prompt = read.instructions ? `${ANTHROPIC_COMPACT_PROMPT}\n${read.instructions}` : ANTHROPIC_COMPACT_PROMPT;
      const outcome = await requestSummary(ctx, {
        model: ctx.summarizer.name,
        contents: [userText(`${transcript}\n\n${prompt}`)],
      });
      if (!outcome.ok) return; // content: null: round-tripping the block changes nothing
      const block = modelText(outcome.text);
      const builtLength = from + request.contents.length - prefix;
      request.contents = [block];
      storeReplacement(ctx, STATE.replacement, { contents: [block], from: builtLength });
    },
  };
}
