/**
 * The plugin core, framework-agnostic (adk-utils-go `contextguard.go` `beforeModel` / `afterModel`,
 * spec §4). One strategy per agent name; the world and the real-ADK plugin both wrap this class.
 *
 * beforeModel: nothing to do for an empty request or an unknown agent; otherwise compact, then
 * ALWAYS record the heuristic of the final request (even after a strategy failure), which the next
 * call's calibration divides the provider's real count by.
 * afterModel: record the provider's prompt token count of a complete (non-partial) response.
 */
import { persistLastHeuristic, persistRealTokens } from './state/state-helpers.ts';
import { estimateTokens } from './tokens/estimate-tokens.ts';
import type { CompactionContext, CompactionOutcome, CompactionStrategy, LlmRequest, LlmResponse } from './types.ts';

export interface ContextGuardOptions {
  /**
   * Called when a strategy throws (upstream: a `Compact` error, logged as "compaction failed,
   * passing through"). The request is then sent as the strategy left it.
   */
  readonly onStrategyError?: (error: unknown, agentName: string) => void;
  /** Receives the warnings strategies report through `ctx.warn` when the host set none. */
  readonly onWarning?: (message: string, fields?: Record<string, unknown>) => void;
}

export class ContextGuard {
  readonly #strategies = new Map<string, CompactionStrategy>();
  readonly #onStrategyError: ContextGuardOptions['onStrategyError'];
  readonly #onWarning: ContextGuardOptions['onWarning'];

  constructor(options: ContextGuardOptions = {}) {
    this.#onStrategyError = options.onStrategyError;
    this.#onWarning = options.onWarning;
  }

  /** Registers `strategy` for `agentName`; adding the same name again replaces it. */
  add(agentName: string, strategy: CompactionStrategy): this {
    this.#strategies.set(agentName, strategy);
    return this;
  }

  /** The strategy registered for `agentName`, if any. */
  strategyFor(agentName: string): CompactionStrategy | undefined {
    return this.#strategies.get(agentName);
  }

  async beforeModel(ctx: CompactionContext, request: LlmRequest | undefined | null): Promise<void> {
    if (!request || !request.contents || request.contents.length === 0) return;
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy) return;
    let reported: unknown;
    try {
      const outcome: unknown = await strategy.compact(this.#withWarn(ctx), request);
      if (outcome !== null && typeof outcome === 'object') reported = (outcome as CompactionOutcome).requestTokens;
    } catch (error) {
      this.#reportStrategyError(error, ctx.agentName);
    }
    // Upstream estimates the request again here; a strategy that just estimated it says so.
    const heuristic = typeof reported === 'number' && Number.isSafeInteger(reported) && reported >= 0 ? reported : estimateTokens(request);
    persistLastHeuristic(ctx, heuristic);
  }

  async afterModel(ctx: CompactionContext, response: LlmResponse | undefined | null): Promise<void> {
    if (!response || response.partial) return;
    if (!response.usageMetadata) return;
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy) return;
    // Go: int(PromptTokenCount); candidates are deliberately ignored.
    const promptTokens = Math.trunc(response.usageMetadata.promptTokenCount ?? 0);
    if (promptTokens > 0) persistRealTokens(ctx, promptTokens);
    if (strategy.afterModel) {
      try {
        await strategy.afterModel(this.#withWarn(ctx), response);
      } catch (error) {
        this.#reportStrategyError(error, ctx.agentName);
      }
    }
  }

  #reportStrategyError(error: unknown, agentName: string): void {
    if (this.#onStrategyError) this.#onStrategyError(error, agentName);
    else this.#onWarning?.('ContextGuard: compaction failed, passing through', { agent: agentName, error: String(error) });
  }

  /**
   * The context with `warn` routed to `onWarning` when the host gave none. A read-only view, not a
   * copy: every other property (including ones a host adds for its own strategies, and getters over
   * private fields) is read from the original object.
   */
  #withWarn(ctx: CompactionContext): CompactionContext {
    const onWarning = this.#onWarning;
    if (ctx.warn || !onWarning) return ctx;
    return new Proxy(ctx, {
      get: (target, prop) => (prop === 'warn' ? onWarning : Reflect.get(target, prop, target)),
    });
  }
}
