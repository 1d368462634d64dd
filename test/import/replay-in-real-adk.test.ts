/**
 * Replay mode is faithful: imported sessions (recorded declarations, text beside calls, parallel
 * groups, recorded ids and results) play step for step identically in the world and in the real
 * @google/adk runner, with the file's strategy, and with hardened compacting a real trace.
 */
import { describe, expect, it } from 'vitest';
import { verifyScenario } from '../../src/adk/differential/verify-scenario.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';
import { importOk } from './helpers.ts';

describe('replay scenarios in the real @google/adk runner', async () => {
  const imported = [
    importOk('openai-chat-realistic.json', 'openai-chat', { name: 'openai-chat' })[0]!,
    importOk('adk-spans-realistic.json', 'adk-spans', { name: 'adk-spans' })[0]!,
    importOk('codex-rollout-realistic.jsonl', 'codex-rollout', { name: 'codex-rollout' })[0]!,
  ].map((spec) => loadScenarioSource(serializeScenario(spec), `${spec.name}.yaml`, '/'));
  const traces = await loadScenarios([
    'scenarios/traces/swe-agent/function_calling_simple.yaml',
    'scenarios/traces/swe-agent/ctf-crypto-katy.yaml',
    'scenarios/traces/claude-code/agtrace-claude_session.yaml',
    'scenarios/traces/codex-rollout/agtrace-codex_session.yaml',
    // Calls without ids (early adk-python), a transfer and replies of sub-agents in turn.
    'scenarios/traces/adk-session/adk-python-flow_complex_spark.yaml',
    'scenarios/traces/openai-chat/mini-swe-agent-missing_colon.yaml',
    'scenarios/traces/atif/openagents-login-trace.yaml',
  ]);

  for (const scenario of [...imported, ...traces]) {
    it(`${scenario.name}: every step is identical`, async () => {
      const verification = await verifyScenario(scenario);
      expect(verification.difference).toBeNull();
      expect(verification.verdict).toBe('pass');
    });
  }

  it('ctf-crypto-katy with hardened, which compacts in its 8k window: every step is identical', async () => {
    const katy = traces.find((scenario) => scenario.name === 'ctf-crypto-katy')!;
    const verification = await verifyScenario(katy, {
      strategyOverride: (file) => ({ ...file, name: 'hardened', options: {} }),
    });
    expect(verification.world).toMatchObject({ llmSteps: 18, failure: null });
    expect(verification.world!.compactions).toBeGreaterThan(0);
    expect(verification.adk).toEqual(verification.world);
    expect(verification.difference).toBeNull();
    expect(verification.verdict).toBe('pass');
  });
});
