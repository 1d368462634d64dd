/**
 * One definition each of overflow, loop and thrash (src/world/measure/definitions): the step
 * records, the session totals (report.json, the table, `compare`), the checker's properties, the
 * scenario expectations, the pins acceptances are compared with and the HTML chart must agree on
 * every scenario. Played in this thread on the regression suite and a few museum pieces, which
 * between them overflow, loop, thrash and overflow the summarizer (and some do none of these).
 */
import { describe, expect, it } from 'vitest';
import { prepareRequestFloor } from '../../src/checker/infeasibility/measure-floor.ts';
import { noLoop, noOverflow, noThrash, summarizerInputFits } from '../../src/checker/properties/index.ts';
import { contenderResult } from '../../src/compare/contender-result.ts';
import { renderStepChart } from '../../src/harness/report/html/step-chart.ts';
import { buildScenarioRecord } from '../../src/harness/report/suite-report.ts';
import { runOneScenario } from '../../src/harness/run/run-one-scenario.ts';
import { checkExpectations } from '../../src/harness/scenario/expectations.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';
import { violatingSteps } from '../../src/harness/scenario/violating-steps.ts';
import { isLoopStep } from '../../src/world/measure/definitions/loop.ts';
import { isOverflowStep } from '../../src/world/measure/definitions/overflow.ts';
import { firstThrash, thrashWindows, thrashingSteps } from '../../src/world/measure/definitions/thrash.ts';

const PATHS = [
  'scenarios/regressions',
  'scenarios/museum/codex-compaction-grows-context.yaml',
  'scenarios/museum/gemini-cli-compresses-every-turn.yaml',
  'scenarios/brutal/8k-every-turn-exceeds-window.yaml',
];

describe('overflow, loop and thrash: every report agrees', () => {
  it('on the regression suite and museum pieces that show each of them', { timeout: 120_000 }, async () => {
    const scenarios = await loadScenarios(PATHS);
    const seen = { overflow: 0, loop: 0, thrash: 0, summarizerOverflow: 0 };
    for (const scenario of scenarios) {
      const output = await runOneScenario(scenario);
      const result = output.result!;
      expect(result, scenario.id).not.toBeNull();
      const { totals, steps } = result;
      const where = scenario.id;
      await prepareRequestFloor(scenario.world);

      // Step records carry the definition's verdict.
      expect(
        steps.map((step) => step.overflow),
        where,
      ).toEqual(steps.map((step) => isOverflowStep(step)));

      // Totals (what report.json, the table and compare print).
      const record = buildScenarioRecord({ scenario, ...output }, process.cwd());
      const contender = contenderResult('any', { scenario, ...output });
      const overflowing = steps.filter((step) => isOverflowStep(step)).length;
      const loops = steps.filter((step) => isLoopStep(step)).length;
      const thrash = thrashWindows(steps, scenario.world.thrash);
      for (const figures of [totals, record, contender]) {
        expect([figures.overflowSteps, figures.loops, figures.thrash], where).toEqual([overflowing, loops, thrash]);
      }

      // The chart draws one overflow band per overflowing step.
      const chart = renderStepChart({ title: scenario.name, steps, thresholdFor: () => null });
      expect(chart.match(/class="overflow-band"/g)?.length ?? 0, where).toBe(overflowing);

      // The checker's properties fire exactly when the figures are non-zero.
      expect(noOverflow.check(scenario.world, result) !== null, where).toBe(overflowing > 0);
      expect(noLoop.check(scenario.world, result) !== null, where).toBe(loops > 0);
      expect(noThrash.check(scenario.world, result) !== null, where).toBe(thrash > 0);
      expect(firstThrash(steps, scenario.world.thrash) !== null, where).toBe(thrash > 0);
      expect(summarizerInputFits.check(scenario.world, result) !== null, where).toBe(totals.summarizerOverflows > 0);

      // So do the strict expectations.
      const strict = {
        ...scenario,
        expect: { noOverflow: true, noLoop: true, noThrash: true, summarizerInputFits: true },
      };
      const failed = checkExpectations(strict, result).map((failure) => failure.expectation);
      expect(
        ['noOverflow', 'noLoop', 'noThrash', 'summarizerInputFits'].map((key) => failed.includes(key)),
        where,
      ).toEqual([overflowing > 0, loops > 0, thrash > 0, totals.summarizerOverflows > 0]);

      // And the steps an acceptance is compared with are the same steps.
      const feasibleOverflow = noOverflow.check(scenario.world, result);
      expect(violatingSteps('no-overflow', scenario.world, result).length > 0, where).toBe(
        feasibleOverflow !== null && feasibleOverflow.infeasible === null,
      );
      expect(violatingSteps('no-loop', scenario.world, result), where).toEqual(
        steps.filter((step) => isLoopStep(step)).map((step) => step.step),
      );
      expect(violatingSteps('no-thrash', scenario.world, result), where).toEqual(
        thrashingSteps(steps, scenario.world.thrash).map((index) => steps[index]!.step),
      );

      seen.overflow += Number(overflowing > 0);
      seen.loop += Number(loops > 0);
      seen.thrash += Number(thrash > 0);
      seen.summarizerOverflow += Number(totals.summarizerOverflows > 0);
    }
    // The set exercises each definition (a test that never sees an overflow proves nothing about it).
    expect(Object.values(seen).every((count) => count >= 2)).toBe(true);
    expect(scenarios.length - Math.max(...Object.values(seen))).toBeGreaterThan(0);
  });
});
