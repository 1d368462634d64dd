import { describe, expect, it } from 'vitest';
import { colorAllowed, paint } from '../../../src/harness/report/ansi.ts';

describe('colour', () => {
  it('is allowed only on a TTY without NO_COLOR', () => {
    expect(colorAllowed({ isTTY: true }, {})).toBe(true);
    expect(colorAllowed({ isTTY: false }, {})).toBe(false);
    expect(colorAllowed({}, {})).toBe(false);
    expect(colorAllowed({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    // https://no-color.org: an empty NO_COLOR does not disable colour.
    expect(colorAllowed({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
  });

  it('paints with ANSI only when colour is on', () => {
    expect(paint('FAIL', 'red', false)).toBe('FAIL');
    expect(paint('FAIL', 'red', true)).toBe('\u001b[31mFAIL\u001b[39m');
  });
});
