/**
 * Running the model's function calls (adk-js 2.0.0 `agents/functions.js` `handleFunctionCallList`;
 * adk-go `base_flow.go` `handleFunctionCalls`/`callTool`).
 *
 * adk-js runs the calls sequentially in call order and throws on an unknown tool (the step turns
 * that into an error event); adk-go runs them concurrently, stores results in call order, and
 * answers an unknown tool with `{"error": ...}`. Each call: plugin beforeTool (a result skips the
 * tool) → tool → plugin onToolError on a throw → plugin afterTool (a result replaces). One
 * function-response event per call, merged into ONE event in call order.
 */
import type { Content, FunctionCall } from '@google/genai';
import { AF_FUNCTION_CALL_ID_PREFIX, createEvent, getFunctionCalls, type Event } from '../events/event.ts';
import { mergeEventActions, mergeEventActionsDeep } from '../events/event-actions.ts';
import type { WorldTool } from '../tools/world-tool.ts';
import { Context } from './context.ts';
import type { InvocationContext } from './invocation-context.ts';

export async function handleFunctionCallsAsync(params: {
  invocationContext: InvocationContext;
  functionCallEvent: Event;
  toolsDict: ReadonlyMap<string, WorldTool>;
}): Promise<Event | null> {
  const { invocationContext, toolsDict } = params;
  const calls = getFunctionCalls(params.functionCallEvent);
  const run = (call: FunctionCall): Promise<Event | null> => callTool(invocationContext, call, toolsDict);
  const events =
    invocationContext.flavour === 'adk-go' ? await Promise.all(calls.map(run)) : await sequentially(calls, run);
  const present = events.filter((event): event is Event => event !== null);
  if (present.length === 0) return null;
  return mergeParallelFunctionResponseEvents(invocationContext, present);
}

async function sequentially<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await fn(item));
  return results;
}

async function callTool(
  ctx: InvocationContext,
  call: FunctionCall,
  toolsDict: ReadonlyMap<string, WorldTool>,
): Promise<Event | null> {
  const toolContext = new Context({ invocationContext: ctx, functionCallId: call.id || undefined });
  const tool = call.name === undefined ? undefined : toolsDict.get(call.name);
  const args = (call.args ?? {}) as Record<string, unknown>;
  if (!tool) {
    const message = `Function ${call.name} is not found in the toolsDict.`;
    if (ctx.flavour === 'adk-js') throw new Error(message);
    return responseEvent(ctx, toolContext, call.name ?? '', { error: message });
  }
  let response = normalize(await ctx.pluginManager.run('beforeToolCallback', { tool, toolArgs: args, toolContext }));
  let errorMessage: string | undefined;
  if (response === undefined) {
    try {
      response = normalize(await tool.runAsync({ args, toolContext }));
    } catch (error) {
      const handled =
        error instanceof Error
          ? await ctx.pluginManager.run('onToolErrorCallback', { tool, toolArgs: args, toolContext, error })
          : undefined;
      if (handled !== undefined && handled !== null) response = normalize(handled);
      else errorMessage = error instanceof Error ? error.message : String(error);
    }
  }
  const altered = await ctx.pluginManager.run('afterToolCallback', {
    tool,
    toolArgs: args,
    toolContext,
    result: response,
  });
  if (altered !== undefined && altered !== null) response = normalize(altered);
  if (tool.isLongRunning && response === undefined) return null;
  const final = errorMessage !== undefined ? { error: errorMessage } : (response ?? { result: response });
  return responseEvent(ctx, toolContext, tool.name, final);
}

function responseEvent(
  ctx: InvocationContext,
  toolContext: Context,
  name: string,
  response: Record<string, unknown>,
): Event {
  return createEvent(ctx.env, {
    invocationId: ctx.invocationId,
    author: ctx.agent.name,
    content: { role: 'user', parts: [{ functionResponse: { id: toolContext.functionCallId, name, response } }] },
    actions: toolContext.actions,
    branch: ctx.branch,
  });
}

/** adk-js `normalizeCallbackResponse`: scalars become `{result}`, arrays `{results}`. */
function normalize(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') return { result: value };
  if (Array.isArray(value)) return { results: value };
  return value as Record<string, unknown>;
}

/**
 * adk-js: one event is returned as is; several become a NEW event (new id, the first event's
 * timestamp, author and branch) with all parts and shallow-merged actions.
 * adk-go: the first event object is reused (its id and timestamp), parts appended, actions
 * deep-merged.
 */
export function mergeParallelFunctionResponseEvents(ctx: InvocationContext, events: readonly Event[]): Event {
  const base = events[0];
  if (!base) throw new Error('No function response events provided.');
  if (events.length === 1) return base;
  const parts = events.flatMap((event) => event.content?.parts ?? []);
  if (ctx.flavour === 'adk-go') {
    base.content = { role: 'user', parts };
    base.actions = mergeEventActionsDeep(events.map((event) => event.actions));
    return base;
  }
  return createEvent(ctx.env, {
    invocationId: base.invocationId,
    author: base.author,
    branch: base.branch,
    content: { role: 'user', parts },
    actions: mergeEventActions(events.map((event) => event.actions)),
    timestamp: base.timestamp,
  });
}

/** adk-js `removeClientFunctionCallId` / adk-go `RemoveClientFunctionCallID`: ids ADK invented are not sent. */
export function removeClientFunctionCallId(content: Content): void {
  for (const part of content.parts ?? []) {
    if (part.functionCall?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionCall.id = undefined;
    if (part.functionResponse?.id?.startsWith(AF_FUNCTION_CALL_ID_PREFIX)) part.functionResponse.id = undefined;
  }
}
