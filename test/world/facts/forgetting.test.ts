/**
 * Forgetting has a price (issue 29): a fact a later turn needs and the request lacks is recovered
 * by the scripted agent with a tool call whose result is the fact's newest value, so the loss
 * costs steps and tokens; a strategy that drops the re-read again makes the agent re-read again,
 * up to the need's attempts (a re-read loop).
 */
import { describe, expect, it } from 'vitest';
import type { CompactionStrategy, Content } from '../../../src/engine/types.ts';
import type { FactNeed, WorldFact } from '../../../src/world/facts/fact-types.ts';
import { runSession } from '../../../src/world/run-session.ts';
import { noopStrategy, scenario, tool } from '../helpers/world-fixtures.ts';

const NEED: FactNeed = { turn: 3, tool: 'read', args: { path: 'a.ts' }, responseKey: 'result', attempts: 3 };

function file(need: FactNeed | null): WorldFact {
  return {
    id: 'file',
    kind: 'artifact',
    values: [
      { site: { turn: 0, in: 'tool', call: 1 }, text: 'a.ts: v1', marker: 'FACT-BBBBBBBB' },
      { site: { turn: 1, in: 'tool', call: 0 }, text: 'a.ts: v2', marker: 'FACT-CCCCCCCC' },
    ],
    ...(need === null ? {} : { need }),
  };
}

const world = (need: FactNeed | null = NEED) =>
  scenario({
    facts: [file(need)],
    turnInputs: [
      { user: 'start', tools: [tool('read', 10), tool('edit', 10)], sequential: true },
      { user: 'edit again', tools: [tool('edit', 10)] },
      { user: 'more' },
      { user: 'now finish a.ts' },
    ],
  });

const mentions = (content: Content, marker: string) => JSON.stringify(content).includes(marker);

/** Drops every content that carries one of `markers` (the file's values), wherever it is. */
function dropping(...markers: string[]): CompactionStrategy {
  return {
    name: 'dropping',
    compact(_ctx, request) {
      request.contents = request.contents.filter((content) => !markers.some((marker) => mentions(content, marker)));
    },
  };
}

/** Drops the file's values from history written before turn 3's user message, keeps everything after it. */
const forgetsHistory: CompactionStrategy = {
  name: 'forgets-history',
  compact(_ctx, request) {
    const start = request.contents.findIndex((content) => JSON.stringify(content).includes('now finish a.ts'));
    if (start < 0) return;
    request.contents = request.contents.filter(
      (content, index) => index >= start || !(mentions(content, 'FACT-BBBBBBBB') || mentions(content, 'FACT-CCCCCCCC')),
    );
  },
};

describe('forgetting has a price: the scripted agent recovers a needed fact its request lacks', () => {
  it('costs nothing when the strategy kept the fact: the same steps as without the need', async () => {
    const needed = await runSession(world(), { strategy: noopStrategy });
    const plain = await runSession(world(null), { strategy: noopStrategy });
    expect(needed.failure).toBeNull();
    expect(needed.steps.map((step) => step.label)).toEqual(plain.steps.map((step) => step.label));
    expect(needed.steps.some((step) => step.recovery !== undefined)).toBe(false);
    expect(needed.retention?.recoveries).toBeUndefined();
  });

  it('re-reads a lost fact once, with the newest value as the result, then carries on with the script', async () => {
    const result = await runSession(world(), { strategy: forgetsHistory, recordTrace: true });
    const plain = await runSession(world(null), { strategy: forgetsHistory });
    expect(result.failure).toBeNull();
    // One extra step in turn 3: the re-read, then the turn's scripted answer.
    expect(result.steps.length).toBe(plain.steps.length + 1);
    const recovery = result.steps.filter((step) => step.recovery !== undefined);
    expect(recovery.map((step) => [step.turn, step.recovery])).toEqual([[3, { fact: 'file', attempt: 1 }]]);
    expect(recovery[0]!.facts).toEqual({ file: 'lost' });
    // The step after the re-read has the fact back, verbatim (kept).
    const next = result.steps[result.steps.indexOf(recovery[0]!) + 1]!;
    expect(next.facts).toEqual({ file: 'kept' });
    // The re-read is a real call of the need's tool, answered with the newest value's statement.
    const events = result.trace!.events;
    const call = events
      .flatMap((event) => event.content?.parts ?? [])
      .find((part) => part.functionCall?.args?.['path']);
    expect(call?.functionCall).toMatchObject({ name: 'read', args: { path: 'a.ts' } });
    const response = events
      .flatMap((event) => event.content?.parts ?? [])
      .filter((part) => part.functionResponse?.name === 'read')
      .at(-1);
    expect(response?.functionResponse?.response).toEqual({ result: 'a.ts: v2 [FACT-CCCCCCCC]' });
    expect(result.retention?.recoveries).toEqual({
      calls: 1,
      tokens: recovery[0]!.realAfter,
      rereadLoops: 0,
      facts: [{ id: 'file', kind: 'artifact', calls: 1, tokens: recovery[0]!.realAfter, recovered: true }],
    });
    // Steps and tokens of the recovery are counted like any others.
    expect(result.totals.llmSteps).toBe(plain.totals.llmSteps + 1);
  });

  it('re-reads a stale fact (only the older value is in the request)', async () => {
    const result = await runSession(world(), { strategy: dropping('FACT-CCCCCCCC') });
    const recovery = result.steps.filter((step) => step.recovery !== undefined);
    expect(recovery.length).toBeGreaterThan(0);
    expect(recovery[0]!.facts).toEqual({ file: 'stale' });
  });

  it('re-reads again while the strategy drops the re-read, up to the attempts: a re-read loop, then the script goes on', async () => {
    const result = await runSession(world(), { strategy: dropping('FACT-BBBBBBBB', 'FACT-CCCCCCCC') });
    expect(result.failure).toBeNull();
    const recovery = result.steps.filter((step) => step.recovery !== undefined);
    expect(recovery.map((step) => step.recovery)).toEqual([
      { fact: 'file', attempt: 1 },
      { fact: 'file', attempt: 2 },
      { fact: 'file', attempt: 3 },
    ]);
    expect(result.retention?.recoveries).toMatchObject({ calls: 3, rereadLoops: 1 });
    expect(result.retention?.recoveries?.facts[0]?.recovered).toBe(false);
    // The turn still ends with the model's answer.
    expect(result.turnAnswers?.at(-1)).toMatchObject({ turn: 3, ending: 'model-response' });
  });

  it('recovers with a tool only the recovery calls: the agent owns it, declared like the called tools', async () => {
    const need: FactNeed = { ...NEED, tool: 'cat_file', attempts: 1 };
    const result = await runSession(world(need), { strategy: forgetsHistory, recordTrace: true });
    expect(result.failure).toBeNull();
    const parts = result.trace!.events.flatMap((event) => event.content?.parts ?? []);
    expect(parts.find((part) => part.functionResponse?.name === 'cat_file')?.functionResponse?.response).toEqual({
      result: 'a.ts: v2 [FACT-CCCCCCCC]',
    });
  });
});
