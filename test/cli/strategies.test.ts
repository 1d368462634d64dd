import { describe, expect, it } from 'vitest';
import { STRATEGY_CATALOG } from '../../src/harness/strategy/strategy-catalog.ts';
import { cliMain, runNode } from './run-cli.ts';

describe('compaction-sim strategies', () => {
  it('lists every built-in strategy, one per line, name first, with its source', async () => {
    const result = await runNode([cliMain(), 'strategies']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(STRATEGY_CATALOG.map((s) => s.name));
    expect(lines.length).toBeGreaterThanOrEqual(18);
    for (const [i, strategy] of STRATEGY_CATALOG.entries()) expect(lines[i]!.endsWith(`  ${strategy.source}`)).toBe(true);
    expect(result.stdout).toMatch(/^threshold +achetronic\/adk-utils-go/m);
    expect(result.stdout).toMatch(/^crush +charmbracelet\/crush internal\/agent\/agent\.go @37f36e93$/m);
  });

  it('rejects arguments it does not take (exit 2)', async () => {
    const result = await runNode([cliMain(), 'strategies', '--jobs', '2']);
    expect(result.code).toBe(2);
  });
});
