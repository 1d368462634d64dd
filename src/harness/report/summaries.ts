/**
 * The summaries a real summarizer wrote, per scenario, for the text reporters (the JSON report
 * already holds them in full in each step's `summarizerCalls`). Every call of a real-summarizer
 * run is listed, failed ones with why, so a reader sees which summaries the strategy really used.
 */
import type { SummarizerOutcome } from '../../world/session-result.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';

export interface WrittenSummary {
  readonly step: number;
  readonly turn: number;
  readonly outcome: SummarizerOutcome;
  /** What the model wrote ('' for an empty answer; absent when the call failed before an answer). */
  readonly summary: string | undefined;
  /** Why there is no usable summary (absent on success). */
  readonly failure: string | undefined;
}

export function summariesOf(record: ScenarioRecord): WrittenSummary[] {
  return record.steps.flatMap((step) =>
    step.summarizerCalls.map((call) => ({
      step: step.step,
      turn: step.turn,
      outcome: call.outcome,
      summary: call.summary,
      failure: call.failure,
    })),
  );
}

/** `step 7 (turn 3), ok`: where a summary was written and how the call went. */
export function summaryLabel(written: WrittenSummary): string {
  return `step ${written.step} (turn ${written.turn}), ${written.outcome}`;
}

/** The summary, or why there is none (the strategy then does without: the fallbacks column). */
export function summaryBody(written: WrittenSummary): string {
  return written.outcome === 'ok' ? (written.summary ?? '') : (written.failure ?? written.outcome);
}

/** One line of at most `max` characters: whitespace runs collapsed, an ellipsis when cut. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max
    ? flat
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** `oversize on calls 2, 3`: the scenario's faults the real model made moot, or null if none. */
export function faultsNotAppliedText(record: ScenarioRecord): string | null {
  const faults = record.settings.realSummarizer?.faultsNotApplied ?? [];
  if (faults.length === 0) return null;
  const text = faults
    .map(
      (fault) =>
        `${fault.kind} on ${fault.calls === 'all' ? 'every call' : `call${fault.calls.length === 1 ? '' : 's'} ${fault.calls.join(', ')}`}`,
    )
    .join('; ');
  return `scenario faults not applied to the real model: ${text}`;
}

/** The run-mode banner every human-facing reporter shows first. */
export function realSummarizerBanner(report: SuiteReport): string | null {
  const real = report.realSummarizer;
  return real === undefined ? null : `Real summarizer ${real.model} wrote the summaries: ${real.note}.`;
}
