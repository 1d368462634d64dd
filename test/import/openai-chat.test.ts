import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { importOk, importProblems } from './helpers.ts';

describe('import --from openai-chat', () => {
  it('imports a chat request: system prompt, declarations, parallel calls paired by id, usage, text beside calls', () => {
    const [spec] = importOk('openai-chat-realistic.json', 'openai-chat');
    expect(spec!.session).toMatchObject({
      model: 'gpt-4o-2024-08-06',
      contextWindow: 128000,
      systemPrompt: { text: expect.stringContaining('coding agent') },
    });
    expect(spec!.replay!.tools!.map((t) => t.name)).toEqual(['read_file', 'run_tests']);
    const [first, second] = spec!.replay!.turns;
    expect(first!.user).toContain('leap years');
    expect(first!.steps).toHaveLength(3);
    // Both calls of the first response stay one group; results are paired by id, not by order.
    expect(first!.steps[0]!.calls!.map((c) => [c.id, c.args, String(c.result).slice(0, 6)])).toEqual([
      ['call_1', { path: 'src/date.py' }, 'def pa'],
      ['call_2', { pattern: 'test_date' }, 'FAILED'],
    ]);
    expect(first!.steps[0]!.usage).toEqual({ input: 212, output: 48, cacheRead: 0 });
    expect(first!.steps[1]!.text).toBe('The check ignores leap years.');
    expect(first!.steps[2]).toEqual({ text: 'Fixed: February 29 is accepted in leap years.' });
    expect(second).toEqual({ user: 'Thanks! Anything else?', steps: [{ text: 'No, the suite passes.' }] });
  });

  it('reads a mini-swe-agent trajectory: the model from its config, usage from each raw response, the exit record left out', () => {
    const [spec] = importOk('openai-chat-mini-swe-agent.json', 'openai-chat');
    expect(spec!.session).toMatchObject({ model: 'gpt-4o-mini', contextWindow: 128000 });
    const [turn, ...rest] = spec!.replay!.turns;
    expect(rest).toEqual([
      { user: "<returncode>0</returncode>\n<output>\nprint('hello world')\n</output>", steps: [expect.anything()] },
    ]);
    expect(turn!.steps[0]!.usage).toEqual({ input: 61, output: 19, cacheRead: 0 });
    expect(rest[0]!.steps[0]!.usage).toEqual({ input: 98, output: 21 });
  });

  it('reports unpaired calls and results and missing fields with their line and field path', () => {
    const problems = importProblems('openai-chat-hostile.jsonl', 'openai-chat', { contextWindow: 8000 });
    expect(problems).toEqual(
      expect.arrayContaining([
        "openai-chat-hostile.jsonl:1:1: messages[1]: call 'call_9' to ls has no result before the next user message",
        "openai-chat-hostile.jsonl:2:1: messages[2]: a tool result for call 'call_404' matches no call of the model response before it",
        "openai-chat-hostile.jsonl:3:1: messages[0].tool_calls[0].id: missing 'id' (expected the call id)",
        "openai-chat-hostile.jsonl:3:1: messages[0].tool_calls[0].function.name: missing 'name' (expected the tool name)",
      ]),
    );
  });

  it('needs a window for a model it does not know, and says how to give one', () => {
    const log = JSON.stringify({
      model: 'my-finetune',
      messages: [
        { role: 'user', content: 'x' },
        { role: 'assistant', content: 'y' },
      ],
    });
    const result = importLog(log, { format: 'openai-chat', file: 'f.json', name: 'f' });
    expect(result).toMatchObject({
      kind: 'invalid',
      issues: [
        {
          message:
            "the log records no context window and 'my-finetune' is not a well-known model: pass --window <tokens>",
        },
      ],
    });
    expect(importLog(log, { format: 'openai-chat', file: 'f.json', name: 'f', contextWindow: 4096 }).kind).toBe('ok');
  });

  it('locates a JSONL line that is not JSON', () => {
    const result = importLog('{"messages": []}\n{oops\n', { format: 'openai-chat', file: 'f.jsonl', name: 'f' });
    expect(result).toMatchObject({
      kind: 'invalid',
      issues: [{ line: 2, message: expect.stringMatching(/^not JSON/) }],
    });
  });
});
