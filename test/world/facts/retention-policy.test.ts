import { describe, expect, it } from 'vitest';
import type { FactKind, WorldFact } from '../../../src/world/facts/fact-types.ts';
import { factStatement } from '../../../src/world/facts/fact-types.ts';
import { factMarker } from '../../../src/world/facts/fact-marker.ts';
import { askedKinds, retainedFactLines, type RetentionInput } from '../../../src/world/facts/retention-policy.ts';
import { SUMMARIZE_SYSTEM_PROMPT } from '../../../src/engine/summary/summarize-system-prompt.ts';

const taken = new Set<string>();
function fact(id: string, kind: FactKind, ...texts: string[]): WorldFact {
  return {
    id,
    kind,
    values: texts.map((text, v) => ({
      site: { turn: v, in: 'user' as const },
      text,
      marker: factMarker(1, id, v, taken),
    })),
  };
}

const countText = (text: string): number => Math.ceil(text.length / 4);

function input(
  transcript: string,
  facts: readonly WorldFact[],
  overrides: Partial<RetentionInput> = {},
): RetentionInput {
  return {
    request: {
      contents: [
        {
          role: 'user',
          parts: [
            {
              text: `Summarize this conversation: goals, constraints, files, decisions, errors and next steps.\n${transcript}`,
            },
          ],
        },
      ],
    },
    facts,
    profile: 'extractive',
    budgetTokens: null,
    countText,
    seed: 1,
    call: 1,
    ...overrides,
  };
}

const GOAL = fact('goal', 'goal', 'Goal: ship v2');
const FILE = fact('file', 'artifact', 'a.ts: v1', 'a.ts: v2');
const RULE = fact('rule', 'constraint', 'Never push to main');

describe('the simulated summarizer keeps facts by a declared policy', () => {
  it('keeps only what it was sent: a fact cut from its input is gone, even for the faithful profile', () => {
    const lines = retainedFactLines(input(`user: ${factStatement(GOAL.values[0]!)}`, [GOAL, FILE, RULE]));
    expect(lines.map((line) => line.fact.id)).toEqual(['goal']);
    expect(lines[0]!.line).toBe(`- goal: Goal: ship v2 [${GOAL.values[0]!.marker}] (pass 1)`);
  });

  it('writes the newest value it was sent; an older one only when the newer is missing', () => {
    const both = `${factStatement(FILE.values[0]!)}\n${factStatement(FILE.values[1]!)}`;
    expect(retainedFactLines(input(both, [FILE])).map((line) => line.value.text)).toEqual(['a.ts: v2']);
    expect(retainedFactLines(input(factStatement(FILE.values[0]!), [FILE])).map((line) => line.value.text)).toEqual([
      'a.ts: v1',
    ]);
  });

  it("reads the kinds the prompt asks for from its words, not from the transcript's fact lines", () => {
    expect(
      [
        ...askedKinds({
          config: { systemInstruction: SUMMARIZE_SYSTEM_PROMPT },
          contents: [{ role: 'user', parts: [{ text: 'x' }] }],
        }),
      ].sort(),
    ).toEqual(['constraint', 'decision', 'goal', 'next-step']);
    // A fact line that says "files" does not make the prompt ask for files.
    expect([
      ...askedKinds({ contents: [{ role: 'user', parts: [{ text: 'Summarize.\nfiles changed [FACT-ABCDEFGH]' }] }] }),
    ]).toEqual([]);
  });

  it('fits the lines to its output budget: asked kinds first, the rest dropped', () => {
    const transcript = [GOAL, FILE, RULE].map((f) => factStatement(f.values[f.values.length - 1]!)).join('\n');
    const request = {
      config: { systemInstruction: 'Keep the goal and the constraints.' },
      contents: [{ role: 'user', parts: [{ text: transcript }] }],
    };
    const all = retainedFactLines(input('', [GOAL, FILE, RULE], { request }));
    expect(all.map((line) => line.fact.id)).toEqual(['goal', 'rule', 'file']);
    const budget = countText(`${all[0]!.line}\n`) + countText(`${all[1]!.line}\n`);
    expect(
      retainedFactLines(input('', [GOAL, FILE, RULE], { request, budgetTokens: budget })).map((line) => line.fact.id),
    ).toEqual(['goal', 'rule']);
  });

  it('structured keeps every asked fact on a first pass and drops about half of the unasked; lossy drops some asked ones', () => {
    const many = Array.from({ length: 200 }, (_, n) => fact(`f${n}`, n % 2 === 0 ? 'goal' : 'artifact', `fact ${n}`));
    const transcript = many.map((f) => factStatement(f.values[0]!)).join('\n');
    const request = {
      config: { systemInstruction: "State the user's goal." },
      contents: [{ role: 'user', parts: [{ text: transcript }] }],
    };
    const kept = (profile: RetentionInput['profile'], kind: FactKind) =>
      retainedFactLines(input('', many, { request, profile })).filter((line) => line.fact.kind === kind).length;
    expect(kept('extractive', 'goal')).toBe(100);
    expect(kept('extractive', 'artifact')).toBe(100);
    expect(kept('structured', 'goal')).toBe(100);
    expect(kept('structured', 'artifact')).toBeGreaterThan(30);
    expect(kept('structured', 'artifact')).toBeLessThan(70);
    expect(kept('lossy', 'goal')).toBeLessThan(100);
    expect(kept('lossy', 'artifact')).toBeLessThan(kept('structured', 'artifact'));
  });

  it('chained summaries decay: each summary of a summary drops some of what it carried', () => {
    const many = Array.from({ length: 200 }, (_, n) => fact(`g${n}`, 'goal', `goal ${n}`));
    const first = many.map((f) => factStatement(f.values[0]!)).join('\n');
    // Each pass summarizes the previous pass's summary (its lines), as a chained summarizer does.
    const chain = (profile: RetentionInput['profile'], passes: number) => {
      let text = first;
      let lines: ReturnType<typeof retainedFactLines> = [];
      for (let call = 1; call <= passes; call += 1) {
        lines = retainedFactLines(
          input('', many, {
            request: {
              config: { systemInstruction: 'Keep the goal.' },
              contents: [{ role: 'user', parts: [{ text }] }],
            },
            profile,
            call,
          }),
        );
        text = lines.map((line) => line.line).join('\n');
      }
      return lines;
    };
    expect(chain('structured', 1)).toHaveLength(200);
    expect(chain('structured', 1)[0]!.pass).toBe(1);
    expect(chain('structured', 5)[0]!.pass).toBe(5);
    // About 0.9^4 = 66 % of the goals survive five chained summaries, 0.9^9 = 39 % ten.
    expect(chain('structured', 5).length).toBeLessThan(160);
    expect(chain('structured', 5).length).toBeGreaterThan(100);
    expect(chain('structured', 10).length).toBeLessThan(chain('structured', 5).length);
    // The faithful profile does not decay.
    expect(chain('extractive', 10)).toHaveLength(200);
  });

  it('is deterministic: the same seed and call keep the same facts', () => {
    const many = Array.from({ length: 50 }, (_, n) => fact(`h${n}`, 'decision', `decision ${n}`));
    const transcript = many.map((f) => factStatement(f.values[0]!)).join('\n');
    const ids = (seed: number) =>
      retainedFactLines(input(transcript, many, { profile: 'lossy', seed })).map((line) => line.fact.id);
    expect(ids(1)).toEqual(ids(1));
    expect(ids(1)).not.toEqual(ids(2));
  });
});
