import { describe, expect, it } from 'vitest';
import {
  GO_SUMMARY_TEXT,
  resolveScenario,
  ruleMatches,
  ScenarioError,
  type ResolvedScenario,
  type ScenarioSpec,
} from '../../../src/harness/scenario/index.ts';
import type { WorldTurn } from '../../../src/world/world-scenario.ts';

function resolve(spec: ScenarioSpec): ResolvedScenario {
  return resolveScenario(spec, { file: 'scenarios/test/example.yaml', baseDir: '/repo/scenarios/test' });
}

const session = { contextWindow: 8000 };
const toolNames = (turn: WorldTurn) => turn.toolCalls.map((call) => call.name);
const toolSizes = (turn: WorldTurn) =>
  turn.toolCalls.map((call) => ('size' in call.response ? call.response.size : -1));

describe('resolveScenario', () => {
  it('expands repeat groups in order with session-wide indices and {i} per phase', () => {
    const { world } = resolve({
      session,
      turns: [{ repeat: 3, user: 'Turn {i}: go' }, { user: 'last {i} and {i}' }],
    });
    expect(world.turns.map((t) => t.user)).toEqual([
      { text: 'Turn 0: go' },
      { text: 'Turn 1: go' },
      { text: 'Turn 2: go' },
      { text: 'last 3 and 3' },
    ]);
    expect(world.turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
  });

  it('applies the FIRST matching rule (Go if / else-if), on the phase turn index', () => {
    const { world } = resolve({
      session,
      turns: [
        {
          repeat: 31,
          user: 'u',
          tools: [{ name: 'default', size: 1 }],
          rules: [
            { every: 10, tools: [{ name: 'ten', size: 10 }] },
            { every: 5, tools: [{ name: 'five', size: 5 }] },
            { every: 3, tools: [] },
          ],
        },
      ],
    });
    const names = world.turns.map((t) => toolNames(t).join(','));
    expect(names[0]).toBe('ten');
    expect(names[3]).toBe('');
    expect(names[5]).toBe('five');
    expect(names[10]).toBe('ten');
    expect(names[15]).toBe('five');
    expect(names[30]).toBe('ten');
    expect(names[1]).toBe('default');
    expect(names[7]).toBe('default');
  });

  it('combines adding rules: every matching one appends, after the first matching replacing rule', () => {
    // The upstream shape: tools every 6th turn and an attachment every 4th, both on turn 12.
    const { world } = resolve({
      session,
      turns: [
        {
          repeat: 13,
          user: 'u',
          tools: [{ name: 'base', size: 1 }],
          rules: [
            { every: 6, add: { tools: [{ name: 'search_{k}', repeat: 2, size: 6 }] } },
            { every: 4, add: { attachments: [{ mimeType: 'image/png', size: 40 }] } },
            { every: 3, tools: [{ name: 'three', size: 3 }] },
            { every: 2, tools: [] },
            {
              turns: [12, 12],
              add: { tools: [{ name: 'last', size: 12 }], attachments: [{ mimeType: 'application/pdf', size: 12 }] },
            },
          ],
        },
      ],
    });
    const attachments = (t: WorldTurn) => t.attachments.map((a) => `${a.mimeType}:${a.size}`);
    expect(world.turns.map((t) => toolNames(t).join(','))).toEqual([
      'three,search_1,search_2',
      'base',
      '',
      'three',
      '',
      'base',
      'three,search_1,search_2',
      'base',
      '',
      'three',
      '',
      'base',
      'three,search_1,search_2,last',
    ]);
    expect(world.turns.map((t) => attachments(t).join(','))).toEqual([
      'image/png:40',
      '',
      '',
      '',
      'image/png:40',
      '',
      '',
      '',
      'image/png:40',
      '',
      '',
      '',
      'image/png:40,application/pdf:12',
    ]);
    expect(toolSizes(world.turns[12]!)).toEqual([3, 6, 6, 12]);
  });

  it("adds after the turn's own items, so their seeded sizes do not move", () => {
    const group = { repeat: 4, user: 'u', tools: [{ name: 't', size: { min: 1, max: 1_000_000 } }] };
    const plain = resolve({ session, turns: [group] }).world.turns.map(toolSizes);
    const added = resolve({
      session,
      turns: [
        { ...group, rules: [{ even: true as const, add: { tools: [{ name: 'x', size: { min: 1, max: 9 } }] } }] },
      ],
    }).world.turns;
    expect(added.map((t) => toolSizes(t)[0])).toEqual(plain.map((sizes) => sizes[0]));
    expect(added.map((t) => toolNames(t))).toEqual([['t', 'x'], ['t'], ['t', 'x'], ['t']]);
  });

  it('matches rule conditions: every+offset, turns range, odd, even, combined with AND', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter((i) => ruleMatches({ every: 3, offset: 1 }, i))).toEqual([1, 4, 7]);
    expect([0, 1, 2, 3, 4, 5].filter((i) => ruleMatches({ turns: [2, 4] }, i))).toEqual([2, 3, 4]);
    expect([0, 1, 2, 3].filter((i) => ruleMatches({ odd: true }, i))).toEqual([1, 3]);
    expect([0, 1, 2, 3].filter((i) => ruleMatches({ even: true }, i))).toEqual([0, 2]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((i) => ruleMatches({ even: true, turns: [1, 5] }, i))).toEqual([2, 4]);
  });

  it('lets a rule override user, sequential, response and attachments', () => {
    const { world } = resolve({
      profile: 'go-compat',
      session,
      turns: [
        {
          repeat: 2,
          user: 'ok',
          rules: [
            {
              odd: true,
              user: { longMessage: 300 },
              sequential: true,
              response: 2000,
              attachments: [{ mimeType: 'image/png', size: 64 }],
              tools: [{ name: 'big_read', size: 10000 }],
            },
          ],
        },
      ],
    });
    const [even, odd] = world.turns;
    expect(even).toMatchObject({ user: { text: 'ok' }, sequential: false, attachments: [], toolCalls: [] });
    expect(odd).toMatchObject({
      user: { kind: 'go-long-message', size: 300, turn: 1 },
      sequential: true,
      modelResponse: { kind: 'go-analysis', size: 2000, turn: 1 },
      attachments: [{ mimeType: 'image/png', size: 64 }],
    });
  });

  it('expands tool_{k} repeats from 1 by default, or from `from`', () => {
    const { world } = resolve({
      session,
      turns: [
        {
          user: 'u',
          tools: [
            { name: 'tool_{k}', repeat: 3, size: 5 },
            { name: 'svc_{k}_t{i}', repeat: 2, from: 0, size: 7 },
          ],
        },
      ],
    });
    expect(toolNames(world.turns[0]!)).toEqual(['tool_1', 'tool_2', 'tool_3', 'svc_0_t0', 'svc_1_t0']);
    expect(toolSizes(world.turns[0]!)).toEqual([5, 5, 5, 7, 7]);
  });

  it('draws range sizes deterministically per seed, within bounds, and differently across seeds', () => {
    const spec = (seed: number): ScenarioSpec => ({
      seed,
      session,
      turns: [
        { repeat: 20, user: { size: { min: 100, max: 900 } }, tools: [{ name: 't', size: { min: 1000, max: 2000 } }] },
      ],
    });
    const sizes = (s: ResolvedScenario) =>
      s.world.turns.flatMap((t) => ['size' in t.user ? t.user.size : -1, ...toolSizes(t)]);
    const first = sizes(resolve(spec(1)));
    expect(sizes(resolve(spec(1)))).toEqual(first);
    expect(sizes(resolve(spec(2)))).not.toEqual(first);
    const users = first.filter((_, n) => n % 2 === 0);
    const tools = first.filter((_, n) => n % 2 === 1);
    expect(users.every((v) => v >= 100 && v <= 900)).toBe(true);
    expect(tools.every((v) => v >= 1000 && v <= 2000)).toBe(true);
    expect(new Set(tools).size).toBeGreaterThan(10);
  });

  it('keeps the sizes of existing turns when a turn is appended (per-site streams)', () => {
    const turn = { user: 'u', tools: [{ name: 't', size: { min: 1, max: 1_000_000 } }] };
    const short = resolve({ session, turns: [{ ...turn, repeat: 3 }] }).world.turns.map(toolSizes);
    const long = resolve({ session, turns: [{ ...turn, repeat: 4 }] }).world.turns.map(toolSizes);
    expect(long.slice(0, 3)).toEqual(short);
  });

  it('applies the go-compat defaults of the Go simulator', () => {
    const scenario = resolve({
      profile: 'go-compat',
      session: { ...session, systemPrompt: 500 },
      turns: [{ repeat: 2, user: { longMessage: 800 }, tools: [{ name: 'web_search', size: 1000 }] }],
    });
    const { world } = scenario;
    expect(GO_SUMMARY_TEXT).toBe(
      'Summary: conversation involved investigating issues with tools. Key decisions were made. Specific next steps identified.',
    );
    expect(Buffer.byteLength(GO_SUMMARY_TEXT, 'utf8')).toBe(120);
    // The Go simulator's mock summarizer has no window: it answers whatever it is sent (spec §10).
    expect(world.summarizer).toEqual({
      reply: 'fixed',
      text: GO_SUMMARY_TEXT,
      exceedFactor: 3,
      contextWindow: 'none',
      faults: [],
    });
    expect(world.exposeUserContent).toBe(false);
    expect(world.declareCalledTools).toBe(false);
    expect(world.agentName).toBe('test-agent');
    expect(world.systemPrompt).toEqual({ kind: 'go-system-prompt', size: 500 });
    expect(world.turns[1]!.user).toEqual({ kind: 'go-long-message', size: 800, turn: 1 });
    expect(world.turns[1]!.toolCalls[0]).toEqual({
      name: 'web_search',
      response: { kind: 'x', size: 1000 },
      responseKey: 'result',
      args: { param: 'value' },
    });
    expect(world.turns[1]!.modelResponse).toEqual({ kind: 'go-analysis', size: 120, turn: 1 });
    expect(world.phases).toEqual([
      {
        name: 'main',
        modelName: 'sim-model',
        contextWindow: 8000,
        usageMetadata: true,
        tokenModel: { kind: 'ratio', ratio: 2 },
        streamingChunks: 0,
      },
    ]);
    expect(world).toMatchObject({
      seed: 1,
      flavour: 'adk-js',
      thrash: { count: 3, withinSteps: 5 },
      maxLlmCallsPerTurn: 500,
      toolDeclarations: null,
    });
    expect(scenario.strategy).toEqual({ name: 'threshold', options: {}, baseDir: '/repo/scenarios/test' });
    expect(scenario.id).toBe('scenarios/test/example.yaml#example');
  });

  it('applies the adk defaults (the default profile)', () => {
    const { world } = resolve({
      session: { ...session, systemPrompt: 500 },
      turns: [{ user: { size: 300 }, tools: [{ name: 'search', size: 1000 }], response: 400 }],
    });
    expect(world.exposeUserContent).toBe(true);
    expect(world.declareCalledTools).toBe(true);
    expect(world.summarizer.contextWindow).toBeNull(); // a real summarizer has a window: the agent model's
    expect(world.agentName).toBe('assistant');
    expect(world.systemPrompt).toEqual({ kind: 'prose', size: 500 });
    expect(world.turns[0]).toMatchObject({
      user: { kind: 'prose', size: 300 },
      toolCalls: [{ name: 'search', response: { kind: 'json', size: 1000 }, responseKey: 'result', args: {} }],
      modelResponse: { kind: 'prose', size: 400 },
    });
    expect(world.turns[0]!.modelResponse).not.toHaveProperty('turn');
  });

  it('lets the file override profile defaults and pass explicit texts and kinds', () => {
    const { world } = resolve({
      profile: 'go-compat',
      session: {
        ...session,
        agentName: 'a',
        exposeUserContent: true,
        declareCalledTools: true,
        systemPrompt: { text: 'Be brief.' },
      },
      summarizer: {
        reply: 'exceed',
        exceedFactor: 5,
        contextWindow: 4000,
        text: 'S',
        faults: [
          { kind: 'error', calls: [1, 2] },
          { kind: 'timeout', calls: 'all' },
        ],
      },
      thrash: { count: 2, withinSteps: 3 },
      flavour: 'adk-go',
      strategy: { name: 'sliding_window', options: { maxTurns: 10 } },
      turns: [
        {
          user: { text: 'hi {i}' },
          tools: [{ name: 't', text: 'done {k}', responseKey: 'out', args: { q: 1 } }],
          response: { size: 50, kind: 'cjk' },
        },
      ],
    });
    expect(world).toMatchObject({
      agentName: 'a',
      exposeUserContent: true,
      declareCalledTools: true,
      flavour: 'adk-go',
      thrash: { count: 2, withinSteps: 3 },
    });
    expect(world.systemPrompt).toEqual({ text: 'Be brief.' });
    expect(world.summarizer).toEqual({
      reply: 'exceed',
      text: 'S',
      exceedFactor: 5,
      contextWindow: 4000,
      faults: [
        { kind: 'error', calls: [1, 2] },
        { kind: 'timeout', calls: 'all' },
      ],
    });
    expect(world.turns[0]).toMatchObject({
      user: { text: 'hi 0' },
      toolCalls: [{ name: 't', response: { text: 'done 1' }, responseKey: 'out', args: { q: 1 } }],
      modelResponse: { kind: 'cjk', size: 50 },
    });
  });

  it('resolves phases: settings override the session, {i} restarts, models switch', () => {
    const { world } = resolve({
      session: { model: 'gpt-4o', tokenModel: { ratio: 2 }, streaming: 1 },
      phases: [
        { name: 'first', usageMetadata: false, turns: [{ repeat: 2, user: 'P1 {i}' }] },
        {
          name: 'second',
          model: 'small',
          contextWindow: 16000,
          tokenModel: { tokenizer: 'o200k_base' },
          streaming: 0,
          turns: [{ repeat: 2, user: 'P2 {i}' }],
        },
      ],
    });
    expect(world.phases).toEqual([
      {
        name: 'first',
        modelName: 'gpt-4o',
        contextWindow: 128_000,
        usageMetadata: false,
        tokenModel: { kind: 'ratio', ratio: 2 },
        streamingChunks: 1,
      },
      {
        name: 'second',
        modelName: 'small',
        contextWindow: 16000,
        usageMetadata: true,
        tokenModel: { kind: 'tiktoken', encoding: 'o200k_base' },
        streamingChunks: 0,
      },
    ]);
    expect(world.turns.map((t) => [t.index, t.phase, t.user])).toEqual([
      [0, 0, { text: 'P1 0' }],
      [1, 0, { text: 'P1 1' }],
      [2, 1, { text: 'P2 0' }],
      [3, 1, { text: 'P2 1' }],
    ]);
  });

  it("uses a known model's registry window for a phase that switches to it", () => {
    const { world } = resolve({
      session: { model: 'small', contextWindow: 8000 },
      phases: [
        { name: 'a', turns: [{ user: 'x' }] },
        { name: 'b', model: 'o3', turns: [{ user: 'y' }] },
      ],
    });
    expect(world.phases.map((p) => p.contextWindow)).toEqual([8000, 200_000]);
  });

  it('validates specs handed in directly (the fuzzer path)', () => {
    const bad = { session, turns: [{ user: 'x', tools: [{ name: 't', size: -1 }] }] } as unknown as ScenarioSpec;
    expect(() => resolve(bad)).toThrow(ScenarioError);
    expect(() => resolve(bad)).toThrow('turns[0].tools[0].size: expected a non-negative integer, got -1');
    expect(() => resolve({ session, thrash: { count: 6 }, turns: [{ user: 'x' }] })).toThrow(
      'thrash: count (6) must not exceed withinSteps (5)',
    );
  });
});
