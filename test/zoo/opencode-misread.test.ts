/**
 * Errors misread as "context full" (issue 31; anomalyco/opencode#49965, #50574): opencode
 * classifies a provider error by its own message patterns, not by a typed error. The classifier
 * against the patterns of each version, and the two museum pieces played against their
 * counterfactuals: the same session with the server's window matched to the configured one
 * (#49965's remedy), and with the refusal in words opencode knows (#50574's missing piece).
 */
import { describe, expect, it } from 'vitest';
import { modelAnswers } from '../../src/checker/properties/model-answers.ts';
import { noThrash } from '../../src/checker/properties/no-thrash.ts';
import { ContextWindowExceededError } from '../../src/engine/errors/context-window-exceeded.ts';
import { loadScenarioFile, loadScenarioSource } from '../../src/harness/scenario/load-scenario.ts';
import { ProviderApiError } from '../../src/world/models/provider-error.ts';
import { runWorld } from '../../src/world/run-session.ts';
import type { WorldScenario } from '../../src/world/world-scenario.ts';
import {
  isOpencodeContextOverflow,
  isOpencodeOverflowMessage,
  OVERFLOW_PATTERNS_2026_04,
  OVERFLOW_PATTERNS_CLASSIC,
  OVERFLOW_PATTERNS_CURRENT,
} from '../../src/zoo/_shared/opencode-provider-error.ts';
import { opencodeTail2026_04Strategy, opencodeTailStrategy } from '../../src/zoo/opencode-tail.ts';
import { fakeContext, model, user } from './helpers/zoo-fixtures.ts';
import { ROOT } from '../cli/run-cli.ts';

const OLLAMA = 'request (9263 tokens) exceeds the available context size (8192 tokens), try increasing it';
const GATEWAY_400 = 'Provider request failed with HTTP 400';

describe("opencode's classifier of provider errors", () => {
  it('has the pattern lists of error.ts @00badcb8 (16), the 1.14.34 release (19) and provider-error.ts @3d19c909 (30)', () => {
    expect(OVERFLOW_PATTERNS_CLASSIC).toHaveLength(16);
    expect(OVERFLOW_PATTERNS_2026_04).toHaveLength(19);
    expect(OVERFLOW_PATTERNS_2026_04.slice(0, 16)).toEqual(OVERFLOW_PATTERNS_CLASSIC);
    expect(OVERFLOW_PATTERNS_CURRENT).toHaveLength(30);
  });

  it('2026-04 (1.14.34): three patterns after the classic sixteen, read as overflows there and not by classic', () => {
    const answers = [
      'prompt too long; exceeded max context length by 1200 tokens',
      'Request too large for model with 131072 maximum context length',
      'error: model_context_window_exceeded',
    ];
    for (const text of answers) {
      expect(isOpencodeOverflowMessage(text, 'classic'), text).toBe(false);
      expect(isOpencodeOverflowMessage(text, '2026-04'), text).toBe(true);
    }
  });

  it("2026-04 (1.14.34): the strategy's reactive path compacts on a pattern the release added", async () => {
    const events = [user('u1', 'one'), model('m1', 'a'), user('u2', 'two')];
    const outcome = await opencodeTail2026_04Strategy().onModelError!(
      fakeContext({ window: 128_000, events }),
      new ProviderApiError(400, 'error: model_context_window_exceeded'),
      { contents: [] } as never,
    );
    expect(outcome).toMatchObject({ retry: true });
  });

  it.each(['classic', '2026-04', 'current'] as const)(
    '%s: reads Ollama\'s "exceeds the available context size" as an overflow (#49965)',
    (version) => {
      expect(isOpencodeOverflowMessage(OLLAMA, version)).toBe(true);
      expect(isOpencodeContextOverflow(new ProviderApiError(400, OLLAMA), version)).toBe(true);
    },
  );

  it.each(['classic', '2026-04', 'current'] as const)(
    '%s: does not read a 400 that names no overflow as one (#50574)',
    (version) => {
      expect(isOpencodeContextOverflow(new ProviderApiError(400, GATEWAY_400), version)).toBe(false);
      // An empty message falls back to the status name ("Bad Request"), which is no overflow either.
      expect(isOpencodeContextOverflow(new ProviderApiError(400, ''), version)).toBe(false);
      expect(isOpencodeContextOverflow(new ProviderApiError(500, 'Internal Server Error'), version)).toBe(false);
    },
  );

  it.each(['classic', '2026-04', 'current'] as const)(
    '%s: a 413, a body-less 400 and the typed engine error are overflows',
    (version) => {
      expect(isOpencodeContextOverflow(new ProviderApiError(413, 'Payload Too Large'), version)).toBe(true);
      expect(isOpencodeContextOverflow(new ProviderApiError(400, '400 status code (no body)'), version)).toBe(true);
      expect(isOpencodeContextOverflow(new ContextWindowExceededError(140_000, 128_000), version)).toBe(true);
      expect(isOpencodeContextOverflow({ code: 'context_length_exceeded', message: 'x' }, version)).toBe(true);
    },
  );

  it('reads a typed error by its text only: the engine code alone is not on the list', () => {
    expect(isOpencodeContextOverflow({ code: 'CONTEXT_WINDOW_EXCEEDED', message: 'no room' }, 'current')).toBe(false);
    expect(isOpencodeContextOverflow('exceeds the available context size', 'current')).toBe(false);
  });

  it('current adds patterns classic lacks, and excludes rate limits', () => {
    const kimi = 'tokens in request more than max tokens allowed';
    expect(isOpencodeOverflowMessage(kimi, 'classic')).toBe(false);
    expect(isOpencodeOverflowMessage(kimi, 'current')).toBe(true);
    const throttled = 'Too many tokens, rate limit exceeded';
    expect(isOpencodeOverflowMessage(throttled, 'current')).toBe(false);
    expect(isOpencodeOverflowMessage('Too many tokens in the prompt', 'current')).toBe(true);
  });
});

