/**
 * Gemini CLI chat compression (google-gemini/gemini-cli @5411f113:
 * `packages/core/src/context/chatCompressionService.ts` L40–51 constants, L58–97
 * `findCompressSplitPoint`, L138–230 `truncateHistoryToBudget`, L233–483 `compress`;
 * `core/client.ts` `processTurn` ~L615–715, `tryCompressChat` L1196–1255;
 * `utils/tokenCalculation.ts` L10–150; `COMPRESSION_TRUNCATE_LINES` from a dist copy [index];
 * zoo.md §10).
 *
 * Before every request (X4, `processTurn`), with `original` = the previous request's prompt tokens
 * (X7): below `compressionThreshold` (0.5) × the model's token limit (its window) nothing happens.
 * Otherwise:
 * 1. function responses beyond the newest 50,000 estimated tokens are cut to their last 30 lines;
 * 2. after a failed (inflated) compression, only that truncation is applied, if it is smaller;
 * 3. the split: the first user message without a function response at which 70 % of the
 *    characters lie before it (never at a function response); none → everything when the history
 *    ends on a model text, else the last candidate; 0 → nothing;
 * 4. two summarizer calls (the snapshot, then a "probe" that critically re-evaluates it), with the
 *    ORIGINAL slice when it is estimated under the limit, else the truncated one;
 * 5. an empty snapshot changes nothing (and sets no failure flag);
 * 6. the new chat [user snapshot, model "Got it. Thanks for the additional context!", kept…]
 *    (X4: replaces the whole history) unless its estimate (plus the system and tool tokens, X8)
 *    exceeds `original`: then the failure flag is set and compression is truncation-only.
 * Then, when the new request's estimate exceeds `limit − original`, the turn ends (X9,
 * `ContextWindowWillOverflow`). Estimator: ASCII 0.25 and other characters 1.5 tokens each in
 * strings up to 100,000 characters, length/4 above; calls JSON/4. Tool-output masking is not
 * modelled.
 * Known bugs kept: #16213/#15225/#6563 (a single-prompt tool loop compresses almost nothing, on
 * every request while above 50 %), #22942 (the original slice overflows the summarizer), GM-3
 * (an empty snapshot is retried on every request).
 */
import type { Content, Part } from '@google/genai';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import { hasFunctionCall, hasFunctionResponse, modelText, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const GEMINI_CLI = 'gemini-cli';
export const DEFAULT_COMPRESSION_THRESHOLD = 0.5;
export const COMPRESSION_PRESERVE_THRESHOLD = 0.3;
export const COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET = 50_000;
export const COMPRESSION_TRUNCATE_LINES = 30;
export const GEMINI_ACK_TEXT = 'Got it. Thanks for the additional context!';
/** The `<state_snapshot>` system prompt, by its sections (paraphrased). */
export const GEMINI_SNAPSHOT_PROMPT =
  'You compress the conversation history into a <state_snapshot> the agent will resume from. Reason first, then output the snapshot with: overall_goal, active_constraints, key_knowledge, artifact_trail, file_system_state, recent_actions, task_state.';
export const GEMINI_SNAPSHOT_REQUEST = 'First, reason in your scratchpad. Then, generate the <state_snapshot>. Integrate a previous <state_snapshot> if one is present.';
export const GEMINI_PROBE_REQUEST = 'Critically evaluate the <state_snapshot> you just wrote: is anything missing or wrong? Output a final, improved <state_snapshot>, or repeat it if it is complete.';

const STATE = { prompt: 'gemini-cli:lastPromptTokenCount', failed: 'gemini-cli:hasFailedCompressionAttempt' } as const;

export function geminiCliStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(GEMINI_CLI, options, {
    compressionThreshold: { kind: 'number', min: 0, max: 1, meaning: 'share of the token limit that triggers compression (default 0.5)' },
  });
  const threshold = read.compressionThreshold ?? DEFAULT_COMPRESSION_THRESHOLD;

  return {
    name: GEMINI_CLI,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.prompt, usage.promptTokens);
    },
    async compactSession(ctx) {
      const limit = ctx.contextWindow;
      const original = Number(ctx.state.get(STATE.prompt) ?? 0);
      const history = projectedHistory(ctx).map((m) => m.content);
      const end = lastEventId(ctx);
      const newHistory = original >= threshold * limit && end !== undefined ? await compress(ctx, history, original, limit) : undefined;
      const after = newHistory ?? history;
      // The request estimate: what this turn adds since the last model answer.
      const lastModel = after.map((c) => c.role).lastIndexOf('model');
      const willOverflow = original > 0 && estimateContents(after.slice(lastModel + 1)) > limit - original;
      return {
        ...(newHistory ? { append: [{ endEventId: end!, contents: newHistory }] } : {}),
        ...(willOverflow ? { endInvocation: true } : {}),
      };
    },
  };
}

