/**
 * `compaction-sim compare`: bad input is a clear exit 2 before anything runs; a run is exit 0,
 * prints the chosen format, writes compare.json / .md / .html, and does not depend on --jobs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare } from '../../src/api/compare.ts';
import type { ComparisonReport } from '../../src/compare/comparison-report.ts';
import { parseContenders } from '../../src/cli/commands/compare.ts';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { ROOT, runCli, STACK_LINE, tempDir } from './run-cli.ts';

const CRUSH_BUG = 'scenarios/museum/crush-uncapped-tool-result.yaml';
const LANGCHAIN_BUG = 'scenarios/museum/langchain-error-as-summary.yaml';

describe('compaction-sim compare', () => {
  it('enters every built-in by default; --strategy-options gives one strategy its options', () => {
    expect(parseContenders(undefined, undefined).map((c) => c.name)).toEqual(STRATEGY_CATALOG.map((s) => s.name));
    expect(parseContenders(['crush', 'cline-sdk'], ['cline-sdk={"enabled": true}'])).toEqual([
      { name: 'crush', options: undefined },
      { name: 'cline-sdk', options: { enabled: true } },
    ]);
  });

  it('rejects --strategy-options it cannot read, naming the argument', () => {
    expect(() => parseContenders(['crush'], ['{"a":1}'])).toThrow(/--strategy-options must be name=JSON/);
    expect(() => parseContenders(['crush'], ['pi={}'])).toThrow(/names pi, which is not entered/);
    expect(() => parseContenders(['crush'], ['crush={oops'])).toThrow(/--strategy-options is not valid JSON/);
  });

  it('rejects a strategy entered twice and options a strategy does not take, before anything runs', async () => {
    const paths = [CRUSH_BUG];
    await expect(compare({ paths, contenders: [{ name: 'crush' }, { name: 'crush' }], cwd: ROOT })).rejects.toThrow(
      /strategy crush is entered twice/,
    );
    await expect(compare({ paths, contenders: [{ name: 'crush', options: { nope: 1 } }], cwd: ROOT })).rejects.toThrow(
      /crush: unknown option "nope"/,
    );
  });

  // One process per kind of bad input the command line turns into exit 2 (its own usage checks,
  // a strategy that cannot load, an argument parseContenders refuses, a missing path); the
  // messages of the others are the same errors, asserted above.
  it.each([
    [['--strategy', 'nope', CRUSH_BUG], /unknown strategy "nope"/],
    [['--strategy', 'crush', '--strategy-options', 'pi={}', CRUSH_BUG], /names pi, which is not entered/],
    [['--strategy', 'crush', '--fuzz-runs', '-1', CRUSH_BUG], /--fuzz-runs must be an integer >= 0/],
    [['--strategy', 'crush', 'scenarios/no-such-folder'], /no-such-folder/],
  ])(
    'bad input %j is exit 2 with a clear message',
    async (args, message) => {
      const result = await runCli(['compare', ...args, '--quiet', '--report-dir', tempDir('compare-bad')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(STACK_LINE);
    },
    60_000,
  );

  it('plays the suites and the fuzzed corpus through each strategy: the same JSON whatever --jobs, every report written', async () => {
    const args = [
      'compare',
      CRUSH_BUG,
      '--strategy',
      'crush',
      LANGCHAIN_BUG,
      '--strategy',
      'threshold',
      '--fuzz-runs',
      '2',
      '--seed',
      '3',
      '--format',
      'json',
      '--quiet',
    ];
    const dir = tempDir('compare-run');
    // The same comparison with two workers, through compare() of the API, which the command calls.
    const [one, two] = await Promise.all([
      runCli([...args, '--jobs', '1', '--report-dir', dir]),
      compare({
        paths: [CRUSH_BUG, LANGCHAIN_BUG],
        contenders: [{ name: 'crush' }, { name: 'threshold' }],
        fuzzRuns: 2,
        seed: 3,
        jobs: 2,
        cwd: ROOT,
      }),
    ]);
    expect(one.code).toBe(0);
    const report = JSON.parse(one.stdout) as ComparisonReport;
    expect(JSON.parse(JSON.stringify(two))).toEqual(report);
    expect(readFileSync(join(dir, 'compare.json'), 'utf8')).toBe(one.stdout);
    expect(readFileSync(join(dir, 'compare.md'), 'utf8')).toContain('### Museum of reported bugs');
    expect(readFileSync(join(dir, 'compare.html'), 'utf8')).toContain('<h1>Strategy comparison</h1>');
    expect(report.fuzz).toEqual({ runs: 2, seed: 3 });
    const crush = report.league.find((row) => row.name === 'crush')!;
    // Crush's own bug reproduces; the LangChain file's options (trigger, error_as_summary) never reach Crush.
    expect(crush.bugsReproduced).toBe(1);
    expect(crush.fuzz!.every((tally) => tally.passed + tally.infeasible + tally.failed + tally.notChecked === 2)).toBe(
      true,
    );
    const museum = report.museum.find((row) => row.name === 'museum_Crush_UncappedToolResult')!;
    expect(museum.results.map((r) => [r.strategy, r.broken.map((b) => `${b.property}:${b.how}`)])).toEqual([
      ['crush', ['no-overflow:reproduced']],
      // ContextGuard's known limitation (rule threshold-summarizer-cut-counts-tool-payloads): its
      // transcript cut counts the 1.7 MB tool payload it then writes as a one-line marker.
      ['threshold', ['summarizer-input-budget:failed']],
    ]);
  }, 180_000);
});
