/**
 * Checks the numbers the API receives from code that TypeScript cannot check (a `--jobs` value a
 * user script computed, a seed from an environment variable): a clear `OptionError` naming the
 * option (in the caller's words, option-error.ts), before anything runs.
 */
import { OptionError } from './option-error.ts';

/** `min` at `Number.MIN_SAFE_INTEGER`: any integer (a seed), and the message says just that. */
export function integerOption(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    const expected = min === Number.MIN_SAFE_INTEGER ? 'an integer' : `an integer >= ${min}`;
    throw new OptionError(`${name} must be ${expected}, got ${String(value)}`);
  }
  return value;
}

export function optionalInteger(name: string, value: number | undefined, min: number): number | undefined {
  return value === undefined ? undefined : integerOption(name, value, min);
}
