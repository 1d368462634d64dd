/**
 * Planted bug: the summary and its watermark kept in a module-level variable instead of the
 * session's state (docs/known-bugs.md #30: a reused compressor kept the previous session's summary
 * and carried it into the next conversation). Within one session it behaves exactly like its
 * correct twin (`watermarkStrategy` over `sessionMemory`); the next session served by the same
 * process starts with the last session's summary re-injected over its fresh history, which drops
 * the new user's request. No single-session run can show it: only a fuzz run that plays several
 * sessions on one module load (run/shared-sessions.ts).
 */
import type { StrategyFactory } from '../../engine/types.ts';
import { watermarkStrategy, type SummaryMemory } from './_internals/watermark-strategy.ts';

// The bug: one memory for every session the module ever serves.
let kept: { summary: string; covered: number } | null = null;
const moduleMemory: SummaryMemory = {
  read: () => kept,
  write: (_ctx, summary, covered) => {
    kept = { summary, covered };
  },
};

export const summaryKeptAcrossSessions: StrategyFactory = () =>
  watermarkStrategy('planted:summary-kept-across-sessions', moduleMemory);

export default summaryKeptAcrossSessions;
