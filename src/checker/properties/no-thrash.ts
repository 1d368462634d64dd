/**
 * No thrash: never `thrash.count` summarizations within `thrash.withinSteps` consecutive LLM
 * steps (peers §8 #3: "Autocompact is thrashing", the context refills within a few turns). The
 * window is found the way `simulate` reports it; it is excused only when every summarization in
 * it was forced by the content that step added (`explain-thrash.ts`).
 */
import { explainThrash } from '../infeasibility/explain-thrash.ts';
import { requestFloorOf } from '../infeasibility/measure-floor.ts';
import { violation, type FuzzProperty } from './property.ts';

export const noThrash: FuzzProperty = {
  name: 'no-thrash',
  description: 'never thrash.count summarizations within thrash.withinSteps consecutive steps, unless each was forced',
  expectKey: 'noThrash',
  needsRerun: false,
  check(scenario, result) {
    const { count, withinSteps } = scenario.thrash;
    const summarizing = result.steps.flatMap((step, index) => (step.summarizerCalls.length > 0 ? [index] : []));
    let firstExcused: ReturnType<typeof violation> | null = null;
    for (let i = 0; i + count - 1 < summarizing.length; i += 1) {
      const window = summarizing.slice(i, i + count);
      const from = result.steps[window[0]!]!;
      const to = result.steps[window[window.length - 1]!]!;
      if (to.step - from.step >= withinSteps) continue;
      const message =
        `${count} summarizations within ${to.step - from.step + 1} steps: steps ${window.map((k) => result.steps[k]!.step).join(', ')} ` +
        `(turns ${from.turn}–${to.turn}; limit ${count - 1} per ${withinSteps} steps)`;
      const why = explainThrash(result.steps, window, requestFloorOf(scenario));
      if (why === null) return violation('no-thrash', to, message);
      firstExcused ??= violation('no-thrash', to, message, why);
    }
    return firstExcused;
  },
};
