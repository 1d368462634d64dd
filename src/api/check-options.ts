/**
 * Checks the numbers the API receives from code that TypeScript cannot check (a `--jobs` value a
 * user script computed, a seed from an environment variable): a clear `RangeError` naming the
 * option, before anything runs.
 */

export function integerOption(name: string, value: number, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${name} must be an integer >= ${min}, got ${String(value)}`);
  }
  return value;
}

export function optionalInteger(name: string, value: number | undefined, min: number): number | undefined {
  return value === undefined ? undefined : integerOption(name, value, min);
}
