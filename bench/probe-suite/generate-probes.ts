/**
 * Writes scenarios/probes/: sessions shaped like real coding-agent work, with planted facts
 * (issue 29). Six parameterised shapes (feature, debug, refactor, review, migration, ci-fix), six
 * variants each (seed, window, length, how often files are edited): long tool chains editing
 * files, files edited again, decisions reversed, errors hit and fixed, the goal stated once at
 * the start and constraints stated mid-way. The files are committed; this script regenerates
 * them, and test/harness/probe-suite.test.ts checks they are what it writes, up to their `accept:`
 * blocks: those name only `threshold`'s documented limitations (harness/scenario/acceptance-rules.ts)
 * at the steps the seed shows them, added by hand and pinned with `npm run accept:record`. Every
 * other strategy is judged with no tolerance, and the gate's baseline pins each verdict.
 *
 *   npx tsx bench/probe-suite/generate-probes.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';

export interface ProbeShape {
  readonly name: string;
  readonly description: string;
  readonly goal: string;
  readonly constraints: readonly string[];
  readonly files: readonly string[];
  /** What an edit did, by file and edit number. */
  readonly edit: (file: string, n: number) => string;
  readonly errors: readonly { readonly error: string; readonly fix: string }[];
  readonly decisions: readonly { readonly first: string; readonly reversed: string }[];
  readonly nextSteps: readonly string[];
  /** Bytes of the big tool output of the shape (logs for debug and ci-fix, code otherwise). */
  readonly bigOutput: { readonly kind: 'code' | 'logs' | 'json'; readonly min: number; readonly max: number };
}

export interface ProbeVariant {
  readonly seed: number;
  readonly contextWindow: number;
  readonly turns: number;
  /** A read-edit-test chain every `editEvery` turns. */
  readonly editEvery: number;
}

