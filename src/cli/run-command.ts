/**
 * Runs a command's body and turns its outcome into an exit code. Bad input (usage, and whatever
 * the API calls invalid input: options, scenario files, strategy modules and options, baselines,
 * output folders, missing paths) prints its message alone, no stack, and exits 2. Anything else is
 * a bug in compaction-sim: it prints the stack so it can be reported, and exits 3 (never 1, which
 * CI reads as "a scenario failed").
 */
import { invalidInputOf } from '../api/invalid-input.ts';
import { EXIT_BAD_INPUT, EXIT_INTERNAL } from './exit-codes.ts';
import { UsageError } from './usage-error.ts';

function isBadInput(error: unknown): error is Error {
  return error instanceof UsageError || invalidInputOf(error) !== null;
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
