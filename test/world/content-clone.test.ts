/** The fast builder's planned copies (fast/content-clone.ts) are the generic deep copy, exactly. */
import type { Content, Part } from '@google/genai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneByPlan, clonePlanOf } from '../../src/world/fast/content-clone.ts';
import { cloneValue } from '../../src/world/request-contents/clone-content.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';

/** Every own key in order, at every depth, and what each holds: what JSON and a deep copy show. */
function layout(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return { array: value.map(layout), keys: Object.keys(value) };
  return Object.entries(value).map(([key, field]) => [key, layout(field)]);
}

const json = fc.jsonValue({ maxDepth: 3 });

/** Every object and array reachable from `value`. */
function objectsOf(value: unknown, into = new Set<object>()): Set<object> {
  if (value !== null && typeof value === 'object') {
    into.add(value);
    for (const field of Object.values(value)) objectsOf(field, into);
  }
  return into;
}
const part = fc.oneof(
  fc.record({ text: fc.string() }),
  fc.record({
    functionCall: fc.record(
      { id: fc.string(), name: fc.string(), args: fc.dictionary(fc.string(), json) },
      { requiredKeys: ['name'] },
    ),
  }),
  fc.record({ functionResponse: fc.record({ name: fc.string(), response: fc.dictionary(fc.string(), json) }) }),
  // Shapes the plan must leave to the generic copy.
  fc.record({ text: fc.string(), thought: fc.boolean() }),
  fc.record({ inlineData: fc.record({ mimeType: fc.string(), data: fc.string() }) }),
  fc.constant({ text: undefined }),
  fc.record({ text: fc.dictionary(fc.string(), json) }).map((part) => part as unknown as Part),
);
const content: fc.Arbitrary<Content> = fc.oneof(
  fc.record({ role: fc.constantFrom('user', 'model'), parts: fc.array(part, { maxLength: 4 }) }),
  fc.record({ parts: fc.array(part, { maxLength: 2 }), role: fc.constantFrom('user', 'model') }),
  fc.record({ role: fc.constantFrom('user', 'model') }),
  fc.array(part, { maxLength: 2 }).map((parts) => {
    // A sparse parts array (a hole before the parts): left to the generic copy.
    const sparse: Part[] = [];
    sparse.length = 1;
    sparse.push(...parts);
    return { role: 'user', parts: parts.length > 0 ? sparse : parts } as Content;
  }),
);

describe('planned copies of frozen sources', () => {
  it('copy what the generic deep copy copies: the same keys in the same order, fresh unfrozen objects', () => {
    fc.assert(
      fc.property(content, (value) => {
        const source = deepFreeze(structuredClone(value));
        const copy = cloneByPlan(source, clonePlanOf(source));
        expect(layout(copy)).toEqual(layout(cloneValue(source)));
        expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
        // Nothing shared with the frozen source, nothing frozen.
        const sourceObjects = objectsOf(source);
        for (const object of objectsOf(copy)) {
          expect(sourceObjects.has(object)).toBe(false);
          expect(Object.isFrozen(object)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("keep an own __proto__ key as an own key, as lodash's cloneDeep does (JSON.parse makes one from a tool's output)", () => {
    const response = JSON.parse('{"a":1,"__proto__":{"polluted":true},"b":[2]}') as Record<string, unknown>;
    const source = deepFreeze({ role: 'user', parts: [{ functionResponse: { name: 'f', response } }] }) as Content;
    for (const copy of [cloneValue(source), cloneByPlan(source, clonePlanOf(source))]) {
      const copied = copy.parts![0]!.functionResponse!.response as Record<string, unknown>;
      expect(Object.keys(copied)).toEqual(['a', '__proto__', 'b']);
      expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
      expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
      expect((copied as { polluted?: unknown }).polluted).toBeUndefined();
    }
  });

  it('plans the common shapes and leaves the rest to the generic copy', () => {
    expect(clonePlanOf({ role: 'user', parts: [{ text: 'a' }, { text: 'b' }] })).toBe('text');
    expect(clonePlanOf({ role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] })).toBe('functionCall');
    expect(clonePlanOf({ role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] })).toBe(
      'functionResponse',
    );
    expect(clonePlanOf({ role: 'model', parts: [{ text: 'a' }, { functionCall: { name: 'f' } }] })).toBe('generic');
    expect(clonePlanOf({ parts: [{ text: 'a' }], role: 'user' })).toBe('generic');
    expect(clonePlanOf({ role: 'user', parts: [{ text: 'a', thought: true }] })).toBe('generic');
    expect(clonePlanOf({ role: 'user', parts: [] })).toBe('generic');
  });
});