const SHAPES: readonly ProbeShape[] = [
  {
    name: 'feature',
    description:
      'Add a feature across several files: reads, sequential read-edit-test chains, a failing test fixed, an API decision reversed.',
    goal: 'Goal: add CSV export to the invoices page, downloadable from the toolbar, for all invoice states',
    constraints: [
      'Constraint: keep the public REST API unchanged; add new endpoints only',
      'Constraint: no new npm dependencies; use the streaming writer we already have',
    ],
    files: [
      'src/invoices/export.ts',
      'src/invoices/toolbar.tsx',
      'src/api/routes.ts',
      'test/invoices/export.test.ts',
      'src/lib/csv.ts',
    ],
    edit: (file, n) =>
      `${file} edit ${n + 1}: ${['created with exportInvoices(rows)', 'added column headers and date formatting', 'streams rows in pages of 500'][n % 3]}`,
    errors: [
      {
        error: 'Error: export.test.ts fails: expected 3 rows, got 0 (rows filtered by state=draft)',
        fix: 'Fixed: export.test.ts passes after removing the draft-only filter in exportInvoices',
      },
    ],
    decisions: [
      {
        first: 'Decision: export on the server via GET /invoices/export.csv',
        reversed: 'Decision reversed: export in the browser from the loaded rows (server endpoint dropped)',
      },
    ],
    nextSteps: [
      'Next: wire the toolbar button to exportInvoices',
      'Next: add a test for quoted commas in customer names',
      'Next: update the changelog and open the pull request',
    ],
    bigOutput: { kind: 'code', min: 1500, max: 6000 },
  },
  {
    name: 'debug',
    description:
      'Hunt a production bug through long logs: errors planted in log output, fixed later; the plan changes as evidence comes in.',
    goal: 'Goal: find why checkout requests time out after 30 s under load and fix it',
    constraints: [
      'Constraint: do not restart the production database',
      'Constraint: every fix must come with a regression test',
    ],
    files: ['src/checkout/session.ts', 'src/db/pool.ts', 'config/production.yaml'],
    edit: (file, n) =>
      `${file} edit ${n + 1}: ${['pool size raised from 10 to 40', 'connection released in finally block', 'timeout lowered to 5 s with retry'][n % 3]}`,
    errors: [
      {
        error: 'Error: pool exhausted: 10/10 connections busy, 212 waiting (db/pool.ts:88)',
        fix: 'Fixed: pool exhaustion gone once session.ts releases its connection in finally',
      },
      {
        error: 'Error: deadlock detected on table orders (tx 4411 vs 4412)',
        fix: 'Fixed: deadlock avoided by locking orders before payments in both paths',
      },
    ],
    decisions: [
      {
        first: 'Decision: suspect the payment gateway; add tracing around it',
        reversed: 'Decision reversed: the gateway is fine; the leak is in our connection handling',
      },
    ],
    nextSteps: [
      'Next: reproduce the timeout with the load script at 200 rps',
      'Next: confirm the fix under load and watch pool metrics',
      'Next: write the incident note with the root cause',
    ],
    bigOutput: { kind: 'logs', min: 3000, max: 9000 },
  },
  {
    name: 'refactor',
    description: 'A refactor that edits many files, most of them twice or more: the artifact trail is the hard part.',
    goal: 'Goal: replace the hand-written event bus with typed EventEmitter subclasses across the app',
    constraints: [
      'Constraint: keep every existing event name so plugins keep working',
      'Constraint: each commit must build and pass tests on its own',
    ],
    files: [
      'src/events/bus.ts',
      'src/events/types.ts',
      'src/cart/cart.ts',
      'src/user/session.ts',
      'src/plugins/loader.ts',
      'src/analytics/track.ts',
      'test/events/bus.test.ts',
    ],
    edit: (file, n) =>
      `${file} edit ${n + 1}: ${['moved to typed emitter', 'handlers typed and renamed', 'old bus import removed'][n % 3]}`,
    errors: [
      {
        error: "Error: tsc: Property 'payload' does not exist on type 'CartEvent' (cart.ts:57)",
        fix: "Fixed: CartEvent carries payload after adding the generic to TypedEmitter<'cart'>",
      },
    ],
    decisions: [
      {
        first: 'Decision: one emitter per domain (cart, user, analytics)',
        reversed: 'Decision reversed: one emitter with a typed event map, per-domain emitters were too many imports',
      },
    ],
    nextSteps: [
      'Next: migrate src/cart to the typed emitter',
      'Next: migrate the plugin loader and run the plugin tests',
      'Next: delete src/events/bus.ts once nothing imports it',
    ],
    bigOutput: { kind: 'code', min: 2000, max: 7000 },
  },
  {
    name: 'review',
    description:
      'Review a pull request file by file: comments decided and revised, a constraint from the author mid-way.',
    goal: 'Goal: review pull request 1842 (rate limiter rewrite) and leave actionable comments',
    constraints: [
      'Constraint: the author asks to keep the sliding-window algorithm; review only its implementation',
      'Constraint: block the merge on any missing test for the burst path',
    ],
    files: ['review/ratelimit.ts.md', 'review/redis-store.ts.md', 'review/middleware.ts.md'],
    edit: (file, n) =>
      `${file} comment ${n + 1}: ${['off-by-one in window start', 'TTL not refreshed on hit', 'missing test for burst of 100'][n % 3]}`,
    errors: [
      {
        error: 'Error: the PR CI fails: ratelimit.test.ts times out after 10 s (fake timers not advanced)',
        fix: 'Fixed: suggested advancing fake timers by the window; the author pushed it and CI is green',
      },
    ],
    decisions: [
      {
        first: 'Decision: request changes on the Redis store (TTL bug)',
        reversed: 'Decision reversed: approve the Redis store, the TTL is refreshed in the Lua script',
      },
    ],
    nextSteps: [
      'Next: read middleware.ts and check the headers it sets',
      'Next: check the burst test the author added',
      'Next: submit the review with the verdict',
    ],
    bigOutput: { kind: 'code', min: 2000, max: 8000 },
  },
  {
    name: 'migration',
    description:
      'A database migration with long sequential chains, a schema decision reversed, and constraints from ops mid-way.',
    goal: 'Goal: migrate the billing service from MySQL to Postgres without downtime',
    constraints: [
      'Constraint: never push to main; open a pull request for every step',
      'Constraint: the cut-over must happen inside the Sunday 02:00-04:00 window',
    ],
    files: ['migrations/0001_schema.sql', 'src/db/connection.ts', 'src/billing/repository.ts', 'scripts/backfill.ts'],
    edit: (file, n) =>
      `${file} edit ${n + 1}: ${['written for Postgres 16', 'numeric(12,2) for amounts', 'dual-write behind a flag'][n % 3]}`,
    errors: [
      {
        error: 'Error: backfill fails: invalid input syntax for type timestamp: "0000-00-00 00:00:00"',
        fix: 'Fixed: backfill maps zero dates to NULL before insert',
      },
      {
        error: 'Error: sequence invoices_id_seq behind max(id) after backfill',
        fix: 'Fixed: setval on invoices_id_seq to max(id)+1 after the backfill',
      },
    ],
    decisions: [
      {
        first: 'Decision: use logical replication for the cut-over',
        reversed: 'Decision reversed: dual writes plus backfill; logical replication needs a superuser we do not have',
      },
    ],
    nextSteps: [
      'Next: run the migration dry-run against staging',
      'Next: enable dual writes for 10% of tenants',
      'Next: schedule the cut-over and the rollback plan',
    ],
    bigOutput: { kind: 'json', min: 1500, max: 6000 },
  },
  {
    name: 'ci-fix',
    description:
      'Fix a red CI pipeline: long logs, several errors fixed one after another, the plan changes with each run.',
    goal: 'Goal: get the main branch CI green again (lint, unit tests and the e2e job)',
    constraints: ['Constraint: do not skip or quarantine any test', 'Constraint: keep Node 20 as the minimum version'],
    files: ['.github/workflows/ci.yml', 'package.json', 'test/e2e/login.spec.ts'],
    edit: (file, n) =>
      `${file} edit ${n + 1}: ${['cache key includes the lockfile hash', 'eslint pinned to 9.12.0', 'waits for the login redirect'][n % 3]}`,
    errors: [
      {
        error: 'Error: lint: 14 errors from @typescript-eslint/no-floating-promises after the eslint upgrade',
        fix: 'Fixed: lint green after awaiting the 14 promises (no rule disabled)',
      },
      {
        error: 'Error: e2e login.spec.ts flaky: element #dashboard not found within 5000 ms',
        fix: 'Fixed: login.spec.ts waits for the /dashboard redirect instead of a fixed timeout',
      },
    ],
    decisions: [
      {
        first: 'Decision: pin eslint to the previous major until the rules are fixed',
        reversed: 'Decision reversed: stay on the new eslint and fix the code',
      },
    ],
    nextSteps: [
      'Next: re-run the lint job after the eslint pin',
      'Next: fix the flaky e2e login test',
      'Next: re-run the full pipeline twice to confirm it is stable',
    ],
    bigOutput: { kind: 'logs', min: 3000, max: 10000 },
  },
];

