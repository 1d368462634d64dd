/**
 * A `SummarizerModel` over any ADK `BaseLlm`: what lets ContextGuard summarize with the same model
 * class an agent already uses (Gemini, a registry model, or a scripted test model).
 *
 * Mirrors adk-go ContextGuard's `summarize` model handling: one non-streaming call, the text of
 * every non-empty text part of every response concatenated. An error thrown by the model (or an
 * adk-js error response with no text) rejects, so the strategy falls back; an empty answer resolves
 * with no text and the strategy decides (ContextGuard builds its mechanical fallback summary).
 */
import type { BaseLlm, LlmRequest as AdkLlmRequest } from '@google/adk';
import type { GenerateContentResponseUsageMetadata } from '@google/genai';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../engine/types.ts';

export function baseLlmSummarizer(llm: BaseLlm): SummarizerModel {
  return {
    name: llm.model,
    async generateContent(request: LlmRequest): Promise<LlmResponse> {
      const adkRequest: AdkLlmRequest = {
        model: request.model ?? llm.model,
        contents: request.contents,
        ...(request.config === undefined ? {} : { config: request.config }),
        toolsDict: {},
        liveConnectConfig: {},
      };
      let text = '';
      let usageMetadata: GenerateContentResponseUsageMetadata | undefined;
      let failure: string | undefined;
      for await (const response of llm.generateContentAsync(adkRequest, false)) {
        for (const part of response.content?.parts ?? []) {
          if (typeof part.text === 'string' && part.text !== '') text += part.text;
        }
        if (response.usageMetadata !== undefined) usageMetadata = response.usageMetadata;
        if (response.errorCode !== undefined) {
          failure = `${response.errorCode}: ${response.errorMessage ?? 'model error'}`;
        }
      }
      // adk-js models report provider failures as error responses rather than throwing; with no
      // text at all that is a failed call, not an empty summary.
      if (text === '' && failure !== undefined) {
        throw new Error(`summarizer model ${llm.model} failed: ${failure}`);
      }
      return {
        content: { role: 'model', parts: text === '' ? [] : [{ text }] },
        ...(usageMetadata === undefined ? {} : { usageMetadata }),
      };
    },
  };
}
