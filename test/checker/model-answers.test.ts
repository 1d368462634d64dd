/**
 * `model-answers`: every user turn gets a model answer, judged from what the world saw (model
 * calls per turn, the event the turn ended on), never from what the strategy says. A strategy
 * that ends every invocation before the model is called sends nothing, so every other property
 * holds for it: without this one it passed scenarios with zero LLM steps.
 */
import { describe, expect, it } from 'vitest';
import { modelAnswers } from '../../src/checker/properties/model-answers.ts';
import { PROPERTY_NAMES } from '../../src/checker/properties/index.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import {
  resolveScenario,
  loadScenarioSource,
  type ResolvedScenario,
  type ScenarioSpec,
} from '../../src/harness/scenario/index.ts';
import { judgeScenario } from '../../src/harness/scenario/verdict.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { runSession, runWorld } from '../../src/world/index.ts';

const BUILTINS = new Set(['threshold', 'sliding_window']);
const MODULE = { name: 'mine', builtin: false };

function scenario(spec: Partial<ScenarioSpec> = {}): ResolvedScenario {
  return resolveScenario(
    {
      session: { contextWindow: 8000 },
      turns: [
        { user: 'hello {i}', repeat: 2 },
        { user: 'look it up', tools: [{ name: 'lookup', size: 200 }], sequential: true },
      ],
      ...spec,
    },
    { file: 's.yaml', baseDir: '/tmp' },
  );
}

/** The hostile shape: a session hook that ends every invocation before the model is called. */
const endsEveryInvocation: CompactionStrategy = {
  name: 'ends-every-invocation',
  compact() {},
  compactSession: () => ({ endInvocation: true }),
};

async function failuresOf(resolved: ResolvedScenario, strategy: CompactionStrategy): Promise<string[]> {
  const result = await runSession(resolved.world, { strategy });
  const verdict = await judgeScenario(resolved, result, MODULE, BUILTINS);
  return verdict.failures.map((failure) => failure.message);
}

