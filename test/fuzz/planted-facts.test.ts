/**
 * The fuzzer plants facts (issue 29): generated sessions carry a goal in the first user message,
 * constraints, artifacts written again, a decision, an error fixed later and a plan, at sites of
 * the session as built, so goal-preserved judges every fuzzed strategy. The planted bug that
 * forgets the first message is caught by the fuzzer alone: test/fuzz/planted-bugs.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildScenarioSpec } from '../../src/fuzz/arbitraries/_internals/build-scenario-spec.ts';
import type { ScenarioDraft, TurnDraft } from '../../src/fuzz/arbitraries/_internals/drafts.ts';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { resolveScenario, type ScenarioSpec } from '../../src/harness/scenario/index.ts';

const resolve = (spec: ScenarioSpec) => resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: process.cwd() });

const turn: TurnDraft = {
  repeat: 8,
  user: { form: 'literal', text: 'carry on' },
  attachments: [],
  tools: [
    { size: { anchor: 'bytes', bytes: 400 }, kind: null, repeat: 1 },
    { size: { anchor: 'bytes', bytes: 300 }, kind: null, repeat: 1 },
  ],
  sequential: true,
  response: null,
  burst: null,
};

function draft(overrides: Partial<ScenarioDraft>): ScenarioDraft {
  return {
    seed: 1,
    profile: 'adk',
    flavour: 'adk-js',
    contextWindow: 8_000,
    tokenModel: { ratio: 2 },
    usage: 'on',
    streaming: 0,
    systemPrompt: null,
    toolDeclarations: null,
    turns: [turn],
    phaseSwitch: null,
    summarizer: { reply: 'fixed', exceedFactor: null, windowPercent: null, faults: [] },
    ...overrides,
  };
}

describe('planted facts in generated sessions', () => {
  it('most sessions plant a goal in their first user message with text, and every kind shows up', () => {
    const specs = fc.sample(scenarioSpecArbitrary(), { seed: 20_260_822, numRuns: 300 });
    const kinds = new Set(specs.flatMap((spec) => (spec.facts ?? []).map((fact) => fact.kind)));
    expect([...kinds].sort()).toEqual(['artifact', 'constraint', 'decision', 'error', 'goal', 'next-step']);
    let goals = 0;
    for (const spec of specs) {
      const world = resolve(spec).world; // every planted site exists (resolving checks it)
      const goal = world.facts?.find((fact) => fact.kind === 'goal');
      if (goal === undefined) continue;
      goals += 1;
      const anchored = spec.facts!.every((fact) =>
        [fact.at, ...(fact.updates ?? []).map((u) => u.at)].every((at) => at.turn >= 2),
      );
      const firstWithText = world.turns.findIndex(
        (t, i) => (anchored ? i >= 2 : true) && ('text' in t.user ? t.user.text !== '' : t.user.size > 0),
      );
      expect(goal.values[0]!.site).toEqual({ turn: firstWithText, in: 'user' });
    }
    // Stated before measuring: facts in 80 % of the drafts, a goal in 90 % of those.
    expect(goals).toBeGreaterThanOrEqual(150);
  });

  it('places updates after the value they supersede, and a fix in a model answer from the error on', () => {
    const spec = buildScenarioSpec(
      draft({
        facts: {
          goal: true,
          constraints: [50],
          artifacts: [{ at: 0, updates: 3 }],
          decision: { at: 0, reversed: true },
          error: 40,
          nextSteps: 2,
        },
      }),
    );
    const facts = Object.fromEntries(spec.facts!.map((fact) => [fact.id, fact]));
    expect(facts.goal!.at).toEqual({ turn: 0, in: 'user' });
    expect(facts['constraint-1']!.at).toEqual({ turn: 4, in: 'user' });
    // 16 tool results (8 turns × 2): the first, then 3 updates spread over the 15 after it (1, 8, 15).
    expect([facts['artifact-1']!.at, ...facts['artifact-1']!.updates!.map((u) => u.at)]).toEqual([
      { turn: 0, in: 'tool', call: 0 },
      { turn: 0, in: 'tool', call: 1 },
      { turn: 4, in: 'tool', call: 0 },
      { turn: 7, in: 'tool', call: 1 },
    ]);
    expect(facts.error!.at.turn).toBeLessThanOrEqual(facts.error!.updates![0]!.at.turn);
    expect(facts.error!.updates![0]!.at.in).toBe('response');
    expect(facts.decision!.updates![0]!.at.turn).toBeGreaterThan(facts.decision!.at.turn);
    expect(resolve(spec).world.facts).toHaveLength(6);
  });

  it('keeps away from the turns a threshold anchor sized to the byte, and from empty user messages', () => {
    const anchored = buildScenarioSpec(
      draft({
        coldThreshold: 0,
        facts: {
          goal: true,
          constraints: [0],
          artifacts: [{ at: 0, updates: 0 }],
          decision: null,
          error: null,
          nextSteps: 1,
        },
      }),
    );
    for (const fact of anchored.facts ?? []) expect(fact.at.turn).toBeGreaterThanOrEqual(2);
    const silent = buildScenarioSpec(
      draft({
        turns: [
          { ...turn, repeat: 2, user: { form: 'empty' } },
          { ...turn, repeat: 2 },
        ],
        facts: { goal: true, constraints: [], artifacts: [], decision: null, error: null, nextSteps: 0 },
      }),
    );
    expect(silent.facts![0]!.at).toEqual({ turn: 2, in: 'user' });
    expect(buildScenarioSpec(draft({ facts: null })).facts).toBeUndefined();
  });
});
