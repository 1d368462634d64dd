/**
 * Differential verification against the real @google/adk 2.0.0 over a representative subset:
 * parallel and sequential tools, streaming, usage metadata on and off, phases (model, window and
 * BPE token model change), a compaction that persists across turns, summarizer failures (error,
 * empty, timeout, oversize), maxLlmCalls, empty texts, undeclared tools, both strategies, and two
 * Go-simulator (go-compat) ports.
 */
import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../src/adk/differential/compare-runs.ts';
import type { ComparableStep } from '../../src/adk/differential/normalize-trace.ts';
import { runInRealAdk, verifyScenario } from '../../src/adk/differential/verify-scenario.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../src/world/index.ts';

const SUBSET = [
  'test/adk/fixtures/differential',
  'scenarios/brutal/8k-sequential-tool-chain.yaml',
  'scenarios/stress/compaction-no-infinite-loop.yaml',
];

describe('verify-adk: world vs real adk-js', async () => {
  const scenarios = await loadScenarios(SUBSET);

  it('covers the subset it claims to', () => {
    expect(scenarios.map((s) => s.name)).toHaveLength(10);
    const worlds = scenarios.map((s) => s.world);
    expect(worlds.some((w) => w.phases.some((p) => p.streamingChunks > 0))).toBe(true);
    expect(worlds.some((w) => w.phases.some((p) => !p.usageMetadata))).toBe(true);
    expect(worlds.some((w) => w.turns.some((t) => t.sequential && t.toolCalls.length > 1))).toBe(true);
    expect(worlds.some((w) => w.turns.some((t) => !t.sequential && t.toolCalls.length > 1))).toBe(true);
    expect(worlds.some((w) => w.summarizer.faults.length > 0)).toBe(true);
    expect(scenarios.some((s) => s.strategy.name === 'sliding_window')).toBe(true);
  });

  for (const scenario of scenarios) {
    it(`${scenario.name} with hardened: every step is identical (the same plugin carries it)`, async () => {
      const verification = await verifyScenario(scenario, {
        strategyOverride: (file) => ({ ...file, name: 'hardened', options: {} }),
      });
      expect(verification.difference).toBeNull();
      expect(verification.verdict).toBe('pass');
      expect(verification.adk).toEqual(verification.world);
    });

    it(`${scenario.name}: every step is identical`, async () => {
      const verification = await verifyScenario(scenario);
      expect(verification.difference).toBeNull();
      expect(verification.verdict).toBe('pass');
      expect(verification.stepsCompared).toBeGreaterThan(0);
      expect(verification.stepsCompared).toBe(verification.world!.llmSteps);
      expect(verification.adk).toEqual(verification.world);
    });
  }

  it('reports the step and field of a difference', async () => {
    // The world hides the user content from the strategy, the real run shows it: ContextGuard's
    // continuation then quotes the user's request only in the real run.
    const [scenario] = await loadScenarios(['test/adk/fixtures/differential/parallel-tools-streaming.yaml']);
    const world = await runSession(
      { ...scenario!.world, exposeUserContent: false },
      { strategy: await createStrategy(scenario!.strategy), recordTrace: true },
    );
    const adk = await runInRealAdk(scenario!.world, {
      compactor: { kind: 'context-guard', strategy: await createStrategy(scenario!.strategy) },
      recordTrace: true,
    });
    const comparison = compareRuns(
      { result: world, trace: { steps: world.trace!.steps as readonly ComparableStep[], events: world.trace!.events } },
      { result: adk, trace: { steps: adk.trace!.steps as readonly ComparableStep[], events: adk.trace!.events } },
    );
    const firstCompaction = world.steps.findIndex((step) => step.summarizerCalls.length > 0);
    expect(firstCompaction).toBeGreaterThan(0);
    expect(comparison.stepsCompared).toBe(firstCompaction);
    expect(comparison.difference).toMatchObject({
      step: firstCompaction,
      path: 'modelRequest.contents[1].parts[0].text',
    });
    expect(String(comparison.difference!.adk)).toContain("The user's current request is");
    expect(String(comparison.difference!.world)).not.toContain("The user's current request is");
  });

  it('skips adk-go flavoured scenarios', async () => {
    const [scenario] = await loadScenarios(['test/adk/fixtures/cli/go-flavour.yaml']);
    const verification = await verifyScenario(scenario!);
    expect(verification.verdict).toBe('skipped');
    expect(verification.reason).toMatch(/adk-go/);
  });

  it("measures adk-js's own TokenBasedContextCompactor next to ContextGuard", async () => {
    const [scenario] = await loadScenarios(['scenarios/adk-quirks/token-based-summarizer-error.yaml']);
    const verification = await verifyScenario(scenario!, {
      tokenBased: { kind: 'adk-token-based', tokenThreshold: null, eventRetentionSize: 4 },
    });
    expect(verification.verdict).toBe('pass');
    expect(verification.adk!.failure).toBeNull();
    // The summarizer error escapes Runner.runAsync: the adk-js compactor's run ends early.
    expect(verification.adkTokenBased!.failure).toMatch(/summarizer call 1 failed/);
    expect(verification.adkTokenBased!.llmSteps).toBeLessThan(verification.adk!.llmSteps);
  });
});
