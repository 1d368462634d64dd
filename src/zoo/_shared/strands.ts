/**
 * What Strands Agents' two conversation managers share at strands-agents/sdk-python @1232230d
 * (`main`, 2026-05-15; the conversation-manager files as f8621853, PR #2239, left them): the
 * proactive compression of the `ConversationManager` base class and the token estimate it reads.
 *
 * - `proactive_compression` (`conversation_manager.py` L66–98): true → threshold 0.7; a dict →
 *   its `compression_threshold` (default 0.7), which must lie in (0, 1]; false or absent → off.
 * - Before every model call (`_on_before_model_call_threshold` L116–159): with a threshold, the
 *   projected input tokens over the model's `context_window_limit` (200,000 when the model config
 *   has none, L130–139; here the world's window, as a user who sets it) at or above the
 *   threshold → `reduce_context` without an error, best-effort (a failure is swallowed).
 * - The projection (`event_loop.py` `_estimate_input_tokens` L78–117): the last assistant
 *   message's reported input + output tokens, plus the estimate of the messages after it; with
 *   no such message, the estimate of everything with the system prompt and tool specs. The
 *   estimate (`models/model.py` `_estimate_tokens_with_heuristic` L88–118 and
 *   `_count_content_block_tokens` L40–86): ceil(chars/4) per text block and tool-result text,
 *   ceil(name/4) + ceil(len(json.dumps(input))/2) per tool use.
 */
import type { Content } from '@google/genai';
import { StrategyOptionsError } from '../../engine/strategies/strategy-options.ts';
import type { CompactionContext } from '../../engine/types.ts';
import type { HistoryMessage } from './history.ts';

/** `DEFAULT_COMPRESSION_THRESHOLD`. */
export const DEFAULT_COMPRESSION_THRESHOLD = 0.7;

/** The option as a `proactive_compression` argument: the threshold, or undefined when off. */
export function compressionThreshold(strategy: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  let threshold: unknown = DEFAULT_COMPRESSION_THRESHOLD;
  if (value !== true) {
    if (typeof value !== 'object' || Array.isArray(value))
      throw new StrategyOptionsError(
        `${strategy}: option "proactive_compression" must be true, false or {compression_threshold: number}, got ${JSON.stringify(value)}`,
      );
    threshold = (value as Record<string, unknown>).compression_threshold ?? DEFAULT_COMPRESSION_THRESHOLD;
  }
  if (typeof threshold !== 'number' || !(threshold > 0 && threshold <= 1))
    throw new StrategyOptionsError(
      `${strategy}: option "proactive_compression.compression_threshold" must be between 0 (exclusive) and 1 (inclusive), got ${JSON.stringify(threshold)}`,
    );
  return threshold;
}

/** `_on_before_model_call_threshold`'s test: projected input tokens / the window ≥ the threshold. */
export function proactiveCompressionDue(
  ctx: CompactionContext,
  history: readonly HistoryMessage[],
  threshold: number | undefined,
): boolean {
  if (threshold === undefined) return false;
  return projectedInputTokens(ctx, history) / ctx.contextWindow >= threshold;
}

/** `_estimate_input_tokens`: the last reported usage plus the estimate of what came after it. */
export function projectedInputTokens(ctx: CompactionContext, history: readonly HistoryMessage[]): number {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const message = history[i]!;
    const usage = message.fromRecord ? undefined : message.event.usageMetadata;
    if (message.content.role !== 'model' || usage?.promptTokenCount === undefined) continue;
    const baseline = usage.promptTokenCount + (usage.candidatesTokenCount ?? 0);
    return baseline + heuristicTokens(history.slice(i + 1).map((m) => m.content));
  }
  const overhead = ctx.requestOverhead;
  return (
    heuristicTokens(history.map((m) => m.content)) +
    (overhead ? overhead.systemInstructionTokens + overhead.toolDeclarationTokens : 0)
  );
}

/** `_estimate_tokens_with_heuristic` over messages (no system prompt, no tools). */
export function heuristicTokens(messages: readonly Content[]): number {
  let total = 0;
  for (const message of messages) {
    for (const part of message.parts ?? []) {
      if (typeof part.text === 'string') total += Math.ceil(part.text.length / 4);
      if (part.functionCall) {
        total += Math.ceil((part.functionCall.name ?? '').length / 4);
        total += Math.ceil(pythonJsonDumps(part.functionCall.args ?? {}).length / 2);
      }
      if (part.functionResponse) {
        // Only a tool result's text items count; a result is text here when its values are strings.
        for (const value of Object.values(part.functionResponse.response ?? {}))
          if (typeof value === 'string') total += Math.ceil(value.length / 4);
      }
    }
  }
  return total;
}

/** Python's `json.dumps` with its default separators (", " and ": "). */
function pythonJsonDumps(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJsonDumps).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJsonDumps(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}
