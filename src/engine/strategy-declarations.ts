/**
 * What a strategy may declare about itself for the fuzzer, apart from the behaviour it has: read
 * by the harness only (the contract checks `declared-trigger` and `estimate-precision`, and the
 * fuzzer's option draws); the host never reads any of it. Kept off `CompactionStrategy` itself,
 * behind its one optional `declarations` object, so the interface a host implements stays the
 * hooks it calls.
 */
import type { Content, LlmRequest } from './types.ts';

/** Everything a strategy declares for checking (`CompactionStrategy.declarations`); every field optional. */
export interface StrategyDeclarations {
  /**
   * The trigger the strategy promises to keep, in real tokens (`declared-trigger`): no request
   * sent at or over it passes without a compaction, and no compaction fires well below it.
   */
  readonly trigger?: DeclaredTrigger;
  /**
   * The trigger in the strategy's own count, which `compact` reports on every call as
   * `CompactionOutcome.triggerCount`: a call whose count is at or over `at(contextWindow)`
   * compacts (calls the summarizer or trims history), one below it does not, exactly. What a
   * trigger in real tokens cannot pin: a comparison off by one (`>` for `>=`) at the boundary.
   */
  readonly ownTrigger?: OwnTrigger;
  /**
   * The count the strategy judges requests by, checked against the provider's count per kind of
   * content (`estimate-precision`): the system instruction, the tool declarations, text and tool
   * responses of each kind, inline data...
   */
  readonly estimate?: DeclaredEstimate;
  /**
   * How the strategy cuts the history it sends the summarizer (`summarizer-input-budget`): it
   * drops contents only while they exceed its declared share of the window in its own count, and
   * never drops one it had room for.
   */
  readonly summarizerInput?: DeclaredSummarizerInput;
  /**
   * The option values the fuzzer may build this strategy with, per option (plain data: it travels
   * from the worker that loads the strategy to the fuzzer). Each run draws its options from it,
   * shrinking towards the defaults, so a bug that only shows for non-default options is
   * reachable. Options the user fixes (`--strategy-options`) are never drawn. The factory must
   * accept every value declared here.
   */
  readonly optionSpace?: OptionSpace;
}

/** The options a fuzzer may draw, by option name (`StrategyDeclarations.optionSpace`). */
export type OptionSpace = Readonly<Record<string, IntegerOptionRange>>;

/**
 * An integer option drawn from [min, max], both included. `default` is what the strategy does
 * with the option left out; shrinking moves a drawn value towards it, so a counterexample keeps
 * only the departures from the defaults that its failure needs.
 */
export interface IntegerOptionRange {
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** A strategy's trigger in its own count (`StrategyDeclarations.ownTrigger`). */
export interface OwnTrigger {
  /** The count, in the strategy's own unit, from which it compacts, for a model's window. */
  at(contextWindow: number): number;
  /** What the count counts, for messages ("calibrated tokens", "contents since the last compaction"). */
  readonly counts: string;
  /**
   * Which documented count it is, when it is one the checker can take itself from what the world
   * recorded (src/checker/properties/reference-own-count.ts, written from docs/contextguard.md):
   * then `declared-trigger` judges each step on that count, not on the `triggerCount` the strategy
   * reports (a count it reports that differs from it breaks the declaration). Absent: the
   * strategy's reported count is all there is to judge by.
   */
  readonly countedAs?: OwnCountKind;
}

/**
 * Counts the checker can take without the strategy (`OwnTrigger.countedAs`):
 * `contextguard-calibrated`, ContextGuard's calibrated count of the request it judged (§6: the
 * threshold strategy); `contextguard-cold`, ContextGuard's estimate × 2.5, never calibrated;
 * `contents`, the contents of the request judged; `contents-since-compaction`, the contents as
 * built minus those noted at the last compaction (§8: the sliding window).
 */
export type OwnCountKind = 'contextguard-calibrated' | 'contextguard-cold' | 'contents' | 'contents-since-compaction';

/** A strategy's declared estimator (`StrategyDeclarations.estimate`). */
export interface DeclaredEstimate {
  /** The strategy's count of a request, before any calibration (ContextGuard: `estimateTokens`). */
  tokens(request: LlmRequest): number;
  /**
   * `real`: `tokens` counts the provider's tokens already. `calibrated`: the strategy scales its
   * count by what the provider reports for whole requests (ContextGuard's correction factor), so
   * only the count of one kind against another matters: the check first scales every count by
   * the provider's count of a plain English text over the strategy's.
   */
  readonly unit: 'real' | 'calibrated';
  /**
   * How far the count of one kind of content may fall below the provider's count of it, as a
   * share (0.1: at least 90 % of it). One number for every kind, or per kind: a probe's own name
   * (`system-instruction`, `tool-declarations`, `text:cjk`, `tool-response:json`, `function-call`,
   * `inline-data`, `server-tool-call`, `server-tool-response`), else its content kind (`cjk`, `emoji`, ...), else `default`.
   */
  readonly tolerance: number | EstimateTolerances;
  /**
   * Optional: the tolerance when the provider counts with a real tokenizer (BPE: the world's
   * `tiktoken` token models), whose count of code, JSON, CJK or emoji departs from any count of
   * bytes or characters. Absent: `tolerance` there too.
   */
  readonly tokenizerTolerance?: number | EstimateTolerances;
  /**
   * Optional: how far the count of one kind may rise above the provider's count of it, as a share
   * (0.1: at most 110 % of it), per kind as `tolerance` is. An estimator that overcounts a kind
   * compacts early on requests rich in it: summarizer calls spent and detail lost well below the
   * window, which a trigger declared in the strategy's own count cannot show. Absent: overcounts
   * are not judged.
   */
  readonly overcount?: number | EstimateTolerances;
  /** Optional: `overcount` when the provider counts with a real tokenizer. Absent: `overcount` there too. */
  readonly tokenizerOvercount?: number | EstimateTolerances;
}

/** How a strategy cuts its summarizer's input (`StrategyDeclarations.summarizerInput`). */
export interface DeclaredSummarizerInput {
  /** The share of the model's window, in `tokens`, the input is cut to (ContextGuard: 0.8). */
  readonly share: number;
  /** The strategy's count of a list of contents, the unit of `share` (ContextGuard: `estimateContentTokens`). */
  tokens(contents: readonly Content[]): number;
  /**
   * What the strategy sends the summarizer of `contents` (oldest first) for a model window of
   * `contextWindow`: contents of that list (the same objects), the ones it drops left out.
   */
  trim(contents: readonly Content[], contextWindow: number): readonly Content[];
}

/** Per-kind tolerances of a `DeclaredEstimate` (shares); `default` for every kind not named. */
export interface EstimateTolerances {
  readonly default: number;
  readonly [kind: string]: number;
}

/** A strategy's declared trigger (`StrategyDeclarations.trigger`). */
export interface DeclaredTrigger {
  /** The request size, in real tokens (as the provider counts them), from which it compacts, for a model's window. */
  tokens(contextWindow: number): number;
  /**
   * How far its own count may be off the provider's, as a share (0.1 = 10 %): a request may pass
   * uncompacted up to tokens × (1 + tolerance), and compaction may fire from tokens × (1 − tolerance).
   */
  readonly tolerance: number;
}
