import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../src/engine/types.ts';
import { SummarizerLlm, SUMMARIZER_TIMEOUT_MS } from '../../src/world/models/summarizer-llm.ts';
import { corpusWindowOf } from '../../src/world/content/corpus-text.ts';
import { windowTokenCount } from '../../src/world/content/corpus-token-count.ts';
import { createTokenModel, type TokenModel, tiktokenTokenModel } from '../../src/world/models/token-models.ts';
import { loadBpeCounter } from '../../src/world/ruler/bpe-count.ts';
import type { SummarizerCallRecord } from '../../src/world/session-result.ts';
import { LogicalClock } from '../../src/world/sim/logical-clock.ts';
import type { SummarizerSpec } from '../../src/world/world-scenario.ts';

const request = (bytes: number, maxOutputTokens?: number): LlmRequest => ({
  contents: [{ role: 'user', parts: [{ text: 'p'.repeat(bytes) }] }],
  config: { systemInstruction: 'summarize', ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }) },
});

async function setup(spec: Partial<SummarizerSpec>, tokenModel?: TokenModel, window = 8000) {
  const records: SummarizerCallRecord[] = [];
  const clock = new LogicalClock(0);
  const model = tokenModel ?? (await createTokenModel({ kind: 'ratio', ratio: 2 }));
  const summarizer = new SummarizerLlm({
    spec: { reply: 'fixed', text: 'FIXED SUMMARY', exceedFactor: 3, contextWindow: null, faults: [], ...spec },
    seed: 4,
    clock,
    phase: () => ({ modelName: 'small-model', contextWindow: window, tokenModel: model }),
    onCall: (r) => records.push(r),
  });
  return { summarizer, records, clock, model };
}
const textOf = (r: { content?: { parts?: { text?: string }[] } }) =>
  r.content?.parts?.map((p) => p.text ?? '').join('') ?? '';

describe('SummarizerLlm replies', () => {
  it('fixed: the scenario text, recorded with input sizes', async () => {
    const { summarizer, records } = await setup({});
    expect(summarizer.name).toBe('small-model');
    expect(textOf(await summarizer.generateContent(request(400, 50)))).toBe('FIXED SUMMARY');
    expect(records).toEqual([
      {
        inputTokens: 102,
        inputRealTokens: 204,
        contextWindow: 8000,
        maxOutputTokens: 50,
        outputTokens: 3,
        outcome: 'ok',
      },
    ]);
  });

  for (const kind of ['ratio', 'tiktoken'] as const) {
    for (const textSource of [undefined, 'corpus'] as const) {
      it(`honour fills maxOutputTokens without exceeding it; exceed is exceedFactor × (${kind}, ${textSource ?? 'words'})`, async () => {
        const tokenModel = await createTokenModel(
          kind === 'ratio' ? { kind: 'ratio', ratio: 1.5 } : { kind: 'tiktoken', encoding: 'o200k_base' },
        );
        const source = textSource === undefined ? {} : { textSource };
        for (const limit of [400, 20_000]) {
          const honour = await setup({ reply: 'honour', ...source }, tokenModel, 100_000);
          const honoured = tokenModel.countText(textOf(await honour.summarizer.generateContent(request(100, limit))));
          expect(honoured).toBeLessThanOrEqual(limit);
          expect(honoured).toBeGreaterThan(limit * 0.95);
          const exceed = await setup({ reply: 'exceed', exceedFactor: 3, ...source }, tokenModel, 100_000);
          const exceeded = tokenModel.countText(textOf(await exceed.summarizer.generateContent(request(100, limit))));
          expect(exceeded).toBeGreaterThan(limit * 3 * 0.95);
          expect(exceeded).toBeLessThanOrEqual(limit * 3);
        }
      });
    }
  }

  it('corpus (session.textSource: corpus): the reply is a window over the prose corpus, counted exactly from its blocks', async () => {
    const counter = await loadBpeCounter('o200k_base');
    const tokenModel = tiktokenTokenModel('o200k_base', counter);
    const reply = async (textSource: 'corpus' | undefined) => {
      const { summarizer } = await setup(
        { reply: 'honour', ...(textSource === undefined ? {} : { textSource }) },
        tokenModel,
        100_000,
      );
      return textOf(await summarizer.generateContent(request(100, 5_000)));
    };
    const text = await reply('corpus');
    expect(text.startsWith('Summary: ')).toBe(true);
    const window = corpusWindowOf(text);
    expect(window?.corpus.kind).toBe('prose');
    expect(window?.head).toBe('Summary: ');
    // What the token model was handed (block counts) is what a fresh tokenization gives.
    expect(windowTokenCount(window!, counter)).toBe(counter.count(text));
    expect(tokenModel.countText(text)).toBe(counter.count(text));
    // Seeded: the same call gives the same text; generated word by word, another text.
    expect(await reply('corpus')).toBe(text);
    const words = await reply(undefined);
    expect(words.startsWith('Summary: ')).toBe(true);
    expect(words).not.toBe(text);
    expect(corpusWindowOf(words)).toBeUndefined();
  });
});

