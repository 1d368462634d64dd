/**
 * Wraps any `SummarizerModel` (a real Gemini model, say) so its calls are measured like the
 * world's simulated summarizer measures its own: heuristic and real input size, the window it had,
 * the output budget asked for, the output size, and the outcome.
 */
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import { quarterOf } from '../../world/ruler/utf8-bytes.ts';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import type { TokenModel } from '../../world/models/token-models.ts';
import type { SummarizerCallRecord, SummarizerOutcome } from '../../world/session-result.ts';

export interface RecordingPhase {
  /** The summarizer's window as the world's simulated summarizer would have it (null: none). */
  readonly contextWindow: number | null;
  readonly tokenModel: TokenModel;
}

export function recordingSummarizer(
  inner: SummarizerModel,
  phase: () => RecordingPhase,
  /** Every call, with the reply's text when it succeeded ('' otherwise). */
  onCall: (record: SummarizerCallRecord, reply: string) => void,
): SummarizerModel {
  return {
    get name() {
      return inner.name;
    },
    async generateContent(request: LlmRequest): Promise<LlmResponse> {
      const { contextWindow, tokenModel } = phase();
      const inputTokens = requestQuarterTokens(request);
      const base = {
        inputTokens,
        inputRealTokens: tokenModel.countRequest(request, inputTokens),
        contextWindow,
        maxOutputTokens: request.config?.maxOutputTokens ?? null,
      };
      const record = (outcome: SummarizerOutcome, text: string): void =>
        onCall({ ...base, outputTokens: quarterOf(text), outcome }, outcome === 'ok' ? text : '');
      let response: LlmResponse;
      try {
        response = await inner.generateContent(request);
      } catch (error) {
        record(/did not answer within|timed? ?out/i.test(String(error)) ? 'timeout' : 'error', '');
        throw error;
      }
      const text = (response.content?.parts ?? []).map((part) => part.text ?? '').join('');
      record(response.errorCode ? 'error' : text === '' ? 'empty' : 'ok', text);
      return response;
    },
  };
}
