/**
 * The "raw agent" baseline of the literature: a strategy that never compacts. Every request is
 * the whole history, so `compare` prices what a session costs with no context management at all
 * (the baseline observation masking and LLM summaries are measured against), and its overflows
 * show where a session needs one.
 *
 *   compaction-sim compare scenarios/traces --strategy ./examples/strategies/no-compaction.ts \
 *     --strategy openhands-observation-masking --strategy openhands-llm-summarizing
 */
import type { StrategyFactory } from 'compaction-sim';

const noCompaction: StrategyFactory = () => ({
  name: 'no-compaction',
  compact() {
    // Leaves the request exactly as the host built it.
  },
});

export default noCompaction;
