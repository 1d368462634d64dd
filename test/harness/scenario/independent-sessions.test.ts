/**
 * `sessions:`: several independent sessions in one file (upstream tests that call
 * simulateSession more than once). Each resolves to its own scenario, plays from nothing and is
 * reported on its own; bad files get located errors.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thresholdStrategy } from '../../../src/engine/strategies/threshold.ts';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import {
  loadScenario,
  loadScenarioFileSource,
  loadScenarios,
  loadScenarioSource,
  resolveScenario,
  resolveScenarios,
  ScenarioError,
  type ScenarioSpec,
} from '../../../src/harness/scenario/index.ts';
import { runSession } from '../../../src/world/index.ts';

const options = { file: 'scenarios/test/late.yaml', baseDir: '/repo/scenarios/test' };

const TWO_SESSIONS: ScenarioSpec = {
  name: 'late',
  description: 'shared description',
  profile: 'go-compat',
  seed: 7,
  session: { model: 'custom-model', contextWindow: 8000, systemPrompt: 300 },
  strategy: { name: 'threshold', options: { maxCompactionAttempts: 2 } },
  sessions: [
    {
      name: 'first',
      session: { usageMetadata: false, tokenModel: { ratio: 2 } },
      turns: [{ repeat: 3, user: 'First {i}', tools: [{ name: 'tool', size: 4000 }] }],
    },
    {
      name: 'second',
      description: 'its own description',
      session: { tokenModel: { ratio: 2.5 } },
      phases: [
        { name: 'a', turns: [{ repeat: 2, user: 'Second {i}', tools: [{ name: 'tool', size: 6000 }] }] },
        { name: 'b', usageMetadata: false, turns: [{ user: 'Last {i}' }] },
      ],
      expect: { compactedSteps: { min: 1 } },
    },
  ],
  expect: { noOverflow: true },
};

/** The ScenarioError `fn` throws. */
function errorOf(fn: () => unknown): ScenarioError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

const fileError = (source: string) =>
  errorOf(() => loadScenarioFileSource(source, 'bad/sessions.yaml', '/tmp')).message;

describe('independent sessions: resolution', () => {
  const [first, second] = resolveScenarios(TWO_SESSIONS, options);

  it('gives one scenario per session, named and identified "<scenario>/<session>"', () => {
    expect(resolveScenarios(TWO_SESSIONS, options).map((s) => [s.id, s.name])).toEqual([
      ['scenarios/test/late.yaml#late/first', 'late/first'],
      ['scenarios/test/late.yaml#late/second', 'late/second'],
    ]);
    expect(first!.world.name).toBe('late/first');
  });

  it("shares the file's fields; a session's `session` and `expect` fields override the file's one by one", () => {
    expect(first!.world.phases).toEqual([
      {
        name: 'main',
        modelName: 'custom-model',
        contextWindow: 8000,
        usageMetadata: false,
        tokenModel: { kind: 'ratio', ratio: 2 },
        streamingChunks: 0,
      },
    ]);
    expect(second!.world.phases.map((p) => [p.name, p.contextWindow, p.usageMetadata, p.tokenModel])).toEqual([
      ['a', 8000, true, { kind: 'ratio', ratio: 2.5 }],
      ['b', 8000, false, { kind: 'ratio', ratio: 2.5 }],
    ]);
    for (const s of [first!, second!]) {
      expect(s.world).toMatchObject({
        seed: 7,
        agentName: 'test-agent',
        systemPrompt: { kind: 'go-system-prompt', size: 300 },
      });
      expect(s.strategy).toEqual({
        name: 'threshold',
        options: { maxCompactionAttempts: 2 },
        baseDir: '/repo/scenarios/test',
      });
    }
    expect(first!.expect).toEqual({ noOverflow: true });
    expect(second!.expect).toEqual({ noOverflow: true, compactedSteps: { min: 1 } });
    expect([first!.description, second!.description]).toEqual(['shared description', 'its own description']);
  });

  it("numbers each session's turns from 0, as a file of its own", () => {
    expect(first!.world.turns.map((t) => [t.index, t.phase, t.user])).toEqual([
      [0, 0, { text: 'First 0' }],
      [1, 0, { text: 'First 1' }],
      [2, 0, { text: 'First 2' }],
    ]);
    expect(second!.world.turns.map((t) => [t.index, t.phase, t.user])).toEqual([
      [0, 0, { text: 'Second 0' }],
      [1, 0, { text: 'Second 1' }],
      [2, 1, { text: 'Last 0' }],
    ]);
  });

  it('resolves each session exactly as the same session written as a file of its own', () => {
    const { sessions: _sessions, ...shared } = TWO_SESSIONS;
    const alone = resolveScenario(
      {
        ...shared,
        name: 'late/second',
        description: 'its own description',
        session: { ...shared.session, tokenModel: { ratio: 2.5 } },
        phases: TWO_SESSIONS.sessions![1]!.phases!,
        expect: { noOverflow: true, compactedSteps: { min: 1 } },
      },
      options,
    );
    expect(second).toEqual(alone);
  });

  it('a file without `sessions` is one scenario, as before', () => {
    expect(
      resolveScenarios({ session: { contextWindow: 8000 }, turns: [{ user: 'hi' }] }, options).map((s) => s.id),
    ).toEqual(['scenarios/test/late.yaml#late']);
  });

  it('resolveScenario and loadScenario want exactly one session and say how to load several', () => {
    expect(errorOf(() => resolveScenario(TWO_SESSIONS, options)).message).toBe(
      'scenarios/test/late.yaml: sessions: expected one session, got 2 independent sessions: load the file with loadScenarios',
    );
    const source =
      'session: { contextWindow: 8000 }\nsessions:\n  - { name: a, turns: [ { user: hi } ] }\n  - { name: b, turns: [ { user: hi } ] }\n';
    expect(errorOf(() => loadScenarioSource(source, 'two.yaml', '/tmp')).message).toBe(
      'two.yaml: sessions: expected one session, got 2 independent sessions: load the file with loadScenarios',
    );
  });
});

