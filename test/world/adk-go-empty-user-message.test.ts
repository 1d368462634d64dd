/**
 * An empty user message under adk-go (issue 17). adk-go's runner stores it, its contents
 * processor deletes the empty text part and skips the content, and because the request then
 * ends with the previous model text it appends the synthetic "Continue processing…" user content
 * BEFORE the plugins run (adk-go 0a51e153, runner/runner.go appendMessageToSession,
 * internal/llminternal/contents_processor.go, base_flow.go runOneStep: preprocess, then callLLM).
 * ContextGuard's watermark counts that content; the tool step has none, so re-injection cuts the
 * function call from its response. Upstream behaviour, pinned by two regression scenarios.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenario, type ResolvedScenario } from '../../src/harness/scenario/index.ts';
import { createStrategy } from '../../src/harness/strategy/load-strategy.ts';
import { GO_CONTINUE_TEXT } from '../../src/world/agents/processors/content-request-processor.ts';
import { runSession } from '../../src/world/index.ts';
import type { Flavour } from '../../src/world/world-scenario.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const FILES = {
  sliding_window: 'scenarios/regressions/sliding-window-adk-go-empty-user-message-orphans-a-response.yaml',
  threshold: 'scenarios/regressions/threshold-adk-go-empty-user-message-orphans-a-response.yaml',
} as const;
const WATERMARK = '__context_guard_contents_at_compaction_assistant';

async function play(file: string, flavour: Flavour) {
  const scenario: ResolvedScenario = await loadScenario(file, { cwd: REPO });
  const result = await runSession(
    { ...scenario.world, flavour },
    { strategy: await createStrategy(scenario.strategy), recordTrace: true },
  );
  expect(result.failure).toBeNull();
  return result;
}

const textOf = (content: { parts?: { text?: string }[] } | undefined) =>
  content?.parts?.map((p) => p.text ?? '').join('') ?? '';

describe('adk-go: an empty user message and the synthetic continue content', () => {
  it('the world mirrors adk-go: the empty message is stored, never sent, and the plugin sees the synthetic content instead', async () => {
    const r = await play(FILES.sliding_window, 'adk-go');
    const userEvents = r.trace!.events.filter((e) => e.author === 'user');
    expect(userEvents).toHaveLength(14);
    expect(userEvents.every((e) => textOf(e.content) === '')).toBe(true);
    for (const step of r.trace!.steps) {
      const contents = step.pluginRequest.contents;
      expect(
        contents.some((c) => c.role === 'user' && textOf(c) === '' && c.parts?.every((p) => p.text !== undefined)),
      ).toBe(false);
      // The synthetic content closes the request of every turn's first step after turn 0, and only those.
      const last = contents[contents.length - 1];
      const synthetic = last?.role === 'user' && textOf(last) === GO_CONTINUE_TEXT;
      expect(synthetic).toBe(step.label === 'user' && step.turn > 0);
    }
  });

  it('sliding_window: the watermark counts the synthetic content, so the next step sends a response without its call', async () => {
    const r = await play(FILES.sliding_window, 'adk-go');
    const compaction = r.steps.find((s) => s.summarizerCalls.length > 0)!;
    expect([compaction.step, compaction.turn, compaction.label]).toEqual([14, 7, 'user']);
    const seen = r.trace!.steps[14]!;
    expect(seen.stateAfter[WATERMARK]).toBe(seen.pluginRequest.contents.length); // 22, synthetic included
    expect(textOf(seen.pluginRequest.contents.at(-1))).toBe(GO_CONTINUE_TEXT);
    const next = r.trace!.steps[15]!;
    expect(next.pluginRequest.contents).toHaveLength(23); // the tool step: no synthetic content
    expect(
      next.modelRequest!.contents.map((c) =>
        c.parts?.[0]?.functionResponse ? 'response' : c.parts?.[0]?.functionCall ? 'call' : 'text',
      ),
    ).toEqual(['text', 'response']);
    expect(
      r.steps
        .filter((s) => s.orphanCalls + s.orphanResponses > 0)
        .map((s) => [s.step, s.orphanCalls, s.orphanResponses])[0],
    ).toEqual([15, 0, 1]);
    expect(r.totals.orphanSteps).toBe(13);
  });

  it('threshold: the same cut after its summary re-injection', async () => {
    const r = await play(FILES.threshold, 'adk-go');
    expect(r.totals.orphanSteps).toBe(12);
    expect(r.steps.find((s) => s.orphanResponses > 0)).toMatchObject({
      step: 15,
      turn: 7,
      orphanCalls: 0,
      orphanResponses: 1,
    });
  });

  it.each(Object.entries(FILES))(
    '%s: the same file under adk-js (no synthetic content before the plugins) sends no orphan',
    async (_strategy, file) => {
      const r = await play(file, 'adk-js');
      expect(r.totals.orphanSteps).toBe(0);
      expect(r.totals.summarizations).toBeGreaterThan(0);
      expect(r.trace!.steps.every((s) => textOf(s.pluginRequest.contents.at(-1)) !== GO_CONTINUE_TEXT)).toBe(true);
    },
  );
});
