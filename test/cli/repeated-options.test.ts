/**
 * A single-valued option given twice is a usage error (exit 2, one sentence), found before
 * anything runs: checked for every single-valued option of every command, in process (the real
 * command modules' builders under yargs, with the CLI's middleware), then through the compiled CLI
 * for the slips that used to end in a stack trace (exit 3), `fuzz --json` twice after the whole run.
 */
import type { CommandModule } from 'yargs';
import { describe, expect, it } from 'vitest';
import { COMMAND_LINES, repeatableOptionsOf, type CommandName } from '../../src/cli/command-lines.ts';
import { refuseRepeatedOptions } from '../../src/cli/repeated-options.ts';
import {
  COMMAND_NAMES,
  commandModule,
  type Declared,
  declaredOptions,
  leadingArgs,
  parse as parseWith,
  Refused,
  refuse,
} from './command-options.ts';
import { runCli, STACK_LINE, tempDir } from './run-cli.ts';

/** Parses `args` as main.ts does, with the repeated-option check. */
const parse = (module: CommandModule, args: string[]) =>
  parseWith(module, args, refuseRepeatedOptions(refuse, repeatableOptionsOf));

/** Every option of the command that takes one value (not an array, not a flag, not repeatable by design). */
function singleValued(name: CommandName, declared: Declared): string[] {
  const repeatable = repeatableOptionsOf(name);
  // Positionals (`<paths..>`) are declared in the builder too, but they are not options.
  const positionals = [...COMMAND_LINES[name].command.matchAll(/[<[](\w+)/g)].map((match) => match[1]!);
  return Object.keys(declared.key).filter(
    (flag) =>
      !declared.array.includes(flag) &&
      !declared.boolean.includes(flag) &&
      !repeatable.includes(flag) &&
      !positionals.includes(flag),
  );
}

function sampleValue(flag: string, declared: Declared): string {
  const choices = declared.choices[flag];
  if (choices !== undefined) return String(choices[0]);
  return declared.number.includes(flag) ? '3' : 'x';
}

describe('every single-valued option of every command, given twice', async () => {
  const cases: [CommandName, string, CommandModule, Declared][] = [];
  for (const name of COMMAND_NAMES) {
    const module = await commandModule(name);
    const declared = declaredOptions(module);
    for (const flag of singleValued(name, declared)) cases.push([name, flag, module, declared]);
  }

  it('covers the options the issue names, and every command that has options', () => {
    const covered = new Set(cases.map(([name, flag]) => `${name} --${flag}`));
    for (const slip of [
      'simulate --strategy',
      'simulate --report-dir',
      'simulate --format',
      'simulate --shard',
      'gate --strategy',
      'fuzz --out',
      'fuzz --against',
      'fuzz --json',
      'fuzz --shard',
    ]) {
      expect(covered).toContain(slip);
    }
    for (const name of ['simulate', 'gate', 'fuzz', 'verify-adk', 'compare'] as const) {
      expect(cases.filter(([command]) => command === name).length).toBeGreaterThan(3);
    }
  });

  it.each(cases.map(([name, flag, module, declared]) => [`${name} --${flag}`, name, flag, module, declared] as const))(
    '%s: once runs, twice is refused before the handler',
    async (_, name, flag, module, declared) => {
      // A command's required options, given once (except the one under test), so that the handler is reached.
      const positionals = leadingArgs(name, flag);
      const value = sampleValue(flag, declared);
      await expect(parse(module, [name, ...positionals, `--${flag}`, value])).resolves.toBe('ran');
      const twice = parse(module, [name, ...positionals, `--${flag}`, value, `--${flag}`, value]);
      await expect(twice).rejects.toBeInstanceOf(Refused);
      await expect(twice).rejects.toThrow(
        flag === 'strategy'
          ? `${name} plays one strategy; to compare several, use \`compaction-sim compare\``
          : `--${flag} takes one value but was given 2 times (${value}, ${value}): give it once`,
      );
    },
  );

  it("leaves compare's contenders repeatable", async () => {
    const module = await commandModule('compare');
    await expect(
      parse(module, [
        'compare',
        '--strategy',
        'threshold',
        '--strategy',
        'sliding_window',
        '--strategy-options',
        'threshold={}',
        '--strategy-options',
        'sliding_window={}',
      ]),
    ).resolves.toBe('ran');
  });
});

describe.concurrent('repeated options through the CLI: exit 2 and a sentence, nothing run', () => {
  const ONE = 'test/fixtures/scenarios/suite/roomy-128k.yaml';
  it.each([
    [
      ['simulate', ONE, '--strategy', 'threshold', '--strategy', 'sliding_window'],
      'compaction-sim: simulate plays one strategy; to compare several, use `compaction-sim compare` (--strategy was given 2 times: threshold, sliding_window)',
    ],
    [
      ['simulate', ONE, '--report-dir', 'a', '--report-dir', 'b'],
      'compaction-sim: --report-dir takes one value but was given 2 times (a, b): give it once',
    ],
    [
      ['simulate', ONE, '--format', 'json', '--format', 'table'],
      'compaction-sim: --format takes one value but was given 2 times (json, table): give it once',
    ],
    [
      ['gate', ONE, '--shard', '1/2', '--shard', '2/2'],
      'compaction-sim: --shard takes one value but was given 2 times (1/2, 2/2): give it once',
    ],
    [
      ['fuzz', '--runs', '2', '--out', 'a', '--out', 'b'],
      'compaction-sim: --out takes one value but was given 2 times (a, b): give it once',
    ],
    [
      ['fuzz', '--runs', '2', '--against', 'threshold', '--against', 'sliding_window'],
      'compaction-sim: --against takes one value but was given 2 times (threshold, sliding_window): give it once',
    ],
    [
      ['fuzz', '--runs', '2', '--json', 'a.json', '--json', 'b.json'],
      'compaction-sim: --json takes one value but was given 2 times (a.json, b.json): give it once',
    ],
  ])('%j', async (args, sentence) => {
    const dir = tempDir('repeated');
    const result = await runCli([
      ...args,
      ...(args.includes('--report-dir') || args[0] === 'fuzz' ? [] : ['--report-dir', dir]),
      '--quiet',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`${sentence}\nRun compaction-sim --help for usage.\n`);
    expect(result.stderr).not.toMatch(STACK_LINE);
    expect(result.stdout).toBe('');
  });
});
