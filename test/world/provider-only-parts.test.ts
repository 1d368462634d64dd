/**
 * What the provider reads but ContextGuard's `len/4` rules skip (src/world/ruler/provider-only-parts.ts):
 * under a ratio token model, text a strategy moves out of a text part into a code execution part
 * must cost what it cost as text. Before, it cost nothing, and a strategy that kept the last two
 * contents and carried the rest of the history along as "executable code" sent 44,000-token
 * requests to an 8,000-token window without one overflowing step, and every step counted as a
 * compaction (the request "shrank" by the len/4 rules), meeting a `compactedSteps` expectation.
 */
import { join } from 'node:path';
import type { Content, Part } from '@google/genai';
import { describe, expect, it } from 'vitest';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';
import { runSession } from '../../src/world/index.ts';
import { collectMarkers } from '../../src/world/facts/fact-probe.ts';
import { providerOnlyQuarterTokens } from '../../src/world/ruler/provider-only-parts.ts';
import { ROOT } from '../cli/run-cli.ts';

const textOf = (contents: readonly Content[]): string =>
  contents.flatMap((content) => (content.parts ?? []).map((part) => part.text ?? JSON.stringify(part))).join('\n');

/** Keeps the last two contents and carries the rest along in one part of the given kind. */
function carryAlong(name: string, carrier: (text: string) => Part): CompactionStrategy {
  return {
    name,
    compact(_ctx, request) {
      if (request.contents.length <= 2) return;
      const carried = carrier(textOf(request.contents.slice(0, -2)));
      const [first, second] = request.contents.slice(-2) as [Content, Content];
      request.contents = [{ ...first, parts: [...(first.parts ?? []), carried] }, second];
    },
  };
}

describe('provider-only parts', () => {
  it('counts the code and the output per field, as a text; nothing for the parts the len/4 rules count', () => {
    expect(providerOnlyQuarterTokens({ role: 'model', parts: [{ executableCode: { code: 'x'.repeat(400) } }] })).toBe(
      100,
    );
    expect(
      providerOnlyQuarterTokens({
        role: 'user',
        parts: [{ codeExecutionResult: { outcome: 'OUTCOME_OK' as never, output: 'é'.repeat(200) } }],
      }),
    ).toBe(2 + 100);
    const media = { inlineData: { mimeType: 'text/plain', data: Buffer.from('x'.repeat(400)).toString('base64') } };
    expect(
      providerOnlyQuarterTokens({
        role: 'user',
        parts: [{ functionResponse: { name: 'read', response: {}, parts: [media] } }],
      }),
    ).toBe(2 + 100);
    expect(providerOnlyQuarterTokens({ role: 'user', parts: [{ text: 'x'.repeat(400) }] })).toBe(0);
  });

  it('a history carried along as code or as its output costs the provider what it cost as text', async () => {
    const [scenario] = await loadScenarios([join(ROOT, 'scenarios/brutal/8k-150-turns.yaml')]);
    const play = async (strategy: CompactionStrategy) => {
      const result = await runSession(scenario!.world, { strategy });
      // What the provider counted on every step, and what follows from it: the overflows, and
      // whether a step shrank the request. (The heuristic's own figures differ: ContextGuard's
      // rules see the carried history vanish.)
      return {
        failure: result.failure,
        real: result.steps.map((step) => step.realAfter),
        overflowSteps: result.totals.overflowSteps,
        peakRealTokens: result.totals.peakRealTokens,
        compactedSteps: result.totals.compactedSteps,
        trimmedSteps: result.totals.trimmedSteps,
      };
    };
    const asText = await play(carryAlong('as-text', (text) => ({ text })));
    const asCode = await play(carryAlong('as-code', (code) => ({ executableCode: { code } })));
    const asOutput = await play(carryAlong('as-output', (output) => ({ codeExecutionResult: { output } })));
    expect(asText.failure).toBeNull();
    expect(asText.overflowSteps).toBeGreaterThan(100);
    // Carrying everything along shrinks nothing: no step counts as a compaction.
    expect(asText.compactedSteps).toBe(0);
    expect(asCode).toEqual(asText);
    expect(asOutput).toEqual(asText);
    // In a function response's own parts, as inline data: the same bytes, plus the response's
    // name and empty map (one len/4 token), so never less on any step.
    const asToolMedia = await play(
      carryAlong('as-tool-media', (text) => ({
        functionResponse: {
          name: '',
          response: {},
          parts: [{ inlineData: { data: Buffer.from(text).toString('base64') } }],
        },
      })),
    );
    expect(asToolMedia.overflowSteps).toBe(asText.overflowSteps);
    asToolMedia.real.forEach((real, step) => expect(real).toBeGreaterThanOrEqual(asText.real[step]!));
  });
});

describe('facts in code execution parts', () => {
  it('are read where the model reads them: in the code and in its output, line by line', () => {
    const found: [string, string | null][] = [];
    collectMarkers(
      {
        role: 'model',
        parts: [
          { executableCode: { code: 'import os\n# goal: FACT-0A1B2C3D\nprint(1)' } },
          { codeExecutionResult: { output: 'deployed FACT-4E5F6G7H' } },
        ],
      },
      (marker, line) => found.push([marker, line]),
    );
    expect(found).toEqual([
      ['FACT-0A1B2C3D', '# goal: FACT-0A1B2C3D'],
      ['FACT-4E5F6G7H', 'deployed FACT-4E5F6G7H'],
    ]);
  });
});
