/**
 * `compaction-sim verify-adk` end to end, in a child process: the table and closing line, exit
 * codes 0 / 1 / 2, JSON output, the adk-js compactor columns, and a real (loopback) Gemini
 * summarizer through the genai SDK's GOOGLE_GEMINI_BASE_URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliMain, runNode, STACK_LINE, tempDir, type CliResult } from '../cli/run-cli.ts';

const CLI_FIXTURES = 'test/adk/fixtures/cli';

function verifyAdk(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  return runNode([cliMain(), 'verify-adk', ...args], env);
}

// Child processes: run side by side (each assertion uses its test's own `expect`).
describe.concurrent('compaction-sim verify-adk', () => {
  it('prints one row per scenario and exits 1 on a difference', async ({ expect }) => {
    const result = await verifyAdk([CLI_FIXTURES]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/cli-small\s+│\s+12\s+│\s+PASS\s+│\s+—/);
    expect(result.stdout).toMatch(/cli-diverging\s+│\s+0\s+│\s+FAIL\s+│\s+step 0: modelRequest\.contents\.length/);
    expect(result.stdout).toMatch(/cli-go-flavour\s+│\s+0\s+│\s+SKIPPED/);
    expect(result.stdout).toContain(
      'cli-diverging: step 0 (turn 0, user), modelRequest.contents.length\n  world: 1\n  adk:   2',
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('exits 0 when every scenario matches, and shows the adk-js compactor next to ContextGuard', async ({ expect }) => {
    const result = await verifyAdk([
      `${CLI_FIXTURES}/small.yaml`,
      '--compactor',
      'adk-token-based',
      '--adk-event-retention',
      '2',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('adk TokenBasedContextCompactor');
    expect(result.stdout).toMatch(
      /cli-small .*PASS.*│ 12 · \d+ · [\d,]+ \(\d+\.\d%\) · \d+ +│ 12 · \d+ · [\d,]+ \(\d+\.\d%\) · \d+/,
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('runs the strategy in a sandboxed worker: one that exits fails its scenario, and the report still comes out', async ({
    expect,
  }) => {
    const result = await verifyAdk([
      `${CLI_FIXTURES}/small.yaml`,
      '--strategy',
      'test/fixtures/hostile/strategies/exits-in-compact.mjs',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /cli-small\s+│\s+0\s+│\s+FAIL\s+│\s+strategy-exited: the strategy called process\.exit\(0\)/,
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });

  it('verifies scenarios drawn by the fuzzer: identical runs pass', async ({ expect }) => {
    const result = await verifyAdk(['--fuzz-runs', '2', '--seed', '1']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'fuzz (seed 1): 2 generated scenarios compared with real adk-js, 2 identical, 0 different',
    );
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
  });

  it('shrinks a generated scenario on which the world and adk-js differ, and writes a file that replays the difference', async ({
    expect,
  }) => {
    const out = tempDir('verify-adk-fuzz-');
    const strategy = 'test/adk/fixtures/strategies/diverging-on-host.ts';
    const result = await verifyAdk([
      '--fuzz-runs',
      '1',
      '--seed',
      '1',
      '--strategy',
      strategy,
      '--out',
      out,
      '--shrink-candidates',
      '2',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('1 generated scenarios compared with real adk-js, 0 identical, 1 different');
    expect(result.stdout).toMatch(
      /run 0: step \d+: modelRequest\.contents\.length\n {4}shrunk \(\d+ steps, path 0(:\d+)*\)/,
    );
    const file = join(out, 'verify-adk.seed-1.run-0.yaml');
    expect(existsSync(file)).toBe(true);
    expect(result.stdout).toContain(`replay: npx compaction-sim verify-adk ${file}`);
    expect(readFileSync(file, 'utf8')).toMatch(/strategy:\n {2}name: .*diverging-on-host\.ts/);
    // The file names the strategy relative to itself: replayed alone, it differs the same way.
    const replay = await verifyAdk([file]);
    expect(replay.code).toBe(1);
    expect(replay.stdout).toMatch(
      /verify-adk\.seed-1\.run-0\s+│\s+\d+\s+│\s+FAIL\s+│\s+step \d+: modelRequest\.contents\.length/,
    );
  }, 300_000); // five plays in real adk-js (the run, its replay and one shrink candidate, the file's replay), one of them long

  it('exits 2 on bad input, with a message and no stack', async ({ expect }) => {
    const bad = [
      ['--seed', '3'],
      ['--fuzz-runs', '0'],
      ['--fuzz-runs', '2', '--real-summarizer', 'gemini-2.5-flash'],
      ['no/such/folder'],
      [`${CLI_FIXTURES}/small.yaml`, '--adk-token-threshold', '100'],
      [`${CLI_FIXTURES}/small.yaml`, '--compactor', 'adk-token-based', '--adk-event-retention', '0'],
    ];
    for (const result of await Promise.all(bad.map((args) => verifyAdk(args)))) {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^compaction-sim: /);
      expect(result.stderr).not.toMatch(STACK_LINE);
    }
  });

  it('measures runs with a real summarizer (loopback Gemini API), as JSON', async ({ expect }) => {
    const paths: string[] = [];
    const server = createServer((req, res) => {
      paths.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'REAL SUMMARY' }] } }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const result = await verifyAdk(
        [`${CLI_FIXTURES}/small.yaml`, '--real-summarizer', 'gemini-2.5-flash', '--format', 'json'],
        {
          GEMINI_API_KEY: 'test-key',
          GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
        },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as {
        scenarios: { verdict: string; adk: { compactions: number } }[];
        summary: { measured: number };
      };
      expect(report.summary.measured).toBe(1);
      expect(report.scenarios[0]!.verdict).toBe('measured');
      expect(report.scenarios[0]!.adk.compactions).toBeGreaterThan(0);
      expect(paths.length).toBe(report.scenarios[0]!.adk.compactions);
      expect(paths[0]).toMatch(/models\/gemini-2\.5-flash:generateContent/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
