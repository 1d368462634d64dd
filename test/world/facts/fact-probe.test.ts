import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CompactionStrategy, LlmRequest } from '../../../src/engine/types.ts';
import type { WorldFact } from '../../../src/world/facts/fact-types.ts';
import { runSession } from '../../../src/world/run-session.ts';
import { noopStrategy, scenario, tool } from '../helpers/world-fixtures.ts';

const GOAL: WorldFact = {
  id: 'goal',
  kind: 'goal',
  values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2', marker: 'FACT-AAAAAAAA' }],
};
const FILE: WorldFact = {
  id: 'file',
  kind: 'artifact',
  values: [
    { site: { turn: 0, in: 'tool', call: 1 }, text: 'a.ts: v1', marker: 'FACT-BBBBBBBB' },
    { site: { turn: 2, in: 'tool', call: 0 }, text: 'a.ts: v2', marker: 'FACT-CCCCCCCC' },
  ],
};
const NEXT: WorldFact = {
  id: 'next',
  kind: 'next-step',
  values: [{ site: { turn: 1, in: 'response' }, text: 'Next: run tests', marker: 'FACT-DDDDDDDD' }],
};

const world = scenario({
  facts: [GOAL, FILE, NEXT],
  turnInputs: [
    { user: 'start', tools: [tool('read', 10), tool('edit', 10)], sequential: true },
    { user: 'more' },
    { user: 'edit again', tools: [tool('edit', 10)] },
    { user: 'done?' },
  ],
});

/** Keeps the contents whose index `keep` accepts, and prepends `summary` as a user text when given. */
function rewriting(
  keep: (index: number, count: number) => boolean,
  summary?: (request: LlmRequest) => string,
): CompactionStrategy {
  return {
    name: 'rewriting',
    compact(_ctx, request) {
      const kept = request.contents.filter((_content, index) => keep(index, request.contents.length));
      const text = summary?.(request);
      request.contents = text === undefined ? kept : [{ role: 'user', parts: [{ text }] }, ...kept];
    },
  };
}

const statesOf = (steps: readonly { readonly facts?: Readonly<Record<string, string>> }[]) =>
  steps.map((step) => step.facts ?? null);

