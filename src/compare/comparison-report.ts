/**
 * The comparison report every compare reporter renders: a pure function of what each contender
 * did on the same scenarios (and on the same fuzzed corpus), holding no timestamps and no
 * absolute paths, so equal runs give byte-identical reports.
 *
 * - league: one row per contender, ranked: scenarios passed, scenarios in which each universal
 *   property broke, crashes, reported bugs reproduced, and the measurements summed over the
 *   scenarios (overflow steps, loops, thrash, summarizer calls, tokens billed, tokens uncached,
 *   cost in USD and the prompt-cache hit rate)
 *   with the highest peak; with fuzzing, each property's passed / infeasible / failed runs;
 * - museum: the scenarios that reproduce a reported bug, and what broke for each contender;
 * - scenarios: every scenario with every contender's result.
 */
import type { PropertyName } from '../checker/properties/property.ts';
import { ACCEPTABLE_PROPERTIES, type AcceptableProperty, type Reproduction } from '../harness/scenario/acceptance.ts';
import type { ResolvedScenario } from '../harness/scenario/index.ts';
import { portablePath } from '../harness/report/suite-report.ts';
import type { ContenderResult } from './contender-result.ts';
import { contenderLabel, type Contender } from './contender.ts';
import { sumRetention, type RetentionByKind } from '../world/facts/retention.ts';
import { retainedShare } from './retention-league.ts';

export const COMPARISON_SCHEMA_VERSION = 1;

/** A property's fuzz runs for one contender (the fuzzer's own tally). */
export interface FuzzPropertyTally {
  readonly property: PropertyName;
  readonly passed: number;
  readonly infeasible: number;
  readonly failed: number;
  readonly notChecked: number;
  /** The first failing run (replay it with `fuzz --path <run>`), or null. */
  readonly firstFailedRun: number | null;
}

export interface LeagueRow {
  readonly rank: number;
  readonly strategy: string;
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>> | null;
  readonly scenarios: number;
  readonly passed: number;
  /** Scenarios in which the property broke (failed, a reported bug, or an accepted limitation). */
  readonly violations: Readonly<Record<AcceptableProperty, number>>;
  readonly crashed: number;
  /** Scenarios that reproduced a reported bug of this strategy (museum entries naming it). */
  readonly bugsReproduced: number;
  readonly overflowSteps: number;
  readonly loops: number;
  readonly thrash: number;
  readonly summarizerCalls: number;
  readonly billedTokens: number;
  readonly uncachedTokens: number;
  /** What the scenarios would have cost (USD), each at its model's prices and cache rules. */
  readonly costUsd: number;
  /** Prompt-cache reads / model-request input tokens over the scenarios (null when nothing was answered). */
  readonly cacheHitRate: number | null;
  /** The highest peak of any scenario, % of its window (null when none finished). */
  readonly peakPercent: number | null;
  readonly fuzz: readonly FuzzPropertyTally[] | null;
  /** Planted facts retained, by kind, over the scenarios that plant them (absent when none does). */
  readonly retention?: RetentionByKind;
  /** What forgetting cost over the scenarios: re-reads, their request tokens, re-read loops (absent when it made none). */
  readonly recoveries?: { readonly calls: number; readonly tokens: number; readonly rereadLoops: number };
}

export interface ScenarioComparison {
  readonly id: string;
  readonly name: string;
  readonly file: string;
  /** The reported bugs the file reproduces (empty outside the museum). */
  readonly bugs: readonly Reproduction[];
  /** One per contender, in the order they were entered. */
  readonly results: readonly ContenderResult[];
}

export interface ComparisonReport {
  readonly schemaVersion: number;
  readonly paths: readonly string[];
  readonly contenders: readonly {
    readonly strategy: string;
    readonly name: string;
    readonly options: Readonly<Record<string, unknown>> | null;
  }[];
  readonly fuzz: { readonly runs: number; readonly seed: number } | null;
  readonly league: readonly LeagueRow[];
  /** The scenarios with a `reproduces` list, in id order. */
  readonly museum: readonly ScenarioComparison[];
  readonly scenarios: readonly ScenarioComparison[];
}

/** What the run produced for one contender: every scenario (the same list, in id order, for all) and its fuzz tallies. */
export interface ContenderRun {
  readonly contender: Contender;
  readonly results: readonly ContenderResult[];
  readonly fuzz: readonly FuzzPropertyTally[] | null;
}