const VARIANTS: readonly ProbeVariant[] = [
  { seed: 11, contextWindow: 16_000, turns: 30, editEvery: 3 },
  { seed: 12, contextWindow: 24_000, turns: 40, editEvery: 3 },
  { seed: 13, contextWindow: 32_000, turns: 48, editEvery: 4 },
  { seed: 14, contextWindow: 20_000, turns: 36, editEvery: 2 },
  { seed: 15, contextWindow: 32_000, turns: 60, editEvery: 3 },
  { seed: 16, contextWindow: 48_000, turns: 56, editEvery: 4 },
];

/** The first turn is the goal's; chains run on turns 1, 1+editEvery, …; the rest read and grep. */
function editTurns(variant: ProbeVariant): number[] {
  const turns: number[] = [];
  for (let t = 1; t < variant.turns; t += variant.editEvery) turns.push(t);
  return turns;
}

/** Spread `count` picks over `list` (deterministic, evenly spaced). */
function spread<T>(list: readonly T[], count: number, from = 0): T[] {
  const picks: T[] = [];
  for (let i = 0; i < count; i += 1)
    picks.push(list[Math.min(list.length - 1, from + Math.floor(((i + 0.5) * (list.length - from)) / count))]!);
  return picks;
}

type Site = { turn: number; in: 'user' | 'response' } | { turn: number; in: 'tool'; call: number };
interface FactEntry {
  id: string;
  kind: string;
  text: string;
  at: Site;
  updates?: { text: string; at: Site }[];
  need?: { turn: number; tool: string; args: Record<string, unknown> };
}

