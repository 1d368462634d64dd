/**
 * The declaration of a tool the scripted model calls, as an adk-js `FunctionTool` built with a
 * genai `Schema` for `parameters` would declare it (`FunctionTool._getDeclaration`: name,
 * description, parameters passed through verbatim). The differential verifier builds its real
 * `FunctionTool`s from this same function, so both worlds send identical declarations.
 */
import { Type, type FunctionDeclaration, type Schema } from '@google/genai';
import type { ToolCallSpec } from '../world-scenario.ts';

export function makeCalledToolDeclaration(call: Pick<ToolCallSpec, 'name' | 'args'>): FunctionDeclaration {
  const properties: Record<string, Schema> = {};
  for (const [key, value] of Object.entries(call.args)) properties[key] = { type: schemaTypeOf(value) };
  return {
    name: call.name,
    description: `Simulated tool ${call.name}.`,
    parameters: { type: Type.OBJECT, properties },
  };
}

/** The tools the agent owns, in the order their names first appear in the script. */
export function calledToolsInOrder(turns: readonly { readonly toolCalls: readonly ToolCallSpec[] }[]): ToolCallSpec[] {
  const seen = new Map<string, ToolCallSpec>();
  for (const turn of turns) for (const call of turn.toolCalls) if (!seen.has(call.name)) seen.set(call.name, call);
  return [...seen.values()];
}

function schemaTypeOf(value: unknown): Type {
  if (typeof value === 'number') return Number.isInteger(value) ? Type.INTEGER : Type.NUMBER;
  if (typeof value === 'boolean') return Type.BOOLEAN;
  if (Array.isArray(value)) return Type.ARRAY;
  if (value !== null && typeof value === 'object') return Type.OBJECT;
  return Type.STRING;
}
