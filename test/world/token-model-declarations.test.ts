/**
 * The tiktoken model remembers a declaration's count beside its frozen schema (issue 32, item 4):
 * its counts must be exactly the counter's, per encoding, whatever changes between calls (a new
 * copy every step, as the world sends, another name or description, an edited schema).
 */
import type { FunctionDeclaration } from '@google/genai';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../src/engine/types.ts';
import { REQUEST_OVERHEAD_TOKENS, tiktokenTokenModel, type TokenModel } from '../../src/world/models/token-models.ts';
import { type BpeCounter, loadBpeCounter } from '../../src/world/ruler/bpe-count.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';
import { makeToolDeclarations } from '../../src/world/tools/make-tool-declarations.ts';

type Encoding = 'o200k_base' | 'cl100k_base';
const counters = new Map<Encoding, BpeCounter>();

beforeAll(async () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) counters.set(encoding, await loadBpeCounter(encoding));
}, 60_000);

const model = (encoding: Encoding): TokenModel => tiktokenTokenModel(encoding, counters.get(encoding)!);
const request = (declarations: FunctionDeclaration[]): LlmRequest =>
  ({ contents: [], config: { tools: [{ functionDeclarations: declarations }] } }) as LlmRequest;
/** The count as the model defines it, straight from the BPE counter (no cache of any kind). */
function fresh(encoding: Encoding, declarations: FunctionDeclaration[]): number {
  const counter = counters.get(encoding)!;
  let total = REQUEST_OVERHEAD_TOKENS;
  for (const d of declarations) {
    const schema = d.parametersJsonSchema ?? d.parameters;
    const json = schema === undefined || schema === null ? '' : JSON.stringify(schema);
    total += counter.count(d.name ?? '') + counter.count(d.description ?? '') + counter.count(json);
  }
  return total;
}

const schema = fc.record({
  type: fc.constant('object'),
  properties: fc.dictionary(fc.string({ maxLength: 8 }), fc.record({ description: fc.string({ maxLength: 80 }) }), {
    maxKeys: 3,
  }),
});
const declaration = fc.record(
  {
    name: fc.string({ maxLength: 20 }),
    description: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 64, maxLength: 300 })),
    parametersJsonSchema: schema,
    parameters: schema,
  },
  { requiredKeys: [] },
);

describe('tiktoken model, tool declarations', () => {
  it('counts as a fresh model does, per encoding, before and after the mutable parts are edited', () => {
    const models = { o200k_base: model('o200k_base'), cl100k_base: model('cl100k_base') };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(declaration, fc.constantFrom('none', 'shallow', 'deep')), { maxLength: 5 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        (handed, edit) => {
          const declarations = handed.map(([value, how]) => {
            const copy = structuredClone(value);
            if (how === 'shallow') return Object.freeze(copy) as FunctionDeclaration;
            return (how === 'deep' ? deepFreeze(copy) : copy) as FunctionDeclaration;
          });
          for (let round = 0; round < 2; round += 1)
            for (const encoding of ['o200k_base', 'cl100k_base'] as const)
              expect(models[encoding].countRequest(request(declarations), 0, [])).toBe(fresh(encoding, declarations));
          for (const d of declarations as Record<string, unknown>[]) {
            if (!Object.isFrozen(d)) d.description = `${String(d.description)} ${edit}`;
            for (const key of ['parametersJsonSchema', 'parameters']) {
              const s = d[key] as { properties: Record<string, unknown> } | undefined;
              if (s && !Object.isFrozen(s.properties)) s.properties[edit] = { description: edit };
            }
          }
          for (const encoding of ['o200k_base', 'cl100k_base'] as const)
            expect(models[encoding].countRequest(request(declarations), 0, [])).toBe(fresh(encoding, declarations));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counts per-step copies around shared frozen schemas as the counter does, names and descriptions changing', () => {
    const tiktoken = { o200k_base: model('o200k_base'), cl100k_base: model('cl100k_base') };
    const world = makeToolDeclarations(3, 400).map((d) => deepFreeze(d));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            tool: fc.nat({ max: 2 }),
            name: fc.option(fc.constantFrom('read', 'mcp_tool_1', '    spaced  name'), { nil: undefined }),
            description: fc.option(fc.constantFrom('', 'reads a file', 'word '.repeat(30)), { nil: undefined }),
            encoding: fc.constantFrom('o200k_base', 'cl100k_base'),
          }),
          { maxLength: 15 },
        ),
        (steps) => {
          for (const step of steps) {
            const copy: FunctionDeclaration = { ...world[step.tool]! };
            if (step.name !== undefined) copy.name = step.name;
            if (step.description !== undefined) copy.description = step.description;
            const declarations = [copy, { ...world[(step.tool + 1) % 3]! }];
            expect(tiktoken[step.encoding].countRequest(request(declarations), 0, [])).toBe(
              fresh(step.encoding, declarations),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("remembers the world's deep-frozen declarations, and counts a changing one afresh", () => {
    const tiktoken = model('o200k_base');
    const world = makeToolDeclarations(5, 600).map((d) => deepFreeze(d));
    expect(tiktoken.countRequest(request(world), 0, [])).toBe(fresh('o200k_base', world));
    expect(tiktoken.countRequest(request(world), 0, [])).toBe(fresh('o200k_base', world));

    // each encoding its own count: one counted under o200k first must not give cl100k that count
    const tokens = deepFreeze({ name: 'count', description: '    indented  \n\n  text 12345 ಠ_ಠ ' });
    const o200k = fresh('o200k_base', [tokens]);
    const cl100k = fresh('cl100k_base', [tokens]);
    expect(o200k).not.toBe(cl100k);
    expect(tiktoken.countRequest(request([tokens]), 0, [])).toBe(o200k);
    expect(model('cl100k_base').countRequest(request([tokens]), 0, [])).toBe(cl100k);

    // a frozen declaration whose schema is not: an edit to the schema is counted
    const properties: Record<string, unknown> = { path: { type: 'string' } };
    const shallow = Object.freeze({ name: 'read', parametersJsonSchema: { type: 'object', properties } });
    const before = tiktoken.countRequest(request([shallow]), 0, []);
    properties.offset = { type: 'integer', description: 'where to start reading, in lines' };
    const after = tiktoken.countRequest(request([shallow]), 0, []);
    expect(after).toBeGreaterThan(before);
    expect(after).toBe(fresh('o200k_base', [shallow]));

    // a frozen declaration with a getter
    let calls = 0;
    const getter = Object.freeze(
      Object.defineProperty({ name: 'read' }, 'description', {
        get: () => 'word '.repeat((calls += 1)),
        enumerable: true,
      }),
    ) as FunctionDeclaration;
    expect(tiktoken.countRequest(request([getter]), 0, [])).toBeLessThan(
      tiktoken.countRequest(request([getter]), 0, []),
    );

    // a frozen declaration whose prototype supplies a field
    const base = { description: 'one' };
    const inherits = Object.freeze(Object.create(base, { name: { value: 'read', enumerable: true } }));
    const first = tiktoken.countRequest(request([inherits]), 0, []);
    base.description = 'one two three four five six';
    expect(tiktoken.countRequest(request([inherits]), 0, [])).toBeGreaterThan(first);
  });
});
