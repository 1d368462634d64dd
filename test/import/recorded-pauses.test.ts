/**
 * Recorded pauses: the logs' timestamps become the pause before each replayed request, the world's
 * logical clock advances by them in replay (recorded times, never the wall clock), and pricing
 * then reads a request sent after the provider's cache lifetime as not cached.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { importLog } from '../../src/import/import-log.ts';
import { MODEL_PRICES } from '../../src/pricing/model-prices.ts';
import { scenarioCost } from '../../src/pricing/scenario-cost.ts';
import { runSession } from '../../src/world/run-session.ts';
import { claudeCodeTranscript, importOk } from './helpers.ts';

/** A Claude Code transcript whose final answer comes `pauseMs` after the first response. */
function transcript(pauseMs: number): string {
  return claudeCodeTranscript(pauseMs, { input_tokens: 10, output_tokens: 20 });
}

function imported(pauseMs: number): ScenarioSpec {
  const result = importLog(transcript(pauseMs), { format: 'claude-code', file: 't.jsonl', name: 't' });
  if (result.kind !== 'ok') throw new Error(JSON.stringify(result.issues));
  return result.scenarios[0]!.spec;
}

async function played(spec: ScenarioSpec) {
  const scenario = loadScenarioSource(serializeScenario(spec), 't.yaml', '/');
  const result = await runSession(scenario.world, { strategy: { name: 'keep-all', compact() {} } });
  return { result, cost: scenarioCost(scenario.world, result) };
}

describe('recorded pauses', () => {
  it('the replay keeps the time between recorded responses', () => {
    const steps = imported(6 * 60_000).replay!.turns[0]!.steps;
    expect(steps.map((step) => step.pauseMs)).toEqual([undefined, 6 * 60_000]);
  });

  it("the world's clock advances by them, and a request after Anthropic's 5-minute lifetime reads nothing from the cache", async () => {
    const late = await played(imported(6 * 60_000));
    const soon = await played(imported(60_000));
    const [first, second] = late.result.steps;
    expect(second!.clock - first!.clock).toBeGreaterThanOrEqual(6 * 60_000);
    expect(soon.result.steps[1]!.clock - soon.result.steps[0]!.clock).toBeLessThan(5 * 60_000);
    // Same requests, same sizes: only the pause differs.
    expect(late.result.steps.map((step) => step.realAfter)).toEqual(soon.result.steps.map((step) => step.realAfter));
    expect(soon.cost.cacheReadTokens).toBeGreaterThan(MODEL_PRICES['claude-sonnet-4-5']!.minCachedTokens);
    expect(late.cost.cacheReadTokens).toBe(0);
    expect(late.cost.usd).toBeGreaterThan(soon.cost.usd);
  });

  it('a pause before the first request of a turn is the time the user took', async () => {
    const spec = imported(60_000);
    const turn = spec.replay!.turns[0]!;
    const twoTurns: ScenarioSpec = {
      ...spec,
      replay: { ...spec.replay!, turns: [turn, { user: 'again', steps: [{ text: 'ok', pauseMs: 3_600_000 }] }] },
    };
    const { result } = await played(twoTurns);
    const steps = result.steps;
    expect(steps[2]!.clock - steps[1]!.clock).toBeGreaterThanOrEqual(3_600_000);
  });

  it('each format that stamps its lines records pauses (Codex, ADK seconds, ATIF, span start times)', () => {
    const pauses = (spec: ScenarioSpec) =>
      spec.replay!.turns.flatMap((turn) => turn.steps.map((step) => step.pauseMs)).filter((ms) => ms !== undefined);
    expect(pauses(importOk('codex-rollout-realistic.jsonl', 'codex-rollout')[0]!).length).toBeGreaterThan(0);
    expect(pauses(importOk('adk-session-realistic.json', 'adk-session')[0]!).length).toBeGreaterThan(0);
    expect(pauses(importOk('atif-realistic.json', 'atif')[0]!).length).toBeGreaterThan(0);
    // Spans: the two model calls start 0.7 s apart.
    expect(pauses(importOk('adk-spans-realistic.json', 'adk-spans')[0]!)).toEqual([700]);
  });

  it('a replay without recorded times plays on the logical clock as before (requests milliseconds apart)', async () => {
    const spec = imported(6 * 60_000);
    const timeless: ScenarioSpec = {
      ...spec,
      replay: {
        ...spec.replay!,
        turns: spec.replay!.turns.map((turn) => ({
          ...turn,
          steps: turn.steps.map(({ pauseMs: _pause, ...step }) => step),
        })),
      },
    };
    const { result, cost } = await played(timeless);
    expect(result.steps[1]!.clock - result.steps[0]!.clock).toBeLessThan(1_000);
    expect(cost.cacheReadTokens).toBeGreaterThan(0);
  });
});
