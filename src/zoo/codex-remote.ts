/**
 * OpenAI Codex CLI, remote auto-compaction (the path OpenAI-provider users run), read line by line
 * on 2026-11-27 at openai/codex @c3756006 (`main`, 2026-02-12, the commit `codex` follows), in the
 * fork snapshot surflabom/codex whose history carries upstream's commits:
 * `codex-rs/core/src/compact_remote.rs` L60–140 (`run_remote_compact_task_inner_impl`), L147–181
 * (`log_remote_compact_failure`), L183–210 (`trim_function_call_history_to_fit_context_window`);
 * `context_manager/history.rs` L109–144, L435–440; `compact.rs` L260–307
 * (`process_compacted_history`); the trigger is the one `codex` (local) models (`codex.rs`
 * pre-turn and mid-turn). The earlier pin, a0391122, lies on the feature branch
 * `cc/compact-phase-and-preturn-threshold`, not on `main`: its pre-turn compaction takes the
 * incoming user message and skips a history without a user turn, which `main` did not then do.
 * The server side (`POST /responses/compact`) is emulated as `anthropic-compact` emulates
 * Anthropic's (X11): its summary prompt is not public and its compaction item is encrypted, so
 * the client cannot read or size what the model will see. docs/peer-strategies.md §3.
 *
 * - Trigger: as `codex` — total = the last response's total tokens + ceil(bytes/4) of the items
 *   after the last model-generated item; compact when total ≥ min(`model_auto_compact_token_limit`,
 *   floor(0.9 × W)), before the turn's first request (the incoming user message not compacted)
 *   and before every later request of the turn.
 * - Trim (on a copy): while the estimate of the history plus the base instructions exceeds the
 *   model context window (95 % of W, `effective_context_window_percent`), remove the LAST item
 *   if it is Codex-generated (a tool output) with the call it answers, else stop. Nothing else is
 *   trimmed: an estimate that undercounts, or a history that ends with a model item, sends the
 *   whole history.
 * - The compaction request: the (trimmed) history, tools off, to the server; the server
 *   summarizes it with the same model and window (the world's summarizer) and returns the kept
 *   user messages verbatim plus one compaction item (the summary, readable only by the model).
 *   That list replaces the history (X4). A refused or failed request is logged ("remote
 *   compaction failed", with the usage breakdown) and returned as an error: the turn ends there,
 *   no retry and no trimming from the front. Usage restarts from the estimate of the new history
 *   plus the base instructions (`recompute_token_usage`).
 * Known bugs kept: openai/codex#13271, #29319, #23589 (the window already full: the compaction
 * request is the whole history, refused with context_length_exceeded; every later turn retries
 * and fails the same way); an empty compaction item leaves only the user messages.
 */
