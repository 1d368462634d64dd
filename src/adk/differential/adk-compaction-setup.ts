/**
 * The compaction side of a real adk-js run: our engine as `ContextGuardPlugin` (with the user
 * content hidden for go-compat scenarios, as the Go simulator's callback context has none), or
 * adk-js 2.0.0's own `TokenBasedContextCompactor` + `LlmSummarizer` over the same summarizer.
 */
import { LlmSummarizer, TokenBasedContextCompactor } from '@google/adk';
import type { BaseContextCompactor, BasePlugin, InvocationContext, LlmResponse as AdkLlmResponse } from '@google/adk';
import type { Content } from '@google/genai';
import type { LlmRequest, SummarizerModel } from '../../engine/types.ts';
import type { SessionFailureKind } from '../../world/session-result.ts';
import type { WorldScenario } from '../../world/world-scenario.ts';
import { ContextGuardPlugin } from '../context-guard-plugin.ts';
import { tokenBasedThreshold, type AdkCompactor } from './adk-compactor.ts';
import { requestView } from './request-view.ts';
import { ScriptedAdkLlm } from './scripted-adk-llm.ts';

export interface Compaction {
  readonly plugin?: BasePlugin;
  readonly compactor?: BaseContextCompactor;
  readonly onPhase?: (phase: number) => void;
}

export function compactionFor(
  choice: AdkCompactor,
  scenario: WorldScenario,
  summarizer: SummarizerModel,
  contextWindow: () => number,
  fail: (kind: SessionFailureKind, message: string) => void,
  /** The provider's count (the world gives its strategies the same one: X11). */
  countTokens: (request: LlmRequest) => number,
  /** The strategy's warnings (`ctx.warn`), recorded per step as the world records them. */
  onWarning: (message: string, fields?: Record<string, unknown>) => void = () => {},
): Compaction {
  if (choice.kind === 'context-guard') {
    const options = {
      registry: { contextWindow },
      countTokens,
      onWarning,
      onError: (error: unknown) => fail('strategy-threw', `the strategy threw: ${describe(error)}`),
    };
    const plugin = scenario.exposeUserContent
      ? new ContextGuardPlugin(options)
      : new NoUserContentContextGuardPlugin(options);
    plugin.add(scenario.agentName, { strategy: choice.strategy, summarizer });
    return { plugin };
  }
  // One adk-js compactor per phase (its threshold is fixed at construction), behind one delegate.
  const summarizerLlm = new ScriptedAdkLlm(
    'summarizer',
    async (request) => [(await summarizer.generateContent(requestView(request))) as AdkLlmResponse],
    {
      record: false,
    },
  );
  const perPhase = scenario.phases.map(
    (p) =>
      new TokenBasedContextCompactor({
        tokenThreshold: tokenBasedThreshold(choice, p.contextWindow),
        eventRetentionSize: choice.eventRetentionSize,
        summarizer: new LlmSummarizer({ llm: summarizerLlm }),
      }),
  );
  let current = perPhase[0]!;
  return {
    compactor: {
      shouldCompact: (ctx: InvocationContext) => current.shouldCompact(ctx),
      compact: (ctx: InvocationContext) => current.compact(ctx),
    },
    onPhase: (index) => {
      current = perPhase[index]!;
    },
  };
}

/** Replays the Go simulator, whose callback context has no user content (go-compat scenarios). */
class NoUserContentContextGuardPlugin extends ContextGuardPlugin {
  protected override userContentFor(): Content | undefined {
    return undefined;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
