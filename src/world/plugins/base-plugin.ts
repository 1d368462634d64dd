/**
 * adk-js 2.0.0 `BasePlugin`: lifecycle callbacks, each taking one object of named parameters.
 * Returning `undefined` lets the chain continue; any other value (even `null`) stops it, and a
 * truthy before/after-model value replaces the model call or response. Before/after-agent
 * callbacks are omitted: adk-js 2.0.0 never invokes them for plugins (docs/adk-step-loop.md §2.1).
 */
import type { Content } from '@google/genai';
import type { LlmRequest, LlmResponse } from '../../engine/types.ts';
import type { Context } from '../agents/context.ts';
import type { InvocationContext } from '../agents/invocation-context.ts';
import type { Event } from '../events/event.ts';
import type { WorldTool } from '../tools/world-tool.ts';

type Maybe<T> = T | undefined | null;
type Awaitable<T> = T | Promise<T>;

export abstract class BasePlugin {
  constructor(readonly name: string) {}

  onUserMessageCallback(_params: {
    userMessage: Content;
    invocationContext: InvocationContext;
  }): Awaitable<Maybe<Content>> {
    return undefined;
  }
  beforeRunCallback(_params: { invocationContext: InvocationContext }): Awaitable<Maybe<Content>> {
    return undefined;
  }
  onEventCallback(_params: { invocationContext: InvocationContext; event: Event }): Awaitable<Maybe<Event>> {
    return undefined;
  }
  afterRunCallback(_params: { invocationContext: InvocationContext }): Awaitable<void> {
    return undefined;
  }
  beforeModelCallback(_params: { callbackContext: Context; llmRequest: LlmRequest }): Awaitable<Maybe<LlmResponse>> {
    return undefined;
  }
  afterModelCallback(_params: { callbackContext: Context; llmResponse: LlmResponse }): Awaitable<Maybe<LlmResponse>> {
    return undefined;
  }
  onModelErrorCallback(_params: {
    callbackContext: Context;
    llmRequest: LlmRequest;
    error: Error;
  }): Awaitable<Maybe<LlmResponse>> {
    return undefined;
  }
  beforeToolCallback(_params: {
    tool: WorldTool;
    toolArgs: Record<string, unknown>;
    toolContext: Context;
  }): Awaitable<Maybe<Record<string, unknown>>> {
    return undefined;
  }
  afterToolCallback(_params: {
    tool: WorldTool;
    toolArgs: Record<string, unknown>;
    toolContext: Context;
    result: Record<string, unknown> | undefined;
  }): Awaitable<Maybe<Record<string, unknown>>> {
    return undefined;
  }
  onToolErrorCallback(_params: {
    tool: WorldTool;
    toolArgs: Record<string, unknown>;
    toolContext: Context;
    error: Error;
  }): Awaitable<Maybe<Record<string, unknown>>> {
    return undefined;
  }
}
