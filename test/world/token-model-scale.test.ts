/**
 * `tokenModel: { tokenizer, scale }`: a calibrated replay counts with the tokenizer and scales the
 * count (floored), for a provider whose tokenizer counts that much more; a scale needs a tokenizer.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { createTokenModel } from '../../src/world/models/token-models.ts';
import { runSession } from '../../src/world/run-session.ts';

const scenario = (tokenModel: string) => `
session: { model: m, contextWindow: 100000, tokenModel: ${tokenModel}, systemPrompt: { text: "You review code." } }
turns:
  - user: { text: "Look at the parser and say what the loop at the end does." }
`;

describe('scaled tokenizer token model', () => {
  it('counts floor(tokenizer count × scale), texts and whole requests', async () => {
    const plain = await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base' });
    const scaled = await createTokenModel({ kind: 'tiktoken', encoding: 'o200k_base', scale: 1.244 });
    const text = 'The loop at the end of the parser drains the queue of pending tokens.';
    expect(scaled.countText(text)).toBe(Math.floor(plain.countText(text) * 1.244));
    expect(scaled.key).not.toBe(plain.key);
    const run = async (tokenModel: string) => {
      const loaded = loadScenarioSource(scenario(tokenModel), 's.yaml', '/');
      return (await runSession(loaded.world, { strategy: { name: 'none', compact: () => undefined } })).steps[0]!;
    };
    const unscaled = await run('{ tokenizer: o200k_base }');
    const calibrated = await run('{ tokenizer: o200k_base, scale: 1.244 }');
    expect(calibrated.realAfter).toBe(Math.floor(unscaled.realAfter * 1.244));
    // A scale of 1 is the tokenizer itself.
    expect((await run('{ tokenizer: o200k_base, scale: 1 }')).realAfter).toBe(unscaled.realAfter);
  });

  it('a scale without a tokenizer, or not positive, is a scenario error naming the field', () => {
    expect(() => loadScenarioSource(scenario('{ ratio: 2, scale: 1.1 }'), 's.yaml', '/')).toThrow(
      "session.tokenModel.scale: 'scale' needs 'tokenizer' (a ratio model scales by its ratio)",
    );
    expect(() => loadScenarioSource(scenario('{ tokenizer: o200k_base, scale: 0 }'), 's.yaml', '/')).toThrow(
      'session.tokenModel.scale: expected a positive number',
    );
  });
});
