import { describe, expect, it } from 'vitest';
import { importOk, importProblems } from './helpers.ts';

describe('import --from claude-code', () => {
  it('joins the per-block assistant lines of one response, skips sidechains and the compaction summary, keeps compact_boundary', () => {
    const [spec] = importOk('claude-code-realistic.jsonl', 'claude-code');
    expect(spec!.session).toMatchObject({ model: 'claude-sonnet-4-5-20250929', contextWindow: 200000 });
    expect(spec!.session!.systemPrompt).toBeUndefined();
    const turns = spec!.replay!.turns;
    expect(turns.map((t) => t.user)).toEqual(['The upload test is flaky. Find out why.', 'Fix it then.']);
    expect(turns[0]!.steps[0]).toMatchObject({
      text: 'Let me read the test and the uploader.',
      usage: { input: 15214, output: 120, cacheWrite: 15210 },
    });
    expect(turns[0]!.steps[0]!.calls!.map((c) => c.id)).toEqual(['toolu_r1', 'toolu_r2']);
    expect(turns[0]!.steps[1]!.text).toMatch(/^upload\(\) does not await/);
    expect(JSON.stringify(spec)).not.toContain('sub-agent chatter');
    expect(JSON.stringify(spec)).not.toContain('continued from a previous conversation');
    expect(spec!.replay!.compactions).toEqual([{ turn: 1, trigger: 'auto', preTokens: 155321 }]);
  });

  it('keeps parallel calls one response when their results were written between its lines (as real transcripts do)', () => {
    const [spec] = importOk('claude-code-interleaved.jsonl', 'claude-code');
    const steps = spec!.replay!.turns[0]!.steps;
    expect(steps).toHaveLength(2);
    expect(steps[0]!.calls!.map((c) => c.id)).toEqual(['toolu_s', 'toolu_d', 'toolu_l']);
    expect(steps[0]!.usage).toMatchObject({ input: 9203, cacheWrite: 200, cacheRead: 9000 });
    expect(steps[1]!.text).toBe('One file changed: app.js, on top of two commits.');
    expect(spec!.replay!.turns[1]!.user).toBe('Thanks.');
  });

  it('leaves out the error text Claude Code wrote for a failed request (no model produced it) and notes where the provider refused one as too long', () => {
    const [spec] = importOk('claude-code-api-errors.jsonl', 'claude-code');
    const turns = spec!.replay!.turns;
    // The two user messages after the tool result follow failed requests: they reach the model
    // together, with the one response the model gave.
    expect(turns.map((t) => t.user)).toEqual([
      'Summarize the failing CI logs.',
      'try again\n\nJust the first failure, then.',
    ]);
    expect(turns.flatMap((t) => t.steps.map((s) => s.text))).toEqual([
      undefined,
      'upload.test.ts fails: the store is still empty when the test checks it.',
    ]);
    expect(JSON.stringify(spec)).not.toContain('API Error');
    expect(JSON.stringify(spec!.replay)).not.toContain('Prompt is too long');
    expect(turns.flatMap((t) => t.steps.map((s) => s.usage?.input))).toEqual([17005, 17126]);
    expect(spec!.description).toContain('2 requests failed in the recorded session (line 4, line 6)');
    expect(spec!.description).toContain('refused one as too long for the window (line 6: 212904 tokens > 200000)');
  });

  it("reads a sub-agent's own transcript (every line a sidechain) as its conversation, and says so", () => {
    const [spec] = importOk('claude-code-subagent.jsonl', 'claude-code');
    expect(spec!.session!.model).toBe('claude-haiku-4-5-20251001');
    const [turn] = spec!.replay!.turns;
    expect(turn!.user).toBe('Find every caller of upload() in src/ and report the file and line of each.');
    expect(turn!.steps.map((step) => [step.calls?.map((call) => call.name), step.usage?.input])).toEqual([
      [['Grep'], 4108],
      [undefined, 4196],
    ]);
    expect(spec!.description).toContain(
      "A sub-agent's transcript (agent a3f9c21): its own conversation, with its own context, replayed as a session.",
    );
    // In a session's transcript, the inline sidechain is still another conversation, left out.
    expect(JSON.stringify(importOk('claude-code-realistic.jsonl', 'claude-code'))).not.toContain('sub-agent chatter');
  });

  it('reports a line without its message, a line that is not an object and the unanswered call, by line', () => {
    expect(importProblems('claude-code-hostile.jsonl', 'claude-code')).toEqual([
      'claude-code-hostile.jsonl: 3 problems',
      'claude-code-hostile.jsonl:3:1: message: missing (expected the message ({ role, content }))',
      'claude-code-hostile.jsonl:4:1: expected a transcript line (an object), got a list',
      "claude-code-hostile.jsonl:2:1: message: call 'toolu_1' to Bash has no result before the next user message",
    ]);
  });
});
