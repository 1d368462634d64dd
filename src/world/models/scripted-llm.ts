/**
 * The simulated agent model: a `BaseLlm` that answers from the `ModelScript`. It reports
 * `usageMetadata.promptTokenCount` = the token model's count of the request it RECEIVED (after
 * compaction), unless the phase has no usage metadata. Streaming splits the final text into N
 * partial chunks followed by the complete response (function calls arrive whole, as Gemini sends
 * them).
 */
import type { Part } from '@google/genai';
import type { LlmRequest, LlmResponse } from '../../engine/types.ts';
import { cloneValue } from '../agents/processors/clone-content.ts';
import { BaseLlm } from './base-llm.ts';
import type { ModelScript } from './model-script.ts';

export interface ScriptedLlmOptions {
  readonly script: ModelScript;
  readonly usageMetadata: boolean;
  readonly streamingChunks: number;
  /** The provider's count of a request (the phase's token model). */
  readonly countPromptTokens: (request: LlmRequest) => number;
}

export class ScriptedLlm extends BaseLlm {
  readonly #options: ScriptedLlmOptions;

  constructor(model: string, options: ScriptedLlmOptions) {
    super(model);
    this.#options = options;
  }

  async *generateContentAsync(llmRequest: LlmRequest, stream: boolean): AsyncGenerator<LlmResponse, void, undefined> {
    const { script, usageMetadata, streamingChunks, countPromptTokens } = this.#options;
    const reply = script.nextReply();
    const usage = usageMetadata ? { usageMetadata: { promptTokenCount: countPromptTokens(llmRequest) } } : {};
    if (reply.kind === 'calls') {
      const parts: Part[] = reply.calls.map(({ spec }) => ({ functionCall: { name: spec.name, args: cloneValue(spec.args) as Record<string, unknown> } }));
      yield { content: { role: 'model', parts }, ...usage };
      return;
    }
    if (stream && streamingChunks > 0) {
      for (const chunk of splitText(reply.text, streamingChunks)) {
        yield { content: { role: 'model', parts: [{ text: chunk }] }, partial: true };
      }
    }
    yield { content: { role: 'model', parts: [{ text: reply.text }] }, ...usage };
  }
}

/** `text` in `count` consecutive pieces (by code point; some may be empty for short texts). */
export function splitText(text: string, count: number): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < count; i += 1) {
    pieces.push(chars.slice(Math.floor((i * chars.length) / count), Math.floor(((i + 1) * chars.length) / count)).join(''));
  }
  return pieces;
}
