/**
 * declared-summarizer-cut (contract): a strategy that declares how it cuts its summarizer's input drops
 * history only while it exceeds its declared budget. Issue 18's survivor class "a summarizer
 * budget counted in bytes", which no session property sees.
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  declaredSummarizerCut,
  overCut,
  probeHistories,
} from '../../src/checker/properties/declared-summarizer-cut.ts';
import { thresholdStrategy } from '../../src/engine/strategies/threshold.ts';
import { estimateContentTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import type { DeclaredSummarizerInput } from '../../src/engine/types.ts';
import summarizerBudgetInBytes from '../../src/fuzz/planted-bugs/summarizer-budget-in-bytes.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';
import { resolveScenario } from '../../src/harness/scenario/index.ts';

const world = resolveScenario(
  {
    name: 'kinds',
    seed: 1,
    session: { contextWindow: 8000 },
    turns: [
      { user: { size: 900, kind: 'cjk' }, tools: [{ name: 'read_file', size: 1200, kind: 'json' }] },
      { user: 'Summarize what you found' },
    ],
  },
  { file: 'kinds.yaml', baseDir: process.cwd() },
).world;

const threshold = thresholdStrategy().declarations!.summarizerInput!;
const histories = probeHistories(world);

/** ContextGuard's declaration with another cut. */
const cutBy = (trim: DeclaredSummarizerInput['trim']): DeclaredSummarizerInput => ({ ...threshold, trim });

describe('declared-summarizer-cut', () => {
  it('probes each kind of text the scenario holds, a history that fits and one that does not, per window', () => {
    expect(new Set(histories.map((h) => h.name))).toEqual(new Set(['cjk', 'json', 'prose']));
    for (const { contents, contextWindow } of histories) expect(contents).toHaveLength(16);
    const shares = histories.map((h) => estimateContentTokens(h.contents) / (threshold.share * h.contextWindow));
    expect(shares.some((share) => share < 1) && shares.some((share) => share > 1)).toBe(true);
  });

  it('holds for the threshold strategy: it cuts only the histories over 80 % of the window, and only as far as needed', () => {
    expect(overCut(histories, threshold)).toBeNull();
    const over = histories.find((h) => estimateContentTokens(h.contents) > threshold.share * h.contextWindow)!;
    const kept = threshold.trim(over.contents, over.contextWindow);
    expect(kept.length).toBeGreaterThan(2);
    expect(kept.length).toBeLessThan(over.contents.length);
  });

  it('fails a budget counted in bytes (the planted bug): it drops history that fits', () => {
    const declared = summarizerBudgetInBytes({}).declarations!.summarizerInput!;
    expect(overCut(histories, declared)).toMatch(
      /^dropped \d+ of a history of 16 cjk messages \(\d+ tokens as it counts them\) for a 8000-token window, all within its declared budget of 6400 \(0\.8 of the window\)$/,
    );
  });

  it('fails a cut that goes further than its budget needs, and one that throws', () => {
    // Half the declared budget: the newest content it dropped would have fitted.
    const halfBudget = cutBy((contents, window) => {
      let start = 0;
      while (start < contents.length - 1 && estimateContentTokens(contents.slice(start)) > 0.4 * window) start += 1;
      return contents.slice(start);
    });
    expect(overCut(histories, halfBudget)).toMatch(
      /although the newest one it dropped fits beside them \(\d+ tokens within its declared budget of 6400, 0\.8 of the window\)$/,
    );
    // Dropping while the input is AT the budget (`>=` for `>`): 8 of the 16 messages are the budget exactly.
    const atBudget = cutBy((contents, window) => {
      let start = 0;
      while (contents.length - start > 2 && estimateContentTokens(contents.slice(start)) >= 0.8 * window) start += 1;
      return contents.slice(start);
    });
    expect(overCut(histories, atBudget)).toMatch(
      /^cut a history of 16 cjk messages \(12800 tokens as it counts them\) for a 8000-token window to 7 messages \(5600 tokens\), although the newest one it dropped fits beside them \(6400 tokens within its declared budget of 6400/,
    );
    const throwing = cutBy(() => {
      throw new Error('boom');
    });
    expect(
      declaredSummarizerCut.check(world, null as never, undefined, {
        name: 'x',
        compact: async () => undefined,
        declarations: { summarizerInput: throwing },
      })?.message,
    ).toBe('its declared cut threw: boom');
  });

  it('does not count copies as kept: a cut must return the contents it was given', () => {
    const copies = cutBy((contents) => contents.map((content): Content => ({ ...content })));
    expect(overCut(histories, copies)).toMatch(/^dropped 16 of/);
  });

  it('is found by the fuzzer on every run of the planted bug and shrunk, where threshold holds it; a strategy that declares nothing is not checked', {
    timeout: 60_000,
  }, async () => {
    const fuzz = (name: string) =>
      runFuzz({
        strategy: { name, options: {} },
        runs: 4,
        seed: 1,
        properties: ['declared-summarizer-cut'],
        outDir: null,
        cwd: process.cwd(),
      });
    const planted = (await fuzz('./src/fuzz/planted-bugs/summarizer-budget-in-bytes.ts')).properties[0]!;
    expect(planted).toMatchObject({ checked: 4, failed: 4 });
    expect(planted.counterexample!.failure.violation.message).toMatch(/^dropped \d+ of a history of 16 prose messages/);
    expect((await fuzz('threshold')).properties[0]).toMatchObject({ checked: 4, failed: 0 });
    expect((await fuzz('sliding_window')).properties[0]).toMatchObject({ checked: 0, notChecked: 4, failed: 0 });
  });
});
