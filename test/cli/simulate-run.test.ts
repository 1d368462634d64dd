/**
 * `simulate` end to end: verdicts, exit codes, reports, determinism across --jobs and --shard.
 * One process per exit path and per option the command line wires in; where a test compares two
 * runs, the second is `simulate()` of the API, which the command calls (a process costs about half
 * a second of CPU to start).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate as simulateApi } from '../../src/api/simulate.ts';
import { xmlProblems } from '../harness/report/xml-well-formed.ts';
import { FIXTURES, ROOT, runCli, tempDir } from './run-cli.ts';

const SUITE = `${FIXTURES}/suite`;

interface ReportJson {
  summary: { total: number; passed: number; failed: number };
  scenarios: {
    id: string;
    name: string;
    passed: boolean;
    failures: { expectation: string; message: string }[];
    settings: { seed: number };
    peakRealTokens: number | null;
    llmSteps: number | null;
    steps: unknown[];
  }[];
}

async function simulate(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; dir: string; json: string }> {
  const dir = tempDir('sim');
  const result = await runCli(['simulate', ...args, '--report-dir', dir]);
  let json = '';
  try {
    json = readFileSync(join(dir, 'report.json'), 'utf8');
  } catch {
    // no report: the assertions on `code` say why
  }
  return { ...result, dir, json };
}

const parse = (json: string) => JSON.parse(json) as ReportJson;

/**
 * `simulate SUITE` (one worker, the default here): three tests read the same run, so it is started
 * once for the file rather than once per test (the same process, the same output, asserted on as
 * before).
 */
let wholeSuiteRun: ReturnType<typeof simulate> | undefined;
function wholeSuite(): ReturnType<typeof simulate> {
  wholeSuiteRun ??= simulate([SUITE]);
  return wholeSuiteRun;
}

