import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  contentHasFunctionCall,
  contentHasFunctionResponse,
  safeSplitIndex,
  splitsToolPair,
  walkBackToPairBoundary,
  walkForwardToPairBoundary,
} from '../../src/engine/index.ts';
import {
  makeConversation,
  makeToolOnlyConversation,
  textContent,
  toolCallContent,
  toolResultContent,
} from './fixtures.ts';

const mixed = (): Content[] => [
  textContent('user', 'hello'),
  textContent('model', 'let me check'),
  toolCallContent('search'),
  toolResultContent('search'),
  textContent('model', 'results'),
  textContent('user', 'thanks'),
];

describe('content predicates', () => {
  it('detect function calls and responses', () => {
    expect(contentHasFunctionCall(toolCallContent('a'))).toBe(true);
    expect(contentHasFunctionCall(toolResultContent('a'))).toBe(false);
    expect(contentHasFunctionResponse(toolResultContent('a'))).toBe(true);
    expect(contentHasFunctionResponse(textContent('user', 'x'))).toBe(false);
  });
});

describe('safeSplitIndex', () => {
  it('returns out-of-range candidates unchanged (0, len, negative)', () => {
    const contents = makeConversation(5);
    expect(safeSplitIndex(contents, 0)).toBe(0);
    expect(safeSplitIndex(contents, contents.length)).toBe(contents.length);
    expect(safeSplitIndex(contents, -2)).toBe(-2);
  });

  it('[u, m, fc, fr, m, u] with idx 3 → 1 (walks back past the tool pair)', () => {
    expect(safeSplitIndex(mixed(), 3)).toBe(1);
  });

  it('keeps a candidate that already points at a plain message', () => {
    expect(safeSplitIndex(mixed(), 4)).toBe(4);
  });

  it('never returns 0 for an all-tool list: every candidate 1..19 lands on a pair seam', () => {
    const contents = makeToolOnlyConversation(10);
    for (let k = 1; k < contents.length; k += 1) {
      const got = safeSplitIndex(contents, k);
      expect(got).toBeGreaterThanOrEqual(1);
      // forward walk: a response candidate ends just after itself, a call candidate after its response
      const expected = Math.min(k % 2 === 1 ? k + 1 : k + 2, contents.length - 1);
      expect(got).toBe(expected);
    }
  });

  it('lands on an even index in a 10-entry tool list (idx 3 → 4)', () => {
    expect(safeSplitIndex(makeToolOnlyConversation(5), 3)).toBe(4);
  });

  it('[fc, fr, fc, fr, fc, fr, text] with idx 1 → 2, within [2, 6]', () => {
    const contents = [...makeToolOnlyConversation(3), textContent('user', 'done')];
    expect(safeSplitIndex(contents, 1)).toBe(2);
  });

  it('stops walking at a null content', () => {
    const contents = [
      textContent('user', 'a'),
      null,
      toolCallContent('x'),
      toolResultContent('x'),
    ] as unknown as Content[];
    expect(walkBackToPairBoundary(contents, 3)).toBe(1);
    expect(walkForwardToPairBoundary(contents, 1)).toBe(1);
  });
});

describe('the clamp that can split a pair (safeSplitIndex mirrors upstream; its comment says when)', () => {
  const lastPair = (): Content[] => [
    textContent('user', 'hello'),
    toolCallContent('search'),
    toolResultContent('search'),
  ];

  it('leaves the last response apart from its call when the pair at the candidate is the last one', () => {
    const contents = lastPair();
    for (const candidate of [1, 2]) {
      const split = safeSplitIndex(contents, candidate);
      expect(split).toBe(2);
      expect(splitsToolPair(contents, split)).toBe(true);
    }
  });

  it('splitsToolPair: true only between a call and the response after it, false outside (0, len)', () => {
    const contents = mixed();
    expect([0, 1, 2, 3, 4, 5, 6].map((idx) => splitsToolPair(contents, idx))).toEqual([
      false,
      false,
      false,
      true,
      false,
      false,
      false,
    ]);
    const tools = makeToolOnlyConversation(2);
    expect(tools.map((_, idx) => splitsToolPair(tools, idx))).toEqual(
      tools.map((content, idx) => idx > 0 && contentHasFunctionResponse(content)),
    );
  });
});