describe('independent sessions: errors name the file, line and field', () => {
  const MINIMAL_SESSION = '  - name: a\n    turns: [ { user: hi } ]\n';

  it('turns or phases and sessions exclude each other; one of them is required', () => {
    expect(fileError(`session: { contextWindow: 8000 }\nturns:\n  - user: hi\nsessions:\n${MINIMAL_SESSION}`)).toBe(
      "bad/sessions.yaml:2:1: turns: 'turns' and 'sessions' exclude each other: give each session its own turns",
    );
    expect(fileError('session: { contextWindow: 8000 }\n')).toBe(
      "bad/sessions.yaml:1:1: (top level): expected exactly one of 'turns', 'phases' or 'sessions'",
    );
    expect(fileError('session: { contextWindow: 8000 }\nsessions:\n  - name: a\n')).toBe(
      "bad/sessions.yaml:3:5: sessions[0]: expected exactly one of 'turns' or 'phases'",
    );
  });

  it('session names are unique, and an unknown field gets a suggestion', () => {
    expect(fileError(`session: { contextWindow: 8000 }\nsessions:\n${MINIMAL_SESSION}${MINIMAL_SESSION}`)).toBe(
      "bad/sessions.yaml:5:5: sessions[1].name: duplicate session name 'a'",
    );
    expect(
      fileError(
        'session: { contextWindow: 8000 }\nsessions:\n  - name: a\n    sesion: { usageMetadata: false }\n    turns: [ { user: hi } ]\n',
      ),
    ).toBe("bad/sessions.yaml:4:5: sessions[0].sesion: unknown field 'sesion' (did you mean 'session'?)");
  });

  it("a session can relax the file's expect, and shares its accept list", () => {
    const [first, second] = loadScenarioFileSource(
      `session: { contextWindow: 8000 }\nsessions:\n${MINIMAL_SESSION}    expect:\n      noOverflow: false\n  - name: b\n    turns: [ { user: hi } ]\n` +
        'expect:\n  noOverflow: true\n  noLoop: true\naccept:\n  - { strategy: threshold, property: no-thrash, reason: why }\n',
      'ok.yaml',
      '/tmp',
    );
    expect([first!.expect, second!.expect]).toEqual([
      { noOverflow: false, noLoop: true },
      { noOverflow: true, noLoop: true },
    ]);
    for (const s of [first!, second!])
      expect(s.accept).toEqual([
        { strategy: 'threshold', property: 'no-thrash', reason: 'why', steps: null, sharedBySessions: true },
      ]);
  });

  it('resolution problems are placed in the session that causes them', () => {
    // A session on another model does not inherit the file's window (as a phase that switches models).
    expect(
      fileError(
        'session: { contextWindow: 8000 }\nsessions:\n  - name: a\n    session:\n      model: tiny\n    turns: [ { user: hi } ]\n',
      ),
    ).toMatch(
      /^bad\/sessions\.yaml:4:5: sessions\[0\]\.session\.contextWindow: missing contextWindow: 'tiny' is not a well-known model ID/,
    );
    expect(
      fileError(
        `profile: go-compat\nsession: { contextWindow: 8000 }\nsessions:\n${MINIMAL_SESSION}    expect: { summarizerInputFits: true }\n`,
      ),
    ).toMatch(
      /^bad\/sessions\.yaml:6:15: sessions\[0\]\.expect\.summarizerInputFits: the go-compat profile's summarizer has no window/,
    );
    // A limit of the whole session belongs to that session.
    expect(
      fileError(
        `session: { contextWindow: 8000 }\nsessions:\n${MINIMAL_SESSION}  - name: big\n    turns: [ { repeat: 100000, user: hi }, { user: bye } ]\n`,
      ),
    ).toBe('bad/sessions.yaml:5:5: sessions[1]: the scenario has 100001 turns: expected at most 100000');
    // A shared field stays where it is, reported once for all the sessions that use it.
    const twoSessions = `${MINIMAL_SESSION}  - name: b\n    turns: [ { user: hi } ]\n`;
    expect(fileError(`session: { model: tiny }\nsessions:\n${twoSessions}`)).toMatch(
      /^bad\/sessions\.yaml:1:1: session\.contextWindow: missing contextWindow: 'tiny'[^\n]*$/,
    );
  });
});

