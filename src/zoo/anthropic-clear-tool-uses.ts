/**
 * Anthropic API context editing, `clear_tool_uses_20250919` (docs.claude.com
 * build-with-claude/context-editing, beta `context-management-2025-06-27`; the API reference for
 * `BetaClearToolUses20250919Edit`; docs/peer-strategies.md §7, docs/peer-strategies.md). Server side: the API edits the prompt
 * before the model sees it and the client keeps its full history, so the world's emulation
 * rewrites each request copy (X11) and never touches the session.
 *
 * - Trigger on the exact input tokens (the provider's own count) above `trigger` (default
 *   100,000 input tokens), or `{ type: tool_uses, value }` tool uses in the prompt.
 * - Clears the oldest tool results first, keeping the `keep` (3) most recent tool uses and the
 *   tools in `exclude_tools`, replacing each result with placeholder text (and the call's input
 *   too with `clear_tool_inputs`); when that would clear fewer than `clear_at_least` input tokens
 *   nothing is cleared (a cache invalidation has to be worth it).
 * Defaults of 100,000 and 3 are stated by the SDK mirrors (adk-rust, LangChain) [unverified]; the
 * placeholder text is LangChain's mirror's ("[cleared]").
 * Known behaviour kept: AN-1 (every request above the trigger clears one more result: the cached
 * prefix changes on every request), AN-3 (excluded tools that dominate the context overflow).
 */
import type { Content, Part } from '@google/genai';
import type { CompactionStrategy, LlmRequest } from '../engine/types.ts';
import { estimateTokens } from '../engine/tokens/estimate-tokens.ts';
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import { readOptions } from './_shared/options.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export const AUDIT: StrategyAudit = {
  upstream: 'Anthropic API clear_tool_uses_20250919 (docs.claude.com context-editing)',
  commit: 'docs',
  checked: '2026-11-26',
  follows: [
    'the context-editing page: the default trigger of 100,000 input tokens, keep 3 tool uses, clear_at_least, exclude_tools, clear_tool_inputs',
  ],
  leavesOut: ['a server feature: emulated, no code to pin; keep 3 and the placeholder text come from SDK mirrors'],
};

export const ANTHROPIC_CLEAR_TOOL_USES = 'anthropic-clear-tool-uses';
export const DEFAULT_CLEAR_TRIGGER_INPUT_TOKENS = 100_000;
export const DEFAULT_KEEP_TOOL_USES = 3;
export const CLEARED_PLACEHOLDER = '[cleared]';

type Trigger = { readonly type: 'input_tokens' | 'tool_uses'; readonly value: number };

export function anthropicClearToolUsesStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(ANTHROPIC_CLEAR_TOOL_USES, options, {
    trigger: { kind: 'json', meaning: '{ type: input_tokens | tool_uses, value } (default 100,000 input tokens)' },
    keep: { kind: 'integer', min: 0, meaning: 'recent tool uses kept (default 3)' },
    clear_at_least: { kind: 'integer', min: 0, meaning: 'minimum input tokens one clearing must free (default 0)' },
    exclude_tools: { kind: 'strings', meaning: 'tools whose results are never cleared' },
    clear_tool_inputs: { kind: 'boolean', meaning: "also clear the calls' inputs (default false)" },
  });
  const trigger = parseTrigger(read.trigger);
  const keep = read.keep ?? DEFAULT_KEEP_TOOL_USES;
  const excluded = new Set(read.exclude_tools ?? []);

  return {
    name: ANTHROPIC_CLEAR_TOOL_USES,
    compact(ctx, request) {
      const count = (r: LlmRequest) => (ctx.countTokens ? ctx.countTokens(r) : estimateTokens(r));
      const uses = toolUses(request.contents);
      const fires = trigger.type === 'tool_uses' ? uses.length >= trigger.value : count(request) > trigger.value;
      if (!fires) return;
      const clearable = uses.slice(0, Math.max(0, uses.length - keep)).filter((use) => !excluded.has(use.name));
      if (clearable.length === 0) return;
      const before = count(request);
      const edited = { ...request, contents: request.contents.map((c) => c) };
      for (const use of clearable) clearUse(edited.contents, use, read.clear_tool_inputs === true);
      if (before - count(edited) < (read.clear_at_least ?? 0)) return;
      request.contents = edited.contents;
    },
  };
}

interface ToolUse {
  readonly name: string;
  readonly call: { content: number; part: number } | undefined;
  readonly result: { content: number; part: number } | undefined;
}

/** Tool uses in prompt order: each call with the result that answers it (paired by position per name). */
function toolUses(contents: readonly Content[]): ToolUse[] {
  const uses: { name: string; call?: { content: number; part: number }; result?: { content: number; part: number } }[] =
    [];
  const open = new Map<string, number[]>();
  contents.forEach((content, c) => {
    (content.parts ?? []).forEach((part, p) => {
      if (part.functionCall) {
        const name = part.functionCall.name ?? '';
        uses.push({ name, call: { content: c, part: p } });
        open.set(name, [...(open.get(name) ?? []), uses.length - 1]);
      } else if (part.functionResponse) {
        const name = part.functionResponse.name ?? '';
        const index = open.get(name)?.shift();
        if (index !== undefined) uses[index]!.result = { content: c, part: p };
        else uses.push({ name, result: { content: c, part: p } });
      }
    });
  });
  return uses.map((u) => ({ name: u.name, call: u.call, result: u.result }));
}

function clearUse(contents: Content[], use: ToolUse, clearInputs: boolean): void {
  const edit = (at: { content: number; part: number } | undefined, change: (part: Part) => Part) => {
    if (!at) return;
    const content = contents[at.content]!;
    contents[at.content] = {
      ...content,
      parts: (content.parts ?? []).map((part, i) => (i === at.part ? change(part) : part)),
    };
  };
  edit(use.result, (part) => ({
    functionResponse: { ...part.functionResponse, response: { result: CLEARED_PLACEHOLDER } },
  }));
  if (clearInputs) edit(use.call, (part) => ({ functionCall: { ...part.functionCall, args: {} } }));
}

function parseTrigger(value: unknown): Trigger {
  if (value === undefined) return { type: 'input_tokens', value: DEFAULT_CLEAR_TRIGGER_INPUT_TOKENS };
  const t = value as Partial<Trigger> | null;
  if (
    t === null ||
    typeof t !== 'object' ||
    (t.type !== 'input_tokens' && t.type !== 'tool_uses') ||
    typeof t.value !== 'number' ||
    !(t.value > 0)
  ) {
    throw new StrategyOptionsError(
      `${ANTHROPIC_CLEAR_TOOL_USES}: option "trigger" must be { type: input_tokens | tool_uses, value: a positive number }, got ${JSON.stringify(value)}`,
    );
  }
  return { type: t.type, value: t.value };
}
