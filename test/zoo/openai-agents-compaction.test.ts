import { describe, expect, it } from 'vitest';
import { projectedHistory } from '../../src/zoo/_shared/history.ts';
import {
  compactionCandidateCount,
  DEFAULT_COMPACTION_THRESHOLD,
  openaiAgentsCompactionStrategy,
} from '../../src/zoo/openai-agents-compaction.ts';
import { call, fakeContext, model, recordEvent, response, textOf, user } from './helpers/zoo-fixtures.ts';

/** One user message, then `n` tool rounds (a call and its output: 2 candidates each) and an answer (1). */
const turn = (k: number, n: number, size = 10) => [
  user(`u${k}`, `task ${k}`),
  ...Array.from({ length: n }, (_, i) => [
    call(`c${k}-${i}`, 'read'),
    response(`r${k}-${i}`, `c${k}-${i}`, 'read', 'z'.repeat(size)),
  ]).flat(),
  model(`m${k}`, `answer ${k}`),
];

describe('OpenAI Agents SDK OpenAIResponsesCompactionSession', () => {
  it('at @583fede1 the default hook compacts at 10 candidate items: neither user messages nor compaction items count', () => {
    expect(DEFAULT_COMPACTION_THRESHOLD).toBe(10);
    expect(compactionCandidateCount(projectedHistory(fakeContext({ events: turn(0, 4) })))).toBe(9);
    const compacted = [
      ...turn(0, 1),
      recordEvent('rec', {
        endEventId: 'm0',
        contents: [
          { role: 'user', parts: [{ text: 'task 0' }] },
          { role: 'model', parts: [{ text: 'S' }] },
        ],
      }),
      ...turn(1, 1),
    ];
    expect(compactionCandidateCount(projectedHistory(fakeContext({ events: compacted })))).toBe(3);
  });

  it('a count, not tokens: 9 candidates of 400k characters never compact; 10 tiny ones do', async () => {
    const huge = fakeContext({ events: turn(0, 4, 400_000) });
    expect(await openaiAgentsCompactionStrategy().afterInvocation!(huge)).toBeUndefined();
    expect(huge.summarizerRequests).toHaveLength(0);
    const chatty = fakeContext({ events: [...turn(0, 3), ...turn(1, 1)] });
    const outcome = await openaiAgentsCompactionStrategy().afterInvocation!(chatty);
    // Every stored item went to responses.compact; its output (user messages, the compaction item) replaces them all.
    expect(chatty.summarizerRequests[0]!.contents).toHaveLength(12 + 1); // the 12 stored items and the server prompt
    expect(outcome).toEqual({
      append: [
        {
          endEventId: 'm1',
          contents: [
            { role: 'user', parts: [{ text: 'task 0' }] },
            { role: 'user', parts: [{ text: 'task 1' }] },
            { role: 'model', parts: [{ text: 'SUMMARY' }] },
          ],
        },
      ],
    });
    expect(outcome!.append![0]!.contents.map(textOf)).toEqual(['task 0', 'task 1', 'SUMMARY']);
  });

  it('a failed compaction request raises out of the run', async () => {
    const ctx = fakeContext({ events: turn(0, 5), summarize: () => new Error('500 from responses.compact') });
    await expect(openaiAgentsCompactionStrategy().afterInvocation!(ctx)).rejects.toThrow('500 from responses.compact');
    expect(await openaiAgentsCompactionStrategy({ compaction_threshold: 20 }).afterInvocation!(ctx)).toBeUndefined();
  });
});
