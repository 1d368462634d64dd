/**
 * Real @google/adk 2.0.0 behaviours that matter to compaction and that the scenario format cannot
 * express (it has no "unknown tool" and no clock control), shown against the real runtime.
 * Documented in src/adk/README.md ("adk-js quirks").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installDeterministicEnvironment } from '../../src/adk/differential/deterministic-environment.ts';
import type { RestoreEnvironment } from '../../src/adk/differential/deterministic-environment.ts';
import type { Content } from '@google/genai';

let restore: RestoreEnvironment | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function texts(contents: readonly Content[]): string[] {
  return contents.map((content) =>
    (content.parts ?? [])
      .map((part) => part.text ?? (part.functionCall ? `fc:${part.functionCall.name}` : '?'))
      .join(''),
  );
}

async function load() {
  const adk = await import('@google/adk');
  adk.setLogLevel(adk.LogLevel.ERROR);
  const { ScriptedAdkLlm } = await import('../../src/adk/differential/scripted-adk-llm.ts');
  const { ContextGuardPlugin } = await import('../../src/adk/index.ts');
  return { adk, ScriptedAdkLlm, ContextGuardPlugin };
}

async function drain<T>(events: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('adk-js 2.0.0 quirks that matter to compaction', () => {
  beforeEach(() => {
    restore = installDeterministicEnvironment({ seed: 7 });
  });

  it('an unknown tool makes the agent re-call the model, one orphaned call more each time, until maxLlmCalls', async () => {
    const { adk, ScriptedAdkLlm, ContextGuardPlugin } = await load();
    const model = new ScriptedAdkLlm('m', () => [
      {
        content: { role: 'model', parts: [{ functionCall: { name: 'not_a_tool', args: {} } }] },
        usageMetadata: { promptTokenCount: 10 },
      },
    ]);
    const seenByPlugin: number[] = [];
    const plugin = new ContextGuardPlugin({ contextWindow: 100_000 });
    plugin.add('agent', {
      summarizer: new ScriptedAdkLlm('s', () => []),
      strategy: { name: 'probe', compact: (_ctx, request) => void seenByPlugin.push(request.contents.length) },
    });
    const agent = new adk.LlmAgent({
      name: 'agent',
      model,
      disallowTransferToParent: true,
      disallowTransferToPeers: true,
    });
    const sessions = new adk.InMemorySessionService();
    const session = await sessions.createSession({ appName: 'q', userId: 'u' });
    const runner = new adk.Runner({ appName: 'q', agent, sessionService: sessions, plugins: [plugin] });
    const events = await drain(
      runner.runAsync({
        userId: 'u',
        sessionId: session.id,
        newMessage: { role: 'user', parts: [{ text: 'go' }] },
        runConfig: { maxLlmCalls: 4 },
      }),
    );

    // adk-js (agents/functions.js getToolAndContext) throws; runAndHandleError turns it into a
    // content-less error event, and runAsyncImpl keeps looping because the step had a tool call.
    expect(model.calls).toHaveLength(4);
    // The plugin runs a 5th time: incrementLlmCallCount throws only after the before-model callbacks.
    expect(seenByPlugin).toEqual([1, 2, 3, 4, 5]);
    // Each retry carries every earlier call, none of them answered: orphaned function calls.
    expect(texts(model.calls[3]!.request.contents)).toEqual(['go', 'fc:not_a_tool', 'fc:not_a_tool', 'fc:not_a_tool']);
    expect(events.filter((event) => event.errorCode !== undefined).map((event) => event.errorMessage)).toEqual([
      'Function not_a_tool is not found in the toolsDict.',
      'Function not_a_tool is not found in the toolsDict.',
      'Function not_a_tool is not found in the toolsDict.',
      'Function not_a_tool is not found in the toolsDict.',
      'Max number of llm calls limit of 4 exceeded',
    ]);
  });

  it('with a same-millisecond clock, TokenBasedContextCompactor hides the current user message', async () => {
    restore?.();
    const run = async (clockStepMs: 0 | 1): Promise<string[][]> => {
      restore = installDeterministicEnvironment({ seed: 7, clockStepMs });
      try {
        const { adk, ScriptedAdkLlm } = await load();
        const model = new ScriptedAdkLlm('m', (_request, call) => [
          { content: { role: 'model', parts: [{ text: `answer ${call}` }] }, usageMetadata: { promptTokenCount: 500 } },
        ]);
        const summarizer = new ScriptedAdkLlm('s', () => [
          { content: { role: 'model', parts: [{ text: 'SUMMARY' }] } },
        ]);
        const compactor = new adk.TokenBasedContextCompactor({
          tokenThreshold: 100,
          eventRetentionSize: 2,
          summarizer: new adk.LlmSummarizer({ llm: summarizer }),
        });
        const agent = new adk.LlmAgent({
          name: 'agent',
          model,
          contextCompactors: [compactor],
          disallowTransferToParent: true,
          disallowTransferToPeers: true,
        });
        const sessions = new adk.InMemorySessionService();
        const session = await sessions.createSession({ appName: 'q', userId: 'u' });
        const runner = new adk.Runner({ appName: 'q', agent, sessionService: sessions });
        for (const text of ['q1', 'q2']) {
          await drain(
            runner.runAsync({ userId: 'u', sessionId: session.id, newMessage: { role: 'user', parts: [{ text }] } }),
          );
        }
        return model.calls.map((call) => texts(call.request.contents));
      } finally {
        restore?.();
        restore = undefined;
      }
    };

    // Strictly increasing clock: the summary replaces q1, the retained events stay visible.
    expect((await run(1))[1]).toEqual(['[Previous Context Summary]:\nSUMMARY', 'answer 0', 'q2']);
    // Same millisecond: context/compaction_utils.js getActiveEvents keeps only events with
    // `timestamp > endTime` (strict), so the retained answer AND the new question vanish.
    expect((await run(0))[1]).toEqual(['[Previous Context Summary]:\nSUMMARY']);
  });
});
