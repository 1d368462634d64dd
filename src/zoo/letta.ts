/**
 * Letta's compaction in its default `sliding_window` mode (letta-ai/letta @56ba9c25, the last commit
 * before the repository was archived: `letta/services/summarizer/summarizer_sliding_window.py`
 * L98–232, `summarizer_all.py`, `compact.py` L134–470, `summarizer.py` `simple_summary` (fallbacks
 * A and B) and `simple_formatter`, `thresholds.py`, `summarizer_config.py` `CompactionSettings`,
 * `letta/agents/letta_agent_v3.py` L938 (threshold), L1218–1290 (overflow retry), L1306 (estimate),
 * L1439–1510 (post-step check), `letta/system.py` `package_summarize_message_no_counts`,
 * `letta/constants.py` (`SUMMARIZATION_TRIGGER_MULTIPLIER` 0.9, `TOOL_RETURN_TRUNCATION_CHARS`
 * 5,000), `letta/settings.py` (`partial_evict_summarizer_percentage` 0.3, `max_summarizer_retries` 3)).
 *
 * - Count: after each model call, the response's total tokens. After each step (its tools run),
 *   when that count is over the trigger, the in-context messages are compacted (X2/X4: checked
 *   before the next model call of the turn, and after the turn's last step). The trigger is
 *   int(0.9 × W) at @56ba9c25 (PR #9897); `trigger: "full-window"` is the generation of PR #9869,
 *   where models other than GPT-5 triggered at 100 % of the window.
 * - `summarize_via_sliding_window` over [system, …messages]: goal = (1 − 0.3) × W tokens; the
 *   eviction share starts at 0.3 and grows by 0.1 while the kept part (system + messages from the
 *   cut) counts at least the goal; the cut is the last assistant message at or before
 *   round(share × count) (Python's round). A share that reaches 1.0, no assistant message, or a cut
 *   on the last message is a ValueError: the whole history is summarized instead (`summarize_all`).
 *   The evicted messages (the previous summary among them) go to the summarizer as a transcript
 *   ("[role] text", calls as "name(args)"); the summary is clipped to 50,000 characters.
 * - `simple_summary`: on a context-window error, again with tool results cut to 5,000 characters
 *   (A), then with the transcript cut in the middle to 0.6 × 4 × W bytes less the prompt (B); a
 *   failure of B, or an error other than the window on the first try, propagates. A window error of
 *   the sliding summary is not retried in `all` mode.
 * - After: the estimate is the count of [system, …kept messages] and the tools (the new summary not
 *   counted). Still at or over the trigger after a sliding summary → `summarize_all` of the kept
 *   messages, whose summary replaces the sliding one. Still over: logged, the turn goes on.
 * - The history becomes [system, summary message, …kept]; the summary message is the packaged
 *   system alert "Note: prior messages … have been hidden … The following is a summary …".
 * - A context-window error from the model: compact and retry, at most 3 times in a step; then the
 *   error ends the run. Any error of a compaction ends the run (the step's exception stops the loop).
 * Known limits kept: the trigger reads the last call's total, so the tool results of the step that
 * crossed it are not counted; after a failed sliding pass, the summary of the evicted part is
 * thrown away and only the kept part is summarized.
 */
import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { isContextWindowExceeded } from '../engine/errors/context-window-exceeded.ts';
import type { CompactionRecord } from '../engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { capText, partText, userText, utf8Bytes } from './_shared/content-text.ts';
import { lastEventId, projectedHistory, type HistoryMessage } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary, summaryError } from './_shared/summarizer.ts';

export const LETTA = 'letta';
export const SUMMARIZATION_TRIGGER_MULTIPLIER = 0.9;
export const SLIDING_WINDOW_PERCENTAGE = 0.3;
export const CLIP_CHARS = 50_000;
export const SUMMARY_TRUNCATION_SUFFIX = '... [summary truncated to fit]';
export const TOOL_RETURN_TRUNCATION_CHARS = 5_000;
export const MAX_SUMMARIZER_RETRIES = 3;
/** `ApproxTokenCounter`'s bytes/4 is scaled by this (`APPROX_TOKEN_SAFETY_MARGIN`). */
export const APPROX_TOKEN_SAFETY_MARGIN = 1.3;
/** The `sliding_window` and `all` prompts, by their sections (paraphrased). */
export const SLIDING_PROMPT =
  'The following messages are being evicted from the beginning of your context window. Write a detailed summary of them to appear before the remaining recent messages: high level goals, what happened, important details (identifiers verbatim), errors and fixes, current state, lookup hints. Under 300 words.';
