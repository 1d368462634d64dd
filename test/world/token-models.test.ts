import { Tiktoken } from 'js-tiktoken/lite';
import o200k from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import { FastRequestContents } from '../../src/world/fast/fast-request-contents.ts';
import { contentItems } from '../../src/world/request-contents/content-items.ts';
import { generateText } from '../../src/world/content/generate-text.ts';
import { createEvent } from '../../src/world/events/event.ts';
import { requestHeuristic } from '../../src/world/measure/request-meter.ts';
import { loadBpeCounter, loadRankTable, rankTableTokens } from '../../src/world/ruler/bpe-count.ts';
import {
  createTokenModel,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
} from '../../src/world/models/token-models.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';
import { rngFor } from '../../src/world/sim/prng.ts';
import { createWorldEnvironment } from '../../src/world/sim/world-environment.ts';
import { makeToolDeclarations } from '../../src/world/tools/make-tool-declarations.ts';
import type { LlmRequest } from '../../src/engine/types.ts';

describe('ratio token model', () => {
  it('real = floor(heuristic × ratio), as the Go simulator computes it', async () => {
    const model = await createTokenModel({ kind: 'ratio', ratio: 1.8 });
    expect(model.countRequest({ contents: [] }, 3601)).toBe(6481);
    expect(model.countText('x'.repeat(401))).toBe(180);
  });
  it('rejects a non-positive ratio', async () => {
    await expect(createTokenModel({ kind: 'ratio', ratio: 0 })).rejects.toThrow(/positive/);
  });
});

describe('tiktoken token model', () => {
  it('the BPE counter equals js-tiktoken encode() on ordinary text of every kind', async () => {
    const counter = await loadBpeCounter('o200k_base');
    const reference = new Tiktoken(o200k);
    for (const kind of ['prose', 'json', 'logs', 'code', 'emoji'] as const) {
      const text = generateText({ kind, size: 1500 }, rngFor(11, kind));
      expect(counter.count(text)).toBe(reference.encode(text).length);
    }
  });

  it('reads every token of both rank tables as the bytes its base64 says (one character a byte)', async () => {
    for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
      const table = await loadRankTable(encoding);
      const fields = table.bpe_ranks.split('\n').flatMap((line) => line.split(' ').slice(2));
      const tokens = [...rankTableTokens(table)];
      expect(tokens).toHaveLength(fields.filter((field) => field !== '').length);
      const wrong = tokens.filter(
        ([token], i) => token !== Buffer.from(fields[i] as string, 'base64').toString('latin1'),
      );
      expect(wrong).toEqual([]);
      // Ranks run on from each line's first rank (one line in both tables today).
      expect(tokens.slice(0, 3).map(([, rank]) => rank)).toEqual([0, 1, 2]);
    }
  });

  it('long pieces are merged exactly, as tiktoken merges them (they were cut in 32-code-point slices: 294 tokens for 300)', async () => {
    const counter = await loadBpeCounter('o200k_base');
    const reference = new Tiktoken(o200k);
    const runs = [
      '   \n\n  \t  '.repeat(100),
      'x'.repeat(1000),
      '日本語のテキストを書く'.repeat(30),
      '😀👍🏽'.repeat(60),
      '0123456789'.repeat(40),
      'ab'.repeat(300),
      '-='.repeat(200),
    ];
    for (const run of runs) expect(counter.count(run), run.slice(0, 12)).toBe(reference.encode(run, [], []).length);
    expect(counter.count('   \n\n  \t  '.repeat(100))).toBe(300);
  });

  it('counts the rendered request: overheads, system, tools, texts, calls and responses', async () => {
    const model = await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base' });
    const counter = await loadBpeCounter('o200k_base');
    const request: LlmRequest = {
      contents: [
        { role: 'user', parts: [{ text: 'hello there' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_pods', args: { namespace: 'prod' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_pods', response: { stdout: 'ok' } } }] },
      ],
      config: { systemInstruction: 'Be brief.' },
    };
    const expected =
      REQUEST_OVERHEAD_TOKENS +
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('Be brief.') +
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('hello there') +
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('get_pods') +
      counter.count('{"namespace":"prod"}') +
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('get_pods') +
      counter.count('{"stdout":"ok"}');
    expect(model.countRequest(request, estimateTokens(request))).toBe(expected);
    const withTools = {
      ...request,
      config: { ...request.config, tools: [{ functionDeclarations: makeToolDeclarations(2, 240) }] },
    };
    expect(model.countRequest(withTools, 0)).toBeGreaterThan(expected + 100);
    // A multimodal tool result: the inline data in the response's own parts counts as a part's does.
    const data = Buffer.from('x'.repeat(3000)).toString('base64');
    const withMedia: LlmRequest = {
      ...request,
      contents: [
        ...request.contents,
        { role: 'model', parts: [{ functionCall: { name: 'screenshot', args: {} } }] },
        {
          role: 'user',
          parts: [{ functionResponse: { name: 'screenshot', response: {}, parts: [{ inlineData: { data } }] } }],
        },
      ],
    };
    const media =
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('screenshot') +
      counter.count('{}') +
      MESSAGE_OVERHEAD_TOKENS +
      counter.count('screenshot') +
      counter.count('{}') +
      data.length / 4;
    expect(model.countRequest(withMedia, 0)).toBe(expected + media);
  });
});

describe('cached request measurement', () => {
  it('requestHeuristic over built contents equals the engine estimateTokens of the materialized request', () => {
    const env = createWorldEnvironment(2);
    const events = [
      createEvent(env, {
        author: 'user',
        content: { role: 'user', parts: [{ text: generateText({ kind: 'prose', size: 999 }, rngFor(1)) }] },
      }),
      createEvent(env, {
        author: 'a',
        content: {
          role: 'model',
          parts: [{ functionCall: { id: 'adk-1', name: 'tool_x', args: { param: 'value', n: 100 } } }],
        },
      }),
      createEvent(env, {
        author: 'a',
        content: {
          role: 'user',
          parts: [{ functionResponse: { id: 'adk-1', name: 'tool_x', response: { result: 'x'.repeat(5000) } } }],
        },
      }),
    ].map(deepFreeze);
    const built = new FastRequestContents().build(events, 'adk-js');
    const request: LlmRequest = {
      contents: built.contents,
      config: {
        systemInstruction: 'sys '.repeat(100),
        tools: [{ functionDeclarations: makeToolDeclarations(3, 600).map(deepFreeze) }],
      },
    };
    const items = () => contentItems(request.contents, built);
    const cached = requestHeuristic(request, items());
    expect(items().every((item) => item.source !== undefined)).toBe(true);
    expect(cached).toBe(estimateTokens(JSON.parse(JSON.stringify(request)) as LlmRequest));
    request.contents[2]!.parts![0]!.functionResponse!.response = { result: 'short' };
    expect(items()[2]!.source).toBeUndefined();
    expect(requestHeuristic(request, items())).toBe(estimateTokens(JSON.parse(JSON.stringify(request)) as LlmRequest));
    expect(requestHeuristic(request, items())).toBeLessThan(cached);
  });
});
