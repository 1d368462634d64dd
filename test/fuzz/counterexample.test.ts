import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { counterexampleFile, strategyLabels } from '../../src/fuzz/run/counterexample.ts';
import { writeCounterexample } from '../../src/fuzz/run/write-counterexample.ts';
import { formatFuzzReport } from '../../src/fuzz/run/format-fuzz-report.ts';
import type { FuzzReport, PropertyReport } from '../../src/fuzz/run/run-fuzz.ts';
import type { ShrunkFailure } from '../../src/fuzz/run/shrink-failure.ts';
import { resolveScenario, scenarioSchema, serializeScenario } from '../../src/harness/scenario/index.ts';

const cwd = '/work/project';

const failure: ShrunkFailure = {
  property: 'no-overflow',
  spec: {
    name: 'fuzz-case',
    seed: 4,
    session: { contextWindow: 8_000 },
    turns: [{ user: 'ok', tools: [{ name: 'read_file', size: 20_000 }] }],
  },
  violation: {
    property: 'no-overflow',
    step: 1,
    turn: 0,
    message: 'step 1 (turn 0, tool-results) sent 10024 real tokens to a 8000-token window',
    infeasible: null,
  },
  seed: 7,
  path: '12:3:0',
  shrinks: 9,
};

describe('counterexampleFile', () => {
  it('names the file after property, strategy and seed, and asserts the violated property', () => {
    const file = counterexampleFile(failure, { name: 'threshold', options: {} }, 'scenarios/regressions', cwd);
    expect(file.file).toBe('scenarios/regressions/no-overflow.threshold.seed-7.yaml');
    expect(file.spec.expect).toEqual({ noOverflow: true });
    expect(file.spec.strategy).toEqual({ name: 'threshold' });
    expect(file.spec.turns).toEqual(failure.spec.turns);
    expect(file.simulateCommand).toBe(
      'npx compaction-sim simulate scenarios/regressions/no-overflow.threshold.seed-7.yaml --strategy threshold',
    );
    expect(file.fuzzCommand).toBe(
      'npx compaction-sim fuzz --strategy threshold --seed 7 --property no-overflow --path 12:3:0',
    );
    expect(file.spec.description).toContain('fast-check seed 7, path 12:3:0 (shrunk 9 times)');
    expect(file.spec.description).toContain(failure.violation.message);
  });

  it('rewrites a module strategy path relative to the file, and keeps its options', () => {
    const file = counterexampleFile(
      failure,
      { name: './src/fuzz/planted-bugs/never-compact.ts', options: { limit: 3 } },
      'reports/out/fuzz',
      cwd,
    );
    expect(file.file).toBe('reports/out/fuzz/no-overflow.never-compact.seed-7.yaml');
    expect(file.spec.strategy).toEqual({
      name: '../../../src/fuzz/planted-bugs/never-compact.ts',
      options: { limit: 3 },
    });
    expect(file.simulateCommand).toContain(
      `--strategy ./src/fuzz/planted-bugs/never-compact.ts --strategy-options '{"limit":3}'`,
    );
  });

  it("tells a strategy from the base branch's copy of it by path, in labels and differential file names", () => {
    expect(strategyLabels('./my-strategy.ts', './base/my-strategy.ts')).toEqual(['my-strategy', 'base/my-strategy']);
    expect(strategyLabels('./src/fuzz/planted-bugs/late-threshold.ts', 'threshold')).toEqual([
      'late-threshold',
      'threshold',
    ]);
    expect(strategyLabels('threshold', 'threshold')).toEqual(['threshold', 'threshold']);
    const against = { reference: { name: './base/my-strategy.ts', options: {} }, outcome: 'holds' };
    const worse = counterexampleFile(failure, { name: './my-strategy.ts', options: {} }, 'out', cwd, against);
    const better = counterexampleFile(failure, against.reference, 'out', cwd, {
      reference: { name: './my-strategy.ts', options: {} },
      outcome: 'holds',
    });
    expect(worse.file).toBe('out/no-overflow.my-strategy-vs-base-my-strategy.seed-7.yaml');
    expect(better.file).toBe('out/no-overflow.base-my-strategy-vs-my-strategy.seed-7.yaml');
  });

  it('leaves expect empty for what simulate always checks', () => {
    const threw = { ...failure, property: 'session-completes' as const };
    expect(counterexampleFile(threw, { name: 'threshold', options: {} }, 'out', cwd).spec.expect).toEqual({});
  });

  it('serializes to a valid scenario file that resolves back to the same session', () => {
    const file = counterexampleFile(failure, { name: 'threshold', options: {} }, 'scenarios/regressions', cwd);
    const parsed = parse(serializeScenario(file.spec)) as unknown;
    expect(scenarioSchema.safeParse(parsed).success).toBe(true);
    const resolved = resolveScenario(parsed as never, { file: file.file, baseDir: cwd });
    expect(resolved.expect).toEqual({ noOverflow: true });
    expect(resolved.world.turns).toHaveLength(1);
  });
});

