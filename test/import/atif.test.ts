import { describe, expect, it } from 'vitest';
import { importOk, importProblems } from './helpers.ts';

describe('import --from atif', () => {
  it('reads the system step, agent steps with calls and their observations, and prompt_tokens per step', () => {
    const [spec] = importOk('atif-realistic.json', 'atif');
    expect(spec!.session).toMatchObject({
      model: 'gpt-4.1-mini',
      contextWindow: 1047576,
      systemPrompt: { text: expect.stringMatching(/^You are a terminal agent/) },
    });
    const [turn] = spec!.replay!.turns;
    expect(
      turn!.steps.map((s) => [s.text ?? '', (s.calls ?? []).map((c) => `${c.id}=${String(c.result)}`), s.usage?.input]),
    ).toEqual([
      ['Listing the files first.', ['tc_1=data/a.csv\ndata/b.csv', 'tc_2=  1532 total'], 640],
      ['', ['tc_3='], 770],
      ['Wrote 1532 to total.txt.', [], 805],
    ]);
    expect(turn!.steps[1]!.usage).toEqual({ input: 770, output: 20, cacheRead: 640 });
  });

  it('reports the version, a call without id, a result for no call, the unanswered call and an unknown source', () => {
    expect(importProblems('atif-hostile.json', 'atif', { contextWindow: 8000 })).toEqual([
      'atif-hostile.json: 5 problems',
      'atif-hostile.json: schema_version: expected "ATIF-v1.<n>", got "0.9"',
      "atif-hostile.json: steps[1].tool_calls[0].tool_call_id: missing 'tool_call_id' (expected the call id)",
      'atif-hostile.json: steps[2].source: expected source system, user or agent, got "robot"',
      "atif-hostile.json: steps[1].observation.results[0]: a tool result for call 't9' matches no call of the model response before it",
      "atif-hostile.json: steps[1]: call 't2' to bash has no result before the end of the log",
    ]);
  });
});