describe('facts probed on every request (the world ruler)', () => {
  it('plants each value where it occurs and probes it from the first step after it reached the session', async () => {
    const result = await runSession(world, { strategy: noopStrategy });
    expect(result.steps.map((step) => step.label)).toEqual([
      'user',
      'tool-chain-0',
      'tool-chain-1',
      'user',
      'user',
      'tool-results',
      'user',
    ]);
    expect(statesOf(result.steps)).toEqual([
      { goal: 'kept' },
      { goal: 'kept' },
      // The second call's result (the file's first value) is in the request of the step after it.
      { goal: 'kept', file: 'kept' },
      { goal: 'kept', file: 'kept' },
      // The final text of turn 1 is in the requests of turn 2 onwards.
      { goal: 'kept', file: 'kept', next: 'kept' },
      { goal: 'kept', file: 'kept', next: 'kept' },
      { goal: 'kept', file: 'kept', next: 'kept' },
    ]);
    expect(result.retention?.byKind).toEqual({
      goal: { facts: 1, retained: 1, ratio: 1 },
      artifact: { facts: 1, retained: 1, ratio: 1 },
      'next-step': { facts: 1, retained: 1, ratio: 1 },
    });
    expect(result.retention?.facts.map((fact) => [fact.id, fact.fromStep, fact.final, fact.lostAtStep])).toEqual([
      ['goal', 0, 'kept', null],
      ['file', 2, 'kept', null],
      ['next', 4, 'kept', null],
    ]);
  });

  it('tells lost, stale and carried-by-a-summary apart by the markers alone', async () => {
    // Keeps only the first content (the user's first message, with the goal) and the last one, and
    // writes a "summary" that quotes the next step's marker.
    const strategy = rewriting(
      (index, count) => index === 0 || index === count - 1,
      (request) =>
        JSON.stringify(request.contents).includes('FACT-DDDDDDDD')
          ? 'Summary: Next: run tests [FACT-DDDDDDDD]'
          : 'Summary: nothing',
    );
    const result = await runSession(world, { strategy });
    const last = result.steps[result.steps.length - 1]!.facts;
    expect(last).toEqual({ goal: 'kept', file: 'lost', next: 'summary' });
    // At the step after the edit of turn 2, the newest value (v2, the last content) is present.
    expect(result.steps[result.steps.length - 2]!.facts).toEqual({ goal: 'kept', file: 'kept', next: 'summary' });
    expect(result.retention?.facts.find((fact) => fact.id === 'file')?.lostAtStep).toBe(3);
  });

  it('an older value without the newest is stale', async () => {
    // Keeps everything but the contents holding the newest value of the file.
    const strategy: CompactionStrategy = {
      name: 'drop-v2',
      compact(_ctx, request) {
        request.contents = request.contents.filter((content) => !JSON.stringify(content).includes('FACT-CCCCCCCC'));
      },
    };
    const result = await runSession(world, { strategy });
    expect(result.steps[result.steps.length - 1]!.facts).toEqual({ goal: 'kept', file: 'stale', next: 'kept' });
    expect(result.retention?.byKind.artifact).toEqual({ facts: 1, retained: 0, ratio: 0 });
  });

  it('a tool result the strategy rewrote but whose payload still carries the marker is kept', async () => {
    const strategy: CompactionStrategy = {
      name: 'clip-tool-results',
      compact(_ctx, request) {
        request.contents = request.contents.map((content) => ({
          role: content.role,
          parts: (content.parts ?? []).map((part) =>
            part.functionResponse
              ? {
                  functionResponse: {
                    ...part.functionResponse,
                    response: {
                      result: String((part.functionResponse.response as { result: string }).result).slice(-40),
                    },
                  },
                }
              : part,
          ),
        }));
      },
    };
    const result = await runSession(world, { strategy });
    expect(result.steps[result.steps.length - 1]!.facts).toEqual({ goal: 'summary', file: 'kept', next: 'summary' });
  });

  it('a session without facts has no fact read-outs at all', async () => {
    const result = await runSession(scenario({ turnInputs: [{ user: 'hi' }, { user: 'again' }] }), {
      strategy: noopStrategy,
    });
    expect(result.steps.every((step) => step.facts === undefined)).toBe(true);
    expect(result.retention).toBeUndefined();
  });

  it('the ruler imports nothing from the engine or any strategy', () => {
    for (const file of [
      'fact-probe.ts',
      'fact-types.ts',
      'retention.ts',
      'fact-sites.ts',
      'fact-marker.ts',
      'retention-policy.ts',
    ]) {
      const source = readFileSync(new URL(`../../../src/world/facts/${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/from '[^']*(engine|zoo|strategies)\//);
    }
  });
});

describe('facts probed in what a caller-supplied summarizer wrote (the real-summarizer path)', () => {
  it('a marker the model quoted in its summary counts as carried by the summary; one it dropped is lost', async () => {
    const seen: string[] = [];
    // Stands in for a real model: quotes the goal's marker from its input, drops everything else.
    const model = {
      name: 'stand-in',
      async generateContent(request: LlmRequest) {
        const input = JSON.stringify(request.contents);
        seen.push(input);
        return {
          content: {
            role: 'model',
            parts: [
              {
                text: input.includes('FACT-AAAAAAAA')
                  ? 'The user wants: Goal: ship v2 [FACT-AAAAAAAA]'
                  : 'nothing to keep',
              },
            ],
          },
        };
      },
    };
    // Summarizes everything but the latest content on every step after the first.
    const summarizing: CompactionStrategy = {
      name: 'summarize-all',
      async compact(ctx, request) {
        if (request.contents.length < 3) return;
        const old = request.contents.slice(0, -1);
        const response = await ctx.summarizer.generateContent({ model: 'm', contents: old });
        const text = response.content?.parts?.[0]?.text ?? '';
        request.contents = [{ role: 'user', parts: [{ text }] }, ...request.contents.slice(-1)];
      },
    };
    const result = await runSession(world, { strategy: summarizing, summarizer: model });
    expect(seen.length).toBeGreaterThan(0);
    expect(result.steps[result.steps.length - 1]!.facts).toEqual({ goal: 'summary', file: 'lost', next: 'lost' });
  });
});
