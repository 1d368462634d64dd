/**
 * An option that takes a value, given none (`fuzz --runs`, `--report-dir` at the end of a line,
 * `--filter=`), or a number option given text that is not a number (`fuzz --seed abc`). yargs
 * reads a missing number as the option's default (`fuzz --runs` silently played 100 runs) or 0
 * (`--timeout=`), a missing text as '' (`import --out` wrote into the current folder, `--filter`
 * matched everything), and text as NaN (the API then said "--seed must be an integer, got NaN",
 * hiding what was typed). All are refused before the command's handler runs, quoting the line.
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
      // `--flag=text` is explicit: anything but an empty text is its value (`--filter=--x` too).
      if (arg.startsWith(`--${name}=`)) {
        const text = arg.slice(name.length + 3);
        return text === '' ? { kind: 'none' } : { kind: 'text', text };
      }
      if (arg !== `--${name}`) continue;
      // The next argument: a negative number (`--seed -5`) is a value; another option, or an empty text, is not.
      const next = args[i + 1];
      return next === undefined || next === '' || next.startsWith('--')
        ? { kind: 'none' }
        : { kind: 'text', text: next };
    }
  }
  return { kind: 'absent' };
}

/** What the check needs of a yargs instance's declared options (`yargs.getOptions()`). */
interface DeclaredKinds {
  readonly key: Readonly<Record<string, unknown>>;
  readonly boolean: readonly string[];
  readonly number: readonly string[];
}

/**
 * The yargs middleware: calls `refuse` with the sentence when an option of the command that runs
 * that takes a value was given none, or a number option was given text that is not a number.
 * `args` are the command line's arguments (after the binary).
 */
export function refuseBadOptionValues(refuse: (message: string) => void, args: readonly string[]) {
  // yargs passes the instance of the command that runs as the second argument (its typings omit it).
  return (argv: Arguments, ...rest: unknown[]): void => {
    const declared = (rest[0] as { getOptions(): DeclaredKinds }).getOptions();
    for (const flag of Object.keys(declared.key)) {
      if (declared.boolean.includes(flag)) continue;
      const number = declared.number.includes(flag);
      const text = given(args, flag);
      if (text.kind === 'none') refuse(`--${flag} takes ${number ? 'a number' : 'a value'}, got none`);
      if (!number) continue;
      const values: unknown[] = Array.isArray(argv[flag]) ? (argv[flag] as unknown[]) : [argv[flag]];
      if (values.some((value) => typeof value === 'number' && Number.isNaN(value)))
        refuse(`--${flag} takes a number, got ${text.kind === 'text' ? `'${text.text}'` : 'something else'}`);
    }
  };
}
