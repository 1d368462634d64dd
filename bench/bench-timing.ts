/**
 * Timing helpers for the benches: CPU timing of one run, medians, options. (No forced GC
 * between runs: V8 shrinks the young generation on a full collection, which makes the next run
 * look ~40% slower than the steady state it is meant to measure.) Nothing here feeds back into
 * results.
 */

/**
 * CPU time this process has used so far, in ms (user + system, every thread: garbage collection
 * included). What a side of a comparison costs, whatever else the machine is running.
 */
export function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** `fn`'s CPU time (this process, ms) and result. */
export async function cpuTimed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = cpuMs();
  const value = await fn();
  return { ms: cpuMs() - start, value };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** `--runs N` / `--rounds N` style positive-integer option from argv, else `fallback`. */
export function intOption(argv: readonly string[], name: string, fallback: number): number {
  const index = argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(argv[index + 1]);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} expects a whole number >= 1, got ${String(argv[index + 1])}`);
  return value;
}

/** The arguments that are neither `--flags` nor the value of one of `valueOptions` (`--rounds 5`). */
export function positionalArgs(argv: readonly string[], valueOptions: readonly string[]): string[] {
  return argv.filter((arg, i) => !arg.startsWith('--') && !valueOptions.some((name) => argv[i - 1] === `--${name}`));
}
