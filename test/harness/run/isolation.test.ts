/**
 * A strategy that misbehaves beyond throwing fails its own scenario, named for what it did, and
 * every other scenario of the run still runs and passes (issue: verdicts a user can trust).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { runSuite, type ScenarioOutcome } from '../../../src/harness/run/run-suite.ts';
import { ROOT } from '../../cli/run-cli.ts';

const HOSTILE = 'test/fixtures/hostile/scenarios';

describe('strategy isolation (one run, every hostile strategy beside a well-behaved one)', () => {
  let byName: Map<string, ScenarioOutcome>;
  const output: string[] = [];

  beforeAll(async () => {
    const run = await runSuite({
      paths: [HOSTILE],
      jobs: 2,
      timeoutMs: 60_000,
      maxMemoryMb: 128,
      cwd: ROOT,
      onStrategyOutput: (scenario, text) => output.push(`${scenario?.name}: ${text}`),
    });
    byName = new Map(run.outcomes.map((outcome) => [outcome.scenario.name, outcome]));
  }, 240_000);

  const failuresOf = (name: string): string[] => byName.get(name)!.failures.map((failure) => failure.expectation);

  it.each([
    ['exits-in-compact', 'strategy-exited'],
    ['exits-in-timer', 'strategy-exited'],
    ['throws-in-timer', 'strategy-uncaught-exception'],
    ['floating-rejection', 'strategy-unhandled-rejection'],
    ['logs-to-stdout', 'strategy-wrote-stdout'],
    ['writes-fd1', 'strategy-wrote-stdout'],
    ['null-contents', 'invalid-request'],
    ['garbage-contents', 'invalid-request'],
    ['cyclic-contents', 'invalid-request'],
    ['lone-call', 'no-orphans'],
    ['hogs-memory', 'strategy-out-of-memory'],
  ])('%s fails its scenario as %s', (name, failure) => {
    expect(failuresOf(name)[0]).toBe(failure);
  });

  it('the well-behaved scenario still passes', () => {
    expect(byName.get('well-behaved')!.failures).toEqual([]);
  });

  it('names what happened in the message', () => {
    const message = (name: string) => byName.get(name)!.failures[0]!.message;
    expect(message('exits-in-compact')).toBe('strategy-exited: the strategy called process.exit(0)');
    expect(message('null-contents')).toContain('request.contents is null: expected a list of contents');
    expect(message('garbage-contents')).toContain('request.contents[0]: number 1 is not a content');
    expect(message('cyclic-contents')).toContain(
      'request.contents[0]: parts[0].note.about refers back to an object that contains it (a cycle JSON cannot send)',
    );
    expect(message('hogs-memory')).toContain('heap limit 128 MB');
    expect(message('logs-to-stdout')).toContain('"compacting 1 contents\\n"');
  });

  it("forwards what a strategy printed, labelled with its scenario, for the CLI's stderr", () => {
    expect(output).toContain('logs-to-stdout: compacting 1 contents\n');
    expect(output.some((line) => line.startsWith('writes-fd1: raw bytes on fd 1'))).toBe(true);
  });

  it('imports a module afresh for each scenario: module-level state never depends on scheduling', () => {
    const digests = ['module-state-1', 'module-state-2', 'module-state-3'].map(
      (name) => byName.get(name)!.result!.traceDigest,
    );
    expect(new Set(digests).size).toBe(1);
    // The state did act, once per scenario: one step of each shrank.
    for (const name of ['module-state-1', 'module-state-2', 'module-state-3']) {
      expect(byName.get(name)!.result!.steps.filter((step) => step.contentsAfter < step.contentsBefore)).toHaveLength(
        1,
      );
    }
  });
});
