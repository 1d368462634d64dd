/**
 * Gemini CLI chat compression, two generations (google-gemini/gemini-cli; docs/peer-strategies.md §10):
 * - `gemini-cli` — @5411f113 (2026-08-21): `packages/core/src/context/chatCompressionService.ts`
 *   L40–52 constants, L58–97 `findCompressSplitPoint`, L138–232 `truncateHistoryToBudget`, L240–483
 *   `compress`; `context/toolOutputMaskingService.ts` (`mask`, protect 50,000 / prune ≥ 30,000);
 *   `core/client.ts` L689–715 (compress, then the overflow check, masking between), `tryCompressChat`;
 *   `core/geminiChat.ts` L362, L1167 (a new history resets the last prompt count to its estimate);
 *   `utils/fileUtils.ts` `formatTruncatedToolOutput`; `config/config.ts` L478, L3794–3800.
 * - `gemini-cli-2026-01` — @1182168bd9 (2026-01-20, PR #15710 "anchored iterative compression with
 *   self-verification"): `packages/core/src/services/chatCompressionService.ts`, the same split,
 *   snapshot + probe and inflation check; tool output truncated to its last 30 lines; no masking; a
 *   failed (inflated) attempt turns auto-compression off for the session.
 *
 * Before every request (X4, `processTurn`), with `original` = the last prompt token count (the
 * previous response's usage, X7, or the estimate of a history just replaced): below
 * `compressionThreshold` (0.5) × the model's token limit (its window) nothing happens. Otherwise:
 * 1. function responses beyond the newest 50,000 estimated tokens are truncated (the truncated
 *    placeholder counts towards the budget): 2026-01 keeps the last 30 lines (lines over 1,000
 *    characters cut; a single line keeps its last 4,000 characters); current keeps the first 20 %
 *    and last 80 % of min(40,000, 4 × (limit − original)) characters, outputs under that untouched;
 * 2. after a failed (inflated) compression: 2026-01 does nothing more for the session; current
 *    applies only that truncation, when its estimate is below `original` (CONTENT_TRUNCATED);
 * 3. the split: the first user message without a function response at which 70 % of the
 *    characters lie before it (never at a function response); none → everything when the history
 *    ends on a model text, else the last candidate; 0 → nothing;
 * 4. two summarizer calls: the snapshot (history + instruction), then the probe (history, the
 *    snapshot as a model turn, the critique request), with the ORIGINAL slice when it is estimated
 *    under the limit, else the truncated one; the probe's text wins unless it is empty;
 * 5. both empty → nothing changes (COMPRESSION_FAILED_EMPTY_SUMMARY, no failure flag);
 * 6. the new chat [user snapshot, model "Got it. Thanks for the additional context!", kept…]
 *    (X4: replaces the whole history) unless the estimate of the new history (no system prompt or
 *    tool declarations: `getInitialChatHistory` adds only the environment context) exceeds
 *    `original`: then the failure flag is set (COMPRESSION_FAILED_INFLATED_TOKEN_COUNT).
 * A replaced history resets `original` to its estimate. Then the turn ends (X9,
 * `ContextWindowWillOverflow`) when the new request's estimate exceeds limit − that count.
 * Current only: tool-output masking after the overflow check (always on): function responses
 * beyond the newest 50,000 tokens of tool output (the latest message skipped) become a 500-character
 * preview inside `<tool_output_masked>` once at least 30,000 tokens are prunable.
 * Estimator: ASCII 0.25 and other characters 1.5 tokens each in strings up to 100,000 characters,
 * length/4 above; calls JSON/4.
 * Known bugs kept: #16213/#15225/#6563 (a single-prompt tool loop compresses almost nothing, on
 * every request while above 50 %), #22942 (the original slice overflows the summarizer), GM-3
 * (an empty snapshot is retried on every request).
 */
