/** Fake contexts and event builders for the zoo's unit tests, and a world runner for the end-to-end ones. */
import type { Content } from '@google/genai';
import type { CompactionRecord, SessionEvent } from '../../../src/engine/hook-types.ts';
import type { CompactionContext, CompactionStrategy, LlmRequest, LlmResponse } from '../../../src/engine/types.ts';
import { runWorld } from '../../../src/world/run-session.ts';
import type { WorldScenario } from '../../../src/world/world-scenario.ts';

export interface FakeContext extends CompactionContext {
  readonly values: Map<string, unknown>;
  readonly summarizerRequests: LlmRequest[];
  readonly warnings: string[];
}

/** A context over plain data; the summarizer answers `summarize(request, call)` (a string, or an Error to throw). */
export function fakeContext(
  options: {
    window?: number;
    events?: readonly SessionEvent[];
    summarize?: (request: LlmRequest, call: number) => string | Error;
    state?: Record<string, unknown>;
    invocationId?: string;
    userContent?: Content;
  } = {},
): FakeContext {
  const values = new Map(Object.entries(options.state ?? {}));
  const summarizerRequests: LlmRequest[] = [];
  const warnings: string[] = [];
  return {
    agentName: 'agent',
    state: { get: (key) => values.get(key), set: (key, value) => void values.set(key, value) },
    userContent: options.userContent,
    summarizer: {
      name: 'fake-summarizer',
      async generateContent(request): Promise<LlmResponse> {
        summarizerRequests.push(request);
        const answer = (options.summarize ?? (() => 'SUMMARY'))(request, summarizerRequests.length);
        if (answer instanceof Error) throw answer;
        return {
          content: { role: 'model', parts: answer === '' ? [] : [{ text: answer }] },
          usageMetadata: { promptTokenCount: 777, candidatesTokenCount: 11 },
        };
      },
    },
    contextWindow: options.window ?? 100_000,
    events: options.events ?? [],
    invocationId: options.invocationId ?? 'inv-1',
    warn: (message) => void warnings.push(message),
    values,
    summarizerRequests,
    warnings,
  };
}

let nextTimestamp = 1;
const event = (
  id: string,
  author: string,
  content: Content | undefined,
  invocationId: string,
  extra: Partial<SessionEvent> = {},
): SessionEvent => ({
  id,
  invocationId,
  author,
  timestamp: nextTimestamp++,
  ...(content ? { content } : {}),
  ...extra,
});

export const user = (id: string, text: string, inv = 'inv-1'): SessionEvent =>
  event(id, 'user', { role: 'user', parts: [{ text }] }, inv);
export const model = (id: string, text: string, inv = 'inv-1', promptTokenCount?: number): SessionEvent =>
  event(
    id,
    'agent',
    { role: 'model', parts: [{ text }] },
    inv,
    promptTokenCount === undefined ? {} : { usageMetadata: { promptTokenCount } },
  );
export const call = (id: string, name: string, inv = 'inv-1', promptTokenCount?: number): SessionEvent =>
  event(
    id,
    'agent',
    { role: 'model', parts: [{ functionCall: { id: `c-${id}`, name, args: {} } }] },
    inv,
    promptTokenCount === undefined ? {} : { usageMetadata: { promptTokenCount } },
  );
/** The response to the call event `callId` made. */
export const response = (id: string, callEventId: string, name: string, text: string, inv = 'inv-1'): SessionEvent =>
  event(
    id,
    'agent',
    { role: 'user', parts: [{ functionResponse: { id: `c-${callEventId}`, name, response: { result: text } } }] },
    inv,
  );
export const recordEvent = (id: string, record: CompactionRecord, inv = 'inv-1'): SessionEvent =>
  event(id, 'agent', undefined, inv, { actions: { compaction: record } });

/** The text of a content's parts, calls as `call:name`, responses as `resp:name`. */
export function textOf(content: Content | undefined): string {
  return (content?.parts ?? [])
    .map(
      (p) =>
        p.text ??
        (p.functionCall ? `call:${p.functionCall.name}` : p.functionResponse ? `resp:${p.functionResponse.name}` : ''),
    )
    .join('|');
}

export async function play(scenario: WorldScenario, strategy: CompactionStrategy) {
  return runWorld(scenario, { strategy, recordTrace: true });
}

/** What the model was sent at `step`, as `role:text` lines. */
export function sentAt(result: Awaited<ReturnType<typeof play>>, step: number): string[] {
  return (result.trace!.steps[step]!.modelRequest?.contents ?? []).map((c) => `${c.role}:${textOf(c)}`);
}