export function buildComparisonReport(input: {
  readonly paths: readonly string[];
  readonly scenarios: readonly ResolvedScenario[];
  readonly runs: readonly ContenderRun[];
  readonly fuzz: { readonly runs: number; readonly seed: number } | null;
  readonly cwd: string;
}): ComparisonReport {
  const scenarios: ScenarioComparison[] = input.scenarios.map((scenario, index) => ({
    id: scenario.id,
    name: scenario.name,
    file: portablePath(scenario.file, input.cwd),
    bugs: scenario.reproduces.map(({ strategy, property, issue }) => ({ strategy, property, issue })),
    results: input.runs.map((run) => run.results[index]!),
  }));
  return {
    schemaVersion: COMPARISON_SCHEMA_VERSION,
    paths: input.paths.map((path) => portablePath(path, input.cwd)),
    contenders: input.runs.map(({ contender }) => ({
      strategy: contenderLabel(contender),
      name: contender.name,
      options: contender.options ?? null,
    })),
    fuzz: input.fuzz,
    league: rank(input.runs.map(leagueRow)),
    museum: scenarios.filter((scenario) => scenario.bugs.length > 0),
    scenarios,
  };
}

function leagueRow(run: ContenderRun): Omit<LeagueRow, 'rank'> {
  const { results } = run;
  const sum = (pick: (result: ContenderResult) => number | null) =>
    results.reduce((total, result) => total + (pick(result) ?? 0), 0);
  const peaks = results.flatMap((result) => (result.peakPercent === null ? [] : [result.peakPercent]));
  const violations = Object.fromEntries(
    ACCEPTABLE_PROPERTIES.map((property) => [
      property,
      results.filter((result) => result.broken.some((item) => item.property === property)).length,
    ]),
  ) as Record<AcceptableProperty, number>;
  return {
    strategy: contenderLabel(run.contender),
    name: run.contender.name,
    options: run.contender.options ?? null,
    scenarios: results.length,
    passed: results.filter((result) => result.passed).length,
    violations,
    crashed: results.filter((result) => result.crash !== null).length,
    bugsReproduced: results.filter((result) => result.broken.some((item) => item.how === 'reproduced')).length,
    overflowSteps: sum((result) => result.overflowSteps),
    loops: sum((result) => result.loops),
    thrash: sum((result) => result.thrash),
    summarizerCalls: sum((result) => result.summarizerCalls),
    billedTokens: sum((result) => result.billedTokens),
    uncachedTokens: sum((result) => result.uncachedTokens),
    costUsd: sum((result) => result.costUsd),
    cacheHitRate: hitRate(
      sum((result) => result.cacheReadTokens),
      sum((result) => result.inputTokens),
    ),
    peakPercent: peaks.length === 0 ? null : Math.max(...peaks),
    fuzz: run.fuzz,
    ...retentionOf(results),
    ...recoveriesOf(results),
  };
}

function recoveriesOf(results: readonly ContenderResult[]): Pick<LeagueRow, 'recoveries'> {
  const made = results.flatMap((result) => (result.recoveries === undefined ? [] : [result.recoveries]));
  if (made.length === 0) return {};
  return {
    recoveries: {
      calls: made.reduce((total, item) => total + item.calls, 0),
      tokens: made.reduce((total, item) => total + item.tokens, 0),
      rereadLoops: made.reduce((total, item) => total + item.rereadLoops, 0),
    },
  };
}

function hitRate(read: number, input: number): number | null {
  return input === 0 ? null : read / input;
}

function retentionOf(results: readonly ContenderResult[]): { retention?: RetentionByKind } {
  const retention = sumRetention(results.map((result) => result.retention));
  return retention === undefined ? {} : { retention };
}

/**
 * The league order: most scenarios passed, then fewest breakages (summed over the properties,
 * crashes included), then the largest share of planted facts retained (suites with facts), then
 * fewest fuzz failures, then the lowest cost, then fewest tokens billed; entry order breaks ties.
 */
function rank(rows: readonly Omit<LeagueRow, 'rank'>[]): LeagueRow[] {
  const breakages = (row: Omit<LeagueRow, 'rank'>) =>
    Object.values(row.violations).reduce((a, b) => a + b, 0) + row.crashed;
  const fuzzFailures = (row: Omit<LeagueRow, 'rank'>) =>
    (row.fuzz ?? []).reduce((total, tally) => total + tally.failed, 0);
  const order = rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        b.row.passed - a.row.passed ||
        breakages(a.row) - breakages(b.row) ||
        (retainedShare(b.row.retention) ?? 0) - (retainedShare(a.row.retention) ?? 0) ||
        fuzzFailures(a.row) - fuzzFailures(b.row) ||
        a.row.costUsd - b.row.costUsd ||
        a.row.billedTokens - b.row.billedTokens ||
        a.index - b.index,
    );
  return order.map(({ row }, index) => ({ rank: index + 1, ...row }));
}
