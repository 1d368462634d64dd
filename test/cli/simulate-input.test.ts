/**
 * `simulate` on bad input: exit 2, the message alone, never a stack trace. One case per kind of
 * bad input here (each spawns the CLI); the full list of messages is tested in-process in
 * run-options.test.ts and ../strategy/load-strategy.test.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('a JavaScript strategy module with a syntax error: the line, the source and the caret, or that it is in an import', async () => {
    const dir = tempDir('syntax-error');
    const broken =
      'const keep = 3;\nexport default () => ({ name: "broken", compact(ctx, request) { if (keep { } } });\n';
    writeFileSync(join(dir, 'broken.mjs'), broken);
    writeFileSync(
      join(dir, 'imports-broken.mjs'),
      'import "./broken.mjs";\nexport default () => ({ name: "i", compact() {} });\n',
    );
    const line = broken.split('\n')[1]!;
    await expectBadInput(
      [suite, '--strategy', join(dir, 'broken.mjs')],
      new RegExp(
        literal(
          [
            `broken.mjs failed to load: Unexpected token '{' (line 2):`,
            `    ${line}`,
            `    ${' '.repeat(line.indexOf('{ }'))}^`,
          ].join('\n'),
        ),
      ),
    );
    await expectBadInput(
      [suite, '--strategy', join(dir, 'imports-broken.mjs')],
      /imports-broken\.mjs failed to load: Unexpected token '\{' \(in a module it imports: the file itself parses\)/,
    );
  });
});

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