describe('model-answers', () => {
  it('fails a strategy that ends every invocation before the model, which every other property lets pass', async () => {
    const resolved = scenario();
    const result = await runSession(resolved.world, { strategy: endsEveryInvocation });
    expect(result.failure).toBeNull();
    expect(result.totals.llmSteps).toBe(0);
    expect(result.turnAnswers).toEqual(
      [0, 1, 2].map((turn) => ({ turn, invocations: 1, modelCalls: 0, ending: 'no-answer' })),
    );
    expect(modelAnswers.check(resolved.world, result)?.message).toBe(
      'turn 0 got no model answer: the model was never called for it (the invocation was ended or answered before the model)',
    );
    expect(await failuresOf(resolved, endsEveryInvocation)).toEqual([
      'model-answers: turn 0 got no model answer: the model was never called for it (the invocation was ended or answered before the model)',
    ]);
  });

  it('holds for the built-in strategies, every turn answered after its model calls', async () => {
    const resolved = scenario();
    for (const name of ['threshold', 'sliding_window']) {
      const strategy = await createStrategy({ name, options: {}, baseDir: '/tmp' });
      const result = await runSession(resolved.world, { strategy });
      expect(result.turnAnswers).toEqual([
        { turn: 0, invocations: 1, modelCalls: 1, ending: 'model-response' },
        { turn: 1, invocations: 1, modelCalls: 1, ending: 'model-response' },
        { turn: 2, invocations: 1, modelCalls: 2, ending: 'model-response' },
      ]);
      expect(modelAnswers.check(resolved.world, result)).toBeNull();
    }
  });

  it('fails a turn the strategy ends right after a tool ran, though the model was called', async () => {
    const stopsAfterCall: CompactionStrategy = {
      name: 'stops-after-call',
      compact() {},
      afterModel: (_ctx, response) =>
        (response.content?.parts ?? []).some((part) => part.functionCall) ? { endInvocation: true } : undefined,
    };
    expect(await failuresOf(scenario(), stopsAfterCall)).toEqual([
      'model-answers: turn 2 got no model answer: the model was called 1 time(s), but the turn ended without its final response (the invocation was ended or answered in its place)',
    ]);
  });

  it("fails a turn a callback answered in the model's place (judged by what happened, not by who did it)", async () => {
    const resolved = scenario();
    const strategy = await createStrategy({ name: 'threshold', options: {}, baseDir: '/tmp' });
    const result = await runWorld(resolved.world, {
      strategy,
      beforeModelCallbacks: [() => ({ content: { role: 'model', parts: [{ text: 'canned' }] } })],
    });
    expect(result.totals.llmSteps).toBe(3);
    expect(result.steps.every((step) => step.shortCircuited)).toBe(true);
    expect(modelAnswers.check(resolved.world, result)?.turn).toBe(0);
  });

  it('does not judge a turn the scenario marks unanswered, and judges the others', async () => {
    const allMarked = scenario({ turns: [{ user: 'hello {i}', repeat: 3, unanswered: true }] });
    expect(await failuresOf(allMarked, endsEveryInvocation)).toEqual([]);
    const someMarked = scenario({
      turns: [{ user: 'hello {i}', repeat: 3, rules: [{ turns: [0, 1], unanswered: true }] }],
    });
    expect(someMarked.world.turns.map((turn) => turn.unanswered === true)).toEqual([true, true, false]);
    expect(await failuresOf(someMarked, endsEveryInvocation)).toEqual([
      'model-answers: turn 2 got no model answer: the model was never called for it (the invocation was ended or answered before the model)',
    ]);
  });

  it("leaves a turn that ended on the step loop's error to the rules that judge it (the call bound here)", async () => {
    const bounded = scenario({
      session: { contextWindow: 8000, maxLlmCallsPerTurn: 1 },
      turns: [{ user: 'chain', tools: [{ name: 'step_{k}', size: 10, repeat: 3 }], sequential: true }],
    });
    const strategy = await createStrategy({ name: 'threshold', options: {}, baseDir: '/tmp' });
    const result = await runSession(bounded.world, { strategy });
    expect(result.turnAnswers).toEqual([{ turn: 0, invocations: 1, modelCalls: 1, ending: 'model-error' }]);
    expect(modelAnswers.check(bounded.world, result)).toBeNull();
  });

  it('judges a turn the provider refused below the window (session.provider.limit), not one refused over it', async () => {
    // Turn 2's tool result (about 3,000 tokens) is over the provider's 2,000 but under the 8,000 window.
    const turns: ScenarioSpec['turns'] = [
      { user: 'hello {i}', repeat: 2 },
      { user: 'look it up', tools: [{ name: 'lookup', size: 12000 }], sequential: true },
    ];
    const under = scenario({
      session: { contextWindow: 8000, provider: { limit: 2000, refusal: { status: 400, message: 'too big' } } },
      turns,
    });
    const strategy: CompactionStrategy = { name: 'noop', compact() {} };
    const result = await runSession(under.world, { strategy });
    expect(result.turnAnswers?.map((answer) => answer.ending)).toEqual([
      'model-response',
      'model-response',
      'model-error',
    ]);
    expect(result.steps.at(-1)!.overflow).toBe(false);
    expect(modelAnswers.check(under.world, result)?.message).toBe(
      'turn 2 got no model answer: its last request was refused by the provider below the window (the error ended the turn after 2 model call(s))',
    );
    // The same refusal at the window is an overflow: left to no-overflow, as before.
    const over = scenario({ session: { contextWindow: 2000, refuseOverWindow: true }, turns });
    const overResult = await runSession(over.world, { strategy });
    expect(overResult.turnAnswers?.at(-1)?.ending).toBe('model-error');
    expect(overResult.steps.at(-1)!.overflow).toBe(true);
    expect(modelAnswers.check(over.world, overResult)).toBeNull();
  });

  it('is a schema-checked scenario field: anything but true or false is refused with its path', () => {
    const load = () =>
      loadScenarioSource(
        'session: { contextWindow: 8000 }\nturns:\n  - user: hi\n    unanswered: "yes"\n',
        'bad.yaml',
        '/tmp',
      );
    expect(load).toThrow(/turns\[0\]\.unanswered.*expected true or false/s);
  });

  it('is a fuzz property: the fuzzer no longer reports "all properties held" for a strategy that never calls the model', async () => {
    expect(PROPERTY_NAMES).toContain('model-answers');
    const report = await runFuzz({
      strategy: { name: './test/fixtures/strategies/ends-every-invocation.ts', options: {} },
      runs: 5,
      seed: 1,
      properties: [...PROPERTY_NAMES],
      outDir: null,
      cwd: process.cwd(),
      stopAtFirstFailure: true,
      maxShrinkCandidates: 20,
    });
    expect(report.failed).toBe(true);
    const failing = report.properties.filter((property) => property.failed > 0).map((property) => property.property);
    expect(failing).toEqual(['model-answers']);
  });
});
