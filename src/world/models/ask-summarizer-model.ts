/**
 * One call to a caller-supplied summarizer model (a real Gemini model under
 * `simulate --real-summarizer`), recorded like a simulated call: the model's rejection is an
 * 'error' ('timeout' when the error is named `TimeoutError`, the DOM convention the Gemini
 * summarizer follows), an answer without text is 'empty', and the record keeps the text the model
 * wrote or why there is none. The engine's `summarize` then falls back on every failure as usual.
 */
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import type { SummarizerCallRecord, SummarizerOutcome } from '../session-result.ts';

/** What a call record says beyond the sizes when a caller-supplied model writes the replies. */
export type RecordDetail = Pick<SummarizerCallRecord, 'summary' | 'failure'>;

export type RecordCall = (outcome: SummarizerOutcome, text: string, detail: RecordDetail) => void;

export async function askModel(model: SummarizerModel, request: LlmRequest, record: RecordCall): Promise<LlmResponse> {
  let response: LlmResponse;
  try {
    response = await model.generateContent(request);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    record(timedOut ? 'timeout' : 'error', '', { failure: error instanceof Error ? error.message : String(error) });
    throw error;
  }
  if (response?.errorCode) {
    // The engine treats an error code as a failed call (ADK models report errors this way).
    record('error', '', {
      failure: `${response.errorCode}${response.errorMessage ? `: ${response.errorMessage}` : ''}`,
    });
    return response;
  }
  const text = responseText(response);
  record(
    text === '' ? 'empty' : 'ok',
    text,
    text === '' ? { summary: '', failure: 'the model answered no text' } : { summary: text },
  );
  return response;
}

/** The answer's text as the engine's `summarize` reads it: every non-empty text part, concatenated. */
function responseText(response: LlmResponse | undefined): string {
  let text = '';
  for (const part of response?.content?.parts ?? []) {
    if (part && typeof part.text === 'string') text += part.text;
  }
  return text;
}
