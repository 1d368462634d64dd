/**
 * Makes a world trace and a real-ADK trace comparable: the values each side draws from its own
 * sources of nondeterminism are replaced by their order of first appearance.
 * - event ids (8 random characters) → `event#n`;
 * - invocation ids (`e-<uuid>`) → `invocation#n`;
 * - function-call ids (in contents, responses and `longRunningToolIds`) → `call#n`;
 * - event timestamps → their dense rank among all the run's timestamps (`time#n`): only the ORDER
 *   of stamps matters to adk-js (compaction hides events with `timestamp <= endTime`), and the
 *   world's logical clock ticks differently from the stubbed `Date`.
 * Everything is walked in one fixed order (steps, then the stored session), so two runs with the
 * same structure get the same names. The input is not modified.
 */
import type { Content } from '@google/genai';
import { cloneValue } from '../../world/request-contents/clone-content.ts';

export interface ComparableStep {
  readonly step: number;
  readonly turn: number;
  readonly label: string;
  readonly pluginRequest: unknown;
  readonly modelRequest: unknown;
  readonly appendedEvents: readonly unknown[];
  readonly stateAfter: Readonly<Record<string, unknown>>;
}

export interface ComparableTrace {
  readonly steps: readonly ComparableStep[];
  readonly events: readonly unknown[];
}

type Json = Record<string, unknown>;

class Names {
  readonly #maps = new Map<string, Map<unknown, string>>();

  name(kind: string, value: unknown): unknown {
    if (value === undefined || value === null || value === '') return value;
    let map = this.#maps.get(kind);
    if (!map) this.#maps.set(kind, (map = new Map()));
    let name = map.get(value);
    if (name === undefined) map.set(value, (name = `${kind}#${map.size + 1}`));
    return name;
  }
}

export function normalizeTrace(trace: {
  readonly steps: readonly ComparableStep[];
  readonly events: readonly unknown[];
}): ComparableTrace {
  const names = new Names();
  const ranks = timestampRanks(trace);
  const event = (value: unknown): unknown => normalizeEvent(value, names, ranks);
  const request = (value: unknown): unknown => normalizeRequest(value, names);
  const steps = trace.steps.map((step) => ({
    step: step.step,
    turn: step.turn,
    label: step.label,
    pluginRequest: request(step.pluginRequest),
    modelRequest: request(step.modelRequest),
    appendedEvents: step.appendedEvents.map(event),
    stateAfter: cloneValue(step.stateAfter),
  }));
  return { steps, events: trace.events.map(event) };
}

function timestampRanks(trace: {
  readonly steps: readonly ComparableStep[];
  readonly events: readonly unknown[];
}): Map<number, string> {
  const stamps = new Set<number>();
  const add = (value: unknown): void => {
    const timestamp = (value as Json | null)?.['timestamp'];
    if (typeof timestamp === 'number') stamps.add(timestamp);
  };
  for (const step of trace.steps) step.appendedEvents.forEach(add);
  trace.events.forEach(add);
  return new Map([...stamps].sort((a, b) => a - b).map((stamp, rank) => [stamp, `time#${rank + 1}`]));
}

function normalizeEvent(value: unknown, names: Names, ranks: Map<number, string>): unknown {
  if (value === null || typeof value !== 'object') return value;
  const event = cloneValue(value) as Json;
  event['id'] = names.name('event', event['id']);
  event['invocationId'] = names.name('invocation', event['invocationId']);
  if (typeof event['timestamp'] === 'number') event['timestamp'] = ranks.get(event['timestamp']);
  if (Array.isArray(event['longRunningToolIds']))
    event['longRunningToolIds'] = event['longRunningToolIds'].map((id) => names.name('call', id));
  if (event['content']) normalizeContent(event['content'] as Content, names);
  return event;
}

function normalizeRequest(value: unknown, names: Names): unknown {
  if (value === null || typeof value !== 'object') return value;
  const request = cloneValue(value) as Json;
  for (const content of (request['contents'] as Content[] | undefined) ?? [])
    if (content) normalizeContent(content, names);
  return request;
}

function normalizeContent(content: Content, names: Names): void {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id) part.functionCall.id = names.name('call', part.functionCall.id) as string;
    if (part.functionResponse?.id) part.functionResponse.id = names.name('call', part.functionResponse.id) as string;
  }
}
