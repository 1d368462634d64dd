/**
 * Orphans in a request: a function call whose response is not in the very next content, or a
 * function response with no matching call in the content just before it. Providers reject both
 * (Gemini wants the response turn right after the call turn; Anthropic and OpenAI pair tool_use
 * with tool_result by id). Calls and responses pair by id when both have one, else by name.
 */
import type { Content, FunctionCall, FunctionResponse, Part } from '@google/genai';

export interface OrphanCount {
  readonly calls: number;
  readonly responses: number;
}

export function countOrphans(contents: readonly (Content | undefined)[]): OrphanCount {
  let calls = 0;
  let responses = 0;
  let pending: FunctionCall[] = [];
  // Indexed loops: this runs over every request of every step.
  for (let c = 0; c < contents.length; c += 1) {
    const parts = contents[c]?.parts;
    let answered = 0;
    let nextPending: FunctionCall[] | undefined;
    if (parts) {
      for (let p = 0; p < parts.length; p += 1) {
        const part = parts[p] as Part | undefined;
        if (!part) continue;
        if (part.functionResponse) {
          const match = findUnanswered(pending, part.functionResponse);
          if (match >= 0) {
            pending[match] = ANSWERED;
            answered += 1;
          } else {
            responses += 1;
          }
        }
        if (part.functionCall) (nextPending ??= []).push(part.functionCall);
      }
    }
    calls += pending.length - answered;
    pending = nextPending ?? [];
  }
  return { calls: calls + pending.length, responses };
}

const ANSWERED: FunctionCall = Object.freeze({ name: '\u0000answered' });

function findUnanswered(pending: readonly FunctionCall[], response: FunctionResponse): number {
  for (let i = 0; i < pending.length; i += 1) {
    const call = pending[i] as FunctionCall;
    if (call !== ANSWERED && pairs(call, response)) return i;
  }
  return -1;
}

function pairs(call: FunctionCall, response: FunctionResponse): boolean {
  if (call.id && response.id) return call.id === response.id;
  return call.name === response.name;
}
