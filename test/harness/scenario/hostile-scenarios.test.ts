/** Scenario files built to hurt the loader: each is refused as bad input naming the file and field. */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadScenarios, ScenarioError } from '../../../src/harness/scenario/index.ts';
import { tempDir } from '../../cli/run-cli.ts';

async function errorFor(files: Record<string, string>, path = '.'): Promise<ScenarioError> {
  const dir = tempDir('hostile-scenario');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const error = await loadScenarios([path], { cwd: dir }).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ScenarioError);
  return error as ScenarioError;
}

const BOMB = [
  'a: &a ["x","x","x","x","x","x","x","x","x"]',
  ...'bcdefg'.split('').map((name, index) => {
    const previous = 'abcdefg'[index]!;
    return `${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`;
  }),
  'turns: [{ user: hi }]',
].join('\n');

describe('hostile scenario files', () => {
  it('refuses a YAML alias bomb', async () => {
    const error = await errorFor({ 'bomb.yaml': BOMB });
    expect(error.message).toMatch(/^bomb\.yaml: the YAML aliases expand too much \(more than 1000 expansions\)/);
  });

  it('refuses a million turns before building any', async () => {
    const error = await errorFor({
      'many.yaml': 'session: { contextWindow: 8000 }\nturns: [{ repeat: 1000000, user: hi }]\n',
    });
    expect(error.message).toBe('many.yaml:2:11: turns[0].repeat: expected at most 100000 turns, got 1000000');
  });

  it('refuses a million parallel calls and a giant system prompt', async () => {
    const error = await errorFor({
      'giant.yaml':
        'session: { contextWindow: 8000, systemPrompt: 1000000000 }\nturns:\n  - user: hi\n    tools: [ { name: "t{k}", repeat: 1000000, size: 10 } ]\n',
    });
    expect(error.message).toContain('session.systemPrompt: expected at most 67108864 bytes');
    expect(error.message).toContain('turns[0].tools[0].repeat: expected at most 1000 calls, got 1000000');
  });

  it('refuses a session whose total content would not fit in memory', async () => {
    const error = await errorFor({
      'total.yaml':
        'session: { contextWindow: 8000 }\nturns: [{ repeat: 100, user: hi, tools: [{ name: t, size: 60000000 }] }]\n',
    });
    expect(error.message).toMatch(
      /the session would generate 6000\d+ bytes of content: expected at most 536870912 \(512 MiB\)/,
    );
  });

  it('refuses an empty folder: a gate pointed at the wrong place must not pass with 0 scenarios', async () => {
    const dir = tempDir('hostile-empty');
    mkdirSync(join(dir, 'empty'));
    const error = await loadScenarios(['empty'], { cwd: dir }).then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toBe('empty: this folder holds no scenario file (.yaml, .yml or .json)');
  });

  it('follows symbolic links to files and folders, and names a dangling one', async () => {
    const dir = tempDir('hostile-links');
    mkdirSync(join(dir, 'real'));
    mkdirSync(join(dir, 'suite'));
    writeFileSync(
      join(dir, 'real', 'one.yaml'),
      'name: one\nsession: { contextWindow: 8000 }\nturns: [{ user: hi }]\n',
    );
    symlinkSync(join(dir, 'real', 'one.yaml'), join(dir, 'suite', 'linked.yaml'));
    symlinkSync(join(dir, 'real'), join(dir, 'suite', 'linked-folder'));
    symlinkSync(join(dir, 'suite'), join(dir, 'suite', 'loop'));
    const scenarios = await loadScenarios(['suite'], { cwd: dir });
    expect(scenarios.map((scenario) => scenario.id)).toEqual(
      ['suite/linked-folder/one.yaml#one', 'suite/linked.yaml#one'].sort(),
    );
    symlinkSync(join(dir, 'nowhere'), join(dir, 'suite', 'dangling.yaml'));
    const error = await loadScenarios(['suite'], { cwd: dir }).then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toBe('suite/dangling.yaml: a symbolic link to nothing (its target does not exist)');
  });
});