/**
 * `forgetting`: forgetting has a price. Each file's latest state is needed a third of the session
 * after its last edit (when a compaction has usually run), and an agent that no longer has it
 * re-reads the file (`read_file` with its path), as coding agents do after a compaction.
 */
export function probeScenario(
  shape: ProbeShape,
  variant: ProbeVariant,
  index: number,
  forgetting = false,
): Record<string, unknown> {
  const chains = editTurns(variant);
  const plain = Array.from({ length: variant.turns }, (_, t) => t).filter((t) => t > 0 && !chains.includes(t));
  const facts: FactEntry[] = [{ id: 'goal', kind: 'goal', text: shape.goal, at: { turn: 0, in: 'user' } }];
  // Constraints stated mid-way, in user messages of plain turns.
  shape.constraints.forEach((text, c) => {
    const turn = plain[Math.floor(((c + 1) * plain.length) / (shape.constraints.length + 2))]!;
    facts.push({ id: `constraint-${c + 1}`, kind: 'constraint', text, at: { turn, in: 'user' } });
  });
  // Each file edited in chains (edit_file is call 1), again in later chains: rotation over the files.
  const edits = new Map<string, number[]>();
  chains.forEach((turn, n) => {
    const file = shape.files[(n + index) % shape.files.length]!;
    edits.set(file, [...(edits.get(file) ?? []), turn]);
  });
  for (const [file, turns] of edits) {
    const [first, ...later] = turns;
    const needTurn = Math.min(variant.turns - 1, turns[turns.length - 1]! + Math.floor(variant.turns / 3));
    const need =
      forgetting && needTurn > turns[turns.length - 1]!
        ? { need: { turn: needTurn, tool: 'read_file', args: { path: file } } }
        : {};
    facts.push({
      id: `artifact-${file.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`,
      kind: 'artifact',
      text: shape.edit(file, 0),
      at: { turn: first!, in: 'tool', call: 1 },
      ...(later.length === 0
        ? {}
        : {
            updates: later.map((turn, n) => ({
              text: shape.edit(file, n + 1),
              at: { turn, in: 'tool' as const, call: 1 },
            })),
          }),
      ...need,
    });
  }
  // Errors show in a chain's test run (call 2) and are fixed in the answer a few turns later.
  const errorTurns = spread(chains, shape.errors.length, 1);
  shape.errors.forEach((error, e) => {
    const turn = errorTurns[e]!;
    facts.push({
      id: `error-${e + 1}`,
      kind: 'error',
      text: error.error,
      at: { turn, in: 'tool', call: 2 },
      updates: [{ text: error.fix, at: { turn: Math.min(variant.turns - 1, turn + 2), in: 'response' } }],
    });
  });
  // Decisions in the model's answers, reversed a third of the session later.
  shape.decisions.forEach((decision, d) => {
    const turn = Math.floor(variant.turns / 5) + d;
    facts.push({
      id: `decision-${d + 1}`,
      kind: 'decision',
      text: decision.first,
      at: { turn, in: 'response' },
      updates: [{ text: decision.reversed, at: { turn: turn + Math.floor(variant.turns / 3), in: 'response' } }],
    });
  });
  // The plan: the next step written in an answer, replaced twice.
  const planTurns = [Math.floor(variant.turns / 4), Math.floor(variant.turns / 2), Math.floor((3 * variant.turns) / 4)];
  facts.push({
    id: 'next-step',
    kind: 'next-step',
    text: shape.nextSteps[0]!,
    at: { turn: planTurns[0]!, in: 'response' },
    updates: shape.nextSteps
      .slice(1)
      .map((text, n) => ({ text, at: { turn: planTurns[n + 1]!, in: 'response' as const } })),
  });
  const big = { size: { min: shape.bigOutput.min, max: shape.bigOutput.max }, kind: shape.bigOutput.kind };
  return {
    $schema: '../scenario.schema.json',
    name: forgetting ? `forget-${shape.name}-${index + 1}` : `${shape.name}-${index + 1}`,
    description: `${shape.description}${forgetting ? ' Forgetting has a price: each file is needed a third of the session after its last edit, and re-read when the request lacks it.' : ''} ${variant.turns} turns in a ${variant.contextWindow / 1000}k window, a read-edit-test chain every ${variant.editEvery} turns. Generated by bench/probe-suite/generate-probes.ts.`,
    seed: variant.seed,
    profile: 'adk',
    session: {
      model: `coder-${variant.contextWindow / 1000}k`,
      contextWindow: variant.contextWindow,
      systemPrompt: { size: 2000, kind: 'prose' },
    },
    summarizer: { reply: 'honour' },
    turns: [
      {
        user: `I need your help with this. ${shape.goal.replace(/^Goal: /, '')}.`,
        tools: [
          { name: 'list_files', size: 600, kind: 'logs' },
          { name: 'read_file', ...big },
        ],
      },
      {
        repeat: variant.turns - 1,
        user: 'Turn {i}: carry on; tell me what you change and why.',
        tools: [
          { name: 'read_file', ...big },
          { name: 'grep', size: { min: 300, max: 1500 }, kind: 'logs' },
        ],
        response: { size: { min: 200, max: 800 }, kind: 'prose' },
        rules: [
          {
            every: variant.editEvery,
            offset: 1,
            sequential: true,
            tools: [
              { name: 'read_file', ...big },
              { name: 'edit_file', size: 300, kind: 'json' },
              { name: 'run_tests', size: { min: 1500, max: 5000 }, kind: 'logs' },
            ],
          },
        ],
      },
    ],
    facts,
  };
}

