/**
 * Recorded usage as ground truth: each recorded request is set beside the request the replay
 * sent at the same turn and call; the share within ±5 %, the 95 % bar and the fitted ratio are
 * computed from them; recorded compaction points show the replay's request at that point.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { usageFidelity } from '../../src/import/usage-fidelity.ts';
import { replayFidelity, renderFidelity } from '../../src/api/replay-fidelity.ts';
import type { StepRecord } from '../../src/world/session-result.ts';
import type { WorldScenario, WorldTurn } from '../../src/world/world-scenario.ts';
import { runSession } from '../../src/world/run-session.ts';

const turn = (index: number, inputs: (number | null)[]): WorldTurn => ({
  index,
  phase: 0,
  user: { text: '' },
  attachments: [],
  toolCalls: [],
  sequential: false,
  modelResponse: { text: '' },
  replay: { steps: [], usage: inputs.map((input) => (input === null ? null : { inputTokens: input })) },
});
const step = (turnIndex: number, realAfter: number, heuristicAfter: number): StepRecord =>
  ({ turn: turnIndex, realAfter, heuristicAfter, shortCircuited: false }) as StepRecord;

describe('usage fidelity', () => {
  it('pairs the k-th recorded request of a turn with the k-th step of that turn and counts the ±5 % matches', () => {
    const world = { turns: [turn(0, [100, null, 200]), turn(1, [300, 400])] } as unknown as WorldScenario;
    const steps = [step(0, 104, 50), step(0, 150, 75), step(0, 189, 100), step(1, 316, 150), step(1, 400, 200)];
    const fidelity = usageFidelity(world, steps, [{ turn: 1, call: 1, preTokens: 390 }]);
    expect(fidelity.rows.map((row) => [row.turn, row.call, row.recorded, row.measured])).toEqual([
      [0, 0, 100, 104],
      [0, 2, 200, 189],
      [1, 0, 300, 316],
      [1, 1, 400, 400],
    ]);
    // 4 % and 0 % match; −5.5 % and +5.33 % do not.
    expect(fidelity).toMatchObject({ requests: 4, within: 2, share: 0.5, passed: false });
    // recorded ≈ ratio × measured + overhead, on the requests before the recorded compaction (turn 1, call 1):
    // the pairwise slopes are 100/85, 200/212 and 100/127, their median 200/212; three requests are too few to
    // hold any out (the held-out check is tested in calibrate-usage.test.ts).
    expect(fidelity.calibration).toMatchObject({ kind: 'too-few', requests: 3, afterCompaction: 1 });
    if (fidelity.calibration.kind !== 'too-few') return;
    expect(fidelity.calibration.fit!.ratio).toBeCloseTo(200 / 212, 12);
    expect(fidelity.compactions).toEqual([{ turn: 1, call: 1, preTokens: 390, replayTokens: 400 }]);
  });

  it('passes at 95 % and not below', () => {
    const inputs = Array.from({ length: 20 }, () => 1000);
    const world = { turns: [turn(0, inputs)] } as unknown as WorldScenario;
    const good = inputs.map(() => step(0, 1000, 500));
    expect(usageFidelity(world, good).passed).toBe(true);
    expect(usageFidelity(world, [step(0, 1100, 500), ...good.slice(1)]).passed).toBe(true); // 19/20 = 95 %
    expect(usageFidelity(world, [step(0, 1100, 500), step(0, 900, 500), ...good.slice(2)]).passed).toBe(false); // 90 %
  });

  it('replays a scenario without compaction and reads its sizes at the recorded points', async () => {
    const source = `
session: { model: m, contextWindow: 100000, tokenModel: { tokenizer: o200k_base } }
replay:
  turns:
    - user: "first question"
      steps:
        - { calls: [{ id: c1, name: look, args: { q: x }, result: "${'data '.repeat(200)}" }], usage: { input: 50 } }
        - { text: "answer", usage: { input: 260 } }
    - user: "second"
      steps: [{ text: "ok", usage: { input: 280 } }]
  compactions: [{ turn: 1, trigger: auto, preTokens: 275 }]
`;
    const scenario = loadScenarioSource(source, 'r.yaml', '/');
    const outcome = await runSession(scenario.world, { strategy: { name: 'none', compact: () => undefined } });
    const fidelity = usageFidelity(scenario.world, outcome.steps, scenario.recorded!.compactions);
    const sizes = outcome.steps.map((s) => s.realAfter);
    expect(fidelity.rows.map((row) => row.measured)).toEqual(sizes);
    expect(sizes[1]! - sizes[0]!).toBeGreaterThan(190); // the 200-word result reached the second request
    expect(fidelity.compactions[0]!.replayTokens).toBe(sizes[2]);
  });

  it('renders one section per file with the verdict, the calibrated ratio and the recorded compactions', async () => {
    const files = await replayFidelity({ paths: ['scenarios/examples'], cwd: process.cwd() });
    expect(files).toEqual([]); // scripted scenarios have nothing recorded
    const text = renderFidelity([
      {
        file: 'a.yaml',
        scenario: 'a',
        failure: null,
        model: 'm',
        cost: null,
        ...usageFidelity(
          { turns: [turn(0, [100])] } as unknown as WorldScenario,
          [step(0, 100, 40)],
          [{ turn: 0, trigger: 'auto', preTokens: 90 }],
        ),
      },
    ]);
    expect(text).toBe(
      [
        'a.yaml:',
        '  request size vs recorded input tokens: 1/1 within ±5 % (100.0 %; bar 95 %): pass',
        // The one request came after the recorded compaction: nothing is left to calibrate on.
        '  calibrated token model: undetermined (0 requests, fewer than two sizes; 1 request left out: the recorded agent had compacted before them)',
        '  held out: too few requests to hold any out (0; 4 needed): unchecked',
        "  recorded cost: no price for 'm' in the price table",
        '  recorded compaction (auto) before turn 0, call 0: 90 tokens recorded; 100 tokens in the replay without compaction',
        '',
      ].join('\n'),
    );
  });
});
