/**
 * Events are data handled by free functions (adk-js 2.0.0 `events/event.js`): `createEvent`,
 * `isFinalResponse`, `getFunctionCalls`, `getFunctionResponses`, `populateClientFunctionCallId`.
 * Ids and timestamps come from the world's seeded environment instead of `Math.random`/`Date.now`.
 */
import type { Content, FunctionCall, FunctionResponse, GenerateContentResponseUsageMetadata } from '@google/genai';
import type { WorldEnvironment } from '../sim/world-environment.ts';
import { createEventActions, type EventActions } from './event-actions.ts';
import { setOwnProperty } from './set-own-property.ts';

export interface Event {
  id: string;
  invocationId: string;
  author: string | undefined;
  actions: EventActions;
  longRunningToolIds: string[];
  branch: string | undefined;
  timestamp: number;
  content?: Content;
  partial?: boolean;
  usageMetadata?: GenerateContentResponseUsageMetadata;
  errorCode?: string;
  errorMessage?: string;
  finishReason?: string;
  turnComplete?: boolean;
  interrupted?: boolean;
  customMetadata?: Record<string, unknown>;
}

export type EventParams = Partial<Omit<Event, 'actions'>> & { actions?: Partial<EventActions> | undefined };

/** adk-js `createEvent`: params spread, then id/invocationId/actions/longRunningToolIds/timestamp filled. */
export function createEvent(env: WorldEnvironment, params: EventParams = {}): Event {
  // Same keys, order and evaluation order as adk-js's `{...params, id: ..., ..., timestamp: ...}`
  // literal, built by assignment (V8 is several times faster at that than at adding keys to a
  // spread copy).
  const event = {} as Event;
  copyOwnEnumerable(event as unknown as Record<PropertyKey, unknown>, params);
  event.id = params.id || env.ids.newEventId();
  event.invocationId = params.invocationId || '';
  event.author = params.author;
  event.actions = createEventActions(params.actions);
  event.longRunningToolIds = params.longRunningToolIds || [];
  event.branch = params.branch;
  event.timestamp = params.timestamp || env.clock.tick();
  return event;
}

/**
 * `{ ...base, ...overrides }` (adk-js merges the model-response shell with each response this way):
 * the same keys, order and values, built by assignment into a fresh object, because V8 runs a
 * second spread (or adding keys to a spread copy) on a slow path.
 */
export function mergeParams<T extends object, U extends object>(base: T, overrides: U): T & U {
  const merged: Record<PropertyKey, unknown> = {};
  copyOwnEnumerable(merged, base);
  copyOwnEnumerable(merged, overrides);
  return merged as T & U;
}

/** What a spread copies: own enumerable properties, strings in order then symbols, as data properties. */
function copyOwnEnumerable(target: Record<PropertyKey, unknown>, source: object): void {
  for (const key in source) {
    if (!hasOwn.call(source, key)) continue;
    setOwnProperty(target, key, (source as Record<string, unknown>)[key]);
  }
  const symbols = Object.getOwnPropertySymbols(source);
  for (const symbol of symbols) {
    if (isEnumerable.call(source, symbol)) target[symbol] = (source as Record<symbol, unknown>)[symbol];
  }
}

const hasOwn = Object.prototype.hasOwnProperty;
const isEnumerable = Object.prototype.propertyIsEnumerable;

/** adk-js `isFinalResponse` (adk-go `IsFinalResponse` minus the auth-config rule). */
export function isFinalResponse(event: Event): boolean {
  if (
    event.actions.skipSummarization ||
    event.longRunningToolIds.length > 0 ||
    Object.keys(event.actions.requestedAuthConfigs).length > 0
  ) {
    return true;
  }
  return (
    getFunctionCalls(event).length === 0 &&
    getFunctionResponses(event).length === 0 &&
    !event.partial &&
    !hasTrailingCodeExecutionResult(event)
  );
}

export function getFunctionCalls(event: Pick<Event, 'content'>): FunctionCall[] {
  const calls: FunctionCall[] = [];
  for (const part of event.content?.parts ?? []) if (part.functionCall) calls.push(part.functionCall);
  return calls;
}

export function getFunctionResponses(event: Pick<Event, 'content'>): FunctionResponse[] {
  const responses: FunctionResponse[] = [];
  for (const part of event.content?.parts ?? []) if (part.functionResponse) responses.push(part.functionResponse);
  return responses;
}

export function hasTrailingCodeExecutionResult(event: Pick<Event, 'content'>): boolean {
  const parts = event.content?.parts;
  if (!parts || parts.length === 0) return false;
  return parts[parts.length - 1]?.codeExecutionResult !== undefined;
}

/** adk-js `populateClientFunctionCallId`: calls the model sent without an id get `adk-<uuid>`. */
export function populateClientFunctionCallId(env: WorldEnvironment, event: Event): void {
  for (const call of getFunctionCalls(event)) if (!call.id) call.id = env.ids.newFunctionCallId();
}

export const AF_FUNCTION_CALL_ID_PREFIX = 'adk-';
