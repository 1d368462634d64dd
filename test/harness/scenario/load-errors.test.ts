import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario, loadScenarioSource, ScenarioError } from '../../../src/harness/scenario/index.ts';
import { LOGS } from '../../import/helpers.ts';

/** Loads `source` as `file` and returns the ScenarioError it must throw. */
function errorOf(source: string, file = 'bad/scenario.yaml'): ScenarioError {
  try {
    loadScenarioSource(source, file, '/tmp');
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

const MINIMAL = 'session: { contextWindow: 8000 }\nturns:\n  - user: hi\n';

describe('scenario load errors', () => {
  it('accepts a minimal valid file (the baseline the bad cases differ from)', () => {
    expect(loadScenarioSource(MINIMAL, 'ok.yaml', '/tmp').world.turns).toHaveLength(1);
  });

  it('supports YAML anchors and merge keys for shared turn templates', () => {
    const source =
      'session: { contextWindow: 8000 }\nturns:\n  - &base { user: hi, tools: [ { name: t, size: 5 } ] }\n  - { <<: *base, user: bye }\n';
    const turns = loadScenarioSource(source, 'ok.yaml', '/tmp').world.turns;
    expect(turns.map((t) => [t.user, t.toolCalls.length])).toEqual([
      [{ text: 'hi' }, 1],
      [{ text: 'bye' }, 1],
    ]);
  });

  it('names an unknown field with its line and a suggestion', () => {
    const error = errorOf(
      'session: { contextWindow: 8000 }\nturns:\n  - user: hi\n    tools:\n      - { name: a, sise: 30 }\n',
    );
    expect(error.code).toBe('SIM_SCENARIO_INVALID');
    expect(error.message).toBe(
      "bad/scenario.yaml:5:20: turns[0].tools[0].sise: unknown field 'sise' (did you mean 'size'?)",
    );
  });

  it('resolves session.provider (its limit and refusal) and locates a bad refusal status', () => {
    const source =
      'session:\n  contextWindow: 32768\n  provider:\n    limit: 8192\n    refusal: { status: 400, message: "too big ({prompt} > {limit})" }\nturns:\n  - user: hi\n';
    const world = loadScenarioSource(source, 'ok.yaml', '/tmp').world;
    expect(world.provider).toEqual({ limit: 8192, refusal: { status: 400, message: 'too big ({prompt} > {limit})' } });
    expect(loadScenarioSource(MINIMAL, 'ok.yaml', '/tmp').world.provider).toBeUndefined();
    const error = errorOf(source.replace('status: 400', 'status: 200'));
    expect(error.code).toBe('SIM_SCENARIO_INVALID');
    expect(error.message).toMatch(
      /^bad\/scenario\.yaml:5:\d+: session\.provider\.refusal\.status: expected an HTTP status from 400 to 599/,
    );
    const errors =
      'session:\n  contextWindow: 32768\n  provider:\n    errors:\n      - { call: 2, status: 500, message: boom }\n      - { call: 2, status: 500, message: again }\nturns:\n  - user: hi\n';
    expect(errorOf(errors).message).toMatch(/:6:\d+: session\.provider\.errors\[1\]\.call: call 2 is listed twice/);
    expect(
      loadScenarioSource(
        errors.replace('call: 2, status: 500, message: again', 'call: 3, status: 503, message: again'),
        'ok.yaml',
        '/tmp',
      ).world.provider,
    ).toEqual({
      errors: [
        { call: 2, status: 500, message: 'boom' },
        { call: 3, status: 503, message: 'again' },
      ],
    });
    expect(errorOf(source.replace('limit: 8192', 'limit: 0')).message).toMatch(
      /:4:\d+: session\.provider\.limit: expected a positive integer/,
    );
  });

  it('lists the allowed fields when nothing is close', () => {
    const error = errorOf(`${MINIMAL}zebra: 1\n`);
    expect(error.message).toMatch(
      /:4:1: zebra: unknown field 'zebra' \(allowed: \$schema, name, description, seed, profile/,
    );
  });

  it('reports a wrong type in plain words with what it got', () => {
    const error = errorOf('session: { contextWindow: "8k" }\nturns:\n  - user: hi\n');
    expect(error.message).toBe("bad/scenario.yaml:1:12: session.contextWindow: expected a positive integer, got '8k'");
  });

  it('reports a negative size at its field path', () => {
    const error = errorOf(`${MINIMAL}    tools:\n      - name: read\n        size: -5\n`);
    expect(error.message).toBe(
      'bad/scenario.yaml:6:9: turns[0].tools[0].size: expected a non-negative integer, got -5',
    );
    expect(error.issues[0]).toMatchObject({ path: ['turns', 0, 'tools', 0, 'size'], line: 6 });
  });

  it('rejects a range whose min is above its max', () => {
    const error = errorOf(`${MINIMAL}    tools: [ { name: read, size: { min: 900, max: 100 } } ]\n`);
    expect(error.message).toContain('turns[0].tools[0].size: min (900) must not be greater than max (100)');
    expect(error.issues[0]!.line).toBe(4);
  });

  it('points a file still using knownLimitation at the accept list that replaced it', () => {
    const error = errorOf(`${MINIMAL}expect:\n  knownLimitation: the provider hides usage\n`);
    expect(error.message).toMatch(
      /^bad\/scenario\.yaml:5:3: expect\.knownLimitation: 'knownLimitation' was replaced by the top-level 'accept' list: accept: \[\{ strategy: <name>, property: no-overflow/,
    );
  });

  it('reads accept entries: a strategy, a universal property, a reason and the steps it was recorded at', () => {
    const scenario = loadScenarioSource(
      `${MINIMAL}accept:\n  - strategy: threshold\n    property: no-thrash\n    reason: the provider hides usage\n    steps: "2-4, 7"\n`,
      'ok.yaml',
      '/tmp',
    );
    expect(scenario.accept).toEqual([
      { strategy: 'threshold', property: 'no-thrash', reason: 'the provider hides usage', steps: [2, 3, 4, 7] },
    ]);
  });

  it('refuses malformed steps, an unknown rule, and a rule mixed with its own fields, naming each', () => {
    const error = errorOf(
      `${MINIMAL}accept:\n  - strategy: threshold\n    property: no-thrash\n    reason: r\n    steps: "2..4"\n  - rule: nope\n    steps: "1"\n  - rule: go-compat-continuation-without-user-content\n    reason: mine\n    steps: "1"\n`,
    );
    expect(error.message).toContain(`accept[0].steps: '2..4': expected step numbers and ranges`);
    expect(error.message).toContain(
      `accept[1].rule: unknown acceptance rule 'nope' (known: go-compat-continuation-without-user-content, `,
    );
    expect(error.message).toContain(
      `accept[2].reason: 'reason' comes from rule 'go-compat-continuation-without-user-content'`,
    );
  });

  it('refuses an accept entry for an integrity property, or without a reason', () => {
    const error = errorOf(
      `${MINIMAL}accept:\n  - strategy: threshold\n    property: session-completes\n  - strategy: mine\n    property: no-loop\n`,
    );
    expect(error.message).toContain('accept[0].property: expected one of');
    expect(error.message).toContain('accept[1].reason');
  });

  it('refuses summarizerInputFits under go-compat, whose summarizer has no window unless the file gives one', () => {
    const error = errorOf(`profile: go-compat\n${MINIMAL}expect:\n  summarizerInputFits: true\n`);
    expect(error.message).toMatch(
      /^bad\/scenario\.yaml:6:3: expect\.summarizerInputFits: the go-compat profile's summarizer has no window of its own .*set summarizer\.contextWindow, or drop summarizerInputFits$/,
    );
    const windowed = loadScenarioSource(
      `profile: go-compat\nsummarizer: { contextWindow: 4000 }\n${MINIMAL}expect:\n  summarizerInputFits: true\n`,
      'ok.yaml',
      '/tmp',
    );
    expect(windowed.world.summarizer.contextWindow).toBe(4000);
  });

  it('requires contextWindow for a model the registry does not know', () => {
    const error = errorOf('session:\n  model: small-model\nturns:\n  - user: hi\n');
    expect(error.code).toBe('SIM_SCENARIO_INVALID');
    expect(error.message).toMatch(
      /^bad\/scenario\.yaml:1:1: session\.contextWindow: missing contextWindow: 'small-model' is not a well-known model ID/,
    );
  });

  it('takes the window of a well-known model from the engine registry', () => {
    const scenario = loadScenarioSource('session:\n  model: gpt-4o\nturns:\n  - user: hi\n', 'ok.yaml', '/tmp');
    expect(scenario.world.phases[0]!.contextWindow).toBe(128_000);
  });

  it('requires the window of a phase that switches to an unknown model', () => {
    const error = errorOf(
      'session: { model: gpt-4o }\nphases:\n  - name: a\n    turns: [ { user: hi } ]\n  - name: b\n    model: tiny\n    turns: [ { user: hi } ]\n',
    );
    expect(error.message).toMatch(/:5:5: phases\[1\]\.contextWindow: missing contextWindow: 'tiny'/);
  });

  it('reports a YAML syntax error with its line and column', () => {
    const error = errorOf('turns:\n  - user: [1\n  - user: x\n');
    expect(error.code).toBe('SIM_SCENARIO_PARSE');
    expect(error.message).toMatch(/^bad\/scenario\.yaml:3:3: syntax error: /);
    expect(error.message).not.toContain('\n');
  });

  it('reports strict-JSON syntax errors in .json files with a line', () => {
    const error = errorOf('{\n  "turns": [ { "user": "x", } ]\n}', 'bad/scenario.json');
    expect(error.code).toBe('SIM_SCENARIO_PARSE');
    expect(error.message).toMatch(/^bad\/scenario\.json:2:\d+: syntax error: /);
  });

  it('locates issues in JSON files too', () => {
    const error = errorOf(
      '{\n  "session": { "contextWindow": 8000 },\n  "turns": [ { "user": "x", "tols": [] } ]\n}',
      'bad/s.json',
    );
    expect(error.message).toBe("bad/s.json:3:29: turns[0].tols: unknown field 'tols' (did you mean 'tools'?)");
  });

  it('lists every problem of a file, in file order, one per line', () => {
    const error = errorOf(
      'profile: go-compatt\nsession: { contextWindow: 0 }\nturns:\n  - user: { longMesage: 3 }\n    repeat: 0\n',
    );
    expect(error.message.split('\n')).toEqual([
      'bad/scenario.yaml: 4 problems',
      "  bad/scenario.yaml:1:1: profile: expected one of 'go-compat', 'adk', got 'go-compatt' (did you mean 'go-compat'?)",
      '  bad/scenario.yaml:2:12: session.contextWindow: expected a positive integer, got 0',
      "  bad/scenario.yaml:4:13: turns[0].user.longMesage: unknown field 'longMesage' (did you mean 'longMessage'?)",
      '  bad/scenario.yaml:5:5: turns[0].repeat: expected a positive integer, got 0',
    ]);
    expect(error.issues).toHaveLength(4);
  });

  it('reports a missing required field and a file with neither turns nor phases', () => {
    expect(errorOf('session: { contextWindow: 8000 }\nturns:\n  - repeat: 2\n').message).toBe(
      "bad/scenario.yaml:3:5: turns[0].user: missing required field 'user'",
    );
    expect(errorOf('session: { contextWindow: 8000 }\n').message).toBe(
      "bad/scenario.yaml:1:1: (top level): expected exactly one of 'turns', 'phases' or 'sessions'",
    );
  });

  it('explains a value of the wrong shape for a union field', () => {
    expect(errorOf('session: { contextWindow: 8000 }\nturns:\n  - user: [a, b]\n').message).toBe(
      'bad/scenario.yaml:3:5: turns[0].user: expected a user message: a string, { longMessage }, { size, kind } or { text }, got a list of 2',
    );
  });

  it('rejects rules without a condition and bad rule combinations', () => {
    const error = errorOf(
      `${MINIMAL}    rules:\n      - { tools: [] }\n      - { odd: true, even: true }\n      - { offset: 2, turns: [5, 3] }\n`,
    );
    expect(error.issues.map((i) => i.message)).toEqual([
      'a rule needs a condition: every, turns, odd or even',
      "'odd' and 'even' exclude each other",
      "'offset' needs 'every'",
      'first turn (5) must not be after last (3)',
    ]);
  });

  it('rejects a rule that both replaces and adds, an empty add and a field add cannot append', () => {
    const error = errorOf(
      `${MINIMAL}    rules:\n      - { every: 2, user: x, tools: [], add: { tools: [ { name: t, size: 3 } ] } }\n      - { every: 3, add: {} }\n      - { every: 4, add: { user: x } }\n`,
    );
    expect(error.issues.map((i) => `${i.line}:${i.column} ${i.message}`)).toEqual([
      '5:41 a rule either replaces fields (user, tools) or adds to the turn (add), not both: split it into two rules',
      '6:21 expected tools, attachments or both to add to the turn',
      "7:28 unknown field 'user' (allowed: tools, attachments)",
    ]);
    expect(error.message).toContain('turns[0].rules[0].add: a rule either replaces fields');
  });

  it('says the file is empty', () => {
    expect(errorOf('# nothing here\n').message).toBe(
      'bad/scenario.yaml: the file is empty: expected a scenario (name, session, turns, expect, ...)',
    );
  });

  it('says in one sentence that a recorded session is no scenario, and how to import it, instead of an error per field', () => {
    const hint = 'a recorded session? Import it: compaction-sim import <file> --from <format> (see import --help)';
    const atif = readFileSync(join(LOGS, 'atif-realistic.json'), 'utf8');
    expect(errorOf(atif, 'mine/trajectory.json').message).toBe(
      `mine/trajectory.json: not a scenario: none of its fields (schema_version, session_id, agent, steps, final_metrics) is a scenario's (name, session, turns, ...): ${hint}`,
    );
    expect(errorOf('[{ "role": "user", "content": "hi" }]', 'mine/messages.json').message).toBe(
      `mine/messages.json: expected a scenario (an object: name, session, turns, ...), got a list: ${hint}`,
    );
    // One scenario field among unknown ones is a scenario with typos: each is named, as before.
    expect(errorOf(`${MINIMAL}zebra: 1\nsteps: []\n`).message).toMatch(
      /zebra: unknown field 'zebra'[\s\S]*steps: unknown field 'steps'/,
    );
  });

  describe('on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-errors-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('throws SIM_SCENARIO_NOT_FOUND for a missing file', async () => {
      const error = await loadScenario(join(dir, 'nope.yaml'), { cwd: dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as ScenarioError).code).toBe('SIM_SCENARIO_NOT_FOUND');
      expect((error as ScenarioError).message).toBe('nope.yaml: no such file');
    });

    it('names the file relative to the working directory', async () => {
      writeFileSync(join(dir, 'typo.yaml'), 'sesion: {}\nturns: [ { user: x } ]\n');
      const error = await loadScenario(join(dir, 'typo.yaml'), { cwd: dir }).catch((e: unknown) => e);
      expect((error as ScenarioError).message).toBe(
        "typo.yaml:1:1: sesion: unknown field 'sesion' (did you mean 'session'?)",
      );
    });
  });
});
