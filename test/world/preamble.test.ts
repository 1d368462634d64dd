/**
 * preambleKey's caches (issue 32, item 3) must give exactly the keys of the plain computation:
 * a frozen declaration's fields serialized once, the digest of a recent preamble text reused. A
 * declaration a strategy can still change (unfrozen, a getter, an unfrozen nested value) must be
 * read afresh on every call.
 */
import type { FunctionDeclaration, GenerateContentConfig } from '@google/genai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/world/measure/canonical-json.ts';
import { preambleKey, preambleTextsKept } from '../../src/world/measure/preamble.ts';
import { sha256 } from '../../src/world/measure/sha256.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';
import { makeToolDeclarations } from '../../src/world/tools/make-tool-declarations.ts';

/** preambleKey as it was before its caches: everything serialized and hashed on every call. */
function referencePreambleKey(config: GenerateContentConfig | undefined): string {
  if (!config) return '';
  const parts: string[] = [];
  const system = config.systemInstruction;
  parts.push(typeof system === 'string' ? referenceTextKey(system) : canonicalJson(system));
  for (const tool of config.tools ?? []) {
    if (!tool || !('functionDeclarations' in tool)) {
      parts.push(canonicalJson(tool));
      continue;
    }
    for (const declaration of tool.functionDeclarations ?? []) {
      const { parametersJsonSchema, parameters, ...rest } = declaration;
      parts.push(
        `${canonicalJson(rest)}|${referenceSchemaKey(parametersJsonSchema)}|${referenceSchemaKey(parameters)}`,
      );
    }
  }
  return sha256(parts.join('\n'));
}

function referenceTextKey(text: string): string {
  return text.length < 256 ? JSON.stringify(text) : sha256(text);
}

function referenceSchemaKey(schema: unknown): string {
  if (schema === null || typeof schema !== 'object') return canonicalJson(schema);
  return sha256(canonicalJson(schema));
}

const schema = fc.dictionary(
  fc.string({ maxLength: 6 }),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant({ type: 'string' })),
  { maxKeys: 4 },
);
const declaration = fc.record(
  {
    name: fc.string({ maxLength: 12 }),
    description: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ minLength: 300, maxLength: 600 })),
    parametersJsonSchema: schema,
    parameters: schema,
    response: fc.record({ type: fc.constantFrom('string', 'object'), items: fc.array(fc.nat(), { maxLength: 3 }) }),
    behavior: fc.constantFrom('BLOCKING', 'NON_BLOCKING'),
  },
  { requiredKeys: ['name'] },
);
/** How a declaration is handed over: as is, frozen at the top only, or frozen all the way down. */
const freezing = fc.constantFrom('none', 'shallow', 'deep');

function handOver(value: object, how: string): FunctionDeclaration {
  if (how === 'shallow') return Object.freeze(value) as FunctionDeclaration;
  if (how === 'deep') return deepFreeze(value) as FunctionDeclaration;
  return value as FunctionDeclaration;
}

