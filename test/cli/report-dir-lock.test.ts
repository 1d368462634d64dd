/**
 * Two runs writing one --report-dir could leave a mix of both. Through the compiled CLI: of two
 * runs started together on one folder, one is refused before it plays anything (exit 2, a
 * sentence) and the folder holds the other's reports, whole; a lock a killed run left behind is
 * taken over.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, STACK_LINE, tempDir } from './run-cli.ts';

const SUITE = `${FIXTURES}/suite`;

describe('one run writes a report folder at a time', () => {
  it("refuses the second of two concurrent runs (exit 2) and keeps the first one's reports whole", async () => {
    const parent = tempDir('lock-concurrent');
    const dir = join(parent, 'out');
    const args = (seed: string) => ['simulate', SUITE, '--seed', seed, '--report-dir', dir, '--quiet'];
    const runs = await Promise.all([runCli(args('1')), runCli(args('2'))]);
    const refused = runs.filter((run) => run.code === 2);
    const done = runs.filter((run) => run.code !== 2);
    expect(refused).toHaveLength(1);
    expect(done).toHaveLength(1);
    expect(refused[0]!.stderr).toMatch(
      new RegExp(
        `^compaction-sim: --report-dir ${dir} is being written by another compaction-sim run \\(pid \\d+, lock ${join(parent, '.out.lock')}\\): two runs writing one folder would mix their reports\\. Wait for it to finish, or give each run its own folder\\n$`,
      ),
    );
    expect(refused[0]!.stderr).not.toMatch(STACK_LINE);
    expect(refused[0]!.stdout).toBe('');
    // The folder holds one run's reports: the run-meta and the report of the run that finished.
    const winner = runs.indexOf(done[0]!) === 0 ? '1' : '2';
    const meta = JSON.parse(readFileSync(join(dir, 'run-meta.json'), 'utf8'));
    expect(meta.argv).toEqual(expect.arrayContaining(['--seed', winner]));
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    expect(report.scenarios.length).toBeGreaterThan(0);
    for (const scenario of report.scenarios) expect(scenario.settings.seed).toBe(Number(winner));
    // No lock and no folder written aside stay behind.
    expect(readdirSync(parent)).toEqual(['out']);
  });

  it('takes over a lock whose run died without removing it', async () => {
    const parent = tempDir('lock-stale-cli');
    const dir = join(parent, 'out');
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(join(parent, '.out.lock'), `${dead}\n`);
    const result = await runCli(['simulate', `${SUITE}/chain-8k.yaml`, '--report-dir', dir, '--quiet']);
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(dir, 'report.json'))).toBe(true);
    expect(readdirSync(parent)).toEqual(['out']);
  });
});
