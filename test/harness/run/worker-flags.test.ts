/**
 * A host process started with flags a worker thread refuses: V8 flags (`node
 * --max-old-space-size=4096 $(which compaction-sim) …`, `node --expose-gc script.js` calling the
 * API) and per-process flags (`--title x`, whose value is a separate argument). Node throws
 * ERR_WORKER_INVALID_EXEC_ARGV from `new Worker` for them; every scenario worker died with an
 * internal error before. The run must give the same outcomes as a plain process. It runs in a fresh
 * process, so the flags are really the host's.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

const HOST = `
import { runSuite } from './src/harness/run/run-suite.ts';
const run = await runSuite({ paths: ['test/fixtures/scenarios/suite'], jobs: 2, timeoutMs: 60_000 });
console.log(JSON.stringify(run.outcomes.map((o) => [o.scenario.id, o.failures, o.result?.traceDigest ?? null])));
`;

function outcomesUnder(flags: readonly string[]): unknown {
  const out = execFileSync(process.execPath, [...flags, '--import', 'tsx', '--input-type=module', '-e', HOST], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').pop() as string);
}

describe('worker threads of a host started with flags a worker refuses', () => {
  it('start without those flags and give the outcomes of a plain host', { timeout: 120_000 }, () => {
    const plain = outcomesUnder([]);
    const flagged = outcomesUnder(['--max-old-space-size=3000', '--expose-gc', '--title', 'compaction-sim-host']);
    expect(plain).toHaveLength(4);
    expect(flagged).toEqual(plain);
  });
});
