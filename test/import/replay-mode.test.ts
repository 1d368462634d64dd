/**
 * Replay mode: a scenario's recorded turns are played back open loop by the scripted model:
 * texts, call ids, arguments, parallel grouping and recorded results reach the requests as
 * recorded; a bad replay block is a located schema error.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { runSession } from '../../src/world/run-session.ts';

const REPLAY = `
name: replayed
session:
  model: gpt-4o
  contextWindow: 128000
  systemPrompt: { text: "You are a careful coding agent." }
strategy: { name: threshold }
replay:
  source: { format: openai-chat, file: session.json }
  tools:
    - name: read_file
      description: Read a file.
      parameters: { type: object, properties: { path: { type: string } }, required: [path] }
    - name: list_dir
      parameters: { type: object, properties: { path: { type: string } } }
  turns:
    - user: "Fix the failing test in parser.ts"
      steps:
        - text: "Let me look."
          calls:
            - { id: call_a, name: list_dir, args: { path: src }, result: "parser.ts\\nlexer.ts" }
            - { id: call_b, name: read_file, args: { path: src/parser.ts }, result: "export const x = 1;" }
          usage: { input: 120, output: 30 }
        - calls:
            - { id: call_c, name: read_file, args: { path: src/lexer.ts }, result: { content: "lexer", lines: 1 } }
          usage: { input: 180 }
        - text: "The bug is in the lexer."
          usage: { input: 220, output: 9 }
    - user: "Thanks"
      steps:
        - calls:
            - { id: call_d, name: list_dir, args: {}, result: "done" }
  compactions:
    - { turn: 1, trigger: auto, preTokens: 100 }
`;

describe('replay mode', () => {
  it('plays the recorded responses, ids, groups and results as recorded', async () => {
    const scenario = loadScenarioSource(REPLAY, 'replayed.yaml', '/');
    expect(scenario.recorded?.compactions).toEqual([{ turn: 1, trigger: 'auto', preTokens: 100 }]);
    expect(scenario.world.turns[0]!.replay!.usage.map((u) => u?.inputTokens ?? null)).toEqual([120, 180, 220]);
    // The second turn's last response made calls: it ends with an empty text, with no recorded usage.
    expect(scenario.world.turns[1]!.replay!.usage).toEqual([null, null]);
    const result = await runSession(scenario.world, {
      strategy: await createStrategy(scenario.strategy),
      recordTrace: true,
    });
    expect(result.failure).toBeNull();
    const steps = result.trace!.steps;
    expect(steps.map((s) => s.turn)).toEqual([0, 0, 0, 1, 1]);
    const last = steps[2]!.modelRequest!;
    expect(last.config?.systemInstruction).toContain('careful coding agent');
    const declared = (
      last.config?.tools?.[0] as { functionDeclarations?: { name?: string }[] } | undefined
    )?.functionDeclarations?.map((d) => d.name);
    expect(declared).toEqual(['read_file', 'list_dir']);
    const parts = last.contents.flatMap((c) => (c.parts ?? []).map((p) => ({ role: c.role, p })));
    // The first response: its text, then both calls in ONE content (a parallel group).
    const firstModel = last.contents.find((c) => c.role === 'model')!;
    expect(firstModel.parts!.map((p) => p.text ?? p.functionCall?.id)).toEqual(['Let me look.', 'call_a', 'call_b']);
    expect(firstModel.parts![2]!.functionCall!.args).toEqual({ path: 'src/parser.ts' });
    const responses = parts.filter(({ p }) => p.functionResponse).map(({ p }) => p.functionResponse!);
    expect(responses.map((r) => [r.id, r.response])).toEqual([
      ['call_a', { result: 'parser.ts\nlexer.ts' }],
      ['call_b', { result: 'export const x = 1;' }],
      ['call_c', { content: 'lexer', lines: 1 }],
    ]);
    expect(result.steps.map((s) => [s.orphanCalls, s.orphanResponses])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses a replay with turns beside it at its field path', () => {
    const bad = REPLAY.replace('name: replayed', 'name: replayed\nturns: [{ user: hi }]');
    expect(() => loadScenarioSource(bad, 'bad.yaml', '/')).toThrow(
      /bad\.yaml:\d+:\d+: turns: 'turns' and 'replay' exclude each other/,
    );
  });

  it('refuses a call without a result at its field path', () => {
    const bad = REPLAY.replace(', result: "done" }', ' }');
    expect(() => loadScenarioSource(bad, 'bad.yaml', '/')).toThrow(
      /bad\.yaml:\d+:\d+: replay\.turns\[1\]\.steps\[0\]\.calls\[0\]\.result: missing required field 'result'/,
    );
  });

  it('refuses a response without calls in the middle of a turn', () => {
    const bad = REPLAY.replace(
      '        - calls:\n            - { id: call_c',
      '        - text: "hmm"\n        - calls:\n            - { id: call_c',
    );
    expect(() => loadScenarioSource(bad, 'bad.yaml', '/')).toThrow(
      /replay\.turns\[0\]\.steps\[1\]\.calls: expected calls: only the last response/,
    );
  });
});
