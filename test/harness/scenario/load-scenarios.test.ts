import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  loadScenarios,
  loadScenarioSource,
  matchesFilter,
  ScenarioError,
  serializeScenario,
  type ScenarioSpec,
} from '../../../src/harness/scenario/index.ts';
import { simulate } from '../../../src/api/simulate.ts';

const scenarioText = (name: string) => `name: ${name}\nsession: { contextWindow: 8000 }\nturns: [ { user: hi } ]\n`;

describe('loadScenarios', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'load-scenarios-'));
    mkdirSync(join(dir, 'suite/nested'), { recursive: true });
    writeFileSync(join(dir, 'suite/b-second.yaml'), scenarioText('beta'));
    writeFileSync(join(dir, 'suite/a-first.yml'), scenarioText('alpha'));
    writeFileSync(
      join(dir, 'suite/nested/c-third.json'),
      JSON.stringify({ name: 'gamma', session: { contextWindow: 8000 }, turns: [{ user: 'hi' }] }),
    );
    writeFileSync(join(dir, 'suite/scenario.schema.json'), '{ "not": "a scenario" }');
    writeFileSync(join(dir, 'suite/notes.txt'), 'ignored');
    // A project's dependencies and hidden folders hold JSON files that are not scenarios.
    mkdirSync(join(dir, 'suite/node_modules/some-package'), { recursive: true });
    writeFileSync(join(dir, 'suite/node_modules/some-package/package.json'), '{ "name": "some-package" }');
    mkdirSync(join(dir, 'suite/.cache'));
    writeFileSync(join(dir, 'suite/.cache/state.json'), '{ "cached": true }');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('walks folders recursively (not node_modules or hidden folders), skips schema and other files, sorts by path', async () => {
    const loaded = await loadScenarios(['suite'], { cwd: dir });
    expect(loaded.map((s) => s.id)).toEqual([
      'suite/a-first.yml#alpha',
      'suite/b-second.yaml#beta',
      'suite/nested/c-third.json#gamma',
    ]);
    expect(loaded[0]!.strategy.baseDir).toBe(join(dir, 'suite'));
  });

  it('skips the reports this tool wrote inside a scenario folder, so a --report-dir there does not break the next run', async () => {
    const suite = join(dir, 'reported');
    mkdirSync(suite);
    writeFileSync(join(suite, 'only.yaml'), scenarioText('only'));
    for (const reportDir of ['reported/out', 'reported']) {
      const run = await simulate({ paths: ['reported'], cwd: dir, reportDir, jobs: 1 });
      expect(run.written.map((file) => file.split('/').pop())).toContain('report.json');
      expect((await loadScenarios(['reported'], { cwd: dir })).map((s) => s.id)).toEqual(['reported/only.yaml#only']);
    }
    // Another tool's run-meta.json marks nothing: its folder is walked as any other.
    writeFileSync(join(suite, 'out/run-meta.json'), JSON.stringify({ tool: 'something-else' }));
    await expect(loadScenarios(['reported'], { cwd: dir })).rejects.toThrow(/report\.json/);
  });

  it('names every file of a folder that fails, not only the first', async () => {
    const suite = join(dir, 'broken');
    mkdirSync(suite);
    writeFileSync(join(suite, 'a-good.yaml'), scenarioText('good'));
    writeFileSync(join(suite, 'b-typo.yaml'), `${scenarioText('typo')}zebra: 1\n`);
    writeFileSync(join(suite, 'c-syntax.json'), '{ "name": ');
    const error = await loadScenarios(['broken'], { cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).file).toBeNull();
    const lines = (error as ScenarioError).message.split('\n');
    expect(lines[0]).toBe('2 files are not valid scenarios:');
    expect(lines[1]).toMatch(/^broken\/b-typo\.yaml:4:1: zebra: unknown field 'zebra'/);
    expect(lines[2]).toMatch(/^broken\/c-syntax\.json:1:\d+: syntax error/);
    expect(lines).toHaveLength(3);
  });

  it('mixes files and folders and orders the union by path', async () => {
    const loaded = await loadScenarios(['suite/nested', 'suite/b-second.yaml'], { cwd: dir });
    expect(loaded.map((s) => s.name)).toEqual(['beta', 'gamma']);
  });

  it('filters by substring or glob on id and name', async () => {
    expect((await loadScenarios(['suite'], { cwd: dir, filter: 'et' })).map((s) => s.name)).toEqual(['beta']);
    expect((await loadScenarios(['suite'], { cwd: dir, filter: 'nested' })).map((s) => s.name)).toEqual(['gamma']);
    expect((await loadScenarios(['suite'], { cwd: dir, filter: '*a-first*' })).map((s) => s.name)).toEqual(['alpha']);
    expect((await loadScenarios(['suite'], { cwd: dir, filter: 'g?mma' })).map((s) => s.name)).toEqual(['gamma']);
    expect(matchesFilter({ id: 'x/y.yaml#Big_Fetch', name: 'Big_Fetch' }, 'big_*')).toBe(true);
    expect(matchesFilter({ id: 'x/y.yaml#Big_Fetch', name: 'Big_Fetch' }, 'fetch*')).toBe(false);
  });

  it('rejects a path that does not exist', async () => {
    const error = await loadScenarios(['suite', 'missing'], { cwd: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).code).toBe('SIM_SCENARIO_NOT_FOUND');
    expect((error as ScenarioError).message).toBe('missing: no such file or folder');
  });

  it('rejects the same scenario given twice', async () => {
    const error = await loadScenarios(['suite', 'suite/a-first.yml'], { cwd: dir }).catch((e: unknown) => e);
    expect((error as ScenarioError).code).toBe('SIM_SCENARIO_DUPLICATE');
    expect((error as ScenarioError).message).toContain("scenario 'suite/a-first.yml#alpha' is given twice");
  });

  it('surfaces the first invalid file with its location', async () => {
    writeFileSync(join(dir, 'broken.yaml'), 'session: { contextWindow: 8000 }\nturns: [ { user: hi, repeat: -1 } ]\n');
    const error = await loadScenarios(['broken.yaml'], { cwd: dir }).catch((e: unknown) => e);
    expect((error as ScenarioError).message).toBe(
      'broken.yaml:2:22: turns[0].repeat: expected a positive integer, got -1',
    );
  });
});

