/**
 * The `gate` command end to end on the small fixture suite, against a temporary baseline: one
 * process per exit path and per option the command line wires in (the table, the advice, the
 * messages), and the comparisons themselves through `gate()` of the API, which the command calls
 * (a process costs about half a second of CPU to start; the API call reuses this one).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { gate as gateApi, type GateOptions } from '../../../src/api/gate.ts';
import { FIXTURES, ROOT, runCli, STACK_LINE, STRATEGIES, tempDir } from '../../cli/run-cli.ts';

const SUITE = `${FIXTURES}/suite`;
const CHAIN = 'test/fixtures/scenarios/suite/chain-8k.yaml#chain-8k';

function gate(baseline: string, ...args: string[]) {
  return runCli(['gate', SUITE, '--baseline', baseline, '--report-dir', tempDir('gate-out'), '--quiet', ...args]);
}

/** `gate()` of the API on the same suite, as the command runs it (one worker). */
function gateInProcess(baseline: string, options: Omit<GateOptions, 'baseline'> = {}) {
  return gateApi({ paths: [SUITE], baseline, jobs: 1, cwd: ROOT, ...options });
}

function editBaseline(
  from: string,
  edit: (data: { scenarios: Record<string, Record<string, unknown>> }) => void,
): string {
  const data = JSON.parse(readFileSync(from, 'utf8'));
  edit(data);
  const path = join(tempDir('gate-edit'), 'baseline.json');
  writeFileSync(path, JSON.stringify(data));
  return path;
}

