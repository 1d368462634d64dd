/** The engine side of the zoo.md §B hooks: record projection, usage breakdown, the overflow error, ContextGuard dispatch. */
import { describe, expect, it } from 'vitest';
import { ContextGuard } from '../../src/engine/context-guard.ts';
import {
  ContextWindowExceededError,
  isContextWindowExceeded,
} from '../../src/engine/errors/context-window-exceeded.ts';
import type { CompactionRecord, SessionEvent } from '../../src/engine/hook-types.ts';
import { projectCompactionRecords } from '../../src/engine/records/project-records.ts';
import type { CompactionContext, CompactionStrategy } from '../../src/engine/types.ts';
import { modelUsageOf } from '../../src/engine/usage/model-usage.ts';

const event = (id: string, text?: string, compaction?: CompactionRecord): SessionEvent => ({
  id,
  invocationId: 'inv',
  author: 'agent',
  timestamp: 0,
  ...(text === undefined ? {} : { content: { role: 'user', parts: [{ text }] } }),
  ...(compaction ? { actions: { compaction } } : {}),
});
const record = (endEventId: string, text: string, startEventId?: string): CompactionRecord => ({
  ...(startEventId ? { startEventId } : {}),
  endEventId,
  contents: [{ role: 'user', parts: [{ text }] }],
});
const view = (events: readonly SessionEvent[]) =>
  projectCompactionRecords(events).map((entry) =>
    entry.kind === 'event' ? entry.event.id : `[${entry.content.parts![0]!.text}]`,
  );

describe('projectCompactionRecords', () => {
  const raw = ['a', 'b', 'c', 'd'].map((id) => event(id, id));

  it('without records: every event but the record events themselves', () => {
    expect(view(raw)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('hides the inclusive range and puts the record where it ended', () => {
    expect(view([...raw, event('r1', undefined, record('b', 'S1'))])).toEqual(['[S1]', 'c', 'd']);
    expect(view([...raw, event('r1', undefined, record('c', 'P', 'b'))])).toEqual(['a', '[P]', 'd']);
  });

  it('a later record covering an earlier one replaces it; disjoint records both stay', () => {
    const events = [
      ...raw,
      event('r1', undefined, record('b', 'S1')),
      event('e', 'e'),
      event('r2', undefined, record('e', 'S2')),
    ];
    expect(view(events)).toEqual(['[S2]']);
    const disjoint = [
      ...raw,
      event('r1', undefined, record('a', 'A', 'a')),
      event('r2', undefined, record('c', 'C', 'c')),
    ];
    expect(view(disjoint)).toEqual(['[A]', 'b', '[C]', 'd']);
  });

  it('ignores a record whose ids are unknown, in the future or reversed', () => {
    expect(view([...raw, event('r1', undefined, record('zz', 'X'))])).toEqual(['a', 'b', 'c', 'd']);
    expect(view([event('r0', undefined, record('a', 'X')), ...raw])).toEqual(['a', 'b', 'c', 'd']);
    expect(view([...raw, event('r1', undefined, record('a', 'X', 'c'))])).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('modelUsageOf (X7)', () => {
  it('splits Gemini usage metadata into input, cache read and output', () => {
    expect(
      modelUsageOf({
        promptTokenCount: 1000,
        cachedContentTokenCount: 600,
        candidatesTokenCount: 50,
        thoughtsTokenCount: 10,
      }),
    ).toEqual({
      inputTokens: 400,
      cacheReadTokens: 600,
      cacheWriteTokens: 0,
      outputTokens: 60,
      promptTokens: 1000,
      totalTokens: 1060,
      missing: false,
    });
    expect(modelUsageOf(undefined)).toMatchObject({ missing: true, totalTokens: 0 });
  });
});

describe('ContextWindowExceededError (X3)', () => {
  it('is recognised by class and by code', () => {
    expect(isContextWindowExceeded(new ContextWindowExceededError(10, 5))).toBe(true);
    expect(isContextWindowExceeded(Object.assign(new Error('x'), { code: 'CONTEXT_WINDOW_EXCEEDED' }))).toBe(true);
    expect(isContextWindowExceeded(new Error('prompt is too long'))).toBe(false);
  });
});

describe('ContextGuard dispatch of the optional hooks', () => {
  const ctx = {
    agentName: 'a',
    state: { get: () => undefined, set: () => {} },
    userContent: undefined,
    summarizer: { name: 's', generateContent: async () => ({}) },
    contextWindow: 100,
  } as CompactionContext;

  it('passes outcomes through, checks records and reports a throwing hook as a strategy error', async () => {
    const errors: unknown[] = [];
    const strategy: CompactionStrategy = {
      name: 'hooks',
      compact() {},
      afterModel: (_c, _r, usage) => ({ endInvocation: usage.promptTokens === 7 }),
      compactSession: () => ({ append: [record('x', 'S')] }),
      afterInvocation: () => ({ append: [{ endEventId: 3 } as unknown as CompactionRecord] }),
      onModelError: () => {
        throw new Error('boom');
      },
    };
    const guard = new ContextGuard({ onStrategyError: (error) => errors.push(error) }).add('a', strategy);
    expect(await guard.afterModel(ctx, { usageMetadata: { promptTokenCount: 7 } })).toEqual({ endInvocation: true });
    expect(await guard.afterModel(ctx, { partial: true })).toBeUndefined();
    expect(await guard.compactSession(ctx)).toEqual({ append: [record('x', 'S')] });
    expect(await guard.afterInvocation(ctx)).toBeUndefined();
    expect(await guard.onModelError(ctx, new Error('refused'), { contents: [] })).toBeUndefined();
    expect(errors.map(String)).toEqual([
      'TypeError: compaction record 0 must be { startEventId?, endEventId: string, contents: Content[] }',
      'Error: boom',
    ]);
    expect(guard.hasHook('a', 'compactSession')).toBe(true);
    expect(new ContextGuard().add('a', { name: 'plain', compact() {} }).hasHook('a', 'afterInvocation')).toBe(false);
  });
});