import type { Content } from '@google/genai';
import type { CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { approxTokens, autoCompactionDue } from './codex-local.ts';
import {
  fullText,
  hasFunctionResponse,
  isTypedUserMessage,
  modelText,
  textOnly,
  userText,
} from './_shared/content-text.ts';
import { lastEventId, projectedHistory } from './_shared/history.ts';
import { readOptions } from './_shared/options.ts';
import { requestSummary } from './_shared/summarizer.ts';

export const CODEX_REMOTE = 'codex-remote';
/** `effective_context_window_percent`: the model context window the remote trim measures against. */
export const CODEX_EFFECTIVE_CONTEXT_WINDOW_PERCENT = 95;
/** The server's compaction instruction is not public: ours, by intent. */
export const CODEX_REMOTE_SERVER_PROMPT =
  'Compact the conversation above into one item from which the task can be continued.';

export const AUDIT: StrategyAudit = {
  upstream: 'openai/codex (read in the fork snapshot surflabom/codex, whose history holds upstream main)',
  commit: 'c3756006',
  checked: '2026-11-27',
  follows: [
    'codex-rs/core/src/compact_remote.rs @c3756006 L60-140 (trim a clone, tools off L92, failure logged and returned L107-119, process_compacted_history L120-122, replace_history + recompute_token_usage L127-128), L183-210 (remove the last item while it is Codex-generated and the estimate + base instructions exceed the model context window)',
    'codex-rs/core/src/context_manager/history.rs @c3756006 L109-123 (estimate with base instructions), L137-144 (remove_last_item also removes the corresponding call), L435-440 (is_codex_generated_item)',
    'the trigger and the limit as `codex` follows them at the same commit (codex.rs pre-turn and mid-turn; 0.9 x window; effective_context_window_percent 95 for model_context_window)',
  ],
  leavesOut: [
    'the server: its summary prompt and which items it keeps are not public; emulated as "every user message verbatim, then one compaction item" (the shape openai/openai-agents-js PR #760 describes for responses.compact: every item but the user messages folded into one encrypted item), summarized by the world\'s summarizer with the agent\'s window',
    'the compaction request carries the base instructions upstream; here the summarizer is sent the history only (the world does not give strategies the system text), so the emulated request is smaller by the system prompt',
    'the initial context re-inserted before the last user message (process_compacted_history), developer messages, ghost snapshots: the world has no developer or environment items',
    'later generations: the pre-turn compaction that takes the incoming user message (branch cc/compact-phase-and-preturn-threshold, a0391122), remote compaction v2 (on the normal endpoint, "expected exactly one compaction output item"); neither is a server output missing the live request (openai/codex#36642)',
  ],
};

const STATE = { total: 'codex-remote:lastTotalTokens' } as const;

export function codexRemoteStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(CODEX_REMOTE, options, {
    model_auto_compact_token_limit: {
      kind: 'integer',
      min: 1,
      meaning: 'auto-compaction limit in tokens (capped at 90% of the window)',
    },
  });

  return {
    name: CODEX_REMOTE,
    compact() {},
    afterModel(ctx, _response, usage) {
      if (!usage.missing) ctx.state.set(STATE.total, usage.totalTokens);
    },
    async compactSession(ctx) {
      const due = autoCompactionDue(ctx, STATE.total, read.model_auto_compact_token_limit);
      if (due === undefined) return undefined;
      const { prior, incoming } = due;
      const baseInstructions = ctx.requestOverhead?.systemInstructionTokens ?? 0;
      const items = trimCodexGeneratedTail(
        prior.map((m) => m.content),
        modelContextWindow(ctx.contextWindow),
        baseInstructions,
      );
      const outcome = await requestSummary(ctx, {
        model: ctx.summarizer.name,
        contents: [...items.map((c) => structuredClone(c)), userText(CODEX_REMOTE_SERVER_PROMPT)],
      });
      if (!outcome.ok && outcome.reason !== 'empty') {
        // `log_remote_compact_failure`, then the error ends the turn ("Error running remote compact task").
        ctx.warn?.('codex-remote: remote compaction failed', {
          lastApiResponseTotalTokens: ctx.state.get(STATE.total),
          failingCompactionRequestApproxTokens: items.reduce((s, c) => s + approxTokens(fullText(c)), 0),
          error: String(outcome.error),
        });
        return { endInvocation: true };
      }
      const replacement = compactedHistory(items, outcome.ok ? outcome.text : '');
      ctx.state.set(STATE.total, replacement.reduce((sum, c) => sum + approxTokens(fullText(c)), 0) + baseInstructions);
      const end = incoming === 1 ? prior[prior.length - 1]!.throughEventId : lastEventId(ctx)!;
      return { append: [{ endEventId: end, contents: replacement }] };
    },
  };
}

/** `model_context_window()`: the window scaled by `effective_context_window_percent`. */
export function modelContextWindow(contextWindow: number): number {
  return Math.floor((contextWindow * CODEX_EFFECTIVE_CONTEXT_WINDOW_PERCENT) / 100);
}

/**
 * `trim_function_call_history_to_fit_context_window` (@c3756006 `compact_remote.rs` L183–210):
 * while the estimate (ceil(bytes/4) per item, plus the base instructions; `history.rs` L109–123)
 * exceeds `window` and the last item is Codex-generated (a tool output, L435–440), remove it —
 * one output at a time — together with the call it answers (`remove_last_item` L137–144 →
 * `remove_corresponding_for`); stop at the first item Codex did not generate.
 */
export function trimCodexGeneratedTail(items: readonly Content[], window: number, baseInstructions: number): Content[] {
  const kept = items.map((c) => ({ ...c, parts: [...(c.parts ?? [])] }));
  const estimate = () => kept.reduce((sum, c) => sum + approxTokens(fullText(c)), baseInstructions);
  while (kept.length > 0 && estimate() > window && hasFunctionResponse(kept[kept.length - 1])) {
    const last = kept[kept.length - 1]!;
    const removed = last.parts.pop()!;
    if (last.parts.length === 0) kept.pop();
    if (removed.functionResponse) removeCorrespondingCall(kept, removed.functionResponse);
  }
  return kept;
}

/** `remove_corresponding_for` an output: the call with its id (by name, the latest, when ids are absent). */
function removeCorrespondingCall(items: Content[], response: { id?: string; name?: string }): void {
  for (let i = items.length - 1; i >= 0; i -= 1) {
    const parts = items[i]!.parts ?? [];
    const at = parts.findIndex((p) =>
      p.functionCall === undefined
        ? false
        : response.id !== undefined
          ? p.functionCall.id === response.id
          : p.functionCall.id === undefined && p.functionCall.name === response.name,
    );
    if (at < 0) continue;
    parts.splice(at, 1);
    if (parts.length === 0) items.splice(i, 1);
    return;
  }
}

/** The emulated server output: every user message verbatim, then the compaction item (empty when the summary is). */
export function compactedHistory(items: readonly Content[], summary: string): Content[] {
  const users = items.filter(isTypedUserMessage).map((c) => userText(textOnly(c)));
  return summary === '' ? users : [...users, modelText(summary)];
}
