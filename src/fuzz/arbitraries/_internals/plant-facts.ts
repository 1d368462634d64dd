/**
 * A generated spec with its drafted facts planted at sites of the built session (issue 29): the
 * goal in the first user message that has text, constraints in later user messages, artifacts in
 * tool results and written again in later ones, a decision and the plan in model answers, an error
 * in a tool result fixed in a model answer from then on. Only sites that exist and keep the
 * session as generated: never an empty user message (adk-go replaces those with a nudge, a
 * feature of its own); never turns 0 and 1 when a threshold anchor sized them to the byte
 * (cold-threshold.ts, warm-threshold.ts), so the anchors still land where they were aimed.
 */
import type { FactSpec } from '../../../harness/scenario/facts-schema.ts';
import { resolveScenario } from '../../../harness/scenario/resolve-scenario.ts';
import type { ScenarioSpec } from '../../../harness/scenario/scenario-schema.ts';
import type { TextSpec, WorldTurn } from '../../../world/world-scenario.ts';
import type { FactsDraft } from './drafts.ts';

type Site = FactSpec['at'];

export function plantFacts(spec: ScenarioSpec, draft: FactsDraft, anchored: boolean): ScenarioSpec {
  const turns = resolveScenario(spec, { file: 'fuzz-case.yaml', baseDir: '.' }).world.turns;
  const from = anchored ? 2 : 0;
  const users: Site[] = [];
  const tools: Site[] = [];
  const answers: Site[] = [];
  turns.forEach((turn, index) => {
    if (index < from) return;
    if (hasText(turn.user)) users.push({ turn: index, in: 'user' });
    turn.toolCalls.forEach((_, call) => tools.push({ turn: index, in: 'tool', call }));
    if (turn.unanswered !== true && hasText(turn.modelResponse)) answers.push({ turn: index, in: 'response' });
  });
  const facts: FactSpec[] = [];
  const add = (id: string, kind: FactSpec['kind'], values: readonly { text: string; at: Site }[]): void => {
    const [first, ...later] = values;
    if (first !== undefined)
      facts.push({
        id,
        kind,
        text: first.text,
        at: first.at,
        ...(later.length === 0 ? {} : { updates: later.map((v) => ({ text: v.text, at: v.at })) }),
      });
  };
  if (draft.goal && users.length > 0)
    add('goal', 'goal', [{ text: 'Goal: make the nightly export job finish under ten minutes', at: users[0]! }]);
  draft.constraints.forEach((at, k) => {
    const site = pick(users, at);
    if (site !== undefined)
      add(`constraint-${k + 1}`, 'constraint', [
        { text: `Constraint ${k + 1}: never modify lib/frozen-${k + 1}.ts`, at: site },
      ]);
  });
  draft.artifacts.forEach((artifact, k) => {
    const start = index(tools, artifact.at);
    if (start === undefined) return;
    const sites = [tools[start]!, ...spread(tools.slice(start + 1), artifact.updates)];
    add(
      `artifact-${k + 1}`,
      'artifact',
      sites.map((at, n) => ({
        text: `src/module-${k + 1}.ts edit ${n + 1}: revision ${n + 1} of module ${k + 1}`,
        at,
      })),
    );
  });
  if (draft.decision !== null) {
    const start = index(answers, draft.decision.at);
    if (start !== undefined) {
      // Reversed half-way through the answers that follow it.
      const reversal = draft.decision.reversed ? pick(answers.slice(start + 1), 50) : undefined;
      add('decision', 'decision', [
        { text: 'Decision: batch the export by tenant', at: answers[start]! },
        ...(reversal === undefined
          ? []
          : [{ text: 'Decision reversed: stream the export in one pass, batching doubled the memory', at: reversal }]),
      ]);
    }
  }
  if (draft.error !== null) {
    const site = pick(tools, draft.error);
    if (site !== undefined) {
      const fix = answers.find((answer) => answer.turn >= site.turn);
      add('error', 'error', [
        { text: 'Error: export.test.ts fails: expected 120 rows, got 0', at: site },
        ...(fix === undefined
          ? []
          : [{ text: 'Fixed: export.test.ts passes after the tenant filter was removed', at: fix }]),
      ]);
    }
  }
  const plan = spread(answers, draft.nextSteps);
  add(
    'next-step',
    'next-step',
    plan.map((at, n) => ({ text: `Next: step ${n + 1} of the plan, check the export timing again`, at })),
  );
  return facts.length === 0 ? spec : { ...spec, facts };
}

function hasText(text: TextSpec | null | undefined): boolean {
  if (text === null || text === undefined) return false;
  return 'text' in text ? text.text !== '' : text.size > 0;
}

/** The index at `percent` of `sites` (undefined when there are none). */
function index(sites: readonly Site[], percent: number): number | undefined {
  if (sites.length === 0) return undefined;
  return Math.min(sites.length - 1, Math.floor((percent / 100) * sites.length));
}

function pick(sites: readonly Site[], percent: number): Site | undefined {
  const at = index(sites, percent);
  return at === undefined ? undefined : sites[at];
}

/** `count` sites of `sites` spread evenly from the first to the last, in order, each once. */
function spread(sites: readonly Site[], count: number): Site[] {
  if (sites.length === 0 || count <= 0) return [];
  const n = Math.min(count, sites.length);
  const chosen = new Set<number>();
  for (let k = 0; k < n; k += 1) chosen.add(n === 1 ? 0 : Math.round((k * (sites.length - 1)) / (n - 1)));
  return [...chosen].sort((a, b) => a - b).map((i) => sites[i]!);
}
