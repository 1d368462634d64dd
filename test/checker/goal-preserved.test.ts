import { describe, expect, it } from 'vitest';
import { goalPreserved } from '../../src/checker/properties/goal-preserved.ts';
import { prepareRequestFloor } from '../../src/checker/infeasibility/measure-floor.ts';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { checkExpectations } from '../../src/harness/scenario/expectations.ts';
import type { ResolvedScenario } from '../../src/harness/scenario/resolved-scenario.ts';
import type { WorldFact } from '../../src/world/facts/fact-types.ts';
import { runSession } from '../../src/world/run-session.ts';
import type { WorldScenario } from '../../src/world/world-scenario.ts';
import { noopStrategy, scenario } from '../world/helpers/world-fixtures.ts';

const GOAL: WorldFact = {
  id: 'goal',
  kind: 'goal',
  values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2 of the billing service', marker: 'FACT-AAAAAAAA' }],
};
const RULE: WorldFact = {
  id: 'rule',
  kind: 'constraint',
  values: [{ site: { turn: 1, in: 'user' }, text: 'Never push to main', marker: 'FACT-BBBBBBBB' }],
};
const FILE: WorldFact = {
  id: 'file',
  kind: 'artifact',
  values: [{ site: { turn: 1, in: 'response' }, text: 'a.ts: v1', marker: 'FACT-CCCCCCCC' }],
};

/** Sends only the latest content: every earlier fact is dropped. */
const latestOnly: CompactionStrategy = {
  name: 'latest-only',
  compact(_ctx, request) {
    request.contents = request.contents.slice(-1);
  },
};

function world(contextWindow = 100_000): WorldScenario {
  return scenario({
    facts: [GOAL, RULE, FILE],
    turnInputs: [{ user: 'start' }, { user: 'go on' }, { user: 'and now?' }],
    phase: { contextWindow },
  });
}

function resolved(w: WorldScenario, expect: ResolvedScenario['expect']): ResolvedScenario {
  return {
    id: 't',
    file: 't.yaml',
    name: 't',
    description: '',
    world: w,
    strategy: { name: 'x', options: {}, baseDir: '.' },
    expect,
    accept: [],
    reproduces: [],
  };
}

describe('goal-preserved', () => {
  it('holds when every goal and constraint reaches every later request (an artifact may go)', async () => {
    const w = world();
    await prepareRequestFloor(w);
    expect(goalPreserved.check(w, await runSession(w, { strategy: noopStrategy }))).toBeNull();
  });

  it('fails at the first request without the goal, naming it', async () => {
    const w = world();
    await prepareRequestFloor(w);
    const found = goalPreserved.check(w, await runSession(w, { strategy: latestOnly }));
    expect(found?.message).toBe("step 1 (turn 1, user) sent a request without the session's goal 'goal' lost");
    expect(found?.infeasible).toBeNull();
  });

  it('is excused only when the user message, the goal and constraints cannot fit the window', async () => {
    // A window smaller than the system instruction + message + goal statement: nothing could carry it.
    const w = world(12);
    await prepareRequestFloor(w);
    const found = goalPreserved.check(w, await runSession(w, { strategy: latestOnly }));
    expect(found?.infeasible?.reason).toBe('goal-over-window');
  });

  it('is vacuous without goal or constraint facts', async () => {
    const w = scenario({ facts: [FILE], turnInputs: [{ user: 'a' }, { user: 'b' }, { user: 'c' }] });
    expect(goalPreserved.check(w, await runSession(w, { strategy: latestOnly }))).toBeNull();
  });
});

describe('expect.retention and expect.goalPreserved', () => {
  it("checks each kind's share on the last request, with a bound or a minimum, naming what was lost", async () => {
    const w = world();
    const result = await runSession(w, { strategy: latestOnly });
    expect(checkExpectations(resolved(w, { retention: { goal: 1 } }), result).map((f) => f.message)).toEqual([
      'retention: goal 0/1 retained on the last request (0), expected >= 1 (goal lost since step 1)',
    ]);
    expect(checkExpectations(resolved(w, { retention: { artifact: '<= 0.5' } }), result)).toEqual([]);
    expect(checkExpectations(resolved(w, { retention: { decision: 1 } }), result).map((f) => f.message)).toEqual([
      'retention: no decision fact was probed (none planted, or the session ended before one was), expected >= 1',
    ]);
    expect(
      checkExpectations(
        resolved(w, { retention: { goal: 1, constraint: '== 1' } }),
        await runSession(w, { strategy: noopStrategy }),
      ),
    ).toEqual([]);
  });

  it('goalPreserved: true is strict', async () => {
    const w = world();
    expect(
      checkExpectations(resolved(w, { goalPreserved: true }), await runSession(w, { strategy: latestOnly })).map(
        (f) => f.expectation,
      ),
    ).toEqual(['goalPreserved']);
  });
});
