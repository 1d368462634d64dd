/**
 * A library a user imports leaves the host's globals alone (issue 27, item 6): the own property
 * descriptors of globalThis and of the built-ins the world measures with are the same before and
 * after importing and using `compaction-sim/fuzz` (checkScenario) and `ContextGuardPlugin`.
 * `structuredClone` included: the world hands strategies plain arrays of plain objects, which the
 * native one copies, so nothing replaces it.
 */
import { Buffer } from 'node:buffer';
import { InMemorySessionService, LlmAgent, Runner } from '@google/adk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** Every watched object's own property descriptors, after reading each (a lazy global settles first). */
function snapshot(): Map<string, PropertyDescriptor | undefined> {
  const watched: [string, object][] = [
    ['globalThis', globalThis],
    ['Buffer', Buffer],
    ['JSON', JSON],
    ['Array.prototype', Array.prototype],
    ['String.prototype', String.prototype],
    ['Object', Object],
    ['Object.prototype', Object.prototype],
    ['Math', Math],
    ['Map.prototype', Map.prototype],
    ['Function.prototype', Function.prototype],
  ];
  // First read every property: a lazy global (Node's fetch family) settles, and may add its own.
  for (const [, target] of watched) {
    for (const key of Reflect.ownKeys(target)) {
      try {
        void (target as Record<PropertyKey, unknown>)[key];
      } catch {
        // a throwing accessor stays as it is
      }
    }
  }
  const out = new Map<string, PropertyDescriptor | undefined>();
  for (const [name, target] of watched) {
    for (const key of Reflect.ownKeys(target)) {
      out.set(`${name}.${String(key)}`, Reflect.getOwnPropertyDescriptor(target, key));
    }
  }
  return out;
}

function changed(
  before: Map<string, PropertyDescriptor | undefined>,
  after: Map<string, PropertyDescriptor | undefined>,
): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const same = (a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean =>
    a !== undefined &&
    b !== undefined &&
    Object.is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable;
  return [...keys].filter((key) => !same(before.get(key), after.get(key)));
}

describe("compaction-sim leaves the host's globals alone", () => {
  it('compaction-sim/fuzz: importing it and checking scenarios', async () => {
    const before = snapshot();
    const { checkScenario, scenarioSpecArbitrary } = await import('../../src/api/property-testing.ts');
    const { thresholdStrategy } = await import('../../src/engine/index.ts');
    for (const scenario of fc.sample(scenarioSpecArbitrary(), { numRuns: 2, seed: 6 }))
      await checkScenario(scenario, { strategy: thresholdStrategy });
    expect(changed(before, snapshot())).toEqual([]);
  }, 120_000);

  it('ContextGuardPlugin: importing it and running it in an adk-js Runner', async () => {
    const before = snapshot();
    const { ContextGuardPlugin } = await import('../../src/adk/index.ts');
    const { ScriptedAdkLlm } = await import('../../src/adk/differential/scripted-adk-llm.ts');
    const plugin = new ContextGuardPlugin({ contextWindow: 1000 });
    plugin.add('agent');
    const model = new ScriptedAdkLlm(
      'm',
      (_request, call) => [
        {
          content: { role: 'model', parts: [{ text: `answer ${call} ${'x'.repeat(3000)}` }] },
          usageMetadata: { promptTokenCount: 900 },
        },
      ],
      { record: false },
    );
    const summarizerless = new LlmAgent({ name: 'agent', model, instruction: 'Be brief.' });
    const sessionService = new InMemorySessionService();
    const runner = new Runner({ appName: 'globals', agent: summarizerless, sessionService, plugins: [plugin] });
    const { id } = await sessionService.createSession({ appName: 'globals', userId: 'u' });
    for (const text of ['one', 'two', 'three']) {
      for await (const _event of runner.runAsync({
        userId: 'u',
        sessionId: id,
        newMessage: { role: 'user', parts: [{ text }] },
      })) {
        // played for its effect
      }
    }
    expect(changed(before, snapshot())).toEqual([]);
  }, 120_000);
});