describe('preambleKey', () => {
  it('equals the uncached key on arbitrary configs, before and after their mutable parts are edited', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 20 }), fc.string({ minLength: 256, maxLength: 400 })),
        fc.array(fc.tuple(declaration, freezing), { maxLength: 6 }),
        fc.string({ maxLength: 8 }),
        (system, handed, edit) => {
          const declarations = handed.map(([value, how]) => handOver(structuredClone(value), how));
          const config: GenerateContentConfig = {
            systemInstruction: system,
            tools: [{ functionDeclarations: declarations }],
          };
          for (let round = 0; round < 2; round += 1) {
            expect(preambleKey(config)).toBe(referencePreambleKey(config));
            expect(preambleKey({ ...config })).toBe(referencePreambleKey(config));
          }
          // edit whatever can still be edited: top-level fields, nested values, schemas
          for (const d of declarations as Record<string, unknown>[]) {
            if (!Object.isFrozen(d)) d.description = edit;
            const response = d.response as Record<string, unknown> | undefined;
            if (response && !Object.isFrozen(response)) response.type = edit;
            const parameters = d.parameters as Record<string, unknown> | undefined;
            if (parameters && !Object.isFrozen(parameters)) parameters.edited = edit;
          }
          expect(preambleKey(config)).toBe(referencePreambleKey(config));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads an unfrozen declaration afresh, and a frozen one whose nested field or getter can change', () => {
    const plain: FunctionDeclaration = { name: 'read', description: 'before' };
    const config = { tools: [{ functionDeclarations: [plain] }] };
    const before = preambleKey(config);
    plain.description = 'after';
    expect(preambleKey(config)).not.toBe(before);
    expect(preambleKey(config)).toBe(referencePreambleKey(config));

    const response = { type: 'string' };
    const shallow = Object.freeze({ name: 'read', response }) as unknown as FunctionDeclaration;
    const shallowConfig = { tools: [{ functionDeclarations: [shallow] }] };
    const first = preambleKey(shallowConfig);
    response.type = 'object';
    expect(preambleKey(shallowConfig)).not.toBe(first);
    expect(preambleKey(shallowConfig)).toBe(referencePreambleKey(shallowConfig));

    let calls = 0;
    const getter = Object.freeze(
      Object.defineProperty({ name: 'read' }, 'description', {
        get: () => `call ${(calls += 1)}`,
        enumerable: true,
      }),
    ) as FunctionDeclaration;
    const getterConfig = { tools: [{ functionDeclarations: [getter] }] };
    const keys = [preambleKey(getterConfig), preambleKey(getterConfig)];
    expect(keys[0]).not.toBe(keys[1]);

    // malformed declarations (a strategy may send anything) get the plain key, not an error
    const malformed = { tools: [{ functionDeclarations: ['read', 7, Object.freeze(['a'])] as never }] };
    expect(preambleKey(malformed)).toBe(referencePreambleKey(malformed));
    expect(preambleKey(malformed)).toBe(referencePreambleKey(malformed));
  });

  it('equals the uncached key when, as in the world, every step sends new copies of shared declarations', () => {
    const shared = makeToolDeclarations(4, 500).map((d) => deepFreeze(d));
    const sameSchema = { type: 'object', properties: { path: { type: 'string' } } };
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            tool: fc.nat({ max: 3 }),
            name: fc.constantFrom('read', 'write', 'mcp_tool_0'),
            description: fc.option(fc.constantFrom('reads a file', 'writes a file', 'x'.repeat(600)), {
              nil: undefined,
            }),
            extra: fc.option(fc.constantFrom('BLOCKING', 'NON_BLOCKING'), { nil: undefined }),
            sharedSchema: fc.boolean(),
          }),
          { maxLength: 12 },
        ),
        (steps) => {
          for (const step of steps) {
            // a new declaration each step: a world tool's copy, or a name/description around a schema object
            const declaration: FunctionDeclaration = step.sharedSchema
              ? {
                  name: step.name,
                  ...(step.description === undefined ? {} : { description: step.description }),
                  ...(step.extra === undefined ? {} : { behavior: step.extra as never }),
                  parameters: sameSchema as never,
                }
              : { ...shared[step.tool]!, ...(step.extra === undefined ? {} : { name: step.name }) };
            const config = { tools: [{ functionDeclarations: [declaration, { ...shared[(step.tool + 1) % 4]! }] }] };
            expect(preambleKey(config)).toBe(referencePreambleKey(config));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the right digest for each of more preambles than it remembers, in any order', () => {
    const configs = Array.from({ length: 9 }, (_, i) => ({
      systemInstruction: `system ${i}`,
      tools: [{ functionDeclarations: [deepFreeze({ name: `tool_${i % 3}`, description: 'd' })] }],
    }));
    const expected = configs.map(referencePreambleKey);
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 8 }), { maxLength: 40 }), (order) => {
        for (const i of order) expect(preambleKey(configs[i])).toBe(expected[i]);
      }),
    );
  });
});

describe('preamble texts kept by value', () => {
  it('live while sessions play in the thread, and are let go when the last one ends', async () => {
    const { loadScenarios } = await import('../../src/harness/scenario/index.ts');
    const { createStrategy } = await import('../../src/harness/strategy/load-strategy.ts');
    const { runSession } = await import('../../src/world/index.ts');
    const scenario = (await loadScenarios(['scenarios/brutal']))[0]!;
    const longInstruction = 'You are a careful agent. '.repeat(40);
    preambleKey({ systemInstruction: longInstruction });
    expect(preambleTextsKept()).toBeGreaterThanOrEqual(longInstruction.length);
    await runSession(scenario.world, { strategy: await createStrategy(scenario.strategy) });
    expect(preambleTextsKept()).toBe(0);
  });
});
