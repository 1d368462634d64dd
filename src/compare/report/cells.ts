/**
 * How every compare reporter writes a cell, so the table, the Markdown and the HTML page say the
 * same thing: property short names, the museum matrix's "what broke" and the fuzz tallies.
 */
import type { PropertyName } from '../../checker/properties/property.ts';
import { formatCount, usdText } from '../../harness/report/format.ts';
import { ACCEPTABLE_PROPERTIES, type AcceptableProperty } from '../../harness/scenario/acceptance.ts';
import type { FuzzPropertyTally, LeagueRow } from '../comparison-report.ts';
import type { BrokenProperty, ContenderResult } from '../contender-result.ts';
import { DEFAULT_PRICED_MODEL } from '../../pricing/model-prices.ts';

/** Short column names of the universal properties. */
export const PROPERTY_SHORT: Readonly<Record<PropertyName, string>> = {
  'no-overflow': 'overflow',
  'no-loop': 'loop',
  'no-thrash': 'thrash',
  'no-orphans': 'orphans',
  'user-request-preserved': 'request',
  'summarizer-input-fits': 'summarizer',
  'declared-trigger': 'trigger',
  'estimate-precision': 'estimate',
  'summarizer-input-budget': 'summarizer cut',
  'no-summary-growth': 'summary growth',
  'declared-summarizer-cut': 'declared cut',
  'events-immutable': 'immutable',
  'session-completes': 'completes',
  'deterministic-replay': 'replay',
  'model-answers': 'answers',
  'goal-preserved': 'goal',
};

export const UNIVERSAL: readonly AcceptableProperty[] = ACCEPTABLE_PROPERTIES;

/** The marks after a property in the museum matrix. */
export const MARK = { reproduced: '*', accepted: '~', failed: '' } as const;

export const MATRIX_LEGEND =
  'What broke for each strategy: the universal properties it violated (* the reported bug this scenario reproduces, ~ a limitation the file accepts for that strategy), a crash, or a failed expectation of the file; ok: nothing broke.';

export function brokenText(item: BrokenProperty): string {
  return `${PROPERTY_SHORT[item.property]}${MARK[item.how]}`;
}

/** One museum cell as text: "overflow*, summarizer", "crash: strategy-threw", "ok". */
export function matrixText(result: ContenderResult): string {
  const parts = [
    ...(result.crash === null ? [] : [`crash: ${result.crash}`]),
    ...result.broken.map(brokenText),
    ...result.expectations.map((name) => (name === 'reproduces' ? 'bug not reproduced' : `expect: ${name}`)),
  ];
  return parts.length === 0 ? 'ok' : parts.join(', ');
}

export function fuzzText(tally: FuzzPropertyTally): string {
  // A property the strategy gives nothing to check (declared-trigger without a declaration).
  if (tally.passed + tally.infeasible + tally.failed === 0) return '—';
  return `${tally.passed}/${tally.infeasible}/${tally.failed}`;
}

export function peakText(row: Pick<LeagueRow, 'peakPercent'>): string {
  return row.peakPercent === null ? '—' : `${row.peakPercent.toFixed(1)}%`;
}

/** The league's cells after the strategy's name, matching LEAGUE_HEADERS. */
export const LEAGUE_HEADERS = [
  'passed',
  ...UNIVERSAL.map((property) => PROPERTY_SHORT[property]),
  'crashed',
  'bugs',
  'overflow steps',
  'loops',
  'thrash',
  'summarizer calls',
  'tokens billed',
  'tokens uncached',
  'cost',
  'cache hits',
  'peak',
] as const;

export function leagueCells(row: LeagueRow): string[] {
  return [
    `${row.passed}/${row.scenarios}`,
    ...UNIVERSAL.map((property) => formatCount(row.violations[property])),
    formatCount(row.crashed),
    formatCount(row.bugsReproduced),
    formatCount(row.overflowSteps),
    formatCount(row.loops),
    formatCount(row.thrash),
    formatCount(row.summarizerCalls),
    formatCount(row.billedTokens),
    formatCount(row.uncachedTokens),
    usdText(row.costUsd),
    row.cacheHitRate === null ? '—' : `${(row.cacheHitRate * 100).toFixed(1)}%`,
    peakText(row),
  ];
}

export const LEAGUE_NOTE = [
  'passed: scenarios where nothing failed and no reported bug showed.',
  `${UNIVERSAL.map((property) => PROPERTY_SHORT[property]).join(', ')}: scenarios in which that universal property broke (failed, a reported bug reproduced, or a limitation the file accepts).`,
  "crashed: the strategy threw, hung, exited or sent invalid contents. bugs: museum scenarios in which this strategy's reported bug reproduced.",
  'overflow steps, loops, thrash, summarizer calls: summed over the scenarios. tokens billed: input tokens of every model request and summarizer call the provider answered.',
  'tokens uncached: of the model requests, the tokens after the first position that changed since the previous request (what a prefix cache could not serve). peak: the highest peak of any scenario, % of its window.',
  `cost: USD at each scenario model's prices and its provider's prompt-cache rules (a model without a price is priced as ${DEFAULT_PRICED_MODEL}); cache hits: the share of model-request input tokens read from the cache.`,
].join('\n');

export const FUZZ_NOTE =
  'Each cell: generated runs in which the property passed / was infeasible (no strategy could hold it) / failed.';
