import { describe, expect, it } from 'vitest';
import {
  loadContentsAtCompaction,
  loadLastHeuristic,
  loadRealTokens,
  loadSummary,
  loadTodos,
  persistContentsAtCompaction,
  persistLastHeuristic,
  persistRealTokens,
  persistSummary,
  resetCalibration,
  stateKeys,
} from '../../src/engine/index.ts';
import { makeContext, MemoryState } from './fixtures.ts';

describe('state keys', () => {
  it('suffix every key with the agent name', () => {
    expect(stateKeys('coder')).toEqual({
      summary: '__context_guard_summary_coder',
      summarizedAt: '__context_guard_summarized_at_coder',
      contentsAtCompaction: '__context_guard_contents_at_compaction_coder',
      realTokens: '__context_guard_real_tokens_coder',
      lastHeuristic: '__context_guard_last_heuristic_coder',
    });
  });
});

describe('state helpers', () => {
  it('read "" and 0 from empty state', () => {
    const ctx = makeContext({ contextWindow: 1 });
    expect(loadSummary(ctx)).toBe('');
    expect(loadContentsAtCompaction(ctx)).toBe(0);
    expect(loadRealTokens(ctx)).toBe(0);
    expect(loadLastHeuristic(ctx)).toBe(0);
  });

  it('isolate summaries per agent', () => {
    const state = new MemoryState();
    const a = makeContext({ agentName: 'a', contextWindow: 1, state });
    const b = makeContext({ agentName: 'b', contextWindow: 1, state });
    persistSummary(a, 'summary A', 100);
    persistSummary(b, 'summary B', 200);
    expect(loadSummary(a)).toBe('summary A');
    expect(loadSummary(b)).toBe('summary B');
    expect(state.get('__context_guard_summarized_at_b')).toBe(200);
  });

  it('round-trip the numeric keys, truncating JSON floats like Go int(float64)', () => {
    const ctx = makeContext({ contextWindow: 1 });
    persistContentsAtCompaction(ctx, 99);
    persistRealTokens(ctx, 42_000);
    persistLastHeuristic(ctx, 17);
    expect(loadContentsAtCompaction(ctx)).toBe(99);
    expect(loadRealTokens(ctx)).toBe(42_000);
    expect(loadLastHeuristic(ctx)).toBe(17);
    ctx.state.set(stateKeys('agent1').contentsAtCompaction, 99.9);
    expect(loadContentsAtCompaction(ctx)).toBe(99);
  });

  it('read mistyped values as empty', () => {
    const ctx = makeContext({ contextWindow: 1 });
    const keys = stateKeys('agent1');
    ctx.state.set(keys.summary, 42);
    ctx.state.set(keys.realTokens, '42000');
    ctx.state.set(keys.lastHeuristic, null);
    expect(loadSummary(ctx)).toBe('');
    expect(loadRealTokens(ctx)).toBe(0);
    expect(loadLastHeuristic(ctx)).toBe(0);
  });

  it('resetCalibration zeroes real tokens and last heuristic only', () => {
    const ctx = makeContext({ contextWindow: 1 });
    persistRealTokens(ctx, 5);
    persistLastHeuristic(ctx, 6);
    persistContentsAtCompaction(ctx, 7);
    resetCalibration(ctx);
    expect(ctx.state.get(stateKeys('agent1').realTokens)).toBe(0);
    expect(ctx.state.get(stateKeys('agent1').lastHeuristic)).toBe(0);
    expect(loadContentsAtCompaction(ctx)).toBe(7);
  });
});

describe('loadTodos', () => {
  it('is empty when nothing (or a non-list) is stored', () => {
    const ctx = makeContext({ contextWindow: 1 });
    expect(loadTodos(ctx)).toEqual([]);
    ctx.state.set('todos', 'not a list');
    expect(loadTodos(ctx)).toEqual([]);
  });

  it('reads JSON-shaped items (active_form) and TypeScript items (activeForm)', () => {
    const ctx = makeContext({ contextWindow: 1 });
    ctx.state.set('todos', [
      { content: 'Deploy', status: 'pending', active_form: 'Deploying' },
      { content: 'Write tests', status: 'in_progress', activeForm: 'Writing tests' },
      { content: 'Monitor', status: 'completed' },
    ]);
    expect(loadTodos(ctx)).toEqual([
      { content: 'Deploy', status: 'pending', activeForm: 'Deploying' },
      { content: 'Write tests', status: 'in_progress', activeForm: 'Writing tests' },
      { content: 'Monitor', status: 'completed' },
    ]);
  });

  it('drops items without content and non-object entries, and ignores mistyped fields', () => {
    const ctx = makeContext({ contextWindow: 1 });
    ctx.state.set('todos', [{ content: '', status: 'x' }, 'text', null, [1], { content: 'Keep', status: 3 }]);
    expect(loadTodos(ctx)).toEqual([{ content: 'Keep', status: '' }]);
  });
});
