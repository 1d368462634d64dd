/**
 * The plugin core, framework-agnostic (adk-utils-go `contextguard.go` `beforeModel` / `afterModel`,
 * docs/contextguard.md §4). One strategy per agent name; the world and the real-ADK plugin both wrap this class.
 *
 * beforeModel: nothing to do for an empty request or an unknown agent; otherwise compact, then
 * ALWAYS record the heuristic of the final request (even after a strategy failure), which the next
 * call's calibration divides the provider's real count by.
 * afterModel: record the provider's prompt token count of a complete (non-partial) response.
 *
 * The optional docs/peer-strategies.md §B hooks (`compactSession`, `afterInvocation`, `onModelError`, the outcome
 * of `afterModel`) are dispatched here too, with the same error handling: a strategy that throws
 * is reported through `onStrategyError` and the host carries on as if the hook returned nothing.
 */
import { persistLastHeuristic, persistRealTokens } from './state/state-helpers.ts';
import { estimateTokens } from './tokens/estimate-tokens.ts';
import type {
  AfterInvocationOutcome,
  AfterModelOutcome,
  CompactionRecord,
  CompactSessionOutcome,
  ModelErrorOutcome,
  ModelUsage,
} from './hook-types.ts';
import { modelUsageOf } from './usage/model-usage.ts';
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

  /** Returns what the strategy reported (a host may record its `triggerCount`); undefined when it reported nothing or threw. */
  async beforeModel(
    ctx: CompactionContext,
    request: LlmRequest | undefined | null,
  ): Promise<CompactionOutcome | undefined> {
    if (!request || !request.contents || request.contents.length === 0) return undefined;
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy) return undefined;
    let outcome: CompactionOutcome | undefined;
    try {
      const reported: unknown = await strategy.compact(this.#withWarn(ctx), request);
      if (reported !== null && typeof reported === 'object') outcome = reported as CompactionOutcome;
    } catch (error) {
      this.#reportStrategyError(error, ctx.agentName);
    }
    // Upstream estimates the request again here; a strategy that just estimated it says so.
    const reported = outcome?.requestTokens;
    const heuristic =
      typeof reported === 'number' && Number.isSafeInteger(reported) && reported >= 0
        ? reported
        : estimateTokens(request);
    persistLastHeuristic(ctx, heuristic);
    return outcome;
  }

  /**
   * Records the real prompt count, then runs the strategy's `afterModel` (X1) with the usage
   * breakdown: the host's when it has one (`usage`), else what `usageMetadata` says.
   */
  async afterModel(
    ctx: CompactionContext,
    response: LlmResponse | undefined | null,
    usage?: ModelUsage,
  ): Promise<AfterModelOutcome | undefined> {
    if (!response || response.partial) return undefined;
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy) return undefined;
    if (response.usageMetadata) {
      // Go: int(PromptTokenCount); candidates are deliberately ignored.
      const promptTokens = Math.trunc(response.usageMetadata.promptTokenCount ?? 0);
      if (promptTokens > 0) persistRealTokens(ctx, promptTokens);
    }
    if (!strategy.afterModel) return undefined;
    return this.#run(ctx.agentName, () =>
      strategy.afterModel!(this.#withWarn(ctx), response, usage ?? modelUsageOf(response.usageMetadata)),
    );
  }

  /** X4: the strategy's `compactSession`, before contents are built (records checked). */
  async compactSession(ctx: CompactionContext): Promise<CompactSessionOutcome | undefined> {
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy?.compactSession) return undefined;
    return this.#run(ctx.agentName, async () => checkedOutcome(await strategy.compactSession!(this.#withWarn(ctx))));
  }

  /** X2: the strategy's `afterInvocation` (records checked). */
  async afterInvocation(ctx: CompactionContext): Promise<AfterInvocationOutcome | undefined> {
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy?.afterInvocation) return undefined;
    return this.#run(ctx.agentName, async () => checkedOutcome(await strategy.afterInvocation!(this.#withWarn(ctx))));
  }

  /** X3: the strategy's `onModelError` for a request the provider refused (records checked). */
  async onModelError(
    ctx: CompactionContext,
    error: unknown,
    request: LlmRequest,
  ): Promise<ModelErrorOutcome | undefined> {
    const strategy = this.#strategies.get(ctx.agentName);
    if (!strategy?.onModelError) return undefined;
    return this.#run(ctx.agentName, async () =>
      checkedOutcome(await strategy.onModelError!(this.#withWarn(ctx), error, request)),
    );
  }

  /** Whether the agent's strategy has the hook (hosts add the machinery a hook needs only then). */
  hasHook(agentName: string, hook: 'afterModel' | 'compactSession' | 'afterInvocation' | 'onModelError'): boolean {
    return typeof this.#strategies.get(agentName)?.[hook] === 'function';
  }

  async #run<T>(agentName: string, hook: () => T | Promise<T>): Promise<Exclude<T, void> | undefined> {
    try {
      const outcome = await hook();
      return outcome === null || typeof outcome !== 'object' ? undefined : (outcome as Exclude<T, void>);
    } catch (error) {
      this.#reportStrategyError(error, agentName);
      return undefined;
    }
  }

  #reportStrategyError(error: unknown, agentName: string): void {
    if (this.#onStrategyError) this.#onStrategyError(error, agentName);
    else
      this.#onWarning?.('ContextGuard: compaction failed, passing through', { agent: agentName, error: String(error) });
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

/** An outcome whose `append` holds well-formed records (a malformed one is the strategy's error). */
function checkedOutcome<T>(outcome: T): T {
  if (outcome === null || typeof outcome !== 'object') return outcome;
  const append: unknown = (outcome as { append?: unknown }).append;
  if (append === undefined) return outcome;
  if (!Array.isArray(append)) throw new TypeError("a hook outcome's append must be a list of compaction records");
  append.forEach((record: unknown, i) => {
    const r = record as Partial<CompactionRecord> | null;
    if (r === null || typeof r !== 'object' || typeof r.endEventId !== 'string' || !Array.isArray(r.contents)) {
      throw new TypeError(`compaction record ${i} must be { startEventId?, endEventId: string, contents: Content[] }`);
    }
    if (r.startEventId !== undefined && typeof r.startEventId !== 'string')
      throw new TypeError(`compaction record ${i}: startEventId must be a string`);
  });
  return outcome;
}