async function piece(file: string): Promise<WorldScenario> {
  const [resolved] = await loadScenarioFile(`scenarios/museum/${file}`, { cwd: ROOT });
  return resolved!.world;
}

async function play(world: WorldScenario, options: Record<string, unknown>) {
  return runWorld(world, { strategy: opencodeTailStrategy(options) });
}

describe('the museum pieces against their counterfactuals', () => {
  it('#49965: compaction after every tool call with num_ctx below limit.context; none once they match', async () => {
    const world = await piece('opencode-ollama-error-read-as-overflow.yaml');
    const options = { maxOutputTokens: 4096 };
    const misread = await play(world, options);
    expect(noThrash.check(world, misread)).not.toBeNull();
    expect(misread.steps.filter((s) => s.summarizerCalls.length > 0).length).toBeGreaterThanOrEqual(10);
    // The remedy: the server's window raised to the configured one (num_ctx = limit.context).
    const matched: WorldScenario = { ...world, provider: { ...world.provider, limit: world.phases[0]!.contextWindow } };
    const result = await play(matched, options);
    expect(noThrash.check(matched, result)).toBeNull();
    expect(modelAnswers.check(matched, result)).toBeNull();
    // It still compacts when its own trigger says so (12 results of ~2,500 on 6,000 pass 24,576 once).
    const summarized = (r: typeof result) => r.steps.filter((s) => s.summarizerCalls.length > 0).length;
    expect(summarized(result)).toBeGreaterThan(0);
    expect(summarized(result) * 4).toBeLessThan(summarized(misread));
  }, 60_000);

  it('#50574: every turn after the refusal ends on it; with overflow words opencode recovers', async () => {
    const world = await piece('opencode-1m-refusal-not-overflow.yaml');
    const stuck = await play(world, {});
    expect(modelAnswers.check(world, stuck)).not.toBeNull();
    const endings = (stuck.turnAnswers ?? []).map((a) => a.ending);
    const first = endings.indexOf('model-error');
    expect(first).toBeGreaterThan(0);
    expect(endings.slice(first).every((e) => e === 'model-error')).toBe(true);
    // The same refusal in DeepSeek's words, which are on the list: compact, retry, answered.
    const worded: WorldScenario = {
      ...world,
      provider: {
        ...world.provider,
        refusal: {
          status: 400,
          message: "This model's maximum context length is {limit} tokens. However, you requested {prompt} tokens.",
        },
      },
    };
    const recovered = await play(worded, {});
    expect(modelAnswers.check(worded, recovered)).toBeNull();
    expect(recovered.steps.some((s) => s.summarizerCalls.length > 0)).toBe(true);
  }, 120_000);
});

describe('an error that is not about size (provider.errors), read by opencode', () => {
  // A gateway's empty-body 400 on the 4th model call, with the context at about a tenth of the window.
  const source = (message: string) => `
session:
  contextWindow: 128000
  systemPrompt: 4000
  tokenModel: { ratio: 1.0 }
  provider:
    errors: [{ call: 4, status: 400, message: "${message}" }]
turns:
  - user: "Fix the failing parser tests"
    sequential: true
    tools: [{ name: "run_test_{k}", repeat: 6, size: 8000, kind: logs }]
`;
  const played = async (message: string) => {
    const world = loadScenarioSource(source(message), 'errors.yaml', '/tmp').world;
    return { world, result: await runWorld(world, { strategy: opencodeTailStrategy({}) }) };
  };

  it('an empty-body 400 is on the list: opencode compacts a context far from full (the pi #9482 class)', async () => {
    const { result } = await played('400 status code (no body)');
    const compacted = result.steps.filter((s) => s.summarizerCalls.length > 0);
    expect(compacted).toHaveLength(1);
    expect(compacted[0]!.realBefore).toBeLessThan(128_000 / 5);
    expect(result.turnAnswers?.map((a) => a.ending)).toEqual(['model-response']);
  });

  it('a transient 500 is not: the turn ends on it, unjudged by model-answers (ADK surfaces a model error)', async () => {
    const { world, result } = await played('Internal Server Error: llama runner process has terminated');
    expect(result.steps.some((s) => s.summarizerCalls.length > 0)).toBe(false);
    expect(result.turnAnswers?.map((a) => a.ending)).toEqual(['model-error']);
    expect(result.turnAnswers?.[0]?.modelCalls).toBe(4);
    expect(modelAnswers.check(world, result)).toBeNull();
  });
});
