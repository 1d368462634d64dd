/**
 * A single-valued option given twice (`--strategy a --strategy b`, `--report-dir x --report-dir y`,
 * `fuzz --json a --json b`) is a usage error, found before anything runs. yargs collects a repeated
 * option into an array whatever its declared type, and a command that reads one string then failed
 * with a stack trace (`fuzz --json` twice did so only after the whole run, losing a CI shard's
 * report). Checked once for every command, from the options each command declares: an option not
 * declared as an array that arrives as one was given more than once. Booleans are not concerned
 * (yargs keeps the last of `--quiet --no-quiet`, never an array).
 *
 * `compare` takes `--strategy` and `--strategy-options` once per contender on purpose: a command
 * names its repeatable options in COMMAND_LINES (`repeatable`).
 */
import type { Arguments } from 'yargs';

/** What the check needs of a yargs instance's declared options (`yargs.getOptions()`). */
export interface DeclaredOptions {
  readonly key: Readonly<Record<string, unknown>>;
  readonly array: readonly string[];
}

export interface RepeatedOption {
  readonly flag: string;
  readonly values: readonly unknown[];
}

/** The first declared single-valued option given more than once, in declaration order, or null. */
export function findRepeatedOption(
  argv: Readonly<Record<string, unknown>>,
  declared: DeclaredOptions,
  repeatable: readonly string[] = [],
): RepeatedOption | null {
  for (const flag of Object.keys(declared.key)) {
    if (declared.array.includes(flag) || repeatable.includes(flag)) continue;
    const value = argv[flag];
    if (Array.isArray(value)) return { flag, values: value };
  }
  return null;
}

/** The sentence for a repeated option: `--strategy` gets the way to play several strategies. */
export function repeatedOptionMessage(command: string | undefined, repeated: RepeatedOption): string {
  const given = repeated.values.map((value) => String(value)).join(', ');
  if (repeated.flag === 'strategy' && command !== undefined) {
    return `${command} plays one strategy; to compare several, use \`compaction-sim compare\` (--strategy was given ${repeated.values.length} times: ${given})`;
  }
  return `--${repeated.flag} takes one value but was given ${repeated.values.length} times (${given}): give it once`;
}

/**
 * The yargs middleware: calls `refuse` with the sentence when a single-valued option of the
 * command that runs was repeated. It runs after yargs' own validation and before the command's
 * handler, so nothing has run yet. `repeatableOf` names the options a command takes repeatedly.
 */
export function refuseRepeatedOptions(
  refuse: (message: string) => void,
  repeatableOf: (command: string | undefined) => readonly string[],
) {
  // yargs passes the instance of the command that runs as the second argument (its typings omit it).
  return (argv: Arguments, ...rest: unknown[]): void => {
    const command = typeof argv._[0] === 'string' ? argv._[0] : undefined;
    const yargs = rest[0] as { getOptions(): DeclaredOptions };
    const repeated = findRepeatedOption(argv, yargs.getOptions(), repeatableOf(command));
    if (repeated !== null) refuse(repeatedOptionMessage(command, repeated));
  };
}
