import { describe, expect, it } from 'vitest';
import { OptionError } from '../../src/api/option-error.ts';
import { checkSuiteSettings } from '../../src/api/play-suite.ts';
import { CLI_OPTION_NAMES } from '../../src/cli/option-names.ts';
import { parseRunArgs, type RunArgs } from '../../src/cli/run-options.ts';
import { UsageError } from '../../src/cli/usage-error.ts';

const defaults: RunArgs = { jobs: 1, 'report-dir': 'reports/out', quiet: false, timeout: 60_000, 'max-memory': 4096 };

describe('parseRunArgs', () => {
  it("turns valid arguments into the API's suite options", () => {
    const settings = parseRunArgs({
      ...defaults,
      jobs: 4,
      shard: '2/3',
      seed: 9,
      strategy: 'sliding_window',
      'strategy-options': '{"maxTurns": 8}',
    });
    expect(settings).toEqual({
      strategy: 'sliding_window',
      strategyOptions: { maxTurns: 8 },
      seed: 9,
      jobs: 4,
      shard: { index: 2, count: 3 },
      timeoutMs: 60_000,
      maxMemoryMb: 4096,
    });
  });

  it("uses the command's watchdog default when --timeout is not given", () => {
    expect(parseRunArgs({ ...defaults, timeout: undefined }).timeoutMs).toBe(60_000);
    expect(parseRunArgs({ ...defaults, timeout: undefined }, 1_800_000).timeoutMs).toBe(1_800_000);
    expect(parseRunArgs({ ...defaults, timeout: 5_000 }, 1_800_000).timeoutMs).toBe(5_000);
  });

  it('leaves out what was not given (the API fills in its defaults)', () => {
    expect(parseRunArgs(defaults)).toEqual({ jobs: 1, timeoutMs: 60_000, maxMemoryMb: 4096 });
  });

  it.each<[Partial<RunArgs>, RegExp]>([
    [{ shard: '3/2' }, /--shard 3\/2: need 1 <= i <= n/],
    [{ shard: 'half' }, /--shard must look like i\/n/],
    [{ 'strategy-options': '{oops' }, /--strategy-options is not valid JSON/],
    [{ 'strategy-options': '[1, 2]' }, /--strategy-options must be a JSON object/],
  ])('rejects the text %o', (args, message) => {
    expect(() => parseRunArgs({ ...defaults, ...args })).toThrow(UsageError);
    expect(() => parseRunArgs({ ...defaults, ...args })).toThrow(message);
  });

  // The numbers are checked once, by the API, and named by the command line's flags.
  it.each<[Partial<RunArgs>, RegExp]>([
    [{ jobs: 0 }, /^--jobs must be an integer >= 1, got 0$/],
    [{ jobs: Number.NaN }, /^--jobs must be an integer >= 1, got NaN$/],
    [{ timeout: 1.5 }, /^--timeout must be an integer >= 1/],
    [{ 'max-memory': 8 }, /^--max-memory must be an integer >= 16, got 8$/],
    [{ seed: -1 }, /^--seed must be an integer >= 0/],
  ])("the API rejects %o in the command line's words", (args, message) => {
    const options = { paths: [], ...parseRunArgs({ ...defaults, ...args }) };
    expect(() => checkSuiteSettings(options, CLI_OPTION_NAMES)).toThrow(OptionError);
    expect(() => checkSuiteSettings(options, CLI_OPTION_NAMES)).toThrow(message);
  });
});