describe('SummarizerLlm faults and overflow', () => {
  it('faults apply by 1-based call number', async () => {
    const { summarizer, records, clock } = await setup({
      faults: [
        { kind: 'error', calls: [1] },
        { kind: 'empty', calls: [2] },
        { kind: 'timeout', calls: [3] },
        { kind: 'oversize', calls: [4] },
      ],
    });
    await expect(summarizer.generateContent(request(40, 100))).rejects.toThrow(/injected provider error/);
    expect(textOf(await summarizer.generateContent(request(40, 100)))).toBe('');
    const before = clock.peek();
    await expect(summarizer.generateContent(request(40, 100))).rejects.toThrow(/timed out/);
    expect(clock.peek() - before).toBe(SUMMARIZER_TIMEOUT_MS);
    const oversize = await summarizer.generateContent(request(40, 100));
    expect(Math.floor(Buffer.byteLength(textOf(oversize)) / 4) * 2).toBeGreaterThan(250);
    expect(textOf(await summarizer.generateContent(request(40, 100)))).toBe('FIXED SUMMARY');
    expect(records.map((r) => r.outcome)).toEqual(['error', 'empty', 'timeout', 'ok', 'ok']);
    expect(records.map((r) => r.outputTokens > 0)).toEqual([false, false, false, true, true]);
  });

  it('"all" applies to every call', async () => {
    const { summarizer, records } = await setup({ faults: [{ kind: 'error', calls: 'all' }] });
    for (let i = 0; i < 3; i += 1) await expect(summarizer.generateContent(request(4))).rejects.toThrow();
    expect(records).toHaveLength(3);
  });

  it('rejects input larger than its own window, like a provider', async () => {
    const { summarizer, records } = await setup({ contextWindow: 1000 });
    await expect(summarizer.generateContent(request(2400, 100))).rejects.toThrow(
      /prompt is too long: 1204 tokens > 1000/,
    );
    expect(records[0]).toMatchObject({
      inputRealTokens: 1204,
      contextWindow: 1000,
      outcome: 'overflow',
      outputTokens: 0,
    });
    expect(textOf(await summarizer.generateContent(request(1600, 100)))).toBe('FIXED SUMMARY');
  });

  it("null: the agent model's window of the current phase", async () => {
    const { summarizer, records } = await setup({ contextWindow: null }, undefined, 1000);
    await expect(summarizer.generateContent(request(2400, 100))).rejects.toThrow(
      /prompt is too long: 1204 tokens > 1000/,
    );
    expect(records[0]).toMatchObject({ contextWindow: 1000, outcome: 'overflow' });
  });

  it("'none': no window at all, every request is answered (the Go simulator's mock summarizer)", async () => {
    const { summarizer, records } = await setup({ contextWindow: 'none' }, undefined, 1000);
    expect(textOf(await summarizer.generateContent(request(40_000, 100)))).toBe('FIXED SUMMARY');
    expect(records).toEqual([
      {
        inputTokens: 10_002,
        inputRealTokens: 20_004,
        contextWindow: null,
        maxOutputTokens: 100,
        outputTokens: 3,
        outcome: 'ok',
      },
    ]);
  });
});
