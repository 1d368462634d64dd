/**
 * The simulated agent model: a `BaseLlm` that answers from the `ModelScript`. It reports
 * `usageMetadata.promptTokenCount` = the token model's count of the request it RECEIVED (after
 * compaction), unless the phase has no usage metadata. Streaming splits the final text into N
 * partial chunks followed by the complete response (function calls arrive whole, as Gemini sends
 * them).
 *
 * A provider that refuses (`refuseAbove`, the scenario's `refuseOverWindow` or `provider`) throws
 * for a request it counts above its limit: a typed `ContextWindowExceededError` with Gemini's text
 * by default, or, when the scenario gives the provider's own words (`refusal`), a plain
 * `ProviderApiError` with that status and text, which each strategy classifies by its own rules.
 * Nothing is answered, no usage is reported and the script does not advance, so a retry gets the
 * same reply (docs/peer-strategies.md X3). A scenario may also script errors that are not about size
 * (`provider.errors`: a given call fails once with a status and text), thrown the same way.
 * Every complete response also has a usage breakdown (X7, `usageOf`): the prompt count, and the
 * output counted by the same token model; without a prompt cache the whole prompt is input, with
 * one (`promptCache: prefix`) the prefix shared with the last answered request is read from the
 * cache and the rest written to it, as a caching provider (Anthropic) reports it.
 */
import type { Part } from '@google/genai';
import { ContextWindowExceededError } from '../../engine/errors/context-window-exceeded.ts';
import type { ModelUsage } from '../../engine/hook-types.ts';
import { modelUsage } from '../../engine/usage/model-usage.ts';
import type { LlmRequest, LlmResponse } from '../../engine/types.ts';
import { cloneValue } from '../request-contents/clone-content.ts';
import { BaseLlm } from './base-llm.ts';
import type { ModelScript } from './model-script.ts';
import { ProviderApiError, refusalError, type ProviderRefusal } from './provider-error.ts';

export interface ScriptedLlmOptions {
  readonly script: ModelScript;
  readonly usageMetadata: boolean;
  readonly streamingChunks: number;
  /** The provider's count of a request (the phase's token model). */
  readonly countPromptTokens: (request: LlmRequest) => number;
  /** The provider's count of a response's text and call arguments (the phase's token model). */
  readonly countText?: (text: string) => number;
  /**
   * A prefix cache (docs/peer-strategies.md X7): the tokens of an answered request read from the cache; the rest
   * of its prompt is written to it. Undefined: no cache, the whole prompt is input.
   */
  readonly cacheReadTokens?: ((request: LlmRequest) => number) | undefined;
  /** Refuse requests counted above this many tokens (the phase's window); undefined = answer everything. */
  readonly refuseAbove?: number | undefined;
  /** How the provider words a refusal; undefined = the typed engine error with Gemini's text. */
  readonly refusal?: ProviderRefusal | undefined;
  /**
   * Called once per request that reaches the provider (every phase's model shares the count): the
   * error it answers this call with whatever its size (a transient 500), or undefined.
   */
  readonly scriptedError?: (() => ProviderRefusal | undefined) | undefined;
}

export class ScriptedLlm extends BaseLlm {
  readonly #options: ScriptedLlmOptions;
  readonly #usage = new WeakMap<LlmResponse, ModelUsage>();

  constructor(model: string, options: ScriptedLlmOptions) {
    super(model);
    this.#options = options;
  }

