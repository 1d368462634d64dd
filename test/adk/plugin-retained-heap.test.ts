/**
 * ContextGuardPlugin keeps no user data past what it needs (issue 27, item 6): an agent server
 * that plays 2,000 sessions, each with a distinct 50 kB tool output, keeps under 10 MB more heap
 * alive after a forced garbage collection. (The engine's byte-length memo was process-wide and only
 * the simulator emptied it: through the plugin it kept about 100 MB of tool outputs alive.)
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FunctionTool, InMemorySessionService, LlmAgent, Runner } from '@google/adk';
import type { LlmResponse } from '@google/adk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContextGuardPlugin } from '../../src/adk/index.ts';
import { ScriptedAdkLlm } from '../../src/adk/differential/scripted-adk-llm.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const APP = 'heap-test';
const USER = 'u1';
const OUTPUT_BYTES = 50_000;

function heapAfterGc(): number {
  for (let i = 0; i < 3; i += 1) gc();
  return process.memoryUsage().heapUsed;
}

describe('ContextGuardPlugin in an agent server', () => {
  it('keeps under 10 MB of 2,000 distinct 50 kB tool outputs alive after a forced GC', async () => {
    let served = 0;
    // A distinct output each call, different all along (a seeded stream of words), as real files are.
    let seed = 12345;
    const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'lambda', 'sigma', 'kappa'];
    const output = (): string => {
      const chunks: string[] = [`file ${served}\n`];
      let length = chunks[0]!.length;
      while (length < OUTPUT_BYTES) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        const word = `${words[seed % words.length]}${seed % 1000} `;
        chunks.push(word);
        length += word.length;
      }
      return chunks.join('').slice(0, OUTPUT_BYTES - (served % 500));
    };
    const read = new FunctionTool({
      name: 'read_file',
      description: 'Reads a file.',
      parameters: z.object({ path: z.string() }),
      execute: () => {
        served += 1;
        return { content: output() };
      },
    });
    // Per session: a call, then an answer (turn 1); an answer (turn 2).
    const answer = (call: number): LlmResponse =>
      call % 3 === 0
        ? {
            content: { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: `/f/${call}` } } }] },
            usageMetadata: { promptTokenCount: 100 },
          }
        : { content: { role: 'model', parts: [{ text: 'done' }] }, usageMetadata: { promptTokenCount: 20_000 } };
    const model = new ScriptedAdkLlm('scripted-model', (_request, call) => [answer(call)], { record: false });
    const plugin = new ContextGuardPlugin({ contextWindow: 1_000_000 });
    plugin.add('agent');
    const agent = new LlmAgent({ name: 'agent', model, instruction: 'You read files.', tools: [read] });
    const sessionService = new InMemorySessionService();
    const runner = new Runner({ appName: APP, agent, sessionService, plugins: [plugin] });
    const session = async (): Promise<void> => {
      const { id } = await sessionService.createSession({ appName: APP, userId: USER });
      // Two turns: the second re-sends the history, so each output is measured on two model calls.
      for (const text of ['read it', 'and now?']) {
        for await (const _event of runner.runAsync({
          userId: USER,
          sessionId: id,
          newMessage: { role: 'user', parts: [{ text }] },
        })) {
          // played for its effect
        }
      }
      await sessionService.deleteSession({ appName: APP, userId: USER, sessionId: id });
    };
    for (let i = 0; i < 20; i += 1) await session(); // warm up: modules, caches of fixed size
    const before = heapAfterGc();
    for (let i = 0; i < 2000; i += 1) await session();
    const retained = heapAfterGc() - before;
    expect(served).toBe(2020);
    expect(retained).toBeLessThan(10 * 1024 * 1024);
  }, 300_000);
});
