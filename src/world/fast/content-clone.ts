/**
 * Deep copies of the fast builder's sources made by a plan chosen once per source: a source is
 * deep-frozen, so the shape it has when its plan is chosen is the shape it keeps. The common shape
 * (`{ role, parts }`, every part holding only `text`, only `functionCall` or only
 * `functionResponse`) is copied with object literals, about twice as fast as the generic copy
 * (request-contents/clone-content.ts), which copies everything else. The copy is the generic one's
 * exactly: the same own keys in the same order, plain objects and arrays
 * (test/world/content-clone.test.ts). Every step copies every history content (as adk-js does), so
 * this is most of what a long session's steps cost.
 */
import type { Content, Part } from '@google/genai';
import { cloneValue } from '../request-contents/clone-content.ts';

/** How a source is copied: the generic copy, or `{ role, parts }` whose parts all hold one key of one kind. */
export type ClonePlan = 'generic' | 'text' | 'functionCall' | 'functionResponse';

const PART_KINDS = ['text', 'functionCall', 'functionResponse'] as const;

export function clonePlanOf(content: Content): ClonePlan {
  if (!isPlainObject(content)) return 'generic';
  const keys = Object.keys(content);
  if (keys.length !== 2 || keys[0] !== 'role' || keys[1] !== 'parts' || typeof content.role !== 'string')
    return 'generic';
  const parts = content.parts;
  if (!Array.isArray(parts) || Object.getPrototypeOf(parts) !== Array.prototype || parts.length === 0) return 'generic';
  if (Object.keys(parts).length !== parts.length) return 'generic'; // holes or extra keys
  const kind = partKindOf(parts[0]);
  if (kind === undefined) return 'generic';
  for (let i = 1; i < parts.length; i += 1) if (partKindOf(parts[i]) !== kind) return 'generic';
  return kind;
}

export function cloneByPlan(content: Content, plan: ClonePlan): Content {
  if (plan === 'generic') return cloneValue(content);
  const parts = content.parts as Part[];
  const copy: Part[] = new Array(parts.length);
  if (plan === 'text') for (let i = 0; i < parts.length; i += 1) copy[i] = { text: parts[i]!.text };
  else if (plan === 'functionCall')
    for (let i = 0; i < parts.length; i += 1) copy[i] = { functionCall: cloneValue(parts[i]!.functionCall) };
  else for (let i = 0; i < parts.length; i += 1) copy[i] = { functionResponse: cloneValue(parts[i]!.functionResponse) };
  return { role: content.role, parts: copy };
}

function partKindOf(part: unknown): (typeof PART_KINDS)[number] | undefined {
  if (!isPlainObject(part)) return undefined;
  const keys = Object.keys(part);
  if (keys.length !== 1) return undefined;
  const value = (part as Record<string, unknown>)[keys[0]!];
  if (keys[0] === 'text') return typeof value === 'string' ? 'text' : undefined;
  if (keys[0] === 'functionCall' || keys[0] === 'functionResponse') return isPlainObject(value) ? keys[0] : undefined;
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}
