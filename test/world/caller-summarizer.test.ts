/**
 * A caller-supplied summarizer model (what `simulate --real-summarizer` passes): it writes the
 * replies while the summarizer window check and the scenario's error/empty/timeout faults still
 * apply around it, `oversize` does not, its own failures are recorded, and every call record
 * carries the text it wrote or why there is none. The simulated summarizer's records stay as they were.
 */
import { describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../src/engine/types.ts';
import {
  faultsNotAppliedWithModel,
  SummarizerLlm,
  SUMMARIZER_TIMEOUT_MS,
} from '../../src/world/models/summarizer-llm.ts';
import { createTokenModel } from '../../src/world/models/token-models.ts';
import { runSession } from '../../src/world/run-session.ts';
import type { SummarizerCallRecord } from '../../src/world/session-result.ts';
import { LogicalClock } from '../../src/world/sim/logical-clock.ts';
import type { SummarizerFault, SummarizerSpec } from '../../src/world/world-scenario.ts';
import { scenario, tool } from './helpers/world-fixtures.ts';

type Answer = (request: LlmRequest, n: number) => Promise<LlmResponse>;

/** A model that answers with `answer` and remembers what it was asked. */
function fakeModel(answer: Answer): SummarizerModel & { readonly requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    name: 'fake-real-model',
    requests,
    generateContent(request) {
      requests.push(request);
      return answer(request, requests.length);
    },
  };
}

const says = (text: string): LlmResponse => ({ content: { role: 'model', parts: [{ text }] } });
const request = (bytes: number): LlmRequest => ({
  contents: [{ role: 'user', parts: [{ text: 'p'.repeat(bytes) }] }],
  config: { maxOutputTokens: 100 },
});

async function setup(model: SummarizerModel, faults: SummarizerFault[], contextWindow: number | null = null) {
  const records: SummarizerCallRecord[] = [];
  const clock = new LogicalClock(0);
  const tokenModel = await createTokenModel({ kind: 'ratio', ratio: 2 });
  const spec: SummarizerSpec = { reply: 'fixed', text: 'SIMULATED', exceedFactor: 3, contextWindow, faults };
  const summarizer = new SummarizerLlm({
    spec,
    seed: 1,
    clock,
    phase: () => ({ modelName: 'sim-model', contextWindow: 8000, tokenModel }),
    onCall: (record) => records.push(record),
    model,
  });
  return { summarizer, records, clock, spec };
}

