/**
 * Figures upstream's docs publish for the current code (spec §14): the kube-agent conversation of
 * the single-shot simulation is 24,126 heuristic tokens for 3 rounds, and the threshold strategy
 * brings it to 104 on an 8k window; the multi-turn suite's MCP tool sets cost the tool tokens of
 * spec §10's table (json.Marshal lengths of their schemas).
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { Tool } from '@google/genai';
import { estimateTokens, estimateToolTokens, thresholdStrategy } from '../../src/engine/index.ts';
import { makeContext, ScriptedSummarizer, textContent } from './fixtures.ts';

const podsJson = `{"items":[${'{"metadata":{"name":"nginx-deployment-abc12","namespace":"production","labels":{"app":"nginx","tier":"frontend"}},"status":{"phase":"Running","containerStatuses":[{"name":"nginx","ready":true,"restartCount":0,"image":"nginx:1.25.3"}]}},'.repeat(40)}{}]}`;

const describeOutput = (
  'Name: nginx-deployment-abc12\nNamespace: production\nNode: worker-node-03/10.0.1.15\n' +
  'Status: Running\nIP: 172.16.0.42\nContainers:\n  nginx:\n    Image: nginx:1.25.3\n' +
  '    Port: 80/TCP\n    State: Running\n    Ready: True\n    Restart Count: 0\n' +
  'Conditions:\n  Type: Ready  Status: True\n  Type: ContainersReady  Status: True\n' +
  'Events:\n  Normal  Scheduled  5m  default-scheduler  Successfully assigned\n' +
  '  Normal  Pulled     5m  kubelet  Container image already present\n' +
  '  Normal  Created    5m  kubelet  Created container nginx\n' +
  '  Normal  Started    5m  kubelet  Started container nginx\n\n'
).repeat(5);

const logsOutput = (
  '2025-01-15T10:30:00Z INFO  [nginx] 10.0.1.1 - - [15/Jan/2025:10:30:00 +0000] "GET /api/v1/health HTTP/1.1" 200 15 "-" "kube-probe/1.28"\n' +
  '2025-01-15T10:30:01Z INFO  [nginx] 10.0.2.5 - - [15/Jan/2025:10:30:01 +0000] "POST /api/v1/data HTTP/1.1" 201 482 "-" "Go-http-client/2.0"\n' +
  '2025-01-15T10:30:02Z WARN  [nginx] upstream timed out (110: Connection timed out) while connecting to upstream\n'
).repeat(50);

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
      textContent(
        'model',
        `Round ${i} analysis: All 40 pods in the production namespace are running and healthy. ` +
          'The nginx-deployment-abc12 pod has been running stable with 0 restarts. ' +
          'Logs show normal traffic patterns with occasional upstream timeout warnings that should be monitored. ' +
          'No critical issues detected.',
      ),
    );
  }
  return out;
}

describe('published figures', () => {
  it('kube-3rounds is 24,126 heuristic tokens, compacted to 104 on an 8k window', async () => {
    const contents = kubeAgentConversation(3);
    const req = { model: 'sim-model', contents };
    expect(estimateTokens(req)).toBe(24_126);
    const summarizer = new ScriptedSummarizer([
      'Summary: The conversation involved multiple tool calls to investigate and resolve issues. Key findings and decisions were made. Next steps were identified.',
    ]);
    await thresholdStrategy().compact(makeContext({ agentName: 'sim-agent', contextWindow: 8_000, summarizer }), req);
    expect(req.contents).toHaveLength(2);
    expect(estimateTokens(req)).toBe(104);
  });
});

/** Upstream's `makeMCPTools(n, schemaSize)` (spec §10). */
function makeMcpTools(n: number, schemaSize: number): Tool[] {
  const declarations = [];
  for (let i = 0; i < n; i += 1) {
    const propCount = Math.max(1, Math.trunc(schemaSize / 120));
    const properties: Record<string, unknown> = {};
    const detail = 'Detailed description. '.repeat(Math.trunc(schemaSize / (propCount * 60)) + 1).slice(0, 60);
    for (let j = 0; j < propCount; j += 1) {
      properties[`param_${j}`] = { type: 'string', description: `Parameter ${j} for tool ${i}. ${detail}` };
    }
    declarations.push({
      name: `mcp_tool_${i}`,
      description: `Tool ${i} from MCP server. ${'Performs complex operations on the system. '.repeat(Math.trunc(schemaSize / 100) + 1).slice(0, 100)}`,
      parametersJsonSchema: { type: 'object', properties, required: ['param_0'] },
    });
  }
  return [{ functionDeclarations: declarations }];
}

describe('MCP tool token table (spec §10)', () => {
  it.each([
    [20, 2000, 11_340],
    [10, 1000, 3_040],
    [50, 4000, 56_420],
    [8, 800, 1_920],
    [30, 3000, 25_920],
    [15, 1500, 6_525],
    [10, 1200, 3_690],
    [5, 600, 1_040],
    [25, 2500, 17_475],
  ])('makeMCPTools(%i, %i) → %i tool tokens', (n, schemaSize, tokens) => {
    expect(estimateToolTokens(makeMcpTools(n, schemaSize))).toBe(tokens);
  });
});
