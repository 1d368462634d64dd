/**
 * The calibrated token model (recorded ≈ ratio × ours + overhead, Theil–Sen) and its held-out
 * check: a log whose usage is an exact line gives that line back and passes; noise and outliers
 * do not move it and fail only where they are; requests after a recorded compaction are left out;
 * too few requests say so; a Claude Code session of the pack fails the raw check and its held-out
 * figure is recomputed here from the replay's own rows.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { calibrateUsage, type CalibrationRow } from '../../src/import/calibrate-usage.ts';
import { fitTokenModel } from '../../src/import/fit-token-model.ts';
import { usageFidelity } from '../../src/import/usage-fidelity.ts';
import { replayFidelity, renderFidelity } from '../../src/api/replay-fidelity.ts';
import { runSession } from '../../src/world/run-session.ts';
import { rngFor } from '../../src/world/sim/prng.ts';

const NONE = { name: 'none', compact: () => undefined };

/** A replayed session of `steps` tool calls whose results grow; `usage[k]` is the k-th request's recorded input. */
function logSource(usage: readonly (number | null)[]): string {
  const steps = usage.map((input, k) => {
    const call = `{ calls: [{ id: c${k}, name: read, args: { part: ${k} }, result: "${'line of output '.repeat(20 + 15 * k)}" }]`;
    return `        - ${call}${input === null ? '' : `, usage: { input: ${input} }`} }`;
  });
  return `
session: { model: m, contextWindow: 1000000, tokenModel: { tokenizer: o200k_base } }
replay:
  turns:
    - user: "read the parts"
      steps:
${steps.join('\n')}
        - { text: "done" }
`;
}

/** Our count of each request the log's model calls sent, replayed without compaction. */
async function ourCounts(requests: number): Promise<number[]> {
  const scenario = loadScenarioSource(logSource(Array.from({ length: requests }, () => null)), 'log.yaml', '/');
  const outcome = await runSession(scenario.world, { strategy: NONE });
  return outcome.steps.slice(0, requests).map((step) => step.realAfter);
}

async function calibrationOf(usage: readonly number[]) {
  const scenario = loadScenarioSource(logSource(usage), 'log.yaml', '/');
  const outcome = await runSession(scenario.world, { strategy: NONE });
  return usageFidelity(scenario.world, outcome.steps);
}

const rows = (points: readonly [number, number][]): CalibrationRow[] =>
  points.map(([measured, recorded], call) => ({ turn: 0, call, measured, recorded }));

