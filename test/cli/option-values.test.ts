/**
 * An option that takes a value, given none (`fuzz --runs`, `--report-dir` at the end, `--filter=`),
 * or a number option given text that is not a number (`fuzz --seed abc`), is a usage error that
 * quotes the line, found before anything runs. yargs read a missing number as the default (`fuzz
 * --runs` silently played 100 runs) or 0, a missing text as '' (`import --out` wrote into the
 * current folder), and text as NaN (the API then said "got NaN"). Checked for every option of
 * every command in process, with the CLI's middleware, then through the compiled CLI.
 */
import type { CommandModule } from 'yargs';
import { describe, expect, it } from 'vitest';
import { refuseBadOptionValues } from '../../src/cli/option-values.ts';
import {
  COMMAND_NAMES,
  commandModule,
  type Declared,
  declaredOptions,
  leadingArgs,
  parse,
  refuse,
} from './command-options.ts';
import { cliMain, runNode, STACK_LINE } from './run-cli.ts';

/** Parses `args` as main.ts does, with the option-value check. */
const parseValues = (module: CommandModule, args: string[]) => parse(module, args, refuseBadOptionValues(refuse, args));

/** A value the option accepts: its first choice, a number, or a word. */
function sampleValue(flag: string, declared: Declared): string {
  const choices = declared.choices[flag];
  if (choices !== undefined) return String(choices[0]);
  return declared.number.includes(flag) ? '3' : 'x';
}

interface Case {
  readonly name: string;
  readonly lead: string[];
  readonly flag: string;
  readonly module: CommandModule;
  readonly declared: Declared;
  /** A flag of the command's own, to follow the option with nothing in between. */
  readonly next: string;
}

describe('every option that takes a value, of every command', async () => {
  const cases: [string, Case][] = [];
  for (const name of COMMAND_NAMES) {
    const module = await commandModule(name);
    const declared = declaredOptions(module);
    const next = declared.boolean.find((flag) => flag !== 'help' && flag !== 'version')!;
    // Positionals (`<paths..>`) are declared too, but never typed as options.
    const valued = Object.keys(declared.key).filter(
      (flag) => !declared.boolean.includes(flag) && flag !== 'paths' && flag !== 'files',
    );
    for (const flag of valued)
      cases.push([`${name} --${flag}`, { name, lead: leadingArgs(name, flag), flag, module, declared, next }]);
  }

  it('covers the options a user types most', () => {
    const covered = cases.map(([label]) => label);
    for (const option of [
      'simulate --jobs',
      'simulate --report-dir',
      'simulate --filter',
      'simulate --strategy',
      'fuzz --runs',
      'fuzz --seed',
      'fuzz --out',
      'compare --fuzz-runs',
      'import --out',
    ])
      expect(covered).toContain(option);
  });

  it.each(cases)('%s: a value runs; no value is refused', async (_, { name, lead, flag, module, declared, next }) => {
    const line = (...rest: string[]) => [name, ...lead, ...rest];
    const value = sampleValue(flag, declared);
    const takes = declared.number.includes(flag) ? 'a number' : 'a value';
    await expect(parseValues(module, line(`--${flag}`, value))).resolves.toBe('ran');
    await expect(parseValues(module, line(`--${flag}=${value}`))).resolves.toBe('ran');
    // An option with choices: yargs itself refuses some of these forms first ("Invalid values: … Choices: …").
    const refusal =
      declared.choices[flag] === undefined
        ? `--${flag} takes ${takes}, got none`
        : new RegExp(`Invalid values:|--${flag} takes a value, got none`);
    // With `=` the value is explicit, even one that starts like an option.
    if (!declared.number.includes(flag) && declared.choices[flag] === undefined)
      await expect(parseValues(module, line(`--${flag}=--x`))).resolves.toBe('ran');
    for (const missing of [[`--${flag}`], [`--${flag}=`], [`--${flag}`, `--${next}`]])
      await expect(parseValues(module, line(...missing))).rejects.toThrow(refusal);
  });

  it.each(cases.filter(([, { flag, declared }]) => declared.number.includes(flag)))(
    '%s: a negative number runs (the API says which range it takes); text is refused, quoted',
    async (_, { name, lead, flag, module }) => {
      const line = (...rest: string[]) => [name, ...lead, ...rest];
      await expect(parseValues(module, line(`--${flag}`, '-5'))).resolves.toBe('ran');
      await expect(parseValues(module, line(`--${flag}`, 'abc'))).rejects.toThrow(
        `--${flag} takes a number, got 'abc'`,
      );
      await expect(parseValues(module, line(`--${flag}=x1`))).rejects.toThrow(`--${flag} takes a number, got 'x1'`);
    },
  );
});

describe.concurrent('option values through the CLI: exit 2 and a sentence, nothing run', () => {
  const SUITE = 'test/fixtures/scenarios/suite';
  it.each([
    [['fuzz', '--seed', 'abc', '--runs', '1', '--quiet'], "compaction-sim: --seed takes a number, got 'abc'"],
    [['fuzz', '--quiet', '--runs'], 'compaction-sim: --runs takes a number, got none'],
    [['fuzz', '--maxMemory', 'lots', '--quiet'], "compaction-sim: --max-memory takes a number, got 'lots'"],
    [['simulate', SUITE, '--quiet', '--timeout='], 'compaction-sim: --timeout takes a number, got none'],
    [['simulate', SUITE, '--quiet', '--report-dir'], 'compaction-sim: --report-dir takes a value, got none'],
    [
      ['import', 'test/fixtures/logs/openai-chat-realistic.json', '--from', 'openai-chat', '--out'],
      'compaction-sim: --out takes a value, got none',
    ],
  ])('%j', async (args, sentence) => {
    // As typed: nothing appended after the last option.
    const result = await runNode([cliMain(), ...args]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${sentence}\nRun compaction-sim --help for usage.\n`);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });
});