export const ALL_PROMPT =
  "Create a detailed summary of the conversation so far, paying close attention to the user's explicit requests and your previous actions: high level goals, what happened, important details (identifiers verbatim), errors and fixes, current state, next step, lookup hints. Under 500 words.";

export const AUDIT: StrategyAudit = {
  upstream: 'letta-ai/letta',
  commit: '56ba9c25',
  checked: '2026-11-26',
  follows: [
    'letta/services/summarizer/thresholds.py get_compaction_trigger_threshold: int(context_window * 0.9) (PR #9897; PR #9869 used the full window for models other than GPT-5)',
    'letta/services/summarizer/summarizer_sliding_window.py L130-232: goal (1 - 0.3) * W, eviction share 0.3 + 0.1 steps, the last assistant message at or before round(share * count), ValueError cases, clip_chars 50,000',
    'letta/services/summarizer/compact.py L305-345 (sliding_window, its ContextWindowExceededError re-raised, other errors fall back to all), L347-410 (estimate of the compacted messages with tools; summarize_all when still over; SystemPromptTokenExceededError), L425-470 (summary message before the kept messages)',
    'letta/services/summarizer/summarizer.py simple_summary (fallback A: tool returns cut to 5,000; fallback B: middle truncation to 0.6 * 4 * W bytes less the prompt, head and tail 0.3), simple_formatter',
    'letta/agents/letta_agent_v3.py L1218-1290 (overflow: compact and retry, max_summarizer_retries 3), L1306 (estimate = usage.total_tokens), L1439-1510 (post-step check: estimate > threshold)',
    'letta/system.py package_summarize_message_no_counts (sliding and all texts)',
  ],
  leavesOut: [
    "the summarizer model (a lighter model per provider upstream): the world's summarizer; the approval-request protections (the world has no approvals)",
    "the provider token counters: the provider's count (countTokens) when the host offers it, else bytes/4 x 1.3 as the approximate counter",
    'the local time and compaction stats in the packaged summary message; the system prompt rebuild after compaction',
    "the self_compact modes (the agent's own model writes the summary, X10)",
  ],
};

const STATE = {
  estimate: 'letta:contextTokenEstimate',
  pending: 'letta:checkPending',
  retries: 'letta:overflowRetries',
} as const;

type Mode = 'sliding_window' | 'all';

export function lettaStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(LETTA, options, {
    trigger: {
      kind: 'string',
      values: ['0.9', 'full-window'],
      meaning:
        'the compaction trigger: "0.9" of the window (@56ba9c25, PR #9897) or "full-window" (PR #9869, models other than GPT-5)',
    },
    sliding_window_percentage: {
      kind: 'number',
      min: 0,
      max: 1,
      meaning: 'share of messages evicted first (default 0.3)',
    },
  });
  const percentage = read.sliding_window_percentage ?? SLIDING_WINDOW_PERCENTAGE;
  const threshold = (w: number) =>
    read.trigger === 'full-window' ? w : Math.floor(w * SUMMARIZATION_TRIGGER_MULTIPLIER);

  const postStepCheck = async (ctx: CompactionContext): Promise<CompactionRecord | undefined> => {
    if (ctx.state.get(STATE.pending) !== true) return undefined;
    ctx.state.set(STATE.pending, false);
    const estimate = ctx.state.get(STATE.estimate) as number | undefined;
    if (estimate === undefined || !(estimate > threshold(ctx.contextWindow))) return undefined;
    return compact(ctx, percentage, threshold(ctx.contextWindow));
  };

  return {
    name: LETTA,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.estimate, usage.totalTokens || usage.inputTokens + usage.outputTokens);
      ctx.state.set(STATE.pending, true);
      ctx.state.set(STATE.retries, 0);
    },
    async compactSession(ctx) {
      const record = await postStepCheck(ctx);
      return record ? { append: [record] } : undefined;
    },
    async afterInvocation(ctx) {
      const record = await postStepCheck(ctx);
      return record ? { append: [record] } : undefined;
    },
    async onModelError(ctx, error) {
      if (!isContextWindowExceeded(error)) return undefined;
      const attempt = Number(ctx.state.get(STATE.retries) ?? 0);
      if (attempt >= MAX_SUMMARIZER_RETRIES) return undefined;
      ctx.state.set(STATE.retries, attempt + 1);
      const record = await compact(ctx, percentage, threshold(ctx.contextWindow));
      return { append: record ? [record] : [], retry: true };
    },
  };
}