describe('serializeScenario', () => {
  const spec: ScenarioSpec = {
    name: 'counterexample',
    seed: 42,
    profile: 'go-compat',
    session: { model: 'm', contextWindow: 8000, tokenModel: { ratio: 2.5 }, usageMetadata: false },
    summarizer: { faults: [{ kind: 'error', calls: 'all' }] },
    turns: [
      {
        repeat: 3,
        user: { longMessage: 700 },
        tools: [{ name: 'tool_{k}', repeat: 2, size: 1500 }],
        rules: [{ every: 2, response: 900 }],
      },
      {
        user: 'Turn {i}: "quoted" and: colon',
        sequential: true,
        tools: [{ name: 'x', size: { min: 1, max: 9 }, kind: 'json' }],
      },
    ],
    expect: { noOverflow: true, compactedSteps: { min: 1 } },
  };

  it('writes YAML with the schema comment that loads back to the same spec and scenario', () => {
    const text = serializeScenario(spec);
    expect(text.split('\n')[0]).toBe('# yaml-language-server: $schema=../scenario.schema.json');
    expect(parse(text)).toEqual(spec);
    const reloaded = loadScenarioSource(text, 'c.yaml', '/tmp');
    expect(reloaded.world).toEqual(loadScenarioSource(JSON.stringify(spec), 'c.json', '/tmp').world);
    expect(reloaded.world.turns).toHaveLength(4);
  });

  it('takes another schema path and drops a $schema field', () => {
    const text = serializeScenario(
      { ...spec, $schema: 'old.json' },
      { schemaPath: '../../scenarios/scenario.schema.json' },
    );
    expect(text.startsWith('# yaml-language-server: $schema=../../scenarios/scenario.schema.json\n')).toBe(true);
    expect(text).not.toContain('old.json');
  });
});
