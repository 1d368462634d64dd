/**
 * How a strategy's warning (`ctx.warn`) is recorded in a step: its message, then its fields as
 * stable JSON. One definition for the world's recorder and verify:adk's meter, whose records are
 * compared field by field.
 */
import { stableJson } from './trace-digest.ts';

export function warningText(message: string, fields?: Record<string, unknown>): string {
  return fields === undefined ? message : `${message} ${stableJson(fields)}`;
}