/** `compact_messages` in sliding_window mode: the record replacing the history, or an error that ends the run. */
async function compact(
  ctx: CompactionContext,
  percentage: number,
  trigger: number,
): Promise<CompactionRecord | undefined> {
  const history = projectedHistory(ctx);
  const messages = history.map((m) => m.content);
  let mode: Mode = 'sliding_window';
  let summary: string;
  let keptFrom: number; // index in `messages` of the first kept message
  try {
    const sliding = await summarizeViaSlidingWindow(ctx, messages, percentage);
    summary = sliding.summary;
    keptFrom = sliding.keptFrom;
  } catch (error) {
    if (isContextWindowExceeded(error)) throw error;
    mode = 'all';
    summary = await summarizeAll(ctx, messages);
    keptFrom = messages.length;
  }
  // The estimate of [system, …kept] with the tools: the new summary is not in it.
  let estimate = countTokens(ctx, messages.slice(keptFrom), true);
  if (estimate >= trigger) {
    if (mode === 'sliding_window') {
      summary = await summarizeAll(ctx, messages.slice(keptFrom));
      mode = 'all';
      keptFrom = messages.length;
      estimate = countTokens(ctx, [], true);
    }
    if (estimate >= trigger && countTokens(ctx, [], false) >= ctx.contextWindow) {
      throw new Error(
        `${LETTA}: SystemPromptTokenExceededError: the system prompt exceeds the context window (${ctx.contextWindow})`,
      );
    }
    if (estimate >= trigger)
      ctx.warn?.(`${LETTA}: Failed to summarize messages after fallback: ${estimate} > ${trigger}`);
  }
  ctx.state.set(STATE.estimate, estimate);
  const contents = [userText(packageSummary(summary, mode))];
  // A cut at the first message evicts nothing: upstream the summary of nothing goes in front of
  // everything; a record must hide something, so here the history stays as it is.
  if (keptFrom === 0) return undefined;
  const end = keptFrom >= history.length ? lastEventId(ctx)! : history[keptFrom - 1]!.throughEventId;
  return { endEventId: end, contents };
}

/** `summarize_via_sliding_window`: the summary of the evicted messages and where the kept ones start. */
export async function summarizeViaSlidingWindow(
  ctx: CompactionContext,
  messages: readonly Content[],
  percentage: number,
): Promise<{ summary: string; keptFrom: number }> {
  const cut = slidingWindowCutoff(messages, percentage, ctx.contextWindow, (kept) => countTokens(ctx, kept, false));
  // In-context index `cut` (after the system message) is message `cut − 1`: evicted are messages[0, cut − 1).
  const summary = await simpleSummary(ctx, messages.slice(0, cut - 1), SLIDING_PROMPT);
  return { summary: clip(summary), keptFrom: cut - 1 };
}

/**
 * The cutoff search over [system, …messages] (in-context indices, the system message at 0): the
 * index of the first kept message, or a thrown ValueError when the window cannot slide.
 */
export function slidingWindowCutoff(
  messages: readonly Content[],
  percentage: number,
  contextWindow: number,
  count: (kept: readonly Content[]) => number,
): number {
  const total = messages.length + 1;
  const maximum = total - 1;
  const at = (i: number) => messages[i - 1]!;
  let eviction = percentage;
  let cut: number | undefined;
  const goal = (1 - percentage) * contextWindow;
  let approx = contextWindow;
  while (approx >= goal && eviction < 1.0) {
    eviction += 0.1;
    const cutoff = pyRound(eviction * total);
    cut = undefined;
    for (let i = Math.min(cutoff, total - 1); i >= 1; i -= 1) {
      if (at(i).role === 'model') {
        cut = i;
        break;
      }
    }
    if (cut === undefined) continue;
    approx = count(messages.slice(cut - 1));
  }
  if (cut === undefined || eviction >= 1.0)
    throw new Error('No assistant message found for sliding window summarization');
  if (cut >= maximum)
    throw new Error(`Assistant message index ${cut} is at the end of the message buffer, skipping summarization`);
  return cut;
}

