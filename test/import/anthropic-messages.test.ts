import { describe, expect, it } from 'vitest';
import { importOk, importProblems } from './helpers.ts';

describe('import --from anthropic-messages', () => {
  it('imports a proxy log of exchanges: system blocks, declarations, parallel tool_use, cache usage per request', () => {
    const [spec] = importOk('anthropic-messages-realistic.jsonl', 'anthropic-messages');
    expect(spec!.session).toMatchObject({
      model: 'claude-sonnet-4-5',
      contextWindow: 200000,
      systemPrompt: { text: 'You are an SRE assistant. Investigate with the tools.' },
    });
    expect(spec!.replay!.tools!.map((t) => [t.name, Object.keys(t.parameters ?? {})])).toEqual([
      ['get_logs', ['type', 'properties', 'required']],
      ['get_metrics', ['type', 'properties']],
    ]);
    const [turn] = spec!.replay!.turns;
    expect(turn!.steps).toHaveLength(2);
    expect(turn!.steps[0]).toMatchObject({
      text: "I'll pull logs and the latency metric.",
      usage: { input: 445, output: 96, cacheWrite: 410 },
    });
    expect(turn!.steps[0]!.calls!.map((c) => [c.id, c.result])).toEqual([
      ['toolu_01', '14:02 WARN pool exhausted (db-replica-2)\n14:03 WARN pool exhausted (db-replica-2)'],
      ['toolu_02', 'p99: 180ms -> 410ms at 14:01'],
    ]);
    // The thinking block is not replayed; the cache read counts in the request's input.
    expect(turn!.steps[1]).toEqual({
      text: expect.stringMatching(/^The connection pool/),
      usage: { input: 605, output: 41, cacheRead: 445 },
    });
  });

  it('reports every broken block and the calls left unanswered, at their field paths', () => {
    const problems = importProblems('anthropic-messages-hostile.json', 'anthropic-messages');
    expect(problems).toEqual(
      expect.arrayContaining([
        "anthropic-messages-hostile.json: messages[1].content[1].id: missing 'id' (expected the tool_use id)",
        'anthropic-messages-hostile.json: messages[3].role: expected role user or assistant, got "system"',
        'anthropic-messages-hostile.json: messages[4].content: expected the content: a string or a list of blocks',
        "anthropic-messages-hostile.json: messages[2].content[0]: a tool result for call 'toolu_other' matches no call of the model response before it",
        "anthropic-messages-hostile.json: messages[1]: call 'toolu_1' to ls has no result before the end of the log",
      ]),
    );
  });
});