/** `ChatCompressionService.compress`: the new chat history, or undefined when nothing changes. */
async function compress(ctx: CompactionContext, history: readonly Content[], original: number, limit: number): Promise<Content[] | undefined> {
  const truncated = truncateHistoryToBudget(history);
  if (ctx.state.get(STATE.failed) === true) {
    return estimateContents(truncated) < estimateContents(history) ? truncated : undefined;
  }
  const split = findCompressSplitPoint(truncated, 1 - COMPRESSION_PRESERVE_THRESHOLD);
  if (split === 0) return undefined;
  const originalSlice = history.slice(0, split);
  const slice = estimateContents(originalSlice) < limit ? originalSlice : truncated.slice(0, split);
  const first = await requestSummary(ctx, { model: ctx.summarizer.name, contents: [...structuredClone(slice as Content[]), userText(GEMINI_SNAPSHOT_REQUEST)], config: { systemInstruction: GEMINI_SNAPSHOT_PROMPT } });
  if (!first.ok) return undefined;
  const probe = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [...structuredClone(slice as Content[]), userText(GEMINI_SNAPSHOT_REQUEST), modelText(first.text), userText(GEMINI_PROBE_REQUEST)],
    config: { systemInstruction: GEMINI_SNAPSHOT_PROMPT },
  });
  const snapshot = probe.ok ? probe.text : first.text;
  const newHistory = [userText(snapshot), modelText(GEMINI_ACK_TEXT), ...structuredClone(truncated.slice(split) as Content[])];
  const overhead = (ctx.requestOverhead?.systemInstructionTokens ?? 0) + (ctx.requestOverhead?.toolDeclarationTokens ?? 0);
  if (estimateContents(newHistory) + overhead > original) {
    ctx.state.set(STATE.failed, true);
    ctx.warn?.('gemini-cli: COMPRESSION_FAILED_INFLATED_TOKEN_COUNT');
    return undefined;
  }
  return newHistory;
}

/** `findCompressSplitPoint`: the index of the oldest content to keep (`contents.length` = compress all). */
export function findCompressSplitPoint(contents: readonly Content[], fraction: number): number {
  const sizes = contents.map((c) => JSON.stringify(c).length);
  const total = sizes.reduce((a, b) => a + b, 0);
  const target = total * fraction;
  let before = 0;
  let lastCandidate = 0;
  for (let i = 0; i < contents.length; i += 1) {
    const content = contents[i]!;
    if (content.role === 'user' && !hasFunctionResponse(content)) {
      if (before >= target) return i;
      lastCandidate = i;
    }
    before += sizes[i]!;
  }
  const last = contents[contents.length - 1];
  if (last?.role === 'model' && !hasFunctionCall(last)) return contents.length;
  return lastCandidate;
}

/** `truncateHistoryToBudget`: function responses beyond the newest 50,000 tokens keep their last 30 lines. */
export function truncateHistoryToBudget(history: readonly Content[]): Content[] {
  let used = 0;
  const result = history.map((c) => c);
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const content = history[i]!;
    if (!hasFunctionResponse(content)) continue;
    const tokens = estimateContents([content]);
    if (used + tokens <= COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET) {
      used += tokens;
      continue;
    }
    result[i] = { role: content.role ?? 'user', parts: (content.parts ?? []).map(truncatePart) };
  }
  return result;
}

function truncatePart(part: Part): Part {
  if (!part.functionResponse) return part;
  const response = part.functionResponse.response ?? {};
  const values = Object.values(response);
  const text = values.length === 1 && typeof values[0] === 'string' ? values[0] : JSON.stringify(response);
  const lines = text.split('\n');
  const output = lines.length <= COMPRESSION_TRUNCATE_LINES ? text : `... [truncated: full output saved to a file] ...\n${lines.slice(-COMPRESSION_TRUNCATE_LINES).join('\n')}`;
  return { functionResponse: { ...part.functionResponse, response: { output } } };
}

/** `tokenCalculation.ts`: ASCII 0.25 and other characters 1.5 tokens each (strings ≤ 100,000 characters), else length/4. */
export function estimateText(text: string): number {
  if (text.length > 100_000) return text.length / 4;
  let tokens = 0;
  for (const char of text) tokens += char.charCodeAt(0) < 128 ? 0.25 : 1.5;
  return tokens;
}

export function estimateContents(contents: readonly Content[]): number {
  let total = 0;
  for (const content of contents) {
    for (const part of content.parts ?? []) {
      if (typeof part.text === 'string') total += estimateText(part.text);
      else if (part.functionCall) total += JSON.stringify(part.functionCall).length / 4;
      else if (part.functionResponse) total += estimateText(JSON.stringify(part.functionResponse.response ?? {}));
      else if (part.inlineData) total += 3_000;
    }
  }
  return Math.floor(total);
}
