/**
 * The model reads the system instruction as it reads the contents: a user request or a fact a
 * strategy pins there is still in front of it. Before, `user-request-preserved` and the fact
 * probes read the contents only, and a strategy that moved the dropped history, verbatim, into
 * the system instruction failed both at its first compaction. Only what the strategy added counts:
 * the world's own instruction is cut out first (src/world/measure/added-system-text.ts).
 */
import { join } from 'node:path';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';
import { runSession } from '../../src/world/index.ts';
import { addedSystemText, systemTexts } from '../../src/world/measure/added-system-text.ts';
import { userRequestPresent } from '../../src/world/measure/user-request.ts';
import { ROOT } from '../cli/run-cli.ts';

const textOf = (contents: readonly Content[]): string =>
  contents.flatMap((content) => (content.parts ?? []).map((part) => part.text ?? JSON.stringify(part))).join('\n');

/** Keeps the last four contents; with `pin`, everything older goes to the end of the system instruction. */
function keepLastFour(pin: boolean): CompactionStrategy {
  return {
    name: pin ? 'pin-to-system' : 'drop',
    compact(_ctx, request) {
      if (request.contents.length <= 4) return;
      const dropped = textOf(request.contents.slice(0, -4));
      request.contents = request.contents.slice(-4);
      if (!pin) return;
      const own = systemTexts(request.config).join('\n');
      request.config = { ...request.config, systemInstruction: `${own}\n\nEarlier in this conversation:\n${dropped}` };
    },
  };
}

describe('text a strategy adds to the system instruction', () => {
  it("is what is left once the world's own instruction is cut out", () => {
    const own = 'You are a careful agent. Answer yes or no.';
    expect(addedSystemText([own], [own])).toBe('');
    const added = addedSystemText([`${own}\n\nEarlier: deploy FACT-goal-1`], [own]);
    expect(added).toContain('deploy FACT-goal-1');
    // A short user message that the agent's own prompt happens to contain is not "pinned".
    expect(added).not.toContain('yes');
    expect(
      addedSystemText(
        [{ text: 'x' }].map((part) => part.text),
        [],
      ),
    ).toBe('x');
    expect(
      systemTexts({ systemInstruction: { role: 'system', parts: [{ text: 'a' }, { text: '' }, { text: 'b' }] } }),
    ).toEqual(['a', 'b']);
  });

  it('keeps the user request and the planted facts in front of the model, where dropping them loses both', async () => {
    const [scenario] = await loadScenarios([join(ROOT, 'scenarios/probes/review-1.yaml')]);
    const play = async (pin: boolean) => {
      const result = await runSession(scenario!.world, { strategy: keepLastFour(pin) });
      const lost = result.steps.filter((step) => Object.values(step.facts ?? {}).includes('lost')).length;
      return { failure: result.failure, missing: result.totals.missingUserRequestSteps, lost };
    };
    const dropped = await play(false);
    expect(dropped.missing).toBeGreaterThan(0);
    expect(dropped.lost).toBeGreaterThan(0);
    expect(await play(true)).toEqual({ failure: null, missing: 0, lost: 0 });
  });
});

describe('the user request found in a text', () => {
  const textItem = (text: string) => ({ content: { role: 'user', parts: [{ text }] }, source: undefined });

  it('counts only whole: a short request spelled inside a longer word is not quoted', () => {
    expect(userRequestPresent([textItem('Summary: the book was read.')], 'ok', undefined)).toBe(false);
    expect(userRequestPresent([textItem('The user said "ok".')], 'ok', undefined)).toBe(true);
    expect(userRequestPresent([textItem('ok')], 'ok', undefined)).toBe(true);
    expect(userRequestPresent([textItem('Earlier the agent truncated it.')], 'run it', undefined)).toBe(false);
    expect(userRequestPresent([textItem('Next: run it, then report.')], 'run it', undefined)).toBe(true);
    // Punctuation at the request's edge needs no boundary there.
    expect(userRequestPresent([textItem('(done?)')], 'done?', undefined)).toBe(true);
    expect(userRequestPresent([], 'ok', undefined, 'pinned: took the book')).toBe(false);
    expect(userRequestPresent([], 'ok', undefined, 'pinned: ok')).toBe(true);
  });
});
