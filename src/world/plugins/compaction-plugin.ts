/**
 * The compaction host: a world plugin wrapping the engine's `ContextGuard` around the strategy
 * under test (ContextGuard ships as an ADK plugin named "context_guard" with before/after-model
 * callbacks that always return nothing, so the chain continues and the model is called).
 *
 * The strategy's `CompactionContext`: the agent name, the callback context's state (dual-write:
 * writes land on this step's model-response event), the invocation's user content (the same
 * object the session's user event holds, as in adk-js, so writing into it is writing into the
 * session; undefined when the scenario hides it, like the Go simulator), the world's summarizer
 * and the phase's window.
 *
 * Anything the strategy throws ends the session (reported through `onStrategyFailure`), instead of
 * becoming an ADK error event.
 */
import { ContextGuard } from '../../engine/context-guard.ts';
import type { CompactionContext, CompactionStrategy, LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import type { Context } from '../agents/context.ts';
import { BasePlugin } from './base-plugin.ts';

export interface CompactionPluginOptions {
  readonly agentName: string;
  readonly strategy: CompactionStrategy;
  readonly summarizer: SummarizerModel;
  readonly contextWindow: () => number;
  readonly exposeUserContent: boolean;
  readonly onStrategyFailure: (error: unknown) => void;
}

export class CompactionPlugin extends BasePlugin {
  readonly #guard: ContextGuard;
  readonly #options: CompactionPluginOptions;

  constructor(options: CompactionPluginOptions) {
    super('context_guard');
    this.#options = options;
    this.#guard = new ContextGuard({ onStrategyError: (error) => options.onStrategyFailure(error) });
    this.#guard.add(options.agentName, options.strategy);
  }

  override async beforeModelCallback({ callbackContext, llmRequest }: { callbackContext: Context; llmRequest: LlmRequest }): Promise<undefined> {
    try {
      await this.#guard.beforeModel(this.#compactionContext(callbackContext), llmRequest);
    } catch (error) {
      this.#options.onStrategyFailure(error);
    }
    return undefined;
  }

  override async afterModelCallback({ callbackContext, llmResponse }: { callbackContext: Context; llmResponse: LlmResponse }): Promise<undefined> {
    try {
      await this.#guard.afterModel(this.#compactionContext(callbackContext), llmResponse);
    } catch (error) {
      this.#options.onStrategyFailure(error);
    }
    return undefined;
  }

  #compactionContext(callbackContext: Context): CompactionContext {
    const state = callbackContext.state;
    return {
      agentName: callbackContext.agentName,
      state: { get: (key) => state.get(key), set: (key, value) => state.set(key, value) },
      userContent: this.#options.exposeUserContent ? callbackContext.userContent : undefined,
      summarizer: this.#options.summarizer,
      contextWindow: this.#options.contextWindow(),
    };
  }
}