describe('independent sessions: playing and reporting', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'independent-sessions-'));
    // go-compat hides the user content, so threshold loses the request after a compaction: an
    // acceptance names that, and each session's verdict is its expectations' (the acceptance is shared).
    writeFileSync(
      join(dir, 'two.yaml'),
      [
        'name: two',
        'profile: go-compat',
        'session: { contextWindow: 8000, systemPrompt: 300 }',
        'sessions:',
        '  - name: long',
        '    turns: [ { repeat: 6, user: { size: 1500 }, tools: [ { name: read, size: 2500 } ] } ]',
        '  - name: short',
        '    turns: [ { repeat: 2, user: { size: 1500 }, tools: [ { name: read, size: 2500 } ] } ]',
        '    expect: { summarizations: { max: 0 } }',
        'expect: { noOverflow: true }',
        'accept: [ { strategy: threshold, property: user-request-preserved, reason: "go-compat: ContextGuard quotes only the user content it is not shown", steps: "6-7" } ]',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'short-alone.yaml'),
      [
        'name: two/short',
        'profile: go-compat',
        'session: { contextWindow: 8000, systemPrompt: 300 }',
        'turns: [ { repeat: 2, user: { size: 1500 }, tools: [ { name: read, size: 2500 } ] } ]',
        'expect: { noOverflow: true, summarizations: { max: 0 } }',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads every session of a file, and refuses loadScenario for it', async () => {
    expect((await loadScenarios(['two.yaml'], { cwd: dir })).map((s) => s.id)).toEqual([
      'two.yaml#two/long',
      'two.yaml#two/short',
    ]);
    expect((await loadScenarios(['two.yaml'], { cwd: dir, filter: 'short' })).map((s) => s.name)).toEqual([
      'two/short',
    ]);
    await expect(loadScenario(join(dir, 'two.yaml'), { cwd: dir })).rejects.toThrow(/expected one session, got 2/);
  });

  it('plays a later session from nothing: the same figures as the session alone in its own file', async () => {
    const [long, short] = await loadScenarios(['two.yaml'], { cwd: dir });
    const [alone] = await loadScenarios(['short-alone.yaml'], { cwd: dir });
    const longRun = await runSession(long!.world, { strategy: thresholdStrategy() });
    expect(longRun.totals.summarizations).toBeGreaterThan(0); // state a shared session would carry over
    const shortRun = await runSession(short!.world, { strategy: thresholdStrategy() });
    const aloneRun = await runSession(alone!.world, { strategy: thresholdStrategy() });
    expect(shortRun.totals).toEqual(aloneRun.totals);
    expect(shortRun.steps).toEqual(aloneRun.steps);
    expect(shortRun.totals.summarizations).toBe(0);
  });

  it('reports each session on its own row with its own figures and verdict, also when reseeded', async () => {
    for (const seed of [undefined, 3]) {
      const run = await runSuite({ paths: ['two.yaml'], cwd: dir, jobs: 1, timeoutMs: 60_000, seed });
      expect(run.allIds).toEqual(['two.yaml#two/long', 'two.yaml#two/short']);
      const rows = run.outcomes.map((o) => [
        o.scenario.name,
        o.result?.totals.turns,
        o.result!.totals.summarizations > 0,
        o.failures,
      ]);
      expect(rows).toEqual([
        ['two/long', 6, true, []],
        ['two/short', 2, false, []],
      ]);
      if (seed !== undefined) expect(run.outcomes.every((o) => o.scenario.world.seed === seed)).toBe(true);
    }
  });
});
