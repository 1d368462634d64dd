import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../src/engine/types.ts';
import { factMarker } from '../../../src/world/facts/fact-marker.ts';
import { factStatement, type WorldFact } from '../../../src/world/facts/fact-types.ts';
import { SummarizerLlm } from '../../../src/world/models/summarizer-llm.ts';
import { ratioTokenModel } from '../../../src/world/models/token-models.ts';
import { LogicalClock } from '../../../src/world/sim/logical-clock.ts';
import type { SummarizerSpec } from '../../../src/world/world-scenario.ts';

const taken = new Set<string>();
const GOAL: WorldFact = {
  id: 'goal',
  kind: 'goal',
  values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2', marker: factMarker(1, 'goal', 0, taken) }],
};
const FILE: WorldFact = {
  id: 'file',
  kind: 'artifact',
  values: [{ site: { turn: 1, in: 'user' }, text: 'a.ts: retries added', marker: factMarker(1, 'file', 0, taken) }],
};

function summarizer(
  reply: SummarizerSpec['reply'],
  facts: readonly WorldFact[] = [GOAL, FILE],
  retention?: SummarizerSpec['retention'],
): SummarizerLlm {
  return new SummarizerLlm({
    spec: {
      reply,
      text: 'SUMMARY',
      exceedFactor: 3,
      contextWindow: 'none',
      faults: [],
      ...(retention ? { retention } : {}),
    },
    seed: 1,
    clock: new LogicalClock(),
    phase: () => ({ modelName: 'm', contextWindow: 100_000, tokenModel: ratioTokenModel(1) }),
    onCall: () => {},
    facts,
  });
}

const request = (text: string, maxOutputTokens?: number): LlmRequest => ({
  model: 'm',
  contents: [{ role: 'user', parts: [{ text }] }],
  config: {
    systemInstruction: 'Summarize: the goal, the files changed, the next steps.',
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
  },
});

const textOf = async (model: SummarizerLlm, req: LlmRequest): Promise<string> =>
  (await model.generateContent(req)).content?.parts?.[0]?.text ?? '';

describe('the simulated summarizer with planted facts', () => {
  it('answers a request without fact markers exactly as a summarizer without facts does', async () => {
    for (const reply of ['fixed', 'honour', 'exceed'] as const) {
      const req = request('user: nothing planted here', 200);
      expect(await textOf(summarizer(reply), req)).toBe(await textOf(summarizer(reply, []), req));
    }
  });

  it('writes the facts it was sent after its own text, each with its marker and pass', async () => {
    const text = await textOf(
      summarizer('fixed', [GOAL, FILE], 'extractive'),
      request(`user: ${factStatement(GOAL.values[0]!)}\nuser: ${factStatement(FILE.values[0]!)}`),
    );
    expect(text).toBe(
      `SUMMARY\n- goal: Goal: ship v2 [${GOAL.values[0]!.marker}] (pass 1)\n- artifact: a.ts: retries added [${FILE.values[0]!.marker}] (pass 1)`,
    );
  });

  it('honour stays within maxOutputTokens with the fact lines in it', async () => {
    const model = summarizer('honour', [GOAL, FILE], 'extractive');
    const text = await textOf(
      model,
      request(`${factStatement(GOAL.values[0]!)}\n${factStatement(FILE.values[0]!)}`, 120),
    );
    expect(text).toContain(GOAL.values[0]!.marker);
    expect(text).toContain(FILE.values[0]!.marker);
    expect(ratioTokenModel(1).countText(text)).toBeLessThanOrEqual(120);
    expect(ratioTokenModel(1).countText(text)).toBeGreaterThan(100);
  });
});
