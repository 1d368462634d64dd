/**
 * Figures upstream's docs publish for the current code (spec §14): the kube-agent conversation of
 * the single-shot simulation is 24,126 heuristic tokens for 3 rounds, and the threshold strategy
 * brings it to 104 on an 8k window. (The §10 MCP tool-token table is checked against the world's
 * generator in test/world/tool-declarations.test.ts.)
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { estimateTokens, thresholdStrategy } from '../../src/engine/index.ts';
import { makeContext, ScriptedSummarizer, textContent } from './fixtures.ts';

// Our own texts with the byte lengths of upstream's kubeAgentConversation fixtures: the estimator
// only sees lengths (per field, integer-divided by 4), so equal lengths give equal figures.
const KUBE_SIZES = { pods: 9_454, describe: 2_835, logs: 19_300, analysis: 285 } as const;
const fill = (seed: string, bytes: number): string => seed.repeat(Math.ceil(bytes / seed.length)).slice(0, bytes);
const podsJson = fill('{"pod":"web-7f9c","phase":"Running","ready":true,"restarts":0},', KUBE_SIZES.pods);
const describeOutput = fill('Name: web-7f9c\nStatus: Running\nReady: True\nRestart Count: 0\n', KUBE_SIZES.describe);
const logsOutput = fill('2025-01-15T10:30:00Z INFO web GET /healthz 200 3ms\n', KUBE_SIZES.logs);
const analysis = (i: number): string =>
  fill(
    `Round ${i}: every production pod is Running with no restarts; a few upstream timeouts are worth watching. `,
    KUBE_SIZES.analysis,
  );

function call(name: string, args: Record<string, unknown>): Content {
  return { role: 'model', parts: [{ functionCall: { name, args } }] };
}
function result(name: string, stdout: string): Content {
  return { role: 'user', parts: [{ functionResponse: { name, response: { stdout } } }] };
}

function kubeAgentConversation(rounds: number): Content[] {
  const out: Content[] = [];
  for (let i = 0; i < rounds; i += 1) {
    out.push(
      textContent('user', `Check the status of pods in the production namespace, round ${i}`),
      call('kubectl_get_pods', { namespace: 'production', output: 'json' }),
      result('kubectl_get_pods', podsJson),
      call('kubectl_describe_pod', { pod: 'nginx-deployment-abc12', namespace: 'production' }),
      result('kubectl_describe_pod', describeOutput),
      call('kubectl_get_logs', { pod: 'nginx-deployment-abc12', namespace: 'production', tail: 100 }),
      result('kubectl_get_logs', logsOutput),
      textContent('model', analysis(i)),
    );
  }
  return out;
}

describe('published figures', () => {
  it('kube-3rounds is 24,126 heuristic tokens, compacted to 104 on an 8k window', async () => {
    const contents = kubeAgentConversation(3);
    const req = { model: 'sim-model', contents };
    expect(estimateTokens(req)).toBe(24_126);
    // A 155-byte summary, the length of upstream's single-shot mock reply.
    const summarizer = new ScriptedSummarizer([
      fill('Summary: pods checked, logs read, timeouts noted; next: watch the upstream. ', 155),
    ]);
    await thresholdStrategy().compact(makeContext({ agentName: 'sim-agent', contextWindow: 8_000, summarizer }), req);
    expect(req.contents).toHaveLength(2);
    expect(estimateTokens(req)).toBe(104);
  });
});
