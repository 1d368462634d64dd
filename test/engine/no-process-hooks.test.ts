/**
 * The engine is a guest in its host's process: running ContextGuard (a compaction with an awaited
 * summarizer call, then afterModel) must not turn on async hooks for the whole process. On Node 20
 * an AsyncLocalStorage does exactly that the first time it runs: from then on every promise of the
 * host gets an async id and a hook call (every `await` of the agent cost 2.5 times as much), which
 * the engine's old byte-length memo did. The probe: after an `await`, `executionAsyncId()` is 0
 * while promise hooks are off, and the promise's own id once they are on. It runs in a fresh
 * process, so nothing the test runner itself enabled can hide or fake the effect.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

const HOST = `
import { executionAsyncId } from 'node:async_hooks';
import { ContextGuard, thresholdStrategy } from './src/engine/index.ts';

async function asyncIdAfterAwait() {
  await null;
  return executionAsyncId();
}

const state = new Map();
const ctx = {
  agentName: 'agent',
  state: { get: (key) => state.get(key), set: (key, value) => state.set(key, value) },
  contextWindow: 1_000,
  summarizer: {
    name: 'summarizer',
    async generateContent() {
      await new Promise((done) => setTimeout(done, 1));
      return { content: { role: 'model', parts: [{ text: 'the summary' }] } };
    },
  },
};
const contents = [];
for (let i = 0; i < 40; i += 1) contents.push({ role: i % 2 ? 'model' : 'user', parts: [{ text: 'word '.repeat(200) + i }] });
const request = { contents };
const guard = new ContextGuard().add('agent', thresholdStrategy());
const before = [await asyncIdAfterAwait(), await asyncIdAfterAwait()];
await guard.beforeModel(ctx, request);
await guard.afterModel(ctx, { content: { role: 'model', parts: [{ text: 'ok' }] }, usageMetadata: { promptTokenCount: 90 } });
const after = [await asyncIdAfterAwait(), await asyncIdAfterAwait()];
console.log(JSON.stringify({ before, after, compactedTo: request.contents.length }));
`;

describe('the engine in a host process', () => {
  it('compacts without turning on async hooks for the whole process', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', HOST], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const { before, after, compactedTo } = JSON.parse(out.trim().split('\n').pop() as string);
    // The host really compacted (a summary and the recent contents instead of 40).
    expect(compactedTo).toBeLessThan(40);
    expect(before).toEqual([0, 0]);
    expect(after).toEqual([0, 0]);
  });
});
