import { describe, expect, it } from 'vitest';
import { importOk, importProblems } from './helpers.ts';

describe('import --from swe-agent-traj', () => {
  it('imports a real function-calling trajectory (SWE-agent repository, MIT): calls paired through tool_call_ids, model from replay_config', () => {
    const [spec] = importOk('swe-agent-6e44b9__sweagenttestrepo-1c2844.traj', 'swe-agent-traj');
    expect(spec!.session).toMatchObject({
      model: 'gpt-4o',
      contextWindow: 128000,
      systemPrompt: { text: expect.stringMatching(/^SETTING: You are an autonomous programmer/) },
    });
    const [turn] = spec!.replay!.turns;
    expect(turn!.user).toMatch(/^We're currently solving the following issue/);
    expect(turn!.steps.map((s) => s.calls!.map((c) => c.name))).toEqual([['find_file'], ['open'], ['edit'], ['bash']]);
    expect(turn!.steps[0]!.calls![0]).toMatchObject({
      id: 'call_fJuazlMUN5fQDQ73G6XSpYpx',
      args: { file_name: 'missing_colon.py' },
      result: expect.stringMatching(/^Found 1 matches/),
    });
  });

  it('a trajectory without a model name needs --window, then imports', () => {
    expect(importProblems('swe-agent-function_calling_simple.traj', 'swe-agent-traj')).toEqual([
      'swe-agent-function_calling_simple.traj: (top level): the log records no model and no context window: pass --window <tokens>',
    ]);
    const [spec] = importOk('swe-agent-function_calling_simple.traj', 'swe-agent-traj', { contextWindow: 32768 });
    expect(spec!.replay!.turns[0]!.steps).toHaveLength(5);
  });

  it('reports an observation naming two calls, one naming none, an unknown role and the calls left unanswered', () => {
    expect(importProblems('swe-agent-hostile.traj', 'swe-agent-traj', { contextWindow: 8000 })).toEqual([
      'swe-agent-hostile.traj: 5 problems',
      'swe-agent-hostile.traj: history[3].tool_call_ids: expected the one call this observation answers, got 2 ids',
      'swe-agent-hostile.traj: history[5].tool_call_ids: expected the one call this observation answers, got none',
      'swe-agent-hostile.traj: history[6].role: expected a role (system, developer, user, assistant, tool or function), got "narrator"',
      "swe-agent-hostile.traj: history[2]: call 'c1' to open has no result before the next model response",
      "swe-agent-hostile.traj: history[4]: call 'c3' to edit has no result before the end of the log",
    ]);
  });
});
