/**
 * --redact keeps the probes' verdicts: fact texts are redacted with the content's word map (no
 * recorded word left in them), markers and sites are kept, so on a session that compacts the
 * probe finds and loses each fact on the same steps, redacted or not.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { redactScenario } from '../../src/import/redact.ts';
import { runSession } from '../../src/world/run-session.ts';

const PACK_FILE = join(import.meta.dirname, '../../scenarios/traces/codex-rollout/agtrace-codex_session.yaml');

/**
 * A ratio token model: the redacted filler has the original's length and character kinds, so it
 * counts the same (a BPE tokenizer splits random letters into more tokens than words, which would
 * move the compaction points and make it another session).
 */
function compacting(spec: ScenarioSpec): ScenarioSpec {
  return { ...spec, session: { ...spec.session, contextWindow: 500, tokenModel: { ratio: 1 } } };
}

async function probed(spec: ScenarioSpec) {
  const scenario = loadScenarioSource(serializeScenario(spec), 's.yaml', '/');
  const result = await runSession(scenario.world, {
    strategy: await createStrategy({ name: 'threshold', baseDir: '.', options: {} }),
  });
  return {
    steps: result.steps.map((step) => ({ facts: step.facts ?? null, compacted: step.summarizerCalls.length > 0 })),
    retention: result.retention,
    markers: scenario.world.facts!.flatMap((fact) => fact.values.map((value) => value.marker)),
  };
}

describe('redacted facts', () => {
  // A real Codex session of the trace pack (goal, an edited file, two failed calls), in a window it must compact in.
  const spec = compacting(parse(readFileSync(PACK_FILE, 'utf8')) as ScenarioSpec);

  it('redacts the fact texts with the word map of the content and keeps ids and sites', () => {
    const redacted = redactScenario(spec);
    const words = new Set(spec.facts!.flatMap((fact) => fact.text.match(/[\p{L}\p{N}]{4,}/gu) ?? []));
    for (const fact of redacted.facts!) for (const word of words) expect(fact.text).not.toContain(word);
    expect(redacted.facts!.map(({ id, kind, at }) => ({ id, kind, at }))).toEqual(
      spec.facts!.map(({ id, kind, at }) => ({ id, kind, at })),
    );
    // The goal is the first user message: redacted, it is the redacted message's start.
    const goal = redacted.facts!.find((fact) => fact.kind === 'goal')!;
    const user = redacted.replay!.turns[goal.at.turn]!.user.replace(/\s+/g, ' ').trim();
    expect(user.startsWith(goal.text.replace(/^\S+ /, '').replace(/…$/, ''))).toBe(true);
  });

  it('a redacted session that compacts gets the same probe results as the original', async () => {
    const original = await probed(spec);
    const redacted = await probed(redactScenario(spec));
    expect(original.steps.some((step) => step.compacted)).toBe(true);
    const states = new Set(original.steps.flatMap((step) => Object.values(step.facts ?? {})));
    expect([...states].sort()).toEqual(['kept', 'lost', 'summary']);
    expect(redacted.markers).toEqual(original.markers);
    expect(redacted.steps).toEqual(original.steps);
    expect(redacted.retention).toEqual(original.retention);
  });
});