describe('writeCounterexample', () => {
  it('points $schema at the schema of the compaction-sim that wrote it, relative to the file', async () => {
    const project = mkdtempSync(join(tmpdir(), 'counterexample-'));
    const file = counterexampleFile(failure, { name: 'threshold', options: {} }, 'deep/regressions', project);
    await writeCounterexample(file, project);
    const written = join(project, 'deep/regressions/no-overflow.threshold.seed-7.yaml');
    const schema = /^# yaml-language-server: \$schema=(\S+)\n/.exec(readFileSync(written, 'utf8'))?.[1];
    expect(schema).toBeDefined();
    expect(resolve(dirname(written), schema!)).toBe(
      fileURLToPath(new URL('../../scenarios/scenario.schema.json', import.meta.url)),
    );
  });
});

describe('formatFuzzReport', () => {
  const passed: PropertyReport = {
    property: 'no-loop',
    checked: 100,
    passed: 100,
    infeasible: 0,
    failed: 0,
    notChecked: 0,
    infeasibleReasons: {},
    counterexample: null,
    unreproduced: false,
    failedRuns: [],
  };
  const file = counterexampleFile(failure, { name: 'threshold', options: {} }, 'scenarios/regressions', cwd);
  const failedReport: PropertyReport = {
    property: 'no-overflow',
    checked: 100,
    passed: 90,
    infeasible: 7,
    failed: 3,
    notChecked: 0,
    infeasibleReasons: { 'fixed-overhead-over-window': 5, 'user-message-over-window': 2 },
    counterexample: { failure, file },
    unreproduced: false,
    failedRuns: [3, 40, 77],
  };
  const report: FuzzReport = {
    strategy: 'threshold',
    strategyOptions: {},
    seed: 7,
    runs: 100,
    path: null,
    replaySample: 10,
    shard: null,
    corpus: 'sha256:0',
    optionSpace: null,
    varyOptions: true,
    properties: [failedReport, passed],
    baseline: null,
    failed: true,
  };

  it('prints a row per property, the infeasible reasons, and how to replay each failure', () => {
    const text = formatFuzzReport(report, {
      color: false,
      rerunCommand: 'npx compaction-sim fuzz --strategy threshold --runs 100 --seed 7',
    });
    expect(text).toMatch(
      /│ no-overflow\s+│ behaviour │\s+100 │\s+90 │\s+7 │\s+3 │ scenarios\/regressions\/no-overflow\.threshold\.seed-7\.yaml │/,
    );
    expect(text).toMatch(/│ no-loop\s+│ behaviour │\s+100 │\s+100 │\s+0 │\s+0 │\s+│/);
    expect(text).toContain('no-overflow: fixed-overhead-over-window 5, user-message-over-window 2');
    expect(text).toContain(`replay:         ${file.simulateCommand}`);
    expect(text).toContain('1 of 2 properties failed (100 runs)');
    expect(text).not.toContain('\u001b[');
    expect(text).not.toContain('deterministic-replay:');
  });

  it('says which runs deterministic-replay judged when it sampled them', () => {
    const replay: PropertyReport = { ...passed, property: 'deterministic-replay', checked: 10, passed: 10 };
    const text = formatFuzzReport({ ...report, properties: [passed, replay] }, { color: false, rerunCommand: 'x' });
    expect(text).toMatch(/│ deterministic-replay\s+│ behaviour │\s+10 │\s+10 │/);
    expect(text).toContain(
      'deterministic-replay: one run in 10 played twice (10 of 100 runs; --replay-sample 1 replays every run)',
    );
    expect(
      formatFuzzReport({ ...report, replaySample: 1, properties: [replay] }, { color: false, rerunCommand: 'x' }),
    ).not.toContain('one run in');
  });
});
