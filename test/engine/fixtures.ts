/**
 * Test fixtures for the engine: an in-memory state, a scripted summarizer, and the conversation
 * builders of upstream's unit tests (textContent, toolCallContent, makeConversation, ...).
 */
import type { Content } from '@google/genai';
import type {
  CompactionContext,
  CompactionState,
  LlmRequest,
  LlmResponse,
  SummarizerModel,
} from '../../src/engine/types.ts';

export class MemoryState implements CompactionState {
  readonly values = new Map<string, unknown>();
  get(key: string): unknown {
    return this.values.get(key);
  }
  set(key: string, value: unknown): void {
    this.values.set(key, value);
  }
}

/** Replies with `replies[i]` on call i (the last one repeats), like upstream's countingMockLLM. */
export class ScriptedSummarizer implements SummarizerModel {
  readonly requests: LlmRequest[] = [];
  constructor(
    readonly replies: readonly (string | LlmResponse | Error)[],
    readonly name = 'summarizer-model',
  ) {}
  get calls(): number {
    return this.requests.length;
  }
  async generateContent(request: LlmRequest): Promise<LlmResponse> {
    const reply = this.replies[Math.min(this.requests.length, this.replies.length - 1)];
    this.requests.push(request);
    if (reply instanceof Error) throw reply;
    if (typeof reply === 'string') return { content: { role: 'model', parts: [{ text: reply }] } };
    return reply ?? {};
  }
}

export function makeContext(options: {
  agentName?: string;
  contextWindow: number;
  summarizer?: SummarizerModel;
  state?: MemoryState;
  userContent?: Content;
}): CompactionContext & { state: MemoryState } {
  return {
    agentName: options.agentName ?? 'agent1',
    state: options.state ?? new MemoryState(),
    userContent: options.userContent,
    summarizer: options.summarizer ?? new ScriptedSummarizer(['summary']),
    contextWindow: options.contextWindow,
  };
}

export function textContent(role: string, text: string): Content {
  return { role, parts: [{ text }] };
}

export function toolCallContent(name: string): Content {
  return { role: 'model', parts: [{ functionCall: { name, args: { q: 'test' } } }] };
}

export function toolResultContent(name: string): Content {
  return { role: 'user', parts: [{ functionResponse: { name, response: { result: 'ok' } } }] };
}

export function makeConversation(turns: number): Content[] {
  const out: Content[] = [];
  for (let i = 0; i < turns; i += 1) {
    out.push(
      textContent('user', `User message ${i} with some padding text to increase token count`),
      textContent('model', `Model response ${i} with more text to simulate real content`),
    );
  }
  return out;
}

/** Pairs of 400-char user/model messages, about `approxTokens` heuristic tokens in all. */
export function makeLargeConversation(approxTokens: number): Content[] {
  const out: Content[] = [];
  const msgsNeeded = Math.trunc((approxTokens * 4) / 400);
  for (let i = 0; i < Math.trunc(msgsNeeded / 2); i += 1) {
    out.push(textContent('user', 'x'.repeat(400)), textContent('model', 'y'.repeat(400)));
  }
  return out;
}

export function makeToolOnlyConversation(pairs: number): Content[] {
  const out: Content[] = [];
  for (let i = 0; i < pairs; i += 1) out.push(toolCallContent(`tool_${i}`), toolResultContent(`tool_${i}`));
  return out;
}

export function largeToolResultContent(name: string, size: number): Content {
  return { role: 'user', parts: [{ functionResponse: { name, response: { result: 'x'.repeat(size) } } }] };
}

/** Deep snapshot for "was this mutated?" checks. */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}
