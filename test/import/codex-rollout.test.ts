import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { fixture, importOk, importProblems } from './helpers.ts';

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

  it('reads a local_shell_call (the built-in shell Codex answers with a function_call_output) as a call to local_shell', () => {
    const line = (type: string, payload: object) =>
      JSON.stringify({ timestamp: '2026-02-10T09:00:00.000Z', type, payload });
    const action = { type: 'exec', command: ['bash', '-lc', 'git status --short'], timeout_ms: 10000 };
    const log = [
      line('turn_context', { model: 'codex-mini-latest' }),
      line('response_item', {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'What changed?' }],
      }),
      line('response_item', { type: 'local_shell_call', call_id: 'call_S', status: 'completed', action }),
      // codex-rs leaves call_id optional; such a call can get no output, so it is not replayed.
      line('response_item', {
        type: 'local_shell_call',
        call_id: null,
        status: 'completed',
        action: { type: 'exec', command: ['pwd'] },
      }),
      line('response_item', { type: 'function_call_output', call_id: 'call_S', output: ' M src/app.ts' }),
      line('response_item', {
        type: 'message',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'app.ts is modified.' }],
      }),
    ].join('\n');
    const result = importLog(log, {
      format: 'codex-rollout',
      file: 'shell.jsonl',
      name: 'shell',
      contextWindow: 200000,
    });
    expect(result.kind === 'invalid' ? result.issues.map((issue) => issue.message) : []).toEqual([]);
    const steps = result.kind === 'invalid' ? [] : result.scenarios[0]!.spec.replay!.turns[0]!.steps;
    expect(steps.map((step) => step.calls?.map((call) => [call.id, call.name, call.args, call.result]))).toEqual([
      [['call_S', 'local_shell', action, ' M src/app.ts']],
      undefined,
    ]);
    expect(steps[1]!.text).toBe('app.ts is modified.');
  });

  it('skips a rollout opened and closed (its session_meta only), but refuses a log of another format that holds no rollout line', () => {
    const opened = JSON.stringify({
      timestamp: '2026-02-10T09:00:00.000Z',
      type: 'session_meta',
      payload: { id: '0199-bbbb', cwd: '/work/svc', originator: 'codex_cli_rs', cli_version: '0.46.0' },
    });
    expect(importLog(opened, { format: 'codex-rollout', file: 'empty.jsonl', name: 'empty' })).toEqual({
      kind: 'ok',
      scenarios: [],
      empty: [{ label: null, reason: 'no model response: the log records no turn to replay' }],
    });
    const other = importLog(fixture('atif-realistic.json'), {
      format: 'codex-rollout',
      file: 'atif.json',
      name: 'atif',
    });
    expect(other.kind === 'invalid' ? other.issues.map((issue) => issue.message) : []).toContain(
      'no model response: the log records no turn to replay',
    );
  });
});
