/** The installed entry point (`bin/compaction-sim.mjs`) runs the CLI without tsx on the command line. */
import { describe, expect, it } from 'vitest';
import { FIXTURES, runNode, tempDir } from './run-cli.ts';

describe.concurrent('bin/compaction-sim.mjs', () => {
  it('prints the version and the commands', async () => {
    const version = await runNode(['bin/compaction-sim.mjs', '--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runNode(['bin/compaction-sim.mjs', '--help']);
    expect(help.stdout).toContain('compaction-sim simulate <paths..>');
    expect(help.stdout).toContain('compaction-sim gate [paths..]');
  });

  it('runs a simulation, worker threads included', async () => {
    const result = await runNode(['bin/compaction-sim.mjs', 'simulate', `${FIXTURES}/suite/roomy-128k.yaml`, '--report-dir', tempDir('bin')]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
  });

  it('exits 2 without a command', async () => {
    const result = await runNode(['bin/compaction-sim.mjs']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Choose a command.');
  });
});
