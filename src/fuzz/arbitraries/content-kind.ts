/**
 * Every kind of generated text the world can produce, or null for the profile's default kind
 * (shrinks to null, so counterexamples only name a kind when it matters). CJK and emoji are where
 * the bytes/4 heuristic is furthest from a real tokenizer (docs/known-bugs.md #17).
 */
import fc from 'fast-check';
import { sometimes } from './_internals/sometimes.ts';
import type { ContentKind } from '../../world/world-scenario.ts';

const KINDS: readonly ContentKind[] = ['x', 'prose', 'json', 'logs', 'code', 'cjk', 'emoji'];

export function contentKindArbitrary(): fc.Arbitrary<ContentKind | null> {
  return sometimes(fc.constantFrom(...KINDS), 50);
}
