/**
 * OpenHands `ObservationMaskingCondenser` (All-Hands-AI/OpenHands @156d0686:
 * `openhands/memory/condenser/impl/observation_masking_condenser.py`, `openhands/core/config/condenser_config.py`
 * `ObservationMaskingCondenserConfig` (attention_window 100), `openhands/memory/conversation_memory.py`).
 *
 * - When: every request (the condenser returns a new view, nothing is persisted: X5 without state,
 *   compact).
 * - Every observation (a tool result) older than the last `attention_window` events is replaced by
 *   an `AgentCondensationObservation("<MASKED>")`, which the conversation memory renders as a user
 *   message "<MASKED>". The tool call whose result was masked no longer has a matching result, so
 *   the conversation memory never emits its message (a pending tool-call message is added only once
 *   all its results are found): the agent's message carrying that call goes too.
 * Known limits kept: no trigger at all — the mask follows the event count, not the size, so a long
 * window of large results, or one huge recent result, overflows; the agent's own messages and the
 * user's are never reduced; nothing happens on a context-window error unless another condenser
 * handles the request.
 */
import type { Content } from '@google/genai';
import type { CompactionStrategy } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';
import { hasFunctionCall, hasFunctionResponse, userText } from './_shared/content-text.ts';
import { readOptions } from './_shared/options.ts';

export const OPENHANDS_OBSERVATION_MASKING = 'openhands-observation-masking';
/** `ObservationMaskingCondenserConfig.attention_window` (the class's own default is 5). */
export const DEFAULT_ATTENTION_WINDOW = 100;
export const MASKED = '<MASKED>';

export const AUDIT: StrategyAudit = {
  upstream: 'All-Hands-AI/OpenHands',
  commit: '156d0686',
  checked: '2026-11-26',
  follows: [
    'openhands/memory/condenser/impl/observation_masking_condenser.py L14-28: an Observation at index i < len(view) - attention_window becomes AgentCondensationObservation("<MASKED>")',
    'openhands/core/config/condenser_config.py ObservationMaskingCondenserConfig: attention_window 100',
    'openhands/memory/conversation_memory.py: AgentCondensationObservation as a user text message (L522-524); a tool-call message is emitted only when all its results are found, and unmatched calls are filtered',
  ],
  leavesOut: [
    'events are contents of the request (OpenHands: one event per tool call and per observation, with its system prompt and initial user message among them)',
    'a context-window error: this condenser alone does not handle condensation requests (upstream it is combined with others in a pipeline)',
  ],
};

export function openhandsObservationMaskingStrategy(options?: Record<string, unknown>): CompactionStrategy {
  const read = readOptions(OPENHANDS_OBSERVATION_MASKING, options, {
    attention_window: {
      kind: 'integer',
      min: 0,
      meaning: 'latest events whose observations stay unmasked (default 100)',
    },
  });
  const window = read.attention_window ?? DEFAULT_ATTENTION_WINDOW;
  return {
    name: OPENHANDS_OBSERVATION_MASKING,
    compact(_ctx, request) {
      request.contents = maskObservations(request.contents, window);
    },
  };
}

/** The contents with old tool results masked, and the calls they answered dropped with their messages. */
export function maskObservations(contents: readonly Content[], attentionWindow: number): Content[] {
  const masked = contents.map((c, i) =>
    hasFunctionResponse(c) && i < contents.length - attentionWindow ? userText(MASKED) : c,
  );
  const answered = new Set(
    masked.flatMap((c) =>
      (c.parts ?? []).flatMap((p) => (p.functionResponse ? [key(p.functionResponse.id, p.functionResponse.name)] : [])),
    ),
  );
  return masked.filter(
    (c) =>
      !(
        c.role === 'model' &&
        hasFunctionCall(c) &&
        (c.parts ?? []).some(
          (p) => p.functionCall !== undefined && !answered.has(key(p.functionCall.id, p.functionCall.name)),
        )
      ),
  );
}

/** A call and its result pair by id when the request carries ids, else by name. */
function key(id: string | undefined, name: string | undefined): string {
  return id ?? `name:${name ?? ''}`;
}
