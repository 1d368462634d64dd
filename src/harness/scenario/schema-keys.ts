/**
 * Which field names the schema allows at a path, for "unknown field 'sise' (did you mean
 * 'size'?)". Walks the zod schema along the issue path through optionals, unions (all
 * branches), arrays, tuples and records, using zod's public schema classes.
 */
import { z } from 'zod';
import type { IssuePath } from './scenario-error.ts';

function unwrap(schema: z.core.$ZodType): z.core.$ZodType[] {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return unwrap(schema.unwrap());
  if (schema instanceof z.ZodUnion) return (schema.options as z.core.$ZodType[]).flatMap(unwrap);
  return [schema];
}

function step(schema: z.core.$ZodType, segment: string | number): z.core.$ZodType[] {
  if (schema instanceof z.ZodObject && typeof segment === 'string') {
    const child = (schema.shape as Record<string, z.core.$ZodType>)[segment];
    return child ? [child] : [];
  }
  if (schema instanceof z.ZodArray && typeof segment === 'number') return [schema.element];
  if (schema instanceof z.ZodTuple && typeof segment === 'number') {
    const item = (schema.def.items as readonly z.core.$ZodType[])[segment];
    return item ? [item] : [];
  }
  if (schema instanceof z.ZodRecord) return [schema.valueType];
  return [];
}

/** The concrete schemas (optionals and unions unwrapped) that can sit at `path`. */
export function schemasAt(root: z.core.$ZodType, path: IssuePath): z.core.$ZodType[] {
  let current = unwrap(root);
  for (const segment of path) current = current.flatMap((schema) => step(schema, segment)).flatMap(unwrap);
  return current;
}

/** Field names of every object schema at `path` (empty when none is an object). */
export function allowedKeysAt(root: z.core.$ZodType, path: IssuePath): string[] {
  const keys = new Set<string>();
  for (const schema of schemasAt(root, path)) {
    if (schema instanceof z.ZodObject) Object.keys(schema.shape).forEach((key) => keys.add(key));
  }
  return [...keys];
}
