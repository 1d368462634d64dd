/**
 * `simulate` on bad input: exit 2, the message alone, never a stack trace. One case per kind of
 * bad input here (each spawns the CLI); the full list of messages is tested in-process in
 * run-options.test.ts and ../strategy/load-strategy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, STACK_LINE, STRATEGIES, tempDir } from './run-cli.ts';

const suite = `${FIXTURES}/suite/roomy-128k.yaml`;

async function expectBadInput(args: string[], message: RegExp): Promise<void> {
  const result = await runCli(['simulate', ...args, '--report-dir', tempDir('bad')]);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(STACK_LINE);
  expect(result.stdout).toBe('');
}

describe.concurrent('simulate: bad input exits 2 with the message only', () => {
  it('a file that does not exist', () => expectBadInput([`${FIXTURES}/nope.yaml`], /nope\.yaml.*no such file/));

  it('a scenario with an unknown field', () =>
    expectBadInput(
      [`${FIXTURES}/bad/unknown-field.yaml`],
      /unknown-field\.yaml:3:\d+: session\.contextWindw: unknown field/,
    ));

  it('an unknown option', () => expectBadInput([suite, '--frobnicate'], /Unknown argument: frobnicate/));

  it('an invalid option value', () => expectBadInput([suite, '--jobs', '0'], /--jobs must be an integer >= 1/));

  it('strategy options the strategy rejects', () =>
    expectBadInput([suite, '--strategy-options', '{"nope": 1}'], /threshold: unknown option "nope"/));

  it('a strategy module that cannot be used', () =>
    expectBadInput(
      [suite, '--strategy', `${STRATEGIES}/not-a-strategy.ts`],
      /must default-export a CompactionStrategy/,
    ));
});