import type { Content, Part } from '@google/genai';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionCall, hasFunctionResponse, modelText, userText } from './_shared/content-text.ts';
import { lastEventId, projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const GEMINI_CLI = 'gemini-cli';
export const GEMINI_CLI_2026_01 = 'gemini-cli-2026-01';
export type GeminiGeneration = 'current' | '2026-01';
export const DEFAULT_COMPRESSION_THRESHOLD = 0.5;
export const COMPRESSION_PRESERVE_THRESHOLD = 0.3;
export const COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET = 50_000;
/** 2026-01: `COMPRESSION_TRUNCATE_LINES`, `MAX_TRUNCATED_LINE_WIDTH`, `MAX_TRUNCATED_CHARS`. */
export const COMPRESSION_TRUNCATE_LINES = 30;
export const MAX_TRUNCATED_LINE_WIDTH = 1_000;
export const MAX_TRUNCATED_CHARS = 4_000;
/** Current: `DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD` (characters) and the head share of `formatTruncatedToolOutput`. */
export const DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD = 40_000;
export const TRUNCATE_HEAD_SHARE = 0.2;
/** Current: `ToolOutputMaskingService` defaults. */
export const DEFAULT_TOOL_PROTECTION_THRESHOLD = 50_000;
export const DEFAULT_MIN_PRUNABLE_TOKENS_THRESHOLD = 30_000;
export const MASK_PREVIEW_CHARS = 500;
export const MASKING_INDICATOR_TAG = 'tool_output_masked';
export const GEMINI_ACK_TEXT = 'Got it. Thanks for the additional context!';
/** The `<state_snapshot>` system prompt, by its sections (paraphrased). */
export const GEMINI_SNAPSHOT_PROMPT =
  'You compress the conversation history into a <state_snapshot> the agent will resume from. Reason first, then output the snapshot with: overall_goal, active_constraints, key_knowledge, artifact_trail, file_system_state, recent_actions, task_state.';
export const GEMINI_SNAPSHOT_REQUEST =
  'First, reason in your scratchpad. Then, generate the <state_snapshot>. Integrate a previous <state_snapshot> if one is present.';
export const GEMINI_PROBE_REQUEST =
  'Critically evaluate the <state_snapshot> you just wrote: is anything missing or wrong? Output a final, improved <state_snapshot>, or repeat it if it is complete.';

export const AUDIT: StrategyAudit = {
  upstream: 'google-gemini/gemini-cli',
  commit: '5411f113',
  checked: '2026-11-26',
  follows: [
    'packages/core/src/context/chatCompressionService.ts L40-52, L58-97, L138-232, L240-483',
    'packages/core/src/context/toolOutputMaskingService.ts (mask, defaults 50,000 / 30,000, 500-character preview)',
    'packages/core/src/core/client.ts L689-715 (tryCompressChat, remaining = limit - last prompt count, tryMaskToolOutputs, ContextWindowWillOverflow)',
    'packages/core/src/core/geminiChat.ts L362, L1167 (setHistory resets the last prompt count to the estimate)',
    'packages/core/src/utils/fileUtils.ts formatTruncatedToolOutput; config/config.ts L478, L3794-3800',
  ],
  leavesOut: [
    'the truncated and masked outputs are not written to files (the world has no file system); the file path in the placeholder is fixed text',
    "the shell tool's sectioned preview and the exempt tools (skills, ask_user, plan mode): the world has neither",
    'the remote experiment flag that may override the 0.5 threshold, and the agentHistoryProvider path (context management behind a flag)',
    'the countTokens API for requests with non-text parts: the character estimate is used throughout',
  ],
};

export const AUDIT_2026_01: StrategyAudit = {
  upstream: 'google-gemini/gemini-cli',
  commit: '1182168bd9',
  checked: '2026-11-26',
  follows: [
    'packages/core/src/services/chatCompressionService.ts (constants, truncateHistoryToBudget, compress: NOOP after a failed attempt L247-260)',
    'packages/core/src/utils/fileUtils.ts formatTruncatedToolOutput (last 30 lines, 1,000-character lines, 4,000 characters for one line)',
    "packages/core/src/core/client.ts tryCompressChat (COMPRESSED starts a new chat), processTurn overflow check; core/geminiChat.ts constructor (the new chat's last prompt count is its estimate)",
  ],
  leavesOut: [
    'the truncated outputs are not written to files (no file system in the world)',
    'the countTokens API for non-text parts',
  ],
};

const STATE = { prompt: 'gemini-cli:lastPromptTokenCount', failed: 'gemini-cli:hasFailedCompressionAttempt' } as const;

export function geminiCliStrategy(options?: Record<string, unknown>): CompactionStrategy {
  return geminiCli(GEMINI_CLI, 'current', options);
}

export function geminiCli2026_01Strategy(options?: Record<string, unknown>): CompactionStrategy {
  return geminiCli(GEMINI_CLI_2026_01, '2026-01', options);
}

function geminiCli(
  name: string,
  generation: GeminiGeneration,
  options: Record<string, unknown> | undefined,
): CompactionStrategy {
  const read = readOptions(name, options, {
    compressionThreshold: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'share of the token limit that triggers compression (default 0.5)',
    },
  });
  const threshold = read.compressionThreshold ?? DEFAULT_COMPRESSION_THRESHOLD;

  return {
    name,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.prompt, usage.promptTokens);
    },
    async compactSession(ctx) {
      const limit = ctx.contextWindow;
      const original = Number(ctx.state.get(STATE.prompt) ?? 0);
      const history = projectedHistory(ctx).map((m) => m.content);
      const end = lastEventId(ctx);
      const compressed =
        original >= threshold * limit && end !== undefined
          ? await compress(ctx, generation, history, original, limit)
          : undefined;
      // A replaced history resets the last prompt count to its estimate (geminiChat setHistory / a new chat).
      if (compressed) ctx.state.set(STATE.prompt, estimateContents(compressed));
      const after = compressed ?? history;
      const remaining = limit - Number(ctx.state.get(STATE.prompt) ?? 0);
      // The request estimate: what this turn adds since the last model answer.
      const lastModel = after.map((c) => c.role).lastIndexOf('model');
      const willOverflow = original > 0 && estimateContents(after.slice(lastModel + 1)) > remaining;
      const masked = generation === 'current' && end !== undefined ? maskToolOutputs(after) : undefined;
      if (masked) ctx.state.set(STATE.prompt, estimateContents(masked));
      const replaced = masked ?? compressed;
      return {
        ...(replaced ? { append: [{ endEventId: end!, contents: replaced }] } : {}),
        ...(willOverflow ? { endInvocation: true } : {}),
      };
    },
  };
}

