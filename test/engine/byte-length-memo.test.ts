/**
 * The engine's byte-length memo belongs to its owner (a ContextGuard instance) and is bounded in
 * bytes; without an owner nothing is remembered.
 */
import { describe, expect, it } from 'vitest';
import { ByteLengthMemo, utf8ByteLength, withByteLengthMemo } from '../../src/engine/tokens/utf8-byte-length.ts';

describe('ByteLengthMemo', () => {
  it('never holds more string storage than its bound, and answers right throughout', () => {
    const memo = new ByteLengthMemo(200_000);
    for (let i = 0; i < 300; i += 1) {
      const text = `${i} é ${'abcdefgh'.repeat(100 + (i % 50) * 50)}`; // 800 to 20,400 characters
      const bytes = Buffer.byteLength(text, 'utf8');
      expect(withByteLengthMemo(memo, () => utf8ByteLength(text))).toBe(bytes);
      expect(withByteLengthMemo(memo, () => utf8ByteLength(text))).toBe(bytes);
      expect(memo.heldBytes).toBeLessThanOrEqual(200_000 + 200_000 / 4);
    }
  });

  it("is used only inside its owner's calls, awaits included", async () => {
    const memo = new ByteLengthMemo();
    const text = 'x'.repeat(20_000);
    utf8ByteLength(text);
    expect(memo.heldBytes).toBe(0);
    await withByteLengthMemo(memo, async () => {
      await Promise.resolve();
      utf8ByteLength(text);
    });
    expect(memo.heldBytes).toBe(40_000);
    memo.clear();
    expect(memo.heldBytes).toBe(0);
  });
});
