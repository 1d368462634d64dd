/** The world's measure of what a compaction covered (measure/compaction-coverage.ts), over plain data. */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { CompactionCoverage, probeOf, requestTextOf } from '../../src/world/measure/compaction-coverage.ts';

const text = (role: string, value: string): Content => ({ role, parts: [{ text: value }] });
/** One token per character: easy to read. */
const count = (contents: readonly Content[]): number =>
  contents.reduce(
    (sum, content) => sum + (content.parts ?? []).reduce((n, part) => n + (part.text?.length ?? 0), 0),
    0,
  );

describe('compaction coverage', () => {
  const a = text('user', 'the first request of the user, long enough');
  const b = text('model', 'the model answered at some length here');
  const c = text('user', 'the second request, also long enough');
  const built = (...contents: Content[]) => contents.map((content) => ({ key: content, content }));

  it('counts each history content as newly covered once, the summary as what is not a copy, and what never reached the summarizer', () => {
    const coverage = new CompactionCoverage();
    const summary = text('user', 'SUMMARY of it all');
    const first = coverage.observe(
      {
        built: built(a, b, c),
        sent: [
          { key: undefined, content: summary },
          { key: c, content: c },
        ],
        summarizerTexts: [`Summarize:\nuser: ${b.parts![0]!.text}`],
        replies: ['SUMMARY'],
        count,
      },
      true,
    )!;
    // a never reached the summarizer; b did; c is kept.
    expect(first).toEqual({
      summaryTokens: 17,
      replyTokens: 7,
      newlyCovered: 2,
      newlyCoveredTokens: count([a, b]),
      quotedTokens: 0,
      leftOutOfSummarizer: 1,
      newestLeftOutTokens: count([a]),
    });
    // Next step: a and b stay covered (not newly), c is now covered and quoted in a continuation.
    const continuation = text('user', `continue with: ${c.parts![0]!.text}`);
    const second = coverage.observe(
      {
        built: built(a, b, c),
        sent: [
          { key: undefined, content: summary },
          { key: undefined, content: continuation },
        ],
        summarizerTexts: [''],
        replies: [],
        count,
      },
      true,
    )!;
    expect(second).toMatchObject({
      newlyCovered: 1,
      newlyCoveredTokens: count([c]),
      quotedTokens: count([c]),
      leftOutOfSummarizer: 0,
      replyTokens: 0,
    });
    // A step that did not summarize notes what it covers and reports nothing.
    expect(
      coverage.observe({ built: built(a, b, c), sent: [], summarizerTexts: [], replies: [], count }, false),
    ).toBeUndefined();
  });

  it('recognises a content by a plain run of its text, never by one shorter than 16 characters', () => {
    expect(probeOf(text('user', '\u001b[33mprivate argument is not set, the key'))).toBe(
      '[33mprivate argument is not set, the key',
    );
    expect(probeOf(text('user', 'short "quoted" bit'))).toBeNull();
    expect(probeOf(text('user', 'x'.repeat(100)))).toBe('x'.repeat(64));
    expect(probeOf({ role: 'model', parts: [{ functionCall: { name: 'read_file', args: {} } }] })).toBeNull();
    expect(
      requestTextOf({ contents: [text('user', 'hello')], config: { systemInstruction: { parts: [{ text: 'sys' }] } } }),
    ).toBe('sys\nhello');
  });
});
