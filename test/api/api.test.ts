/**
 * The programmatic API (`compaction-sim/api`): the commands as functions, with the CLI's
 * behaviour and typed results; bad input throws before anything runs. fuzz(), fuzzAgainst() and
 * compare() are in api-fuzz-compare.test.ts (a file of its own, so that vitest's two workers
 * share the work).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaselineError, gate, parseScenario, ScenarioError, simulate, StrategyLoadError } from '../../src/api/index.ts';
import { FIXTURES, ROOT, STRATEGIES, tempDir } from '../cli/run-cli.ts';

const SUITE = `${FIXTURES}/suite`;

describe('simulate()', () => {
  it('runs the scenarios, returns the report, and writes the report files when asked', async () => {
    const reportDir = tempDir('api-simulate');
    const result = await simulate({ paths: [SUITE], jobs: 1, cwd: ROOT, reportDir });
    expect(result.passed).toBe(true);
    expect(result.report.summary).toEqual({ total: 4, passed: 4, failed: 0 });
    expect(result.report.scenarios.map((record) => record.name)).toEqual([
      'chain-8k',
      'parallel-16k',
      'roomy-128k',
      'sliding-32k',
    ]);
    expect(result.allIds).toHaveLength(4);
    for (const file of ['report.json', 'report.md', 'junit.xml', 'report.html', 'run-meta.json'])
      expect(existsSync(join(reportDir, file)), file).toBe(true);
    expect(JSON.parse(readFileSync(join(reportDir, 'run-meta.json'), 'utf8'))).toMatchObject({
      tool: 'compaction-sim',
      command: 'simulate (api)',
    });
  });

  it('replaces the strategy, reports progress, and a failing scenario is data', async () => {
    const progress: string[] = [];
    const result = await simulate({
      paths: [`${SUITE}/chain-8k.yaml`],
      strategy: `./${STRATEGIES}/never-compacts.ts`,
      jobs: 1,
      cwd: ROOT,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(result.passed).toBe(false);
    expect(result.report.scenarios[0]!.failures.map((failure) => failure.expectation)).toContain('noOverflow');
    expect(progress).toEqual(['1/1']);
  });

  it('throws on bad input before running anything', async () => {
    await expect(simulate({ paths: [`${FIXTURES}/bad`], cwd: ROOT })).rejects.toThrow(ScenarioError);
    await expect(simulate({ paths: [SUITE], strategy: 'no_such_strategy', cwd: ROOT })).rejects.toThrow(
      StrategyLoadError,
    );
    await expect(simulate({ paths: [SUITE], jobs: 0, cwd: ROOT })).rejects.toThrow(
      'jobs must be an integer >= 1, got 0',
    );
    await expect(simulate({ paths: [SUITE], shard: { index: 3, count: 2 }, cwd: ROOT })).rejects.toThrow(
      'shard.index must be <= shard.count',
    );
  });
});

describe('gate()', () => {
  it('compares with the baseline, writes it on updateBaseline, and finds a regression', async () => {
    const baseline = join(tempDir('api-gate'), 'baseline.json');
    const paths = [`${SUITE}/chain-8k.yaml`, `${SUITE}/roomy-128k.yaml`];
    // No baseline: nothing to gate against (a wrong path must never pass), until it is created on purpose.
    await expect(gate({ paths, baseline, jobs: 1, cwd: ROOT })).rejects.toThrow(BaselineError);
    const created = await gate({ paths, baseline, jobs: 1, cwd: ROOT, updateBaseline: true });
    expect(created.passed).toBe(true);
    expect(created.changes.map((change) => change.kind)).toEqual(['added', 'added']);
    expect(existsSync(baseline)).toBe(true);

    const again = await gate({ paths, baseline, jobs: 1, cwd: ROOT });
    expect(again).toMatchObject({ passed: true, changes: [], compared: 2, baselinePath: baseline });

    // Gating one file compares only it: the other file's entry is neither removed nor dropped.
    const subset = await gate({ paths: [paths[0]!], baseline, jobs: 1, cwd: ROOT, updateBaseline: true });
    expect(subset.changes).toEqual([]);
    expect(Object.keys((JSON.parse(readFileSync(baseline, 'utf8')) as { scenarios: object }).scenarios)).toHaveLength(
      2,
    );

    const regressed = await gate({
      paths,
      baseline,
      jobs: 1,
      cwd: ROOT,
      strategy: `./${STRATEGIES}/never-compacts.ts`,
    });
    expect(regressed.passed).toBe(false);
    expect(regressed.changes.some((change) => change.kind === 'regression' && change.id.includes('chain-8k'))).toBe(
      true,
    );
  });

  it('applies tolerances and rejects bad ones', async () => {
    const baseline = join(tempDir('api-gate-tolerance'), 'baseline.json');
    const paths = [`${SUITE}/chain-8k.yaml`];
    await gate({ paths, baseline, jobs: 1, cwd: ROOT, updateBaseline: true });
    // Shift the baseline's summarizer calls by one: exact by default, tolerated with ±1.
    const data = JSON.parse(readFileSync(baseline, 'utf8')) as {
      scenarios: Record<string, { summarizerCalls: number }>;
    };
    for (const entry of Object.values(data.scenarios)) entry.summarizerCalls += 1;
    writeFileSync(baseline, JSON.stringify(data));
    expect(
      (await gate({ paths, baseline, jobs: 1, cwd: ROOT })).changes.map((change) => [change.kind, change.what]),
    ).toEqual([['drift', 'summarizerCalls']]);
    expect(
      (
        await gate({
          paths,
          baseline,
          jobs: 1,
          cwd: ROOT,
          tolerances: { summarizerCalls: { kind: 'absolute', value: 1 } },
        })
      ).passed,
    ).toBe(true);
    await expect(
      gate({ paths, baseline, cwd: ROOT, tolerances: { summarizerCalls: { kind: 'absolute', value: -1 } } }),
    ).rejects.toThrow(RangeError);
    await expect(
      gate({ paths, baseline, cwd: ROOT, updateBaseline: true, shard: { index: 1, count: 2 } }),
    ).rejects.toThrow('updateBaseline needs the whole suite');
  });
});

describe('parseScenario()', () => {
  it('validates scenario text as the file would be read', () => {
    const scenario = parseScenario(
      'name: tiny\nsession: { contextWindow: 8000 }\nturns: [ { user: hi } ]\n',
      'scenarios/tiny.yaml',
      ROOT,
    );
    expect(scenario.id).toBe('scenarios/tiny.yaml#tiny');
    expect(scenario.world.turns).toHaveLength(1);
    let error: unknown;
    try {
      parseScenario(
        'name: typo\nsession: { contextWindw: 8000 }\nturns: [ { user: hi } ]\n',
        'scenarios/typo.yaml',
        ROOT,
      );
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ScenarioError);
    expect((error as ScenarioError).message).toContain(
      "scenarios/typo.yaml:2:12: session.contextWindw: unknown field 'contextWindw' (did you mean 'contextWindow'?)",
    );
  });
});
