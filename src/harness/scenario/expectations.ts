/**
 * What a scenario's `expect` block asserts, checked against what the world measured. Only what
 * is listed is asserted, except integrity: a strategy that threw, hung or mutated session events
 * (or a world error) always fails. Messages are concrete: counts, the first offending step and
 * turn, and the numbers that broke the bound.
 */
import { loopSteps } from '../../world/measure/definitions/loop.ts';
import { isSummarizerOverflow, overflowSteps } from '../../world/measure/definitions/overflow.ts';
import { firstThrash } from '../../world/measure/definitions/thrash.ts';
import type { SessionResult, StepRecord } from '../../world/session-result.ts';
import type { ResolvedScenario } from './resolved-scenario.ts';
import type { ExpectSpec } from './scenario-schema.ts';
import { checkRetention } from './retention-expectation.ts';

/** The parsed `expect` block. */
export type Expectations = Readonly<ExpectSpec>;

export interface ExpectationFailure {
  /** The expectation (`noOverflow`, `compactedSteps`…) or the failure class (`strategy-threw`…). */
  readonly expectation: string;
  readonly message: string;
}

type Range = { readonly min?: number | undefined; readonly max?: number | undefined };

/** 8412 → "8,412" (fixed format, independent of the host locale). */
export function formatCount(value: number): string {
  const [whole, fraction] = String(value).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

function at(step: StepRecord): string {
  return `step ${step.step}, turn ${step.turn}`;
}

function failure(expectation: string, detail: string): ExpectationFailure {
  return { expectation, message: `${expectation}: ${detail}` };
}

function integrity(result: SessionResult): ExpectationFailure[] {
  const f = result.failure;
  if (f === null) return [];
  const where = f.step === null ? '' : ` at step ${f.step}`;
  return [{ expectation: f.kind, message: `${f.kind}${where}: ${f.message}` }];
}

function noOverflow(result: SessionResult): ExpectationFailure[] {
  const over = overflowSteps(result.steps);
  const count = Math.max(over.length, result.totals.overflowSteps);
  if (count === 0) return [];
  const first = over[0];
  const detail = first
    ? ` (first: ${at(first)}, ${formatCount(first.realAfter)} real tokens > ${formatCount(first.contextWindow)})`
    : '';
  return [failure('noOverflow', `${plural(count, 'step')} sent more than the window${detail}`)];
}

function noLoop(result: SessionResult): ExpectationFailure[] {
  if (result.totals.loops === 0) return [];
  const first = loopSteps(result.steps)[0];
  const detail = first
    ? ` (first: ${at(first)}, ${formatCount(first.realBefore)} → ${formatCount(first.realAfter)} real tokens)`
    : '';
  return [
    failure('noLoop', `${plural(result.totals.loops, 'summarization')} did not make the request smaller${detail}`),
  ];
}

function noThrash(scenario: ResolvedScenario, result: SessionResult): ExpectationFailure[] {
  if (result.totals.thrash === 0) return [];
  const { count, withinSteps } = scenario.world.thrash;
  const group = firstThrash(result.steps, scenario.world.thrash);
  const detail = group
    ? ` (first: steps ${result.steps[group[0]!]!.step}–${result.steps[group[group.length - 1]!]!.step})`
    : '';
  return [
    failure(
      'noThrash',
      `${count} or more summarizations within ${withinSteps} steps, ${plural(result.totals.thrash, 'time')}${detail}`,
    ),
  ];
}

function noOrphans(result: SessionResult): ExpectationFailure[] {
  if (result.totals.orphanSteps === 0) return [];
  const first = result.steps.find((s) => s.orphanCalls + s.orphanResponses > 0);
  const detail = first
    ? ` (first: ${at(first)}, ${plural(first.orphanCalls, 'call')} without a response, ${plural(first.orphanResponses, 'response')} without a call)`
    : '';
  return [
    failure(
      'noOrphans',
      `${plural(result.totals.orphanSteps, 'sent request')} held orphaned function calls or responses${detail}`,
    ),
  ];
}

function userRequestPreserved(result: SessionResult): ExpectationFailure[] {
  const missing = result.totals.missingUserRequestSteps;
  if (missing === 0) return [];
  const first = result.steps.find((s) => !s.userRequestPresent);
  const detail = first ? ` (first: ${at(first)})` : '';
  return [
    failure(
      'userRequestPreserved',
      `the latest user request was missing from ${plural(missing, 'sent request')}${detail}`,
    ),
  ];
}

function summarizerInputFits(result: SessionResult): ExpectationFailure[] {
  if (result.totals.summarizerOverflows === 0) return [];
  const first = result.steps
    .flatMap((step) =>
      step.summarizerCalls.flatMap((call) =>
        call.contextWindow === null ? [] : [{ step, call, window: call.contextWindow }],
      ),
    )
    .find(({ call }) => isSummarizerOverflow(call));
  const detail = first
    ? ` (first: ${at(first.step)}, ${formatCount(first.call.inputRealTokens)} real tokens > ${formatCount(first.window)})`
    : '';
  return [
    failure(
      'summarizerInputFits',
      `${plural(result.totals.summarizerOverflows, 'summarizer call')} exceeded the summarizer's window${detail}`,
    ),
  ];
}

function inRange(expectation: string, actual: number, range: Range | undefined): ExpectationFailure[] {
  if (range === undefined) return [];
  const { min, max } = range;
  if ((min === undefined || actual >= min) && (max === undefined || actual <= max)) return [];
  const wanted =
    min !== undefined && max !== undefined
      ? `between ${min} and ${max}`
      : min !== undefined
        ? `at least ${min}`
        : `at most ${max}`;
  return [failure(expectation, `${formatCount(actual)}, expected ${wanted}`)];
}

function maxPeakPercent(result: SessionResult, max: number | undefined): ExpectationFailure[] {
  if (max === undefined || result.totals.peakPercent <= max) return [];
  // The world's peak is the first sent step with the most real tokens.
  const sent = result.steps.filter((s) => !s.shortCircuited);
  const peak = sent.reduce<StepRecord | null>(
    (best, s) => (best === null || s.realAfter > best.realAfter ? s : best),
    null,
  );
  const detail = peak
    ? ` (${at(peak)}, ${formatCount(peak.realAfter)} real tokens of ${formatCount(peak.contextWindow)})`
    : '';
  return [failure('maxPeakPercent', `peak ${result.totals.peakPercent}% of the window > ${max}%${detail}`)];
}

function goalPreservedStrict(result: SessionResult): ExpectationFailure[] {
  const watched = new Set(
    (result.retention?.facts ?? [])
      .filter((fact) => fact.kind === 'goal' || fact.kind === 'constraint')
      .map((fact) => fact.id),
  );
  const first = result.steps.find(
    (step) =>
      step.facts !== undefined &&
      Object.entries(step.facts).some(([id, state]) => watched.has(id) && state !== 'kept' && state !== 'summary'),
  );
  if (first === undefined) return [];
  const lost = Object.entries(first.facts!)
    .filter(([id, state]) => watched.has(id) && state !== 'kept' && state !== 'summary')
    .map(([id, state]) => `${id} ${state}`);
  return [
    failure('goalPreserved', `a planted goal or constraint was missing (first: ${at(first)}: ${lost.join(', ')})`),
  ];
}

/** Every expectation of `scenario` that `result` breaks, integrity first; [] when all hold. */
export function checkExpectations(scenario: ResolvedScenario, result: SessionResult): ExpectationFailure[] {
  const e = scenario.expect;
  const t = result.totals;
  return [
    ...integrity(result),
    ...(e.noOverflow === true ? noOverflow(result) : []),
    ...(e.noLoop === true ? noLoop(result) : []),
    ...(e.noThrash === true ? noThrash(scenario, result) : []),
    ...(e.noOrphans === true ? noOrphans(result) : []),
    ...(e.userRequestPreserved === true ? userRequestPreserved(result) : []),
    ...(e.summarizerInputFits === true ? summarizerInputFits(result) : []),
    ...inRange('summarizations', t.summarizations, e.summarizations),
    ...inRange('compactedSteps', t.compactedSteps, e.compactedSteps),
    ...inRange('summarizerCalls', t.summarizerCalls, e.summarizerCalls),
    ...inRange('summarizerInputTokens', t.summarizerInputTokens, e.summarizerInputTokens),
    ...inRange('warnings', t.warnings ?? 0, e.warnings),
    ...maxPeakPercent(result, e.maxPeakPercent),
    ...checkRetention(e.retention, result),
    ...(e.goalPreserved === true ? goalPreservedStrict(result) : []),
  ];
}
