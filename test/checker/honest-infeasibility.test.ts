/**
 * Honest infeasibility (issue 18): an excuse must hold for every strategy, so a run that some
 * strategy passes is never infeasible for another. "Passes" keeps the rules of the game every
 * excuse rests on: the request carries the user's request (user-request-preserved held; a
 * strategy that drops it can fit any window, and fails that property instead). Played on
 * generated scenarios and on ones built to trip each rule, through strategies that fail in
 * different ways; and the floor strategy (the smallest request the rules allow) overflows exactly
 * on the runs a rule excuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../src/checker/properties/index.ts';
import type { PropertyName } from '../../src/checker/properties/property.ts';
import type { Verdict } from '../../src/checker/verdict.ts';
import { scenarioSpecArbitrary } from '../../src/fuzz/arbitraries/scenario-spec.ts';
import { createCasePlayer, type CaseVerdicts } from '../../src/fuzz/run/play-case.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/index.ts';

const CHECKED = PROPERTIES.filter((property) => property.name !== 'deterministic-replay');
const STRATEGIES = ['threshold', 'sliding_window', 'hardened', 'never-compacts', 'floor'] as const;
const PATHS: Record<string, string> = {
  'never-compacts': './test/fixtures/strategies/never-compacts.ts',
  floor: './test/fixtures/strategies/floor.ts',
};

const players = new Map(
  STRATEGIES.map((name) => [
    name,
    createCasePlayer({ name: PATHS[name] ?? name, options: {}, baseDir: process.cwd() }, CHECKED),
  ]),
);

/** Scenarios built to trip each rule, and to tempt the dropped ones. */
const BUILT: readonly ScenarioSpec[] = [
  // fixed-overhead-over-window: a 40 kB system prompt in an 8k window (ratio 2).
  {
    name: 'overhead',
    session: { contextWindow: 8000, systemPrompt: 40_000 },
    turns: [{ repeat: 2, user: 'Turn {i}: go' }],
  },
  // user-message-over-window on turn 1 only; turn 0 and 2 fit.
  {
    name: 'message',
    session: { contextWindow: 4000 },
    turns: [{ user: 'hello' }, { user: { size: 9_000 } }, { user: 'bye', tools: [{ name: 'read', size: 2_000 }] }],
  },
  // Attachments over the window, text small: a strategy can drop the attachment and fit.
  {
    name: 'attachment',
    session: { contextWindow: 4000 },
    turns: [{ user: 'look', attachments: [{ mimeType: 'image/png', size: 20_000 }] }],
  },
  // Cold start at ratio 4 without usage metadata (once excused as uncalibrated-ratio), go-compat (once user-content-not-exposed).
  {
    name: 'cold',
    profile: 'go-compat',
    session: { contextWindow: 8000, usageMetadata: false, tokenModel: { ratio: 4 } },
    turns: [{ repeat: 6, user: 'Turn {i}: read', tools: [{ name: 'read', size: 3_000 }] }],
  },
];

async function verdictsOf(spec: ScenarioSpec): Promise<Map<string, CaseVerdicts>> {
  const all = new Map<string, CaseVerdicts>();
  for (const name of STRATEGIES) all.set(name, await players.get(name)!.play(spec));
  return all;
}

function status(verdict: Verdict | undefined): string {
  return verdict?.status ?? 'missing';
}

describe('honest infeasibility', () => {
  const specs = [...BUILT, ...fc.sample(scenarioSpecArbitrary(), { seed: 18, numRuns: 10 })];

  it('never excuses a violation on a run that some strategy passes, and the floor strategy overflows exactly where a rule excuses it', {
    timeout: 300_000,
  }, async () => {
    let infeasible = 0;
    let floorExcused = 0;
    for (const [index, spec] of specs.entries()) {
      const all = await verdictsOf(spec);
      for (const { name } of CHECKED) {
        const statuses = STRATEGIES.map(
          (strategy) => [strategy, status(all.get(strategy)!.get(name as PropertyName))] as const,
        );
        const carried = (strategy: string) => status(all.get(strategy)!.get('user-request-preserved')) === 'passed';
        // goal-over-window says no request within the window can carry the goal: a strategy that
        // keeps it by overflowing does not disprove that, one that keeps it within the window does.
        const withinWindow = (strategy: string) =>
          name !== 'goal-preserved' || status(all.get(strategy)!.get('no-overflow')) === 'passed';
        const passedBy = statuses
          .filter(([strategy, s]) => s === 'passed' && carried(strategy) && withinWindow(strategy))
          .map(([strategy]) => strategy);
        const excused = statuses.filter(([, s]) => s === 'infeasible').map(([strategy]) => strategy);
        infeasible += excused.length;
        if (passedBy.length > 0)
          expect(excused, `run ${index} (${spec.name}), ${name}: passed by ${passedBy.join(', ')}`).toEqual([]);
      }
      const floor = all.get('floor')!;
      // The floor never fails no-overflow (a rule excuses every overflow it makes) and always carries the user's request.
      expect(status(floor.get('no-overflow')), `run ${index} (${spec.name})`).not.toBe('failed');
      expect(status(floor.get('user-request-preserved')), `run ${index} (${spec.name})`).toBe('passed');
      if (status(floor.get('no-overflow')) === 'infeasible') floorExcused += 1;
    }
    // Not vacuous: both rules fired, and the attachment and cold-start runs were not excused.
    expect(floorExcused).toBeGreaterThanOrEqual(2);
    expect(infeasible).toBeGreaterThan(0);
  });

  it('fails what the dropped rules excused: the attachment, the cold start, go-compat', async () => {
    const attachment = await verdictsOf(BUILT[2]!);
    expect(status(attachment.get('never-compacts')!.get('no-overflow'))).toBe('failed');
    expect(status(attachment.get('floor')!.get('no-overflow'))).toBe('passed');
    const cold = await verdictsOf(BUILT[3]!);
    expect(status(cold.get('threshold')!.get('user-request-preserved'))).toBe('failed');
    expect(status(cold.get('hardened')!.get('user-request-preserved'))).toBe('passed');
  });
});
