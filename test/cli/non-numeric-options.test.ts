/**
 * A number option given text that is not a number (`fuzz --seed abc`) or no value (`fuzz --runs`,
 * `--timeout=`) is a usage error that quotes what was typed, found before anything runs. yargs
 * reads the first as NaN (the API then said "got NaN") and the second as the option's default or 0
 * (`fuzz --runs` silently played 100 runs). Checked for every number option of every command in
 * process, with the CLI's middleware, then through the compiled CLI.
 */
import type { CommandModule } from 'yargs';
import { describe, expect, it } from 'vitest';
import { refuseNonNumericOptions } from '../../src/cli/non-numeric-options.ts';
import { COMMAND_NAMES, commandModule, declaredOptions, leadingArgs, parse, Refused } from './command-options.ts';
import { runCli, STACK_LINE } from './run-cli.ts';

/** Parses `args` as main.ts does, with the number-option check. */
const parseNumbers = (module: CommandModule, args: string[]) =>
  parse(
    module,
    args,
    refuseNonNumericOptions((message) => {
      throw new Refused(message);
    }, args),
  );

describe('every number option of every command', async () => {
  const cases: [string, string, string[], string, CommandModule, string][] = [];
  for (const name of COMMAND_NAMES) {
    const module = await commandModule(name);
    const declared = declaredOptions(module);
    // A flag of the command's own to follow the number option with nothing in between.
    const next = declared.boolean.find((flag) => flag !== 'help' && flag !== 'version')!;
    for (const flag of declared.number)
      cases.push([`${name} --${flag}`, name, leadingArgs(name, flag), flag, module, next]);
  }

  it('covers the options a user types most', () => {
    const covered = cases.map(([label]) => label);
    for (const option of [
      'simulate --jobs',
      'simulate --timeout',
      'fuzz --runs',
      'fuzz --seed',
      'fuzz --max-memory',
      'compare --fuzz-runs',
    ])
      expect(covered).toContain(option);
  });

  it.each(cases)(
    '%s: a number runs; text, nothing or an empty value is refused, quoting what was typed',
    async (_, name, lead, flag, module, next) => {
      const line = (...rest: string[]) => [name, ...lead, ...rest];
      await expect(parseNumbers(module, line(`--${flag}`, '3'))).resolves.toBe('ran');
      await expect(parseNumbers(module, line(`--${flag}=3`))).resolves.toBe('ran');
      // A negative number is a value here (the API then says which range it takes).
      await expect(parseNumbers(module, line(`--${flag}`, '-5'))).resolves.toBe('ran');
      await expect(parseNumbers(module, line(`--${flag}`, 'abc'))).rejects.toThrow(
        `--${flag} takes a number, got 'abc'`,
      );
      await expect(parseNumbers(module, line(`--${flag}=x1`))).rejects.toThrow(`--${flag} takes a number, got 'x1'`);
      await expect(parseNumbers(module, line(`--${flag}`))).rejects.toThrow(`--${flag} takes a number, got no value`);
      await expect(parseNumbers(module, line(`--${flag}=`))).rejects.toThrow(`--${flag} takes a number, got no value`);
      await expect(parseNumbers(module, line(`--${flag}`, `--${next}`))).rejects.toThrow(
        `--${flag} takes a number, got no value`,
      );
    },
  );
});

describe.concurrent('number options through the CLI: exit 2 and a sentence, nothing run', () => {
  it.each([
    [['fuzz', '--seed', 'abc', '--runs', '1'], "compaction-sim: --seed takes a number, got 'abc'"],
    [['fuzz', '--runs'], 'compaction-sim: --runs takes a number, got no value'],
    [['fuzz', '--maxMemory', 'lots'], "compaction-sim: --max-memory takes a number, got 'lots'"],
    [
      ['simulate', 'test/fixtures/scenarios/suite', '--timeout='],
      'compaction-sim: --timeout takes a number, got no value',
    ],
  ])('%j', async (args, sentence) => {
    const result = await runCli([...args, '--quiet']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${sentence}\nRun compaction-sim --help for usage.\n`);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });
});
