/**
 * No thrash: never `thrash.count` summarizations within `thrash.withinSteps` consecutive LLM
 * steps (docs/known-bugs.md #3: "Autocompact is thrashing", the context refills within a few turns). The
 * window is the one definition of thrash (world/measure/definitions/thrash.ts), as every report finds it. Never excused: a strategy can always shrink a
 * request without calling the summarizer (cut or drop history), so no scenario forces thrash
 * (an excuse must hold for every strategy: infeasibility.ts).
 */
import { firstThrash } from '../../world/measure/definitions/thrash.ts';
import { violation, type FuzzProperty } from './property.ts';

export const noThrash: FuzzProperty = {
  name: 'no-thrash',
  description: 'never thrash.count summarizations within thrash.withinSteps consecutive steps',
  expectKey: 'noThrash',
  needsRerun: false,
  check(scenario, result) {
    const { count, withinSteps } = scenario.thrash;
    const group = firstThrash(result.steps, scenario.thrash);
    if (group !== null) {
      const from = result.steps[group[0]!]!;
      const to = result.steps[group[group.length - 1]!]!;
      const message =
        `${count} summarizations within ${to.step - from.step + 1} steps: steps ${group.map((k) => result.steps[k]!.step).join(', ')} ` +
        `(turns ${from.turn}–${to.turn}; limit ${count - 1} per ${withinSteps} steps)`;
      return violation('no-thrash', to, message);
    }
    return null;
  },
};
