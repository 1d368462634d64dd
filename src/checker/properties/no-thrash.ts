/**
 * No thrash: never `thrash.count` summarizations within `thrash.withinSteps` consecutive LLM
 * steps (peers §8 #3: "Autocompact is thrashing", the context refills within a few turns). The
 * window is found the way `simulate` reports it. Never excused: a strategy can always shrink a
 * request without calling the summarizer (cut or drop history), so no scenario forces thrash
 * (an excuse must hold for every strategy: infeasibility.ts).
 */
import { violation, type FuzzProperty } from './property.ts';

export const noThrash: FuzzProperty = {
  name: 'no-thrash',
  description: 'never thrash.count summarizations within thrash.withinSteps consecutive steps',
  expectKey: 'noThrash',
  needsRerun: false,
  check(scenario, result) {
    const { count, withinSteps } = scenario.thrash;
    const summarizing = result.steps.flatMap((step, index) => (step.summarizerCalls.length > 0 ? [index] : []));
    for (let i = 0; i + count - 1 < summarizing.length; i += 1) {
      const window = summarizing.slice(i, i + count);
      const from = result.steps[window[0]!]!;
      const to = result.steps[window[window.length - 1]!]!;
      if (to.step - from.step >= withinSteps) continue;
      const message =
        `${count} summarizations within ${to.step - from.step + 1} steps: steps ${window.map((k) => result.steps[k]!.step).join(', ')} ` +
        `(turns ${from.turn}–${to.turn}; limit ${count - 1} per ${withinSteps} steps)`;
      return violation('no-thrash', to, message);
    }
    return null;
  },
};