/** `ChatCompressionService.compress`: the new chat history, or undefined when nothing changes. */
async function compress(
  ctx: CompactionContext,
  generation: GeminiGeneration,
  history: readonly Content[],
  original: number,
  limit: number,
): Promise<Content[] | undefined> {
  const failed = ctx.state.get(STATE.failed) === true;
  if (failed && generation === '2026-01') return undefined;
  const maxChars = Math.min(DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD, 4 * (limit - original));
  const truncated = truncateHistoryToBudget(
    history,
    generation === 'current' ? { kind: 'head-tail', maxChars } : { kind: 'last-lines' },
  );
  if (failed) return estimateContents(truncated) < original ? truncated : undefined;
  const split = findCompressSplitPoint(truncated, 1 - COMPRESSION_PRESERVE_THRESHOLD);
  if (split === 0) return undefined;
  const originalSlice = history.slice(0, split);
  const slice = estimateContents(originalSlice) < limit ? originalSlice : truncated.slice(0, split);
  const first = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [...structuredClone(slice as Content[]), userText(GEMINI_SNAPSHOT_REQUEST)],
    config: { systemInstruction: GEMINI_SNAPSHOT_PROMPT },
  });
  if (!first.ok && first.reason !== 'empty') return undefined;
  const summary = first.ok ? first.text : '';
  const probe = await requestSummary(ctx, {
    model: ctx.summarizer.name,
    contents: [...structuredClone(slice as Content[]), modelText(summary), userText(GEMINI_PROBE_REQUEST)],
    config: { systemInstruction: GEMINI_SNAPSHOT_PROMPT },
  });
  const snapshot = ((probe.ok ? probe.text.trim() : '') || summary).trim();
  if (snapshot === '') return undefined;
  const newHistory = [
    userText(snapshot),
    modelText(GEMINI_ACK_TEXT),
    ...structuredClone(truncated.slice(split) as Content[]),
  ];
  if (estimateContents(newHistory) > original) {
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

export type TruncationRule =
  | { readonly kind: 'last-lines' }
  | { readonly kind: 'head-tail'; readonly maxChars: number };

/**
 * `truncateHistoryToBudget`: newest first, function responses are kept while the running count of
 * function-response tokens stays within 50,000; beyond it each is truncated by `rule`, and the
 * truncated text counts towards the budget.
 */
export function truncateHistoryToBudget(
  history: readonly Content[],
  rule: TruncationRule = { kind: 'head-tail', maxChars: DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD },
): Content[] {
  let used = 0;
  const result = history.map((c) => c);
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const content = history[i]!;
    if (!hasFunctionResponse(content)) continue;
    const parts = [...(content.parts ?? [])];
    for (let j = parts.length - 1; j >= 0; j -= 1) {
      const part = parts[j]!;
      if (!part.functionResponse) continue;
      const text = responseString(part.functionResponse.response);
      const tokens = Math.floor(estimateText(text));
      if (used + tokens <= COMPRESSION_FUNCTION_RESPONSE_TOKEN_BUDGET) {
        used += tokens;
        continue;
      }
      const output = rule.kind === 'last-lines' ? lastLines(text) : headTail(text, rule.maxChars);
      parts[j] = { functionResponse: { ...part.functionResponse, response: { output } } };
      used += Math.floor(estimateText(output));
    }
    result[i] = { ...content, role: content.role ?? 'user', parts };
  }
  return result;
}