/** The shapes and variants whose sessions also put a price on forgetting (`forget-*.yaml`). */
const FORGETTING: readonly { readonly shape: string; readonly variant: number }[] = [
  { shape: 'feature', variant: 0 },
  { shape: 'refactor', variant: 1 },
  { shape: 'migration', variant: 3 },
];

export function probeSuite(): { readonly file: string; readonly scenario: Record<string, unknown> }[] {
  const plain = SHAPES.flatMap((shape) =>
    VARIANTS.map((variant, v) => ({ file: `${shape.name}-${v + 1}.yaml`, scenario: probeScenario(shape, variant, v) })),
  );
  const forgetting = FORGETTING.map(({ shape: name, variant: v }) => {
    const shape = SHAPES.find((s) => s.name === name)!;
    return { file: `forget-${name}-${v + 1}.yaml`, scenario: probeScenario(shape, VARIANTS[v]!, v, true) };
  });
  return [...plain, ...forgetting];
}

export function probeYaml(scenario: Record<string, unknown>): string {
  return `# Generated by bench/probe-suite/generate-probes.ts: edit the generator, not this file.\n${stringify(scenario, { lineWidth: 0, aliasDuplicateObjects: false })}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = join(fileURLToPath(new URL('../../scenarios/probes', import.meta.url)));
  mkdirSync(dir, { recursive: true });
  for (const { file, scenario } of probeSuite()) writeFileSync(join(dir, file), probeYaml(scenario));
  console.log(`wrote ${probeSuite().length} probe scenarios to ${dir}`);
}
