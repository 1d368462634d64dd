/**
 * --redact keeps a session's token counts under its own BPE tokenizer, not only its lengths:
 * each word's filler is built from vocabulary words and chosen for the same count in the contexts
 * the word is read in. With random letters (the filler before), a real session's requests grew by
 * two thirds under o200k_base and compacted where the original never did; the bar here is the
 * issue's ±5 % for a request size, on real sessions of the trace pack replayed with no compaction.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { redactScenario } from '../../src/import/redact.ts';
import { loadTokenShape } from '../../src/import/redact-vocabulary.ts';
import { runSession } from '../../src/world/run-session.ts';

const PACK = join(import.meta.dirname, '../../scenarios/traces');
// Three formats: a Claude Code transcript, a SWE-agent trajectory (code and shell output), an ADK session.
const FILES = [
  'claude-code/spotter-tool_heavy.yaml',
  'swe-agent/marshmallow-1867__function_calling.yaml',
  'adk-session/adk-python-flow_complex_spark.yaml',
];

function packSpec(file: string): ScenarioSpec {
  const spec = parse(readFileSync(join(PACK, file), 'utf8')) as ScenarioSpec & { accept?: unknown };
  const { accept: _accept, ...rest } = spec;
  // Room for every request: the sizes compared are the requests as recorded, none compacted.
  return { ...rest, session: { ...rest.session, contextWindow: 1_000_000 } };
}

/** The real tokens of every request the session sends, with a strategy that never compacts. */
async function requestTokens(spec: ScenarioSpec): Promise<number[]> {
  const scenario = loadScenarioSource(serializeScenario(spec), 's.yaml', '/');
  const result = await runSession(scenario.world, { strategy: { name: 'no-compaction', compact() {} } });
  return result.steps.map((step) => step.realAfter);
}

describe('redaction keeps the token shape', () => {
  it.each(FILES)('%s: every request within 5 percent of the original under o200k_base', async (file) => {
    const shape = await loadTokenShape('o200k_base');
    const spec = packSpec(file);
    expect(spec.session?.tokenModel?.tokenizer).toBe('o200k_base');
    const original = await requestTokens(spec);
    const shaped = await requestTokens(redactScenario(spec, shape));
    const random = await requestTokens(redactScenario(spec));
    expect(shaped).toHaveLength(original.length);
    const off = (sizes: number[]) => sizes.filter((size, i) => Math.abs(size / original[i]! - 1) > 0.05).length;
    expect(off(shaped)).toBe(0);
    // The check tells the two apart: random letters miss the bar on most requests.
    expect(off(random)).toBeGreaterThan(original.length / 2);
  });

  it('is deterministic, and a recorded word survives only where a random vocabulary word happens to equal it', async () => {
    const shape = await loadTokenShape('o200k_base');
    const spec = packSpec(FILES[0]!);
    const redacted = redactScenario(spec, shape);
    expect(serializeScenario(redactScenario(spec, shape))).toBe(serializeScenario(redacted));
    // Punctuation and lengths are kept, so the words of the two line up one to one.
    const words = (value: unknown) => JSON.stringify(value).match(/[\p{L}\p{N}]{4,}/gu) ?? [];
    const texts = (s: ScenarioSpec) =>
      s.replay!.turns.map((turn) => [
        turn.user,
        turn.steps.map((step) => [step.text, step.calls?.map((call) => [call.args, call.result])]),
      ]);
    const before = words(texts(spec));
    const after = words(texts(redacted));
    expect(after).toHaveLength(before.length);
    const same = before.filter((word, i) => after[i] === word).length;
    expect(before.length).toBeGreaterThan(500);
    expect(same / before.length).toBeLessThan(0.01);
  });
});
