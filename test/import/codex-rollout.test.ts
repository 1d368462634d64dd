import { describe, expect, it } from 'vitest';
import { importOk, importProblems } from './helpers.ts';

describe('import --from codex-rollout', () => {
  it('reads instructions, model, window, parallel calls, usage per request and the compacted line', () => {
    const [spec] = importOk('codex-rollout-realistic.jsonl', 'codex-rollout');
    expect(spec!.session).toMatchObject({
      model: 'gpt-5-codex',
      contextWindow: 272000,
      systemPrompt: { text: 'You are Codex, a coding agent. Follow AGENTS.md.' },
    });
    const turns = spec!.replay!.turns;
    // The environment context and the question are one user message, as the model received them.
    expect(turns[0]!.user).toBe(
      '<environment_context><cwd>/work/svc</cwd></environment_context>\n\nWhy does `make test` fail on CI only?',
    );
    expect(turns[0]!.steps[0]!.calls!.map((c) => [c.id, c.args])).toEqual([
      ['call_A', { command: ['bash', '-lc', 'cat .github/workflows/ci.yml'] }],
      ['call_B', { command: ['bash', '-lc', 'cat Makefile'] }],
    ]);
    expect(turns[0]!.steps.map((s) => s.usage)).toEqual([
      { input: 5120, output: 210, cacheRead: 0 },
      { input: 5540, output: 50, cacheRead: 4992 },
    ]);
    expect(turns[1]!.steps[0]!.calls![0]).toMatchObject({
      id: 'call_P',
      name: 'apply_patch',
      args: { input: expect.stringContaining('*** Begin Patch') },
    });
    expect(spec!.replay!.compactions).toEqual([{ turn: 1 }]);
  });

  it('reports each broken item by line and the call without output', () => {
    expect(importProblems('codex-rollout-hostile.jsonl', 'codex-rollout')).toEqual([
      'codex-rollout-hostile.jsonl: 5 problems',
      "codex-rollout-hostile.jsonl:3:1: payload.name: missing 'name' (expected the tool name)",
      "codex-rollout-hostile.jsonl:4:1: payload.call_id: missing 'call_id' (expected the call id)",
      'codex-rollout-hostile.jsonl:5:1: payload: missing (expected the response item)',
      "codex-rollout-hostile.jsonl:6:1: payload: a tool result for call 'call_zzz' matches no call of the model response before it",
      'codex-rollout-hostile.jsonl: (top level): the log records no model and no context window: pass --window <tokens>',
    ]);
  });
});
