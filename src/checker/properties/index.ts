/**
 * Every fuzz property, in report order. Each is a pure check over one played scenario
 * (`property.ts`); the fuzzer evaluates all selected properties on every generated scenario.
 */
import { declaredSummarizerCut } from './declared-summarizer-cut.ts';
import { declaredTrigger } from './declared-trigger.ts';
import { estimatePrecision } from './estimate-precision.ts';
import { modelAnswers } from './model-answers.ts';
import { deterministicReplay } from './deterministic-replay.ts';
import { eventsImmutable } from './events-immutable.ts';
import { noLoop } from './no-loop.ts';
import { noOrphans } from './no-orphans.ts';
import { noSummaryGrowth } from './no-summary-growth.ts';
import { noOverflow } from './no-overflow.ts';
import { noThrash } from './no-thrash.ts';
import type { FuzzProperty, PropertyName } from './property.ts';
import { sessionCompletes } from './session-completes.ts';
import { summarizerInputBudget } from './summarizer-input-budget.ts';
import { summarizerInputFits } from './summarizer-input-fits.ts';
import { userRequestPreserved } from './user-request-preserved.ts';
import { goalPreserved } from './goal-preserved.ts';

export const PROPERTIES: readonly FuzzProperty[] = [
  noOverflow,
  noLoop,
  noThrash,
  noOrphans,
  userRequestPreserved,
  summarizerInputFits,
  summarizerInputBudget,
  noSummaryGrowth,
  declaredTrigger,
  estimatePrecision,
  declaredSummarizerCut,
  eventsImmutable,
  sessionCompletes,
  deterministicReplay,
  modelAnswers,
  goalPreserved,
];

export const PROPERTY_NAMES: readonly PropertyName[] = PROPERTIES.map((property) => property.name);

export function propertyByName(name: PropertyName): FuzzProperty {
  const found = PROPERTIES.find((property) => property.name === name);
  if (found === undefined) throw new Error(`unknown property ${name}`);
  return found;
}

export type { ExpectKey, FuzzProperty, PropertyName, PropertyViolation } from './property.ts';
export { propertyKind } from './property.ts';
export {
  declaredSummarizerCut,
  declaredTrigger,
  deterministicReplay,
  estimatePrecision,
  eventsImmutable,
  modelAnswers,
  goalPreserved,
  noLoop,
  noOrphans,
  noOverflow,
  noSummaryGrowth,
  noThrash,
  sessionCompletes,
  summarizerInputBudget,
  summarizerInputFits,
  userRequestPreserved,
};
