import { describe, expect, it } from 'vitest';
import { loadScenarioSource, ScenarioError } from '../../../src/harness/scenario/index.ts';

function errorOf(source: string): ScenarioError {
  try {
    loadScenarioSource(source, 'bad/facts.yaml', '/tmp');
  } catch (error) {
    if (error instanceof ScenarioError) return error;
    throw error;
  }
  throw new Error('expected a ScenarioError');
}

const TURNS = [
  'session: { contextWindow: 8000 }',
  'turns:',
  '  - user: "Migrate billing"',
  '    tools: [ { name: read_file, size: 100 }, { name: edit_file, size: 50 } ]',
  '  - repeat: 3',
  '    user: "go on {i}"',
].join('\n');

const GOOD = `${TURNS}
facts:
  - id: goal
    kind: goal
    text: "Goal: move billing to Postgres"
    at: { turn: 0, in: user }
  - id: db
    kind: artifact
    text: "src/db.ts: pool of 10"
    at: { turn: 0, in: tool, call: 1 }
    updates:
      - { text: "src/db.ts: pool of 20", at: { turn: 2, in: response } }
`;

describe('facts in scenario files', () => {
  it('resolves each value at its site with a seeded, unique marker', () => {
    const world = loadScenarioSource(GOOD, 'ok.yaml', '/tmp').world;
    expect(world.facts?.map((fact) => [fact.id, fact.kind, fact.values.map((value) => value.site)])).toEqual([
      ['goal', 'goal', [{ turn: 0, in: 'user' }]],
      [
        'db',
        'artifact',
        [
          { turn: 0, in: 'tool', call: 1 },
          { turn: 2, in: 'response' },
        ],
      ],
    ]);
    const markers = world.facts!.flatMap((fact) => fact.values.map((value) => value.marker));
    expect(new Set(markers).size).toBe(3);
    for (const marker of markers) expect(marker).toMatch(/^FACT-[0-9A-Z]{8}$/);
    // Same seed, same markers; another seed, others.
    expect(loadScenarioSource(GOOD, 'ok.yaml', '/tmp').world.facts).toEqual(world.facts);
    const other = loadScenarioSource(`seed: 9\n${GOOD}`, 'ok.yaml', '/tmp').world.facts!;
    expect(other[0]!.values[0]!.marker).not.toBe(markers[0]);
  });

  it('a scenario without facts resolves exactly as before (no facts field)', () => {
    expect('facts' in loadScenarioSource(TURNS, 'ok.yaml', '/tmp').world).toBe(false);
  });

  it('places a turn that does not exist on its line', () => {
    const error = errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: goal, text: x, at: { turn: 9, in: user } }\n`);
    expect(error.message).toContain('bad/facts.yaml:8:');
    expect(error.message).toContain('facts[0].at.turn: expected a turn of the session (0 to 3), got 9');
  });

  it('refuses a tool call the turn does not make, and a tool site without a call', () => {
    expect(
      errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: goal, text: x, at: { turn: 1, in: tool, call: 0 } }\n`).message,
    ).toContain('facts[0].at.call: expected a tool call of turn 1, which has no tool calls, got 0');
    expect(
      errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: goal, text: x, at: { turn: 0, in: tool, call: 2 } }\n`).message,
    ).toContain('which has tool calls 0 to 1, got 2');
    expect(
      errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: goal, text: x, at: { turn: 0, in: tool } }\n`).message,
    ).toContain("facts[0].at.call: 'in: tool' needs 'call'");
  });

  it('refuses an update that does not come after the value it supersedes', () => {
    const error = errorOf(
      `${TURNS}\nfacts:\n  - id: d\n    kind: decision\n    text: "use REST"\n    at: { turn: 2, in: user }\n    updates:\n      - { text: "use gRPC", at: { turn: 1, in: response } }\n`,
    );
    expect(error.message).toContain(
      'facts[0].updates[0].at: expected an update after the value it supersedes (turn 2, user), got turn 1, response',
    );
  });

  it('refuses duplicate ids, unknown kinds, multi-line texts and a bad retention bound', () => {
    expect(
      errorOf(
        `${TURNS}\nfacts:\n  - { id: g, kind: goal, text: x, at: { turn: 0, in: user } }\n  - { id: g, kind: goal, text: y, at: { turn: 1, in: user } }\n`,
      ).message,
    ).toContain("facts[1].id: duplicate fact id 'g'");
    expect(
      errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: wish, text: x, at: { turn: 0, in: user } }\n`).message,
    ).toContain(
      "facts[0].kind: expected one of 'goal', 'constraint', 'artifact', 'decision', 'error', 'next-step', got 'wish'",
    );
    expect(
      errorOf(`${TURNS}\nfacts:\n  - { id: g, kind: goal, text: "a\\nb", at: { turn: 0, in: user } }\n`).message,
    ).toContain('expected one line');
    expect(errorOf(`${TURNS}\nexpect: { retention: { goal: "about 1" } }\n`).message).toContain(
      'expect.retention.goal:',
    );
    expect(
      loadScenarioSource(`${TURNS}\nexpect: { retention: { goal: 1, artifact: ">= 0.9" } }\n`, 'ok.yaml', '/tmp').expect
        .retention,
    ).toEqual({ goal: 1, artifact: '>= 0.9' });
  });

  describe('need: forgetting has a price', () => {
    const fact = (need: string, at = '{ turn: 0, in: tool, call: 1 }') =>
      `${TURNS}\nfacts:\n  - { id: db, kind: artifact, text: "src/db.ts: pool of 10", at: ${at}, need: ${need} }\n`;

    it('defaults the recovery to the call that carried the newest value, again, three attempts at most', () => {
      const world = loadScenarioSource(fact('{ turn: 2 }'), 'ok.yaml', '/tmp').world;
      expect(world.facts?.[0]?.need).toEqual({
        turn: 2,
        tool: 'edit_file',
        args: world.turns[0]!.toolCalls[1]!.args,
        responseKey: world.turns[0]!.toolCalls[1]!.responseKey,
        attempts: 3,
      });
    });

    it('takes a named tool with its arguments and attempts', () => {
      const world = loadScenarioSource(
        fact('{ turn: 3, tool: read_file, args: { path: src/db.ts }, attempts: 1 }'),
        'ok.yaml',
        '/tmp',
      ).world;
      expect(world.facts?.[0]?.need).toMatchObject({
        turn: 3,
        tool: 'read_file',
        args: { path: 'src/db.ts' },
        attempts: 1,
      });
    });

    it('refuses a need before or at the newest value, past the session, a fact from a message without a tool, and bad attempts', () => {
      expect(errorOf(fact('{ turn: 0 }')).message).toContain(
        "facts[0].need.turn: expected a turn after the fact's newest value (turn 0, tool call 1), got 0",
      );
      expect(errorOf(fact('{ turn: 7 }')).message).toContain(
        'facts[0].need.turn: expected a turn of the session (0 to 3), got 7',
      );
      expect(errorOf(fact('{ turn: 2 }', '{ turn: 0, in: user }')).message).toContain(
        "facts[0].need: expected 'tool': the fact's newest value is planted in a user message (turn 0, user)",
      );
      expect(errorOf(fact('{ turn: 2, attempts: 0 }')).message).toContain(
        'facts[0].need.attempts: expected an integer from 1 to 8',
      );
      expect(errorOf(fact('{ turn: 2, tool: "9x" }')).message).toContain('facts[0].need.tool: expected a tool name');
    });
  });
});