describe('calibrated token model', () => {
  it('recovers recorded = 1.1 × ours + 3000 from a replayed log and passes held out', async () => {
    const ours = await ourCounts(12);
    const usage = ours.map((count) => Math.round(1.1 * count + 3000));
    const fidelity = await calibrationOf(usage);
    // Our sizes leave out the 3,000 tokens and the 10 %: the raw check fails everywhere.
    expect(fidelity.within).toBe(0);
    const calibration = fidelity.calibration;
    expect(calibration.kind).toBe('held-out');
    if (calibration.kind !== 'held-out') return;
    // Rounding to whole tokens moves each recorded size by at most 0.5, each slope by at most 1 / (size gap).
    expect(Math.abs(calibration.fit.ratio - 1.1)).toBeLessThan(0.01);
    expect(Math.abs(calibration.fit.overhead - 3000)).toBeLessThan(5);
    expect(calibration.heldOut).toMatchObject({ training: 6, checked: 6, within: 6, passed: true });
  });

  it('is not moved by outliers and noise, and fails held out exactly where the outliers are', () => {
    const rng = rngFor(1, 'calibrate-usage-test');
    const points: [number, number][] = Array.from({ length: 40 }, (_, k) => {
      const ours = 500 + 400 * k;
      const noise = 1 + (rng.next() - 0.5) * 0.02; // ±1 %
      return [ours, Math.round((1.2 * ours + 8000) * noise)];
    });
    // Four requests whose usage the log got wrong (a retried call counted twice; half a request): two in each half.
    const outliers = [5, 12, 25, 33];
    for (const k of outliers) points[k] = [points[k]![0], points[k]![1] * (k % 2 === 0 ? 0.5 : 2)];
    const calibration = calibrateUsage(rows(points), null, 0.05, 0.95);
    expect(calibration.kind).toBe('held-out');
    if (calibration.kind !== 'held-out') return;
    // ±1 % noise on sizes from 8,600 to 64,760 tokens: the line stays within a few percent of the truth.
    expect(Math.abs(calibration.fit.ratio - 1.2)).toBeLessThan(0.03);
    expect(Math.abs(calibration.fit.overhead - 8000) / 8000).toBeLessThan(0.05);
    // Held out on requests 20..39: the two outliers there miss by 50 % or 100 %, the 18 others are within ±1 % noise
    // of a line the first half recovered.
    expect(calibration.heldOut).toMatchObject({ training: 20, checked: 20, within: 18, passed: false });
    // Least squares through the same points is pulled off the line by the outliers (why the fit is a median).
    const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
    const mx = mean(points.map((p) => p[0]));
    const my = mean(points.map((p) => p[1]));
    const slope =
      points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0) / points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
    expect(Math.abs(slope - 1.2)).toBeGreaterThan(Math.abs(calibration.fit.ratio - 1.2));
  });

  it('leaves out the requests sent after the first recorded compaction', () => {
    const before: [number, number][] = [1, 2, 3, 4, 5, 6].map((k) => [1000 * k, 2000 * k + 500]);
    const after: [number, number][] = [
      [7000, 4000],
      [8000, 5000],
    ]; // the recorded agent sent a summary
    const calibration = calibrateUsage(rows([...before, ...after]), { turn: 0, call: 6 }, 0.05, 0.95);
    expect(calibration).toMatchObject({
      kind: 'held-out',
      requests: 6,
      afterCompaction: 2,
      fit: { ratio: 2, overhead: 500 },
    });
  });

  it('a very long log (over a million pairs) is fitted on strided pairs and still recovers its line', () => {
    // 2,000 requests: 1,999,000 pairs, so each request is paired with every second later one.
    const points = Array.from({ length: 2000 }, (_, k) => ({
      ours: 100 + 37 * k,
      recorded: 1.25 * (100 + 37 * k) + 4000,
    }));
    points[10] = { ours: points[10]!.ours, recorded: 1 }; // one absurd request
    const fit = fitTokenModel(points)!;
    expect(fit.ratio).toBeCloseTo(1.25, 9);
    expect(fit.overhead).toBeCloseTo(4000, 6);
  });

  it('says when there are too few requests to hold any out, and when there is no usage', () => {
    expect(
      calibrateUsage(
        rows([
          [100, 200],
          [200, 300],
          [300, 400],
        ]),
        null,
        0.05,
        0.95,
      ),
    ).toEqual({
      kind: 'too-few',
      requests: 3,
      afterCompaction: 0,
      fit: { ratio: 1, overhead: 100 },
    });
    expect(calibrateUsage([], null, 0.05, 0.95)).toEqual({ kind: 'no-usage' });
    expect(
      fitTokenModel([
        { ours: 5, recorded: 10 },
        { ours: 5, recorded: 12 },
      ]),
    ).toBeNull();
  });

  it('on a Claude Code session of the pack: raw check fails, the held-out check is the one recomputed here', async () => {
    const file = 'scenarios/traces/claude-code/spotter-258c7280.yaml';
    const [fidelity] = await replayFidelity({ paths: [file], cwd: process.cwd() });
    // The log leaves out Claude Code's system prompt and tools: every request we send is far smaller.
    expect(fidelity!.requests).toBe(152);
    expect(fidelity!.within).toBe(0);
    expect(fidelity!.passed).toBe(false);
    // Independently: the requests before the recorded compaction, split by order, the second half checked
    // against the line through the first half's median pairwise slope.
    const point = fidelity!.compactions[0]!;
    const comparable = fidelity!.rows.filter(
      (row) => row.turn < point.turn || (row.turn === point.turn && row.call < (point.call ?? 0)),
    );
    const half = comparable.length >> 1;
    const train = comparable.slice(0, half);
    const slopes = train.flatMap((a, i) =>
      train
        .slice(i + 1)
        .flatMap((b) => (a.measured === b.measured ? [] : [(b.recorded - a.recorded) / (b.measured - a.measured)])),
    );
    const med = (values: number[]): number => {
      const s = [...values].sort((x, y) => x - y);
      return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
    };
    const ratio = med(slopes);
    const overhead = med(train.map((row) => row.recorded - ratio * row.measured));
    const within = comparable
      .slice(half)
      .filter((row) => Math.abs(ratio * row.measured + overhead - row.recorded) <= 0.05 * row.recorded).length;
    expect(fidelity!.calibration).toMatchObject({
      kind: 'held-out',
      requests: comparable.length,
      afterCompaction: 152 - comparable.length,
      heldOut: { training: half, checked: comparable.length - half, within },
    });
    // What the data gives (the README's figures): 102 requests before the compaction, all 51 held out within ±5 %.
    expect([comparable.length, within]).toEqual([102, 51]);
    expect(renderFidelity([fidelity!])).toContain('51/51 of the other 51 within ±5 % (100.0 %; bar 95 %): pass');
  });

  it('on the whole pack: the README figures (raw 0 of 268; held out 70 of 106, 5 of 8 files pass)', async () => {
    const files = (await replayFidelity({ paths: ['scenarios/traces'], cwd: process.cwd() })).filter(
      (file) => file.requests > 0,
    );
    expect(files).toHaveLength(12);
    expect([files.reduce((n, f) => n + f.within, 0), files.reduce((n, f) => n + f.requests, 0)]).toEqual([0, 268]);
    const checks = files.flatMap((f) =>
      f.calibration.kind === 'held-out' && f.calibration.heldOut ? [f.calibration.heldOut] : [],
    );
    expect(checks).toHaveLength(8);
    expect([checks.reduce((n, c) => n + c.within, 0), checks.reduce((n, c) => n + c.checked, 0)]).toEqual([70, 106]);
    expect(checks.filter((c) => c.passed)).toHaveLength(5);
  });
});