  async *generateContentAsync(llmRequest: LlmRequest, stream: boolean): AsyncGenerator<LlmResponse, void, undefined> {
    const { script, usageMetadata, streamingChunks, countPromptTokens, refuseAbove, refusal, scriptedError } =
      this.#options;
    const failure = scriptedError?.();
    if (failure) throw new ProviderApiError(failure.status, failure.message);
    if (refuseAbove !== undefined) {
      const promptTokens = countPromptTokens(llmRequest);
      if (promptTokens > refuseAbove)
        throw refusal
          ? refusalError(refusal, promptTokens, refuseAbove)
          : new ContextWindowExceededError(promptTokens, refuseAbove, geminiOverflowMessage(promptTokens, refuseAbove));
    }
    // The script sees the request it answers: a fact the turn needs and the request lacks is recovered first.
    const reply = script.nextReply(llmRequest.contents ?? []);
    const usage = usageMetadata ? { usageMetadata: { promptTokenCount: countPromptTokens(llmRequest) } } : {};
    if (reply.kind === 'calls') {
      const parts: Part[] = reply.calls.map(({ spec }) => ({
        functionCall: {
          ...(spec.id === undefined ? {} : { id: spec.id }),
          name: spec.name,
          args: cloneValue(spec.args) as Record<string, unknown>,
        },
      }));
      // Replay: a recorded response may say something beside its calls; it comes first, as models write it.
      if (reply.text !== undefined) parts.unshift({ text: reply.text });
      yield this.#withUsage({ content: { role: 'model', parts }, ...usage }, llmRequest);
      return;
    }
    if (stream && streamingChunks > 0) {
      for (const chunk of splitText(reply.text, streamingChunks)) {
        yield { content: { role: 'model', parts: [{ text: chunk }] }, partial: true };
      }
    }
    yield this.#withUsage({ content: { role: 'model', parts: [{ text: reply.text }] }, ...usage }, llmRequest);
  }

  /** X7: the usage breakdown of a response this model produced (undefined for any other object). */
  usageOf(response: LlmResponse): ModelUsage | undefined {
    return this.#usage.get(response);
  }

  #withUsage(response: LlmResponse, request: LlmRequest): LlmResponse {
    const prompt = response.usageMetadata?.promptTokenCount;
    const { countText, cacheReadTokens } = this.#options;
    if (prompt === undefined || !countText) return response;
    const output = outputTokens(response, countText);
    if (cacheReadTokens) {
      const read = Math.min(prompt, cacheReadTokens(request));
      this.#usage.set(
        response,
        modelUsage({ inputTokens: 0, cacheReadTokens: read, cacheWriteTokens: prompt - read, outputTokens: output }),
      );
    } else {
      this.#usage.set(response, modelUsage({ inputTokens: prompt, outputTokens: output }));
    }
    return response;
  }
}

/**
 * `text` in `count` consecutive pieces (by code point; some may be empty for short texts): the
 * pieces `Array.from(text)` cut at ⌊i·n/count⌋ would give, found by walking the code points once
 * instead of making an array of them.
 */
export function splitText(text: string, count: number): string[] {
  const units = codePointUnits(text);
  const n = units === undefined ? text.length : units.length - 1;
  const at = (k: number): number => (units === undefined ? k : units[k]!);
  const pieces: string[] = [];
  for (let i = 0; i < count; i += 1)
    pieces.push(text.slice(at(Math.floor((i * n) / count)), at(Math.floor(((i + 1) * n) / count))));
  return pieces;
}

const SURROGATE = /[\ud800-\udfff]/;

/** Where each code point of `text` starts (and its end), in UTF-16 units; undefined when every unit is one code point. */
function codePointUnits(text: string): number[] | undefined {
  if (!SURROGATE.test(text)) return undefined;
  const starts: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    starts.push(i);
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point (Array.from's iteration); a lone one is one on its own.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
  }
  starts.push(text.length);
  return starts;
}

/** Output tokens of a response: its texts, and each call's name and JSON arguments. */
function outputTokens(response: LlmResponse, countText: (text: string) => number): number {
  let total = 0;
  for (const part of response.content?.parts ?? []) {
    if (typeof part.text === 'string') total += countText(part.text);
    if (part.functionCall)
      total += countText(part.functionCall.name ?? '') + countText(JSON.stringify(part.functionCall.args ?? {}));
  }
  return total;
}

/**
 * The error body Gemini answers an over-window request with (HTTP 400, INVALID_ARGUMENT); adk's
 * step loop parses it into the error event's `errorCode` / `errorMessage`.
 */
function geminiOverflowMessage(promptTokens: number, contextWindow: number): string {
  const message = `The input token count (${promptTokens}) exceeds the maximum number of tokens allowed (${contextWindow}).`;
  return JSON.stringify({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
}
