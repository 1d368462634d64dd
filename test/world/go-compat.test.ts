import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import { goScenario, turnsOf } from '../../src/world/go-compat/go-scenario.ts';
import { runSession } from '../../src/world/run-session.ts';
import type { WorldScenario, WorldTurn } from '../../src/world/world-scenario.ts';
import { goSeedCases } from '../../bench/go-seed-table.ts';

describe('Go simulator figures (contextguard spec §10–11)', () => {
  it('TestStress_8k_NormalConversation: one real summarization (turn 14), 6 counted compactions (turns 14–19)', async () => {
    const s = goScenario(
      { contextWindow: 8000, systemPromptSize: 500, modelName: 'small-model', hasUsageMetadata: true, tokenRatio: 1.8 },
      turnsOf(20, () => ({ user: { longMessage: 800 } })),
    );
    for (const flavour of ['adk-js', 'adk-go'] as const) {
      const r = await runSession({ ...s, flavour }, { strategy: thresholdStrategy() });
      expect(r.steps.filter((step) => step.summarizerCalls.length > 0).map((step) => step.turn)).toEqual([14]);
      expect(r.steps.filter((step) => step.compacted).map((step) => step.turn)).toEqual([14, 15, 16, 17, 18, 19]);
      expect(r.totals).toMatchObject({ summarizations: 1, compactedSteps: 6, overflowSteps: 0 });
      // Post-compaction request = 50 (summary) + 46 (continuation) + 500/4 (system) heuristic tokens.
      expect(r.steps[14]!.heuristicAfter).toBe(50 + 46 + 125);
    }
  });

  it('kube-3rounds: the history estimate is 24,126', async () => {
    // Texts of the same byte lengths as upstream's kubeAgentConversation fixtures.
    const sizes = { pods: 9454, describe: 2835, logs: 19300 };
    // Our own 285-byte final text (the length of upstream's; only lengths reach the estimator).
    const finalText = (i: number) => `Round ${i}: every production pod is Running with no restarts; a few upstream timeouts are worth watching. `.repeat(3).slice(0, 285);
    const turns: WorldTurn[] = [0, 1, 2].map((i) => ({
      index: i,
      phase: 0,
      user: { text: `Check the status of pods in the production namespace, round ${i}` },
      attachments: [],
      sequential: true,
      toolCalls: [
        { name: 'kubectl_get_pods', args: { namespace: 'production', output: 'json' }, responseKey: 'stdout', response: { kind: 'json', size: sizes.pods } },
        { name: 'kubectl_describe_pod', args: { pod: 'nginx-deployment-abc12', namespace: 'production' }, responseKey: 'stdout', response: { kind: 'logs', size: sizes.describe } },
        { name: 'kubectl_get_logs', args: { pod: 'nginx-deployment-abc12', namespace: 'production', tail: 100 }, responseKey: 'stdout', response: { kind: 'logs', size: sizes.logs } },
      ],
      modelResponse: { text: finalText(i) },
    }));
    const base = goScenario({ contextWindow: 128_000, systemPromptSize: 0, modelName: 'gpt-4o', hasUsageMetadata: true, tokenRatio: 2 }, []);
    const s: WorldScenario = { ...base, turns };
    const r = await runSession(s, { strategy: thresholdStrategy() });
    expect(r.totals.finalHistoryTokens).toBe(24_126);
    expect(r.steps.map((step) => step.label)).toEqual(Array.from({ length: 3 }, () => ['user', 'tool-chain-0', 'tool-chain-1', 'tool-chain-2']).flat());
  });

  it('every §11a assertion holds with the threshold strategy (47 tests, 48 sessions)', async () => {
    const cases = goSeedCases();
    expect(cases).toHaveLength(48);
    const failures: string[] = [];
    for (const c of cases) {
      const r = await runSession(c.scenario, { strategy: thresholdStrategy() });
      if (r.failure) failures.push(`${c.test}: ${r.failure.message}`);
      if (c.noOverflow && r.totals.overflowSteps > 0) failures.push(`${c.test}: overflow`);
      if (r.totals.compactedSteps < c.compactionsMin) failures.push(`${c.test}: ${r.totals.compactedSteps} compactions < ${c.compactionsMin}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('the counted compactions of the repeated-compaction tests match the documented 65 and 69', async () => {
    const byName = new Map(goSeedCases().map((c) => [c.test, c]));
    const r200 = await runSession(byName.get('TestStress_200k_RepeatedCompactions')!.scenario, { strategy: thresholdStrategy() });
    const r8 = await runSession(byName.get('TestStress_8k_RepeatedCompactions')!.scenario, { strategy: thresholdStrategy() });
    expect([r200.totals.compactedSteps, r200.totals.summarizations]).toEqual([65, 3]);
    expect([r8.totals.compactedSteps, r8.totals.summarizations]).toEqual([69, 6]);
  });
});