/** The string truncation works on: `output` or `content` when a string, else the JSON (indented). */
function responseString(response: Record<string, unknown> | undefined): string {
  if (response && typeof response === 'object') {
    if (typeof response['output'] === 'string') return response['output'];
    if (typeof response['content'] === 'string') return response['content'];
  }
  return JSON.stringify(response ?? {}, null, 2);
}

const SAVED_TO = 'For full output see: <saved file>';

/** 2026-01 `formatTruncatedToolOutput`: the last 30 lines (long lines cut), or a single line's last 4,000 characters. */
function lastLines(text: string): string {
  const lines = text.split('\n');
  if (lines.length > 1) {
    const kept = lines
      .slice(-COMPRESSION_TRUNCATE_LINES)
      .map((line) =>
        line.length > MAX_TRUNCATED_LINE_WIDTH
          ? `${line.slice(0, MAX_TRUNCATED_LINE_WIDTH)}... [LINE WIDTH TRUNCATED]`
          : line,
      );
    return `Output too large. Showing the last ${kept.length} of ${lines.length} lines. ${SAVED_TO}\n...\n${kept.join('\n')}`;
  }
  return `Output too large. Showing the last ${MAX_TRUNCATED_CHARS} characters of the output. ${SAVED_TO}\n...${text.slice(-MAX_TRUNCATED_CHARS)}`;
}

/** Current `formatTruncatedToolOutput`: unchanged up to `maxChars`, else its first 20 % and last 80 %. */
function headTail(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = Math.floor(maxChars * TRUNCATE_HEAD_SHARE);
  const tail = maxChars - head;
  return `Output too large. Showing first ${head} and last ${tail} characters. ${SAVED_TO}\n${text.slice(0, head)}\n\n... [${text.length - head - tail} characters omitted] ...\n\n${tail > 0 ? text.slice(-tail) : ''}`;
}

/**
 * `ToolOutputMaskingService.mask` (current only): newest first, skipping the latest message, the
 * function responses past the newest 50,000 tokens of tool output are prunable; at least 30,000
 * prunable tokens → each becomes a 500-character preview in `<tool_output_masked>` (when that is
 * smaller). Returns the masked history, or undefined when nothing is masked.
 */
export function maskToolOutputs(history: readonly Content[]): Content[] | undefined {
  let cumulative = 0;
  let boundary = false;
  let prunableTokens = 0;
  const prunable: { i: number; j: number; tokens: number; text: string }[] = [];
  for (let i = history.length - 2; i >= 0; i -= 1) {
    const parts = history[i]!.parts ?? [];
    for (let j = parts.length - 1; j >= 0; j -= 1) {
      const response = parts[j]!.functionResponse;
      if (!response?.response) continue;
      const text = JSON.stringify(response.response, null, 2);
      if (text.includes(`<${MASKING_INDICATOR_TAG}`)) continue;
      const tokens = estimateContents([{ role: 'user', parts: [parts[j]!] }]);
      if (!boundary) {
        cumulative += tokens;
        if (cumulative <= DEFAULT_TOOL_PROTECTION_THRESHOLD) continue;
        boundary = true;
      }
      prunableTokens += tokens;
      prunable.push({ i, j, tokens, text });
    }
  }
  if (prunableTokens < DEFAULT_MIN_PRUNABLE_TOKENS_THRESHOLD) return undefined;
  const result = history.map((c) => c);
  let masked = 0;
  for (const { i, j, tokens, text } of prunable) {
    const half = MASK_PREVIEW_CHARS / 2;
    const preview =
      text.length > MASK_PREVIEW_CHARS ? `${text.slice(0, half)}\n... [TRUNCATED] ...\n${text.slice(-half)}` : text;
    const part = result[i]!.parts![j]!;
    const maskedPart: Part = {
      ...part,
      functionResponse: {
        ...part.functionResponse!,
        response: {
          output: `<${MASKING_INDICATOR_TAG}>\n${preview}\n\nOutput too large. Full output available at: <saved file>\n</${MASKING_INDICATOR_TAG}>`,
        },
      },
    };
    if (tokens - estimateContents([{ role: 'user', parts: [maskedPart] }]) <= 0) continue;
    const parts = [...result[i]!.parts!];
    parts[j] = maskedPart;
    result[i] = { ...result[i]!, parts };
    masked += 1;
  }
  return masked > 0 ? result : undefined;
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
