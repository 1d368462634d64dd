/**
 * A number option given something that is not a number (`fuzz --seed abc`, `--jobs two`) or
 * nothing at all (`fuzz --runs`, a value forgotten at the end of a line). yargs parses the first
 * as NaN, and the API then said `--seed must be an integer, got NaN`, hiding what the user typed;
 * the second it silently replaces with the default (`fuzz --runs` played 100 runs). Both are
 * refused before the command's handler runs, with the text as given.
 */
import type { Arguments } from 'yargs';

type Given = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'none' } | { readonly kind: 'absent' };

/** What follows `--flag` (or its camelCase spelling, which yargs also accepts) on the command line. */
function given(args: readonly string[], flag: string): Given {
  const names = [flag, flag.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--') break;
    for (const name of names) {
      const text = arg.startsWith(`--${name}=`) ? arg.slice(name.length + 3) : arg === `--${name}` ? args[i + 1] : null;
      if (text === null) continue;
      // A negative number (`--seed -5`) is a value; another option, or an empty text (yargs reads 0), is not.
      return text === undefined || text === '' || text.startsWith('--') ? { kind: 'none' } : { kind: 'text', text };
    }
  }
  return { kind: 'absent' };
}

/**
 * The yargs middleware: calls `refuse` with the sentence when a declared number option of the
 * command that runs was given text that is not a number, or no value. `args` are the command
 * line's arguments (after the binary).
 */
export function refuseNonNumericOptions(refuse: (message: string) => void, args: readonly string[]) {
  // yargs passes the instance of the command that runs as the second argument (its typings omit it).
  return (argv: Arguments, ...rest: unknown[]): void => {
    const yargs = rest[0] as { getOptions(): { readonly number: readonly string[] } };
    for (const flag of yargs.getOptions().number) {
      const values: unknown[] = Array.isArray(argv[flag]) ? (argv[flag] as unknown[]) : [argv[flag]];
      const text = given(args, flag);
      if (text.kind === 'none') refuse(`--${flag} takes a number, got no value`);
      if (values.some((value) => typeof value === 'number' && Number.isNaN(value)))
        refuse(`--${flag} takes a number, got ${text.kind === 'text' ? `'${text.text}'` : 'something else'}`);
    }
  };
}
