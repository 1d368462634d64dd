/**
 * `--strategy` over files that configure their own strategy: a file's options belong to the
 * strategy it names, so they follow an override to that same strategy and no other.
 */
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import { ROOT } from '../../cli/run-cli.ts';

// Its file says `strategy: { name: sliding_window, options: { maxTurns: 10 } }`.
const FILE = 'scenarios/examples/sliding-window-tool-storm.yaml';
const run = (
  strategy: string | undefined,
  strategyOptions?: Record<string, unknown>,
  strategyDefaultOptions?: Record<string, unknown>,
) =>
  runSuite({ paths: [FILE], jobs: 1, timeoutMs: 60_000, cwd: ROOT, strategy, strategyOptions, strategyDefaultOptions });

describe('strategy override', () => {
  it("another strategy runs with its own defaults, not the file's options (threshold has no maxTurns)", async () => {
    const [outcome] = (await run('threshold')).outcomes;
    expect(outcome!.scenario.strategy).toMatchObject({ name: 'threshold', options: {} });
    expect(outcome!.result).not.toBeNull();
  }, 60_000);

  it("the same strategy keeps the file's options; --strategy-options replaces them", async () => {
    expect((await run('sliding_window')).outcomes[0]!.scenario.strategy.options).toEqual({ maxTurns: 10 });
    expect((await run('sliding_window', { maxTurns: 4 })).outcomes[0]!.scenario.strategy.options).toEqual({
      maxTurns: 4,
    });
    expect((await run(undefined)).outcomes[0]!.scenario.strategy.options).toEqual({ maxTurns: 10 });
  }, 60_000);

  it('default options (compare) apply where the file does not configure the strategy; the file keeps its own', async () => {
    expect(
      (await run('threshold', undefined, { maxCompactionAttempts: 2 })).outcomes[0]!.scenario.strategy.options,
    ).toEqual({ maxCompactionAttempts: 2 });
    expect((await run('sliding_window', undefined, { maxTurns: 3 })).outcomes[0]!.scenario.strategy.options).toEqual({
      maxTurns: 10,
    });
  }, 60_000);
});