describe('SummarizerLlm with a caller-supplied model', () => {
  it('applies the error, empty and timeout faults without asking the model; oversize does not apply', async () => {
    const model = fakeModel(async (_request, n) => says(`real summary ${n}`));
    const faults: SummarizerFault[] = [
      { kind: 'error', calls: [1] },
      { kind: 'empty', calls: [2] },
      { kind: 'timeout', calls: [3] },
      { kind: 'oversize', calls: [4] },
    ];
    const { summarizer, records, clock, spec } = await setup(model, faults);
    expect(summarizer.name).toBe('fake-real-model');
    await expect(summarizer.generateContent(request(40))).rejects.toThrow(/injected provider error/);
    expect((await summarizer.generateContent(request(40))).content?.parts).toEqual([]);
    await expect(summarizer.generateContent(request(40))).rejects.toThrow(/timed out/);
    expect(clock.peek()).toBe(SUMMARIZER_TIMEOUT_MS);
    expect(model.requests).toHaveLength(0);
    expect(await summarizer.generateContent(request(40))).toEqual(says('real summary 1'));
    expect(await summarizer.generateContent(request(40))).toEqual(says('real summary 2'));
    expect(model.requests).toHaveLength(2);
    expect(records.map((r) => [r.outcome, r.summary, r.failure])).toEqual([
      ['error', undefined, "scenario fault 'error' on call 1 (not sent)"],
      ['empty', undefined, "scenario fault 'empty' on call 2 (not sent)"],
      ['timeout', undefined, "scenario fault 'timeout' on call 3 (not sent)"],
      ['ok', 'real summary 1', undefined],
      ['ok', 'real summary 2', undefined],
    ]);
    // Sizes are measured exactly as for the simulated summarizer.
    expect(records[3]).toMatchObject({
      inputTokens: 10,
      inputRealTokens: 20,
      contextWindow: 8000,
      maxOutputTokens: 100,
      outputTokens: 3,
    });
    expect(faultsNotAppliedWithModel(spec)).toEqual([{ kind: 'oversize', calls: [4] }]);
  });

  it('rejects input over the summarizer window before the model sees it', async () => {
    const model = fakeModel(async () => says('never'));
    const { summarizer, records } = await setup(model, [], 1000);
    await expect(summarizer.generateContent(request(2400))).rejects.toThrow(/prompt is too long: 1200 tokens > 1000/);
    expect(model.requests).toHaveLength(0);
    expect(records[0]).toMatchObject({
      outcome: 'overflow',
      failure: 'prompt is too long: 1200 tokens > 1000 maximum (not sent)',
    });
  });

  it("records the model's own failures: a rejection, a TimeoutError, an error code, no text", async () => {
    const timeout = Object.assign(new Error('did not answer within 5 ms'), { name: 'TimeoutError' });
    const answers: Answer[] = [
      async () => {
        throw new Error('503 overloaded');
      },
      async () => {
        throw timeout;
      },
      async () => ({ errorCode: 'SAFETY', errorMessage: 'blocked' }),
      async () => ({ content: { role: 'model', parts: [{ text: '' }] } }),
      async () => ({}),
    ];
    const model = fakeModel((req, n) => answers[n - 1]!(req, n));
    const { summarizer, records } = await setup(model, []);
    await expect(summarizer.generateContent(request(40))).rejects.toThrow('503 overloaded');
    await expect(summarizer.generateContent(request(40))).rejects.toBe(timeout);
    expect(await summarizer.generateContent(request(40))).toMatchObject({ errorCode: 'SAFETY' });
    await summarizer.generateContent(request(40));
    await summarizer.generateContent(request(40));
    expect(records.map((r) => [r.outcome, r.summary, r.failure, r.outputTokens])).toEqual([
      ['error', undefined, '503 overloaded', 0],
      ['timeout', undefined, 'did not answer within 5 ms', 0],
      ['error', undefined, 'SAFETY: blocked', 0],
      ['empty', '', 'the model answered no text', 0],
      ['empty', '', 'the model answered no text', 0],
    ]);
  });
});

describe('runSession with a caller-supplied summarizer', () => {
  const s = scenario({
    phase: { contextWindow: 2000 },
    turnInputs: Array.from({ length: 6 }, () => ({ tools: [tool('t', 1200)] })),
  });

  it('summarizes with it, records every call with its text, and the strategy stores what it wrote', async () => {
    const model = fakeModel(async (_request, n) => says(`REAL-${n}`));
    const result = await runSession(s, { strategy: thresholdStrategy(), summarizer: model });
    const calls = result.steps.flatMap((step) => step.summarizerCalls);
    expect(calls.length).toBeGreaterThan(1);
    expect(model.requests).toHaveLength(calls.length - result.totals.summarizerOverflows);
    expect(calls.filter((c) => c.outcome === 'ok').map((c) => c.summary)).toEqual(
      model.requests.map((_, i) => `REAL-${i + 1}`),
    );
    expect(result.totals.summarizerCalls).toBe(calls.length);
    // The second summarization starts from the first real summary (the engine stored it).
    const prompt = model.requests[1]?.contents[0]?.parts?.[0]?.text ?? '';
    expect(prompt).toContain('REAL-1');
  });

  it('a failing model counts as fallbacks, and the simulated summarizer keeps its records unchanged', async () => {
    const failing = fakeModel(async () => {
      throw new Error('500 internal');
    });
    const failed = await runSession(s, { strategy: thresholdStrategy(), summarizer: failing });
    expect(failed.failure).toBeNull();
    expect(failed.totals.fallbacks).toBe(failed.totals.summarizerCalls);
    expect(failed.totals.fallbacks).toBeGreaterThan(0);
    const simulated = await runSession(s, { strategy: thresholdStrategy() });
    for (const call of simulated.steps.flatMap((step) => step.summarizerCalls)) {
      expect(Object.keys(call).sort()).toEqual([
        'contextWindow',
        'inputRealTokens',
        'inputTokens',
        'maxOutputTokens',
        'outcome',
        'outputTokens',
      ]);
    }
  });
});
