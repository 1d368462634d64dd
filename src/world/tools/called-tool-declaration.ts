/**
 * The declaration of a tool the scripted model calls, as an adk-js `FunctionTool` built with a
 * genai `Schema` for `parameters` would declare it (`FunctionTool._getDeclaration`: name,
 * description, parameters passed through verbatim). The differential verifier builds its real
 * `FunctionTool`s from this same function, so both worlds send identical declarations.
 */
import type { FunctionDeclaration, Schema, Type } from '@google/genai';
import type { ToolCallSpec } from '../world-scenario.ts';

/**
 * genai's `Type` enum members this file uses, by their wire values: importing the enum itself
 * would load the whole `@google/genai` client (about 0.2 s of CPU) into every scenario worker.
 */
const SCHEMA_TYPE = {
  OBJECT: 'OBJECT' as Type.OBJECT,
  ARRAY: 'ARRAY' as Type.ARRAY,
  STRING: 'STRING' as Type.STRING,
  NUMBER: 'NUMBER' as Type.NUMBER,
  INTEGER: 'INTEGER' as Type.INTEGER,
  BOOLEAN: 'BOOLEAN' as Type.BOOLEAN,
} as const;

export function makeCalledToolDeclaration(call: Pick<ToolCallSpec, 'name' | 'args'>): FunctionDeclaration {
  const properties: Record<string, Schema> = {};
  for (const [key, value] of Object.entries(call.args)) properties[key] = { type: schemaTypeOf(value) };
  return {
    name: call.name,
    description: `Simulated tool ${call.name}.`,
    parameters: { type: SCHEMA_TYPE.OBJECT, properties },
  };
}

/** The tools the agent owns, in the order their names first appear in the script. */
export function calledToolsInOrder(turns: readonly { readonly toolCalls: readonly ToolCallSpec[] }[]): ToolCallSpec[] {
  const seen = new Map<string, ToolCallSpec>();
  for (const turn of turns) for (const call of turn.toolCalls) if (!seen.has(call.name)) seen.set(call.name, call);
  return [...seen.values()];
}

function schemaTypeOf(value: unknown): Type {
  if (typeof value === 'number') return Number.isInteger(value) ? SCHEMA_TYPE.INTEGER : SCHEMA_TYPE.NUMBER;
  if (typeof value === 'boolean') return SCHEMA_TYPE.BOOLEAN;
  if (Array.isArray(value)) return SCHEMA_TYPE.ARRAY;
  if (value !== null && typeof value === 'object') return SCHEMA_TYPE.OBJECT;
  return SCHEMA_TYPE.STRING;
}
