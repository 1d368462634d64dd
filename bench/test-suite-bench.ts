/**
 * `npm test` within 150 s of CPU time, every test passing: runs `npm test` once, exactly as a
 * developer or CI does (CI=true, so the browser tests run too), and reports its CPU time, user +
 * system of every process it started (the target: the same figure on a busy machine as on an idle
 * one, so a change in it is a change in the suite, not in the neighbours; on 2 cores shared with
 * anything else, wall time measures the neighbours) and its wall time, for information.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { findChromium } from '../test/harness/report/chromium.ts';
import type { TargetRow } from './target-row.ts';

export const TARGET_TEST_CPU_S = 150;

/** bash's `times`, second line: the user and system time of every child it waited for. */
const CHILD_TIMES = /^(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/gm;

export function benchTestSuite(): { rows: TargetRow[]; table: string } {
  // `npm test` as typed, under bash so that its `times` can add up the CPU of the whole process
  // tree (vitest, its workers, the CLI processes and worker threads the tests start).
  const script = 'npm test; status=$?; times; exit $status';
  const started = performance.now(); // clock-ok
  const run = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CI: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000; // clock-ok
  const summary = (label: string) => new RegExp(`^\\s*${label}\\s+(.+)$`, 'm').exec(run.stdout)?.[1]?.trim() ?? '?';
  const times = [...run.stdout.matchAll(CHILD_TIMES)].at(-1);
  const cpu =
    times === undefined ? null : Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]);
  const cpuText =
    cpu === null ? 'CPU time unknown' : `${cpu.toFixed(0)} s CPU (user + system) on ${availableParallelism()} cores`;
  const passed = run.status === 0;
  // What failed, by name, and the usual reason on a fresh machine: under CI=true the browser tests
  // fail without Chromium (.ci/run installs it).
  const failed = [
    ...new Set(
      run.stdout
        .split('\n')
        .filter((line) => /^\s*(FAIL|×)\s/.test(line))
        .map((line) => line.trim()),
    ),
  ].slice(0, 8);
  const why = [
    ...failed.map((line) => `  ${line}`),
    ...(!passed && findChromium() === null
      ? [
          '  chromium is not installed: under CI=true the HTML report tests fail (apt-get install -y chromium, as .ci/run does)',
        ]
      : []),
  ];
  return {
    rows: [
      {
        target: '10. npm test, CPU time of every process it starts',
        goal: `≤ ${TARGET_TEST_CPU_S} s, all passing`,
        measured: `${cpuText}, ${seconds.toFixed(0)} s wall (tests: ${summary('Tests')})`,
        pass: passed && cpu !== null && cpu <= TARGET_TEST_CPU_S,
      },
    ],
    table: [
      `Test suite (npm test, once): ${seconds.toFixed(1)} s wall, ${cpuText}, exit ${String(run.status)}`,
      `  test files: ${summary('Test Files')}`,
      `  tests:      ${summary('Tests')}`,
      ...why,
    ].join('\n'),
  };
}
