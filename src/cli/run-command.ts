/**
 * Runs a command's body and turns its outcome into an exit code. Bad input (usage, scenario files,
 * strategy modules and options, baseline) prints its message alone, no stack, and exits 2.
 * Anything else is a bug in compaction-sim: it prints the stack so it can be reported, and exits 3
 * (never 1, which CI reads as "a scenario failed").
 */
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import { BaselineError } from '../harness/gate/baseline-error.ts';
import { OutputDirError } from '../harness/report/output-dir.ts';
import { ScenarioError } from '../harness/scenario/index.ts';
import { StrategyLoadError } from '../harness/strategy/strategy-load-error.ts';
import { EXIT_BAD_INPUT, EXIT_INTERNAL } from './exit-codes.ts';
import { UsageError } from './usage-error.ts';

const BAD_INPUT = [UsageError, ScenarioError, StrategyLoadError, StrategyOptionsError, BaselineError, OutputDirError];

/** File-system errors on paths the user gave are bad input too. */
const BAD_PATH_CODES = new Set(['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR']);

export function isBadInput(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (BAD_INPUT.some((kind) => error instanceof kind)) return true;
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && BAD_PATH_CODES.has(code);
}

/** Sets `process.exitCode` rather than exiting, so piped stdout is flushed completely. */
export async function runCommand(body: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await body();
  } catch (error) {
    if (isBadInput(error)) {
      process.stderr.write(`compaction-sim: ${error.message}\n`);
      process.exitCode = EXIT_BAD_INPUT;
      return;
    }
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`compaction-sim: internal error (please report it):\n${detail}\n`);
    process.exitCode = EXIT_INTERNAL;
  }
}
