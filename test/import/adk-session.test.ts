import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { fixture, importOk, importProblems } from './helpers.ts';

describe('import --from adk-session', () => {
  it('reads events: parallel calls in one event, responses by id, usage, partials and thoughts left out, compaction events kept', () => {
    const [spec] = importOk('adk-session-realistic.json', 'adk-session');
    expect(spec!.session).toMatchObject({ model: 'gemini-2.5-flash', contextWindow: 1048576 });
    const [first, second] = spec!.replay!.turns;
    expect(first!.steps[0]!.text).toBeUndefined();
    expect(first!.steps[0]!.calls!.map((c) => [c.id, c.result])).toEqual([
      ['adk-7b1e', { trains: [{ dep: '07:12', arr: '12:40', price_eur: 49 }] }],
      ['adk-7b1f', { result: 'Sunny, 14°C' }],
    ]);
    expect(first!.steps.map((s) => s.usage)).toEqual([
      { input: 812, output: 44 },
      { input: 951, output: 31, cacheRead: 512 },
    ]);
    expect(first!.steps[1]!.text).toBe('The 07:12 train arrives 12:40 (49 EUR); Milan will be sunny, 14°C.');
    expect(second).toEqual({
      user: 'Book it.',
      steps: [{ text: 'I cannot book tickets, but here is the link.', usage: { input: 1002 } }],
    });
    expect(spec!.replay!.compactions).toEqual([{ turn: 1, trigger: 'adk' }]);
  });

  // A call without id is valid (early adk-python sessions store none), but a response with an id
  // cannot answer it: the call stays unanswered and is reported, never paired by guess.
  it('reports an id-less call answered by an id, an event without author, content without parts and an unpaired response', () => {
    expect(importProblems('adk-session-hostile.json', 'adk-session', { contextWindow: 32000 })).toEqual([
      'adk-session-hostile.json: 4 problems',
      "adk-session-hostile.json: events[2].author: missing 'author' (expected the author (user or the agent name))",
      "adk-session-hostile.json: events[3].content.parts: missing 'parts' (expected the content parts)",
      "adk-session-hostile.json: events[4].content.parts[0]: a tool result for call 'nope' matches no call of the model response before it",
      'adk-session-hostile.json: events[1].content: call to lookup has no result before the end of the log',
    ]);
  });

  it('pairs calls and responses that both lack ids by name, in order (as Gemini does)', () => {
    const [spec] = importOk('adk-session-idless.json', 'adk-session', { contextWindow: 32000 });
    const [turn] = spec!.replay!.turns;
    expect(turn!.steps[0]!.calls!.map((c) => [c.id, c.name, c.args, c.result])).toEqual([
      [undefined, 'get_weather', { city: 'Oslo' }, { result: 'Oslo: rain' }],
      [undefined, 'get_time', { city: 'Rome' }, { result: '10:00' }],
      [undefined, 'get_weather', { city: 'Rome' }, { result: 'Rome: sun' }],
    ]);
    expect(turn!.steps[1]!.text).toBe('Rain in Oslo, sun in Rome.');
  });

  it('reports an id-less response whose name is not the next id-less call, or that answers a call with an id', () => {
    expect(importProblems('adk-session-idless-hostile.json', 'adk-session', { contextWindow: 32000 })).toEqual([
      'adk-session-idless-hostile.json: 4 problems',
      'adk-session-idless-hostile.json: events[2].content.parts[0].functionResponse.id: missing \'id\' and named "fetch", not "lookup" (a response without id answers the next call without id of the same name)',
      "adk-session-idless-hostile.json: events[4].content.parts[0].functionResponse.id: missing 'id' (expected the id of the call it answers)",
      'adk-session-idless-hostile.json: events[1].content: call to lookup has no result before the next model response',
      "adk-session-idless-hostile.json: events[3].content: call 'adk-1' to lookup has no result before the end of the log",
    ]);
  });
});

describe('import --from adk-session (JSONL, one event per line)', () => {
  it('locates problems by line', () => {
    expect(importProblems('adk-session-events-hostile.jsonl', 'adk-session', { contextWindow: 32000 })).toEqual([
      'adk-session-events-hostile.jsonl: 2 problems',
      "adk-session-events-hostile.jsonl:3:1: content.parts[0]: a tool result for call 'f2' matches no call of the model response before it",
      "adk-session-events-hostile.jsonl:2:1: content: call 'f1' to x has no result before the end of the log",
    ]);
  });

  it('skips a stored session never used (no event) among others, as an empty log, naming its line', () => {
    const used = JSON.parse(fixture('adk-session-realistic.json')) as object;
    const unused = { id: 'fresh', appName: 'travel_agent', userId: 'u-42', state: {}, events: [] };
    const log = [JSON.stringify(used), JSON.stringify(unused)].join('\n');
    const result = importLog(log, { format: 'adk-session', file: 'sessions.jsonl', name: 'sessions' });
    expect(result.kind === 'ok' ? [result.scenarios.map((s) => s.name), result.empty] : result.issues).toEqual([
      ['sessions-line1'],
      [{ label: 'line2', reason: 'no model response: the log records no turn to replay' }],
    ]);
  });
});
