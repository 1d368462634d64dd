/**
 * The world's summarizer model (implements the engine's `SummarizerModel`). It replies
 * - `fixed`: always the scenario's text (the seeds' 120-byte summary);
 * - `honour`: a summary that fills the request's `maxOutputTokens` without exceeding it;
 * - `exceed`: `exceedFactor` × `maxOutputTokens` (a provider that does not enforce the limit);
 * and, like a real provider, REJECTS a request larger than its own window (outcome 'overflow').
 * Faults by 1-based call number: `error` rejects, `empty` answers no text, `timeout` spends the
 * deadline on the logical clock then rejects, `oversize` answers `exceedFactor` × the limit.
 * Every call is recorded (heuristic and real input size, output size, outcome).
 */
import { estimateTokens } from '../../engine/tokens/estimate-tokens.ts';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import { quarterBytes } from '../../engine/tokens/utf8-byte-length.ts';
import type { SummarizerCallRecord, SummarizerOutcome } from '../session-result.ts';
import type { LogicalClock } from '../sim/logical-clock.ts';
import { rngFor } from '../sim/prng.ts';
import type { SummarizerFaultKind, SummarizerSpec } from '../world-scenario.ts';
import { summaryOfTokens } from './summary-text.ts';
import type { TokenModel } from './token-models.ts';

/** How long a timed-out call waits before giving up (logical ms). */
export const SUMMARIZER_TIMEOUT_MS = 60_000;

export interface SummarizerPhase {
  readonly modelName: string;
  readonly contextWindow: number;
  readonly tokenModel: TokenModel;
}

export interface SummarizerLlmOptions {
  readonly spec: SummarizerSpec;
  readonly seed: number;
  readonly clock: LogicalClock;
  readonly phase: () => SummarizerPhase;
  readonly onCall: (record: SummarizerCallRecord) => void;
}

export class SummarizerError extends Error {
  constructor(
    message: string,
    readonly outcome: SummarizerOutcome,
  ) {
    super(message);
    this.name = 'SummarizerError';
  }
}

export class SummarizerLlm implements SummarizerModel {
  readonly #options: SummarizerLlmOptions;
  #calls = 0;

  constructor(options: SummarizerLlmOptions) {
    this.#options = options;
  }

  get name(): string {
    return this.#options.phase().modelName;
  }

  async generateContent(request: LlmRequest): Promise<LlmResponse> {
    const { spec, clock, onCall } = this.#options;
    const phase = this.#options.phase();
    const call = ++this.#calls;
    const inputTokens = estimateTokens(request);
    const inputRealTokens = phase.tokenModel.countRequest(request, inputTokens);
    const contextWindow = spec.contextWindow ?? phase.contextWindow;
    const maxOutputTokens = request.config?.maxOutputTokens ?? null;
    const record = (outcome: SummarizerOutcome, text: string): void =>
      onCall({ inputTokens, inputRealTokens, contextWindow, maxOutputTokens, outputTokens: quarterBytes(text), outcome });

    if (inputRealTokens > contextWindow) {
      record('overflow', '');
      throw new SummarizerError(`prompt is too long: ${inputRealTokens} tokens > ${contextWindow} maximum`, 'overflow');
    }
    const fault = faultFor(spec, call);
    if (fault === 'error') {
      record('error', '');
      throw new SummarizerError(`summarizer call ${call} failed: injected provider error`, 'error');
    }
    if (fault === 'timeout') {
      clock.advance(SUMMARIZER_TIMEOUT_MS);
      record('timeout', '');
      throw new SummarizerError(`summarizer call ${call} timed out after ${SUMMARIZER_TIMEOUT_MS} ms`, 'timeout');
    }
    if (fault === 'empty') {
      record('empty', '');
      return { content: { role: 'model', parts: [] } };
    }
    const text = this.#replyText(fault === 'oversize' ? 'exceed' : spec.reply, maxOutputTokens, call, phase.tokenModel);
    record(text === '' ? 'empty' : 'ok', text);
    return { content: { role: 'model', parts: text === '' ? [] : [{ text }] } };
  }

  #replyText(reply: SummarizerSpec['reply'], maxOutputTokens: number | null, call: number, tokenModel: TokenModel): string {
    const { spec, seed } = this.#options;
    if (reply === 'fixed' || maxOutputTokens === null) return spec.text;
    const target = reply === 'honour' ? maxOutputTokens : Math.floor(maxOutputTokens * spec.exceedFactor);
    return summaryOfTokens(target, (text) => tokenModel.countText(text), () => rngFor(seed, 'summarizer', call));
  }
}

function faultFor(spec: SummarizerSpec, call: number): SummarizerFaultKind | undefined {
  for (const fault of spec.faults) if (fault.calls === 'all' || fault.calls.includes(call)) return fault.kind;
  return undefined;
}