describe('gate', () => {
  let baseline = '';
  let written = '';
  /** The failing gate two tests read (its exit code and table; its advice): one process for both. */
  let neverCompactsRun: ReturnType<typeof gate> | undefined;
  const neverCompactsAgainstBaseline = () =>
    (neverCompactsRun ??= gate(baseline, '--strategy', `${STRATEGIES}/never-compacts.ts`));

  beforeAll(async () => {
    baseline = join(tempDir('gate'), 'baseline.json');
    const update = await gate(baseline, '--update-baseline');
    expect(update.code, update.stderr).toBe(0);
    expect(update.stdout).toContain(`baseline written: ${baseline} (4 scenarios, 4 changes accepted)`);
    written = readFileSync(baseline, 'utf8');
  });

  it('--update-baseline writes one sorted entry per scenario with the key measurements', () => {
    const data = JSON.parse(written);
    expect(Object.keys(data.scenarios)).toEqual([...Object.keys(data.scenarios)].sort());
    expect(Object.keys(data.scenarios)).toHaveLength(4);
    expect(data.scenarios[CHAIN]).toMatchObject({ passed: true, failedExpectations: [], overflowSteps: 0 });
    expect(data.scenarios[CHAIN].summarizations).toBeGreaterThan(0);
    expect(written.endsWith('\n')).toBe(true);
  });

  describe.concurrent('against that baseline', () => {
    it('passes on identical results', async () => {
      const result = await gate(baseline);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain('gate passed: 4 scenarios match');
    });

    it('writes the same baseline again (deterministic)', async () => {
      const again = join(tempDir('gate-again'), 'baseline.json');
      const result = await gateInProcess(again, { updateBaseline: true, jobs: 2 });
      expect(result.passed).toBe(true);
      expect(readFileSync(again, 'utf8')).toBe(written);
    });

    it('fails when a strategy stops compacting (new overflows)', async () => {
      const result = await neverCompactsAgainstBaseline();
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/chain-8k.*regression.*overflowSteps/);
      expect(result.stdout).toMatch(/gate failed: \d+ changes against/);
    });

    it('fails when the baseline entry has fewer overflow steps than the run', async () => {
      const neverCompacts = { strategy: `./${STRATEGIES}/never-compacts.ts` };
      const overflowing = join(tempDir('gate-overflow'), 'baseline.json');
      expect((await gateInProcess(overflowing, { ...neverCompacts, updateBaseline: true })).passed).toBe(true);
      // The baseline records the overflows: nothing changed, yet the gate fails while scenarios fail.
      const same = await gateInProcess(overflowing, neverCompacts);
      expect(same.changes).toEqual([]);
      expect(same.report.summary.failed).toBeGreaterThan(0);
      expect(same.passed).toBe(false);
      const edited = editBaseline(overflowing, (data) => {
        const entry = data.scenarios[CHAIN] as Record<string, number>;
        expect(entry['overflowSteps']).toBeGreaterThan(0);
        entry['overflowSteps'] = (entry['overflowSteps'] as number) - 1;
      });
      const result = await gateInProcess(edited, neverCompacts);
      expect(result.passed).toBe(false);
      expect(result.changes.map((change) => [change.id, change.kind, change.what])).toContainEqual([
        CHAIN,
        'regression',
        'overflowSteps',
      ]);
    });

    it('fails when a count drifts from the baseline, unless a --tolerance allows it', async () => {
      const edited = editBaseline(baseline, (data) => {
        const entry = data.scenarios[CHAIN] as Record<string, number>;
        entry['summarizations'] = (entry['summarizations'] as number) + 1;
      });
      // The comparison through the API; the flag through the command line, on its passing side.
      const [strict, tolerant] = await Promise.all([
        gateInProcess(edited),
        gate(edited, '--tolerance', 'summarizations=1'),
      ]);
      expect(strict.passed).toBe(false);
      expect(strict.changes.map((change) => [change.id, change.kind, change.what])).toEqual([
        [CHAIN, 'drift', 'summarizations'],
      ]);
      expect(tolerant.code, tolerant.stdout).toBe(0);
    });

    it('fails on a scenario added to or removed from the suite', async () => {
      const edited = editBaseline(baseline, (data) => {
        data.scenarios['test/fixtures/scenarios/suite/gone.yaml#gone'] = data.scenarios[CHAIN] as Record<
          string,
          unknown
        >;
        delete data.scenarios[CHAIN];
      });
      const result = await gateInProcess(edited);
      expect(result.passed).toBe(false);
      expect(result.changes.map((change) => [change.id, change.kind])).toEqual(
        expect.arrayContaining([
          [CHAIN, 'added'],
          ['test/fixtures/scenarios/suite/gone.yaml#gone', 'removed'],
        ]),
      );
    });

    it('rejects a malformed baseline and --update-baseline with --shard as bad input', async () => {
      const broken = join(tempDir('gate-broken'), 'baseline.json');
      writeFileSync(broken, '{"version": 1, "scenarios": []}');
      const malformed = await gate(broken);
      expect(malformed.code).toBe(2);
      expect(malformed.stderr).toMatch(/baseline .* is malformed/);
      expect(malformed.stderr).not.toMatch(STACK_LINE);
      const sharded = await gate(baseline, '--update-baseline', '--shard', '1/2');
      expect(sharded.code).toBe(2);
      expect(sharded.stderr).toContain('--update-baseline needs the whole suite');
    });

    it('refuses to gate against a missing baseline (exit 2): a wrong --baseline path must never pass', async () => {
      const result = await gate(join(tempDir('gate-none'), 'baseline.json'));
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/no baseline at .*baseline\.json: nothing to gate against/);
      expect(result.stderr).not.toMatch(STACK_LINE);
    });

    it('on failure, says what changed and how to accept it on purpose, never offering the update as the fix', async () => {
      const result = await neverCompactsAgainstBaseline();
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('A regression is a bug to fix, not a number to update.');
      expect(result.stdout).toMatch(
        /To accept changes on purpose .*reviewed row by row.*commit .*baseline\.json with a message that says why/,
      );
      expect(result.stdout).not.toMatch(/accept them with: npm run gate/);
    });

    it('never records a strategy that hangs: --update-baseline refuses it (exit 1), and nothing is written', async () => {
      const hung = join(tempDir('gate-hung'), 'baseline.json');
      const result = await gate(
        hung,
        '--update-baseline',
        '--strategy',
        `${STRATEGIES}/never-resolves.mjs`,
        '--timeout',
        '1000',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^compaction-sim: baseline not written: 4 of 4 scenarios crashed, hung or timed out \(.*strategy-hung: no result within 1000 ms.*\)\. A run that did not play measures nothing and is never recorded into /,
      );
      expect(result.stderr).not.toMatch(STACK_LINE);
      expect(result.stdout).not.toContain('baseline written');
      expect(existsSync(hung)).toBe(false);
      const api = await gateInProcess(hung, {
        strategy: `./${STRATEGIES}/never-resolves.mjs`,
        timeoutMs: 1000,
        updateBaseline: true,
      });
      expect(api.passed).toBe(false);
      expect(api.refusal).toMatch(/^baseline not written: 4 of 4 scenarios crashed, hung or timed out/);
      expect(existsSync(hung)).toBe(false);
    });

    it('never prints "gate passed" while scenarios fail, even when the baseline recorded them failing (exit 1)', async () => {
      // A baseline that recorded the hang (as an older version wrote it): the run matches it exactly.
      const hungEntry = {
        passed: false,
        failedExpectations: ['strategy-hung'],
        llmSteps: null,
        summarizations: null,
        summarizerCalls: null,
        reinjections: null,
        fallbacks: null,
        compactedSteps: null,
        peakRealTokens: null,
        overflowSteps: null,
        loops: null,
        thrash: null,
      };
      const recorded = editBaseline(baseline, (data) => {
        for (const id of Object.keys(data.scenarios)) data.scenarios[id] = { ...hungEntry };
      });
      const result = await gate(recorded, '--strategy', `${STRATEGIES}/never-resolves.mjs`, '--timeout', '1000');
      expect(result.code, result.stdout + result.stderr).toBe(1);
      expect(result.stdout).not.toContain('gate passed');
      expect(result.stdout).toContain(`gate failed: no change against ${recorded}, but 4 scenarios fail`);
      expect(result.stdout).toContain('A baseline never turns a failing scenario into a pass');
    });

    it('gates a subset: only its scenarios are compared, the others are not reported removed', async () => {
      const result = await runCli([
        'gate',
        `${SUITE}/chain-8k.yaml`,
        '--baseline',
        baseline,
        '--report-dir',
        tempDir('gate-out'),
        '--quiet',
      ]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).toContain('gate passed: 1 scenario match');
      // Updating from a subset keeps the other entries.
      const copy = join(tempDir('gate-subset'), 'baseline.json');
      writeFileSync(copy, written);
      const update = await gateApi({
        paths: [`${SUITE}/chain-8k.yaml`],
        baseline: copy,
        jobs: 1,
        cwd: ROOT,
        updateBaseline: true,
      });
      expect(update.changes).toEqual([]);
      expect(readFileSync(copy, 'utf8')).toBe(written);
    });
  });
});