describe.concurrent('simulate', () => {
  it('passes a suite whose expectations hold: exit 0, one row per scenario, closing line last', async () => {
    const run = await wholeSuite();
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('4 passed, 0 failed');
    // After it, on stderr: where the reports went, the HTML one to open first.
    expect(run.stderr.trimEnd().split('\n').at(-1)).toBe(
      `Reports in ${run.dir}/: open ${run.dir}/report.html; also report.json, report.md, junit.xml, run-meta.json.`,
    );
    for (const name of ['chain-8k', 'parallel-16k', 'sliding-32k', 'roomy-128k']) expect(run.stdout).toContain(name);
    expect(run.stdout).not.toContain('\u001b[');
    const report = parse(run.json);
    expect(report.summary).toEqual({ total: 4, passed: 4, failed: 0 });
    const chain = report.scenarios.find((s) => s.name === 'chain-8k');
    expect(chain?.llmSteps).toBeGreaterThan(6);
    expect(chain?.steps).toHaveLength(chain?.llmSteps ?? -1);
  });

  it('fails on an unmet expectation: exit 1 and `0 passed, 1 failed`', async () => {
    const run = await simulate([`${FIXTURES}/failing`]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(run.stdout).toContain('FAIL: summarizations');
    const [record] = parse(run.json).scenarios;
    expect(record?.passed).toBe(false);
    expect(record?.failures.map((f) => f.expectation)).toEqual(['summarizations']);
  });

  it('gives byte-identical reports with --jobs 1 and --jobs 3', async () => {
    const threeDir = tempDir('sim-jobs-3');
    const [one] = await Promise.all([
      wholeSuite(),
      simulateApi({ paths: [SUITE], jobs: 3, cwd: ROOT, reportDir: threeDir }),
    ]);
    expect(one.code).toBe(0);
    expect(readFileSync(join(threeDir, 'report.json'), 'utf8')).toBe(one.json);
    expect(readFileSync(join(threeDir, 'junit.xml'), 'utf8')).toBe(readFileSync(join(one.dir, 'junit.xml'), 'utf8'));
    expect(readFileSync(join(threeDir, 'report.html'), 'utf8')).toBe(
      readFileSync(join(one.dir, 'report.html'), 'utf8'),
    );
  });

  it('splits the suite into disjoint shards whose union is the whole run', async () => {
    const [all, first, second] = await Promise.all([
      wholeSuite(),
      simulateApi({ paths: [SUITE], shard: { index: 1, count: 2 }, jobs: 1, cwd: ROOT }),
      simulate([SUITE, '--shard', '2/2', '--jobs', '2']),
    ]);
    const full = parse(all.json).scenarios;
    // The API's report is the object report.json is written from.
    const shards = [parse(JSON.stringify(first.report)).scenarios, parse(second.json).scenarios];
    expect(shards[0]?.length).toBe(2);
    expect(shards[1]?.length).toBe(2);
    const ids = shards.flat().map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(full.map((s) => s.id).sort());
    for (const record of shards.flat()) {
      expect(JSON.stringify(record)).toBe(JSON.stringify(full.find((s) => s.id === record.id)));
    }
  });

  it('stops hung strategies (sync loop, pending promise) and reports a throwing one; the rest still run', async () => {
    // The watchdog covers loading too: these fixtures are plain JavaScript (no transpiler to
    // register), so 2.5 s is the hang and still ample for a worker's start on a loaded machine.
    const run = await simulate([`${FIXTURES}/hung`, '--timeout', '2500', '--jobs', '2']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 3 failed');
    const byName = new Map(parse(run.json).scenarios.map((s) => [s.name, s]));
    for (const name of ['loops-forever', 'never-resolves']) {
      expect(byName.get(name)?.failures).toEqual([
        { expectation: 'strategy-hung', message: 'strategy-hung: no result within 2500 ms' },
      ]);
      expect(byName.get(name)?.llmSteps).toBeNull();
    }
    expect(byName.get('throws')?.failures.map((f) => f.expectation)).toEqual(['strategy-threw']);
    expect(byName.get('throws')?.failures[0]?.message).toContain('fixture strategy exploded');
    expect(byName.get('well-behaved')?.passed).toBe(true);
  });

  it('prints JSON, markdown and JUnit on stdout with --format', async () => {
    const [json, markdown, junit] = await Promise.all([
      simulate([`${FIXTURES}/failing`, '--format', 'json']),
      simulate([`${FIXTURES}/failing`, '--format', 'markdown']),
      simulate([`${FIXTURES}/failing`, '--format', 'junit']),
    ]);
    expect(json.code).toBe(1);
    expect(json.stdout).toBe(json.json);
    expect(json.stderr).toContain('0 passed, 1 failed');
    expect(markdown.stdout.split('\n')[0]).toBe('## ❌ compaction-sim: 0 passed, 1 failed');
    expect(markdown.stdout).toBe(readFileSync(join(markdown.dir, 'report.md'), 'utf8'));
    expect(xmlProblems(junit.stdout)).toEqual([]);
    expect(junit.stdout).toContain('<failure message="failed: summarizations"');
  });

  it('writes every report and keeps run metadata apart from the deterministic ones', async () => {
    const run = await simulate([`${FIXTURES}/suite/roomy-128k.yaml`, '--quiet']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('1 passed, 0 failed\n');
    const meta = JSON.parse(readFileSync(join(run.dir, 'run-meta.json'), 'utf8'));
    expect(meta).toMatchObject({ tool: 'compaction-sim', command: 'simulate' });
    expect(meta.argv).toContain('--quiet');
    expect(run.json).not.toContain('--quiet');
    expect(run.json).not.toContain(process.cwd());
    for (const file of ['report.md', 'junit.xml', 'report.html'])
      expect(readFileSync(join(run.dir, file), 'utf8').length).toBeGreaterThan(100);
  });

  it('--seed replaces every scenario seed and re-draws seeded sizes', async () => {
    const file = `${FIXTURES}/suite/parallel-16k.yaml`;
    // The file's own seed: its record in the whole suite's run (a scenario plays alike alone or in a suite).
    const [own, other] = await Promise.all([wholeSuite(), simulate([file, '--seed', '99'])]);
    const ownRecord = parse(own.json).scenarios.find((s) => s.name === 'parallel-16k');
    const [otherRecord] = parse(other.json).scenarios;
    expect(ownRecord?.settings.seed).toBe(3);
    expect(otherRecord?.settings.seed).toBe(99);
    expect(otherRecord?.peakRealTokens).not.toBe(ownRecord?.peakRealTokens);
  });

  it("--strategy replaces the files' strategy (a module path) and --filter selects scenarios", async () => {
    const run = await simulate([
      SUITE,
      '--filter',
      'chain',
      '--strategy',
      'test/fixtures/strategies/never-compacts.ts',
    ]);
    const report = parse(run.json);
    expect(report.scenarios.map((s) => s.name)).toEqual(['chain-8k']);
    expect(run.code).toBe(1);
    expect(report.scenarios[0]?.failures.map((f) => f.expectation)).toContain('noOverflow');
  });
});
