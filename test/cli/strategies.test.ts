import { describe, expect, it } from 'vitest';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { ZOO_STRATEGIES } from '../../src/zoo/zoo-strategies.ts';
import { cliMain, runNode } from './run-cli.ts';

describe('compaction-sim strategies', () => {
  it('lists every built-in strategy, one per line, name first, with its source', async () => {
    const result = await runNode([cliMain(), 'strategies']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(STRATEGY_CATALOG.map((s) => s.name));
    expect(lines.length).toBeGreaterThanOrEqual(18);
    for (const [i, strategy] of STRATEGY_CATALOG.entries())
      expect(lines[i]!.endsWith(`  ${strategy.source}`)).toBe(true);
    expect(result.stdout).toMatch(/^threshold +achetronic\/adk-utils-go/m);
    expect(result.stdout).toMatch(/^crush +charmbracelet\/crush internal\/agent\/agent\.go @37f36e93$/m);
  });

  it("--audit prints each zoo strategy's upstream commit, the date it was checked, and what it leaves out", async () => {
    const result = await runNode([cliMain(), 'strategies', '--audit']);
    expect(result.code).toBe(0);
    const headers = result.stdout.split('\n').filter((line) => !line.startsWith(' ') && line !== '');
    expect(headers.map((line) => line.split(/\s+/)[0])).toEqual(ZOO_STRATEGIES.map((s) => s.name));
    for (const header of headers) expect(header).toMatch(/^\S+ {2}\S.* @ \S.* {2}\(checked \d{4}-\d{2}-\d{2}\)$/);
    expect(result.stdout).toMatch(/^cline-sdk {2}cline\/cline @ 21cb8d25 {2}\(checked 2026-11-26\)$/m);
    expect(result.stdout.match(/^ {2}leaves out: {2}\S/gm)!.length).toBeGreaterThanOrEqual(ZOO_STRATEGIES.length);
  });

  it('rejects arguments it does not take (exit 2)', async () => {
    const result = await runNode([cliMain(), 'strategies', '--jobs', '2']);
    expect(result.code).toBe(2);
  });
});
