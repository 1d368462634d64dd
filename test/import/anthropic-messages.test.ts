import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { redactScenario } from '../../src/import/redact.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { runSession } from '../../src/world/run-session.ts';
import { fixture, importOk, importProblems } from './helpers.ts';

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

  it('reads a recording cassette (YAML): token counting skipped, bodies as parsed_body or JSON text, moved cache markers', () => {
    const [spec] = importOk('anthropic-messages-cassette.yaml', 'anthropic-messages');
    expect(spec!.session).toMatchObject({
      model: 'claude-sonnet-4-5',
      systemPrompt: { text: 'Answer with the tools.' },
    });
    expect(spec!.replay!.tools!.map((tool) => tool.name)).toEqual(['find_file']);
    const [turn] = spec!.replay!.turns;
    expect(turn!.user).toBe('Where is the config?');
    expect(turn!.steps).toEqual([
      {
        calls: [{ id: 'toolu_01', name: 'find_file', args: { name: 'config.yaml' }, result: 'etc/config.yaml' }],
        usage: { input: 320, output: 30, cacheWrite: 300 },
      },
      { text: 'It is etc/config.yaml.', usage: { input: 355, output: 9, cacheRead: 300, cacheWrite: 40 } },
    ]);
  });

  it('refuses a cassette with another API, a streamed response or a second session, at their paths', () => {
    const problems = importProblems('anthropic-messages-cassette-hostile.yaml', 'anthropic-messages');
    expect(problems).toEqual(
      expect.arrayContaining([
        'anthropic-messages-cassette-hostile.yaml: interactions[1].request.uri: expected a call to the Messages API (/v1/messages), got "https://api.openai.com/v1/chat/completions"',
        'anthropic-messages-cassette-hostile.yaml: interactions[2].response.body: expected the response body as a JSON object (parsed_body, or body as JSON text; a streamed response is not read)',
        "anthropic-messages-cassette-hostile.yaml: interactions[3].request.messages: this request does not continue the previous one (its messages do not start with the previous request's): the log holds several sessions, or its agent rewrote the history, so the session cannot be rebuilt",
      ]),
    );
  });

  it('refuses a proxy log whose second request starts another session instead of merging the two', () => {
    const log = [
      {
        request: { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'one' }] },
        response: { content: [{ type: 'text', text: 'a' }] },
      },
      {
        request: { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'two' }] },
        response: { content: [{ type: 'text', text: 'b' }] },
      },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const result = importLog(log, { format: 'anthropic-messages', file: 'two.jsonl', name: 'two' });
    expect(result.kind).toBe('invalid');
    expect(result.kind === 'invalid' ? result.issues.map((issue) => [issue.line, issue.path]) : []).toEqual([
      [2, ['request', 'messages']],
    ]);
  });

  it('reads an error answer as no response: a session whose last request was refused as too long imports, replays that request, and says so', async () => {
    const [first, second] = fixture('anthropic-messages-realistic.jsonl')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { request: { messages: unknown[] }; response: { content: unknown } });
    const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
    const tooLong = {
      type: 'error',
      error: { type: 'invalid_request_error', message: 'prompt is too long: 212904 tokens > 200000 maximum' },
    };
    const third = {
      ...second!.request,
      messages: [
        ...second!.request.messages,
        { role: 'assistant', content: second!.response.content },
        { role: 'user', content: 'Now check the database.' },
      ],
    };
    // The second request failed once (overloaded) and was sent again; the third was refused as too long.
    const log = [
      first,
      { request: second!.request, response: overloaded },
      second,
      { request: third, response: tooLong },
    ]
      .map((line) => JSON.stringify(line))
      .join('\n');
    const result = importLog(log, { format: 'anthropic-messages', file: 'refused.jsonl', name: 'refused' });
    expect(result.kind === 'invalid' ? result.issues : []).toEqual([]);
    const spec = result.kind === 'invalid' ? undefined : result.scenarios[0]!.spec;
    // Everything answered is replayed as without the errors; the refused request is still sent (a
    // strategy meets it as the recorded agent did) and, with no recorded response, answered with an empty text.
    expect(spec!.replay!.turns).toEqual([
      ...importOk('anthropic-messages-realistic.jsonl', 'anthropic-messages')[0]!.replay!.turns,
      { user: 'Now check the database.', steps: [{}] },
    ]);
    expect(spec!.description).toContain(
      'The provider answered 2 requests with an error, not a message (line 2: overloaded_error: Overloaded; line 4: invalid_request_error: prompt is too long: 212904 tokens > 200000 maximum).',
    );
    expect(spec!.description).toContain(
      'The log ends on a user message with no recorded response (line 4 (request.messages[4])): the replay sends that request and answers it with an empty text.',
    );
    // The note says where, never what: a redacted file keeps the description as written.
    expect(redactScenario(spec!).description).not.toContain('check the database');
    // The world sends the refused request: the two recorded ones, then it, with its user message.
    const scenario = loadScenarioSource(serializeScenario(spec!), 'refused.yaml', '/');
    const played = await runSession(scenario.world, { strategy: { name: 'keep-all', compact() {} } });
    expect(played.failure).toBeNull();
    expect(played.steps).toHaveLength(3);
    expect(played.steps.map((step) => [step.turn, step.label, step.userRequestPresent])).toEqual([
      [0, 'user', true],
      [0, 'tool-results', true],
      [1, 'user', true],
    ]);
    expect(played.steps[2]!.realAfter).toBeGreaterThan(played.steps[1]!.realAfter);
  });
});
