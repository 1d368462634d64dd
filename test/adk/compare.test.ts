/** The comparison machinery on hand-made data: first difference, id normalisation, determinism stubs. */
import { describe, expect, it } from 'vitest';
import { compareRuns, type RunForComparison } from '../../src/adk/differential/compare-runs.ts';
import { installDeterministicEnvironment } from '../../src/adk/differential/deterministic-environment.ts';
import { firstDifference, previewValue } from '../../src/adk/differential/first-difference.ts';
import { normalizeTrace, type ComparableStep } from '../../src/adk/differential/normalize-trace.ts';
import type { SessionResult, StepRecord } from '../../src/world/session-result.ts';

describe('firstDifference', () => {
  it('finds the first differing path in key order, arrays element by element', () => {
    expect(firstDifference({ a: 1, b: [1, { c: 'x' }] }, { a: 1, b: [1, { c: 'y' }] })).toEqual({
      path: 'b[1].c',
      world: 'x',
      adk: 'y',
    });
    expect(firstDifference({ z: 1, a: 1 }, { z: 2, a: 2 })).toEqual({ path: 'a', world: 1, adk: 2 });
    expect(firstDifference([1, 2], [1, 2, 3])).toEqual({ path: '.length', world: 2, adk: 3 });
    expect(firstDifference({ a: [1] }, { a: 'x' }, 'root')).toEqual({ path: 'root.a', world: [1], adk: 'x' });
  });

  it('treats undefined members as absent, as JSON does', () => {
    expect(firstDifference({ id: undefined, x: 1 }, { x: 1 })).toBeNull();
    expect(firstDifference({ x: 1 }, { x: 1, extra: 0 })).toEqual({ path: 'extra', world: undefined, adk: 0 });
  });

  it('previews long values on one line', () => {
    expect(previewValue('a'.repeat(100), 10)).toBe(`"${'a'.repeat(8)}…`);
    expect(previewValue(undefined)).toBe('absent');
  });
});

function step(i: number, events: unknown[], callId: string): ComparableStep {
  return {
    step: i,
    turn: 0,
    label: 'user',
    pluginRequest: { contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', id: callId } }] }] },
    modelRequest: null,
    appendedEvents: events,
    stateAfter: { k: i },
  };
}

describe('normalizeTrace', () => {
  it('renames ids by first appearance and timestamps by rank', () => {
    const trace = {
      steps: [
        step(
          0,
          [
            {
              id: 'Qw8x',
              invocationId: 'e-1',
              timestamp: 500,
              content: { parts: [{ functionCall: { id: 'adk-9', name: 'f' } }] },
              longRunningToolIds: ['adk-9'],
            },
          ],
          'adk-9',
        ),
        step(
          1,
          [
            {
              id: 'Zz01',
              invocationId: 'e-1',
              timestamp: 90_000,
              content: { parts: [{ functionResponse: { id: 'adk-9', name: 'f' } }] },
            },
          ],
          'adk-9',
        ),
      ],
      events: [{ id: 'user-ev', invocationId: 'e-1', timestamp: 12 }],
    };
    const normalized = normalizeTrace(trace);
    expect(normalized.steps[0]!.appendedEvents[0]).toMatchObject({
      id: 'event#1',
      invocationId: 'invocation#1',
      timestamp: 'time#2',
      longRunningToolIds: ['call#1'],
    });
    expect(normalized.steps[1]!.appendedEvents[0]).toMatchObject({ id: 'event#2', timestamp: 'time#3' });
    expect(normalized.steps[0]!.pluginRequest).toEqual({
      contents: [{ role: 'model', parts: [{ functionCall: { name: 'f', id: 'call#1' } }] }],
    });
    expect(normalized.events[0]).toMatchObject({ id: 'event#3', timestamp: 'time#1' });
    // The input is untouched.
    expect(trace.steps[0]!.appendedEvents[0]).toMatchObject({ id: 'Qw8x', timestamp: 500 });
  });
});

function record(i: number, overrides: Partial<StepRecord> = {}): StepRecord {
  return {
    step: i,
    turn: 0,
    label: 'user',
    clock: i * 7,
    contextWindow: 8000,
    contentsBefore: 1,
    contentsAfter: 1,
    heuristicBefore: 10,
    heuristicAfter: 10,
    realBefore: 20,
    realAfter: 20,
    overflow: false,
    shortCircuited: false,
    summarizerCalls: [],
    reinjection: false,
    trimmed: false,
    compacted: false,
    cacheChurn: 0,
    uncachedTokens: 0,
    orphanCalls: 0,
    orphanResponses: 0,
    userRequestPresent: true,
    ...overrides,
  };
}

function run(records: StepRecord[], ids: string[]): RunForComparison {
  const result = {
    scenario: 's',
    seed: 1,
    totals: { llmSteps: records.length } as SessionResult['totals'],
    steps: records,
    failure: null,
    traceDigest: '',
  };
  return {
    result,
    trace: {
      steps: records.map((r, i) => step(r.step, [{ id: ids[i], timestamp: 1000 + i }], `call-${ids[i]}`)),
      events: [],
    },
  };
}

describe('compareRuns', () => {
  it('is blind to ids, timestamps and the world clock, and to nothing else', () => {
    const world = run([record(0), record(1)], ['a', 'b']);
    const adk = run([record(0, { clock: 0 }), record(1, { clock: 0 })], ['x', 'y']);
    expect(compareRuns(world, adk)).toEqual({ stepsCompared: 2, difference: null });
    const changed = run([record(0), record(1, { realAfter: 21 })], ['x', 'y']);
    expect(compareRuns(world, changed)).toEqual({
      stepsCompared: 1,
      difference: { step: 1, turn: 0, label: 'user', path: 'record.realAfter', world: 20, adk: 21 },
    });
  });

  it('reports a different number of steps after the shared ones', () => {
    const comparison = compareRuns(run([record(0), record(1)], ['a', 'b']), run([record(0)], ['a']));
    expect(comparison.stepsCompared).toBe(1);
    expect(comparison.difference).toMatchObject({ step: null, path: 'steps.length', world: 2, adk: 1 });
  });
});

describe('installDeterministicEnvironment', () => {
  it('stubs the clock (+1 ms per read), Math.random and randomUUID, and restores them', () => {
    const realNow = Date.now;
    const draw = () => {
      const restore = installDeterministicEnvironment({ seed: 42, startMs: 1000 });
      try {
        return {
          times: [Date.now(), new Date().getTime(), Date.now()],
          random: [Math.random(), Math.random()],
          uuids: [crypto.randomUUID(), crypto.randomUUID()],
        };
      } finally {
        restore();
      }
    };
    const first = draw();
    expect(first.times).toEqual([1000, 1001, 1002]);
    expect(first.uuids).toEqual(['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
    expect(first.random[0]).not.toBe(first.random[1]);
    expect(draw()).toEqual(first);
    expect(Date.now).toBe(realNow);
    expect(crypto.randomUUID()).not.toBe('00000000-0000-4000-8000-000000000001');
    expect(new Date(0).getTime()).toBe(0);
  });

  it('refuses to nest', () => {
    const restore = installDeterministicEnvironment({ seed: 1 });
    try {
      expect(() => installDeterministicEnvironment({ seed: 2 })).toThrow(/already installed/);
    } finally {
      restore();
    }
  });
});
