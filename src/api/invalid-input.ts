/**
 * Which thrown errors are bad input (the caller's fault, told in one sentence) rather than a bug:
 * a scenario file, a strategy module or its options, a baseline, an output folder, an option, or
 * a path the caller gave that does not exist or cannot be read. The API throws them before
 * anything runs; the command line prints the message alone and exits 2 (anything else is a bug in
 * compaction-sim: exit 3 with the stack).
 */
import { StrategyOptionsError } from '../engine/strategies/strategy-options.ts';
import { BaselineError } from '../harness/gate/baseline-error.ts';
import { OutputDirError } from '../harness/report/output-dir.ts';
import { ScenarioError } from '../harness/scenario/scenario-error.ts';
import { StrategyLoadError } from '../harness/strategy/strategy-load-error.ts';
import { OptionError } from './option-error.ts';

export interface InvalidInput {
  readonly kind: 'invalid-input';
  /** What was wrong, naming the file, field or option (no stack: it is not a bug). */
  readonly message: string;
  readonly error: Error;
}

const BAD_INPUT = [ScenarioError, StrategyLoadError, StrategyOptionsError, BaselineError, OutputDirError, OptionError];

/** File-system errors on paths the user gave are bad input too. */
const BAD_PATH_CODES = new Set(['ENOENT', 'EACCES', 'EISDIR', 'ENOTDIR']);

/** `error` as invalid input, or null when it is not (a bug, to be reported with its stack). */
export function invalidInputOf(error: unknown): InvalidInput | null {
  if (!(error instanceof Error)) return null;
  const code = (error as NodeJS.ErrnoException).code;
  const bad = BAD_INPUT.some((kind) => error instanceof kind) || (typeof code === 'string' && BAD_PATH_CODES.has(code));
  return bad ? { kind: 'invalid-input', message: error.message, error } : null;
}