/** Python's `round`: halves to even. */
export function pyRound(x: number): number {
  const floor = Math.floor(x);
  const fraction = x - floor;
  if (fraction > 0.5) return floor + 1;
  if (fraction < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** `summarize_all` (no approval request to protect): every message summarized. */
async function summarizeAll(ctx: CompactionContext, messages: readonly Content[]): Promise<string> {
  return clip(await simpleSummary(ctx, messages, ALL_PROMPT));
}

function clip(summary: string): string {
  return summary.length > CLIP_CHARS ? summary.slice(0, CLIP_CHARS) + SUMMARY_TRUNCATION_SUFFIX : summary;
}

/** `simple_summary` with its two fallbacks on a context-window error. */
async function simpleSummary(ctx: CompactionContext, messages: readonly Content[], prompt: string): Promise<string> {
  const ask = (transcript: string) =>
    requestSummary(ctx, {
      model: ctx.summarizer.name,
      contents: [userText(transcript)],
      config: { systemInstruction: prompt },
    });
  const first = await ask(simpleFormatter(messages));
  if (first.ok || first.reason === 'empty') return first.ok ? first.text : '';
  if (first.reason !== 'overflow') throw summaryError(first);
  const clamped = simpleFormatter(messages, TOOL_RETURN_TRUNCATION_CHARS);
  const a = await ask(clamped);
  if (a.ok || a.reason === 'empty') return a.ok ? a.text : '';
  const budget = Math.max(2_000, Math.floor(ctx.contextWindow * 0.6 * 4) - (utf8Bytes(prompt) + 1_024));
  const b = await ask(middleTruncate(clamped, budget));
  if (b.ok || b.reason === 'empty') return b.ok ? b.text : '';
  throw summaryError(b);
}

/** `simple_formatter`: "[role] text", calls as "-> name(args)", tool results optionally cut. */
export function simpleFormatter(messages: readonly Content[], toolReturnChars?: number): string {
  const lines = messages.flatMap((m) => {
    const role = m.role === 'model' ? 'assistant' : (m.parts ?? []).some((p) => p.functionResponse) ? 'tool' : 'user';
    let text = (m.parts ?? [])
      .filter((p) => typeof p.text === 'string' && p.thought !== true)
      .map((p) => p.text)
      .join(' ');
    const results = (m.parts ?? []).filter((p) => p.functionResponse).map(partText);
    if (results.length > 0)
      text = results.map((r) => (toolReturnChars === undefined ? r : capText(r, toolReturnChars))).join(' ');
    const calls = (m.parts ?? [])
      .filter((p) => p.functionCall)
      .map((p) => `${p.functionCall!.name}(${JSON.stringify(p.functionCall!.args ?? {})})`);
    if (calls.length > 0) text = `${text ? `${text} ` : ''}-> ${calls.join(', ')}`;
    return text ? [`[${role}] ${text}`] : [];
  });
  return `<start_transcript>\n${lines.join('\n')}\n<end_transcript>\n. Generate the summary.`;
}

/** `middle_truncate_text`: the first and last 30 % of the byte budget, the middle cut out. */
function middleTruncate(text: string, budgetBytes: number): string {
  if (utf8Bytes(text) <= budgetBytes) return text;
  const keep = Math.floor(budgetBytes * 0.3);
  const head = Buffer.from(text, 'utf8').subarray(0, keep).toString('utf8');
  const bytes = Buffer.from(text, 'utf8');
  const tail = bytes.subarray(bytes.length - keep).toString('utf8');
  return `${head}\n...[truncated]...\n${tail}`;
}

/** The packaged system alert (`package_summarize_message_no_counts`, without the time). */
export function packageSummary(summary: string, mode: Mode): string {
  const message =
    mode === 'sliding_window'
      ? `Note: prior messages from the beginning of the conversation have been hidden from view due to conversation memory constraints.\nThe following is a summary of the previous messages:\n ${summary}`
      : `Note: prior messages have been hidden from view due to conversation memory constraints.\nThe following is a summary of the previous messages:\n ${summary}`;
  return JSON.stringify({ type: 'system_alert', message });
}

/** Letta's count of [system, …messages] (and the tools): the provider's count, or bytes/4 × 1.3. */
function countTokens(ctx: CompactionContext, messages: readonly Content[], withTools: boolean): number {
  const overhead = ctx.requestOverhead;
  const system = overhead?.systemInstructionTokens ?? 0;
  const tools = withTools ? (overhead?.toolDeclarationTokens ?? 0) : 0;
  if (ctx.countTokens)
    return (
      ctx.countTokens({ model: ctx.summarizer.name, contents: structuredClone(messages as Content[]) }) + system + tools
    );
  const bytes = messages.reduce((sum, m) => sum + (m.parts ?? []).reduce((c, p) => c + utf8Bytes(partText(p)), 0), 0);
  return Math.floor(Math.ceil(bytes / 4) * APPROX_TOKEN_SAFETY_MARGIN) + system + tools;
}
