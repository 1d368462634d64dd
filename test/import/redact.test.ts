/**
 * --redact: every recorded text becomes filler of the same shape (UTF-8 lengths, letter case,
 * digits, CJK share, punctuation and JSON structure, repeated words repeated), deterministic,
 * with none of the original words left; the replay keeps its calls, ids and usage.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { redactScenario } from '../../src/import/redact.ts';
import { importOk } from './helpers.ts';

const strings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  return [];
};
/** The recorded texts of a replay: user messages, response texts, arguments and results (keys included). */
const texts = (spec: ScenarioSpec): string[] =>
  spec.replay!.turns.flatMap((turn) => [
    turn.user,
    ...turn.steps.flatMap((step) => [
      step.text ?? '',
      ...(step.calls ?? []).flatMap((call) => [...strings(call.args), ...strings(call.result)]),
    ]),
  ]);
const shape = (text: string): string =>
  text
    .replace(/[a-z]/g, 'a')
    .replace(/[A-Z]/g, 'A')
    .replace(/[0-9]/g, '9')
    .replace(/[\u4e00-\u9fff]/g, '字');

describe('redactScenario', () => {
  const [spec] = importOk('openai-chat-realistic.json', 'openai-chat');
  const withCjk: ScenarioSpec = {
    ...spec!,
    replay: {
      ...spec!.replay!,
      turns: [...spec!.replay!.turns, { user: '请修复日期解析 bug 2024', steps: [{ text: '好的 ok' }] }],
    },
  };
  const redacted = redactScenario(withCjk);

  it('keeps the shape of every text and the structure of arguments and results', () => {
    const before = withCjk.replay!.turns;
    const after = redacted.replay!.turns;
    expect(after.map((t) => shape(t.user))).toEqual(before.map((t) => shape(t.user)));
    expect(after.map((t) => Buffer.byteLength(t.user))).toEqual(before.map((t) => Buffer.byteLength(t.user)));
    const call = (turns: typeof before) => turns[0]!.steps[0]!.calls![0]!;
    expect(Object.keys(call(after).args!)).toHaveLength(1);
    expect(shape(JSON.stringify(call(after).args))).toBe(shape(JSON.stringify(call(before).args)));
    expect(shape(String(call(after).result))).toBe(shape(String(call(before).result)));
    expect(call(after)).toMatchObject({ id: 'call_1', name: 'read_file' });
    expect(after[0]!.steps[0]!.usage).toEqual(before[0]!.steps[0]!.usage);
    const prompt = (x: ScenarioSpec) => (x.session!.systemPrompt as { text: string }).text;
    expect(shape(prompt(redacted))).toBe(shape(prompt(withCjk)));
    expect(prompt(redacted)).not.toBe(prompt(withCjk));
  });

  it('leaves none of the original words, repeats repeated words, and is deterministic', () => {
    const original = new Set(texts(withCjk).flatMap((text) => text.match(/[\p{L}\p{N}]{4,}/gu) ?? []));
    const left = texts(redacted)
      .flatMap((text) => text.match(/[\p{L}\p{N}]{4,}/gu) ?? [])
      .filter((word) => original.has(word));
    expect(left).toEqual([]);
    // "test_date" appears in two calls' arguments: the same filler in both.
    const patterns = redacted.replay!.turns[0]!.steps.flatMap((s) =>
      (s.calls ?? []).filter((c) => c.name === 'run_tests').map((c) => c.args!),
    );
    expect(patterns).toHaveLength(2);
    expect(patterns[0]).toEqual(patterns[1]);
    expect(redactScenario(withCjk)).toEqual(redacted);
    // A redacted scenario is still a valid one.
    expect(() => loadScenarioSource(serializeScenario(redacted), 'r.yaml', '/')).not.toThrow();
  });
});
