/**
 * The world's summarizer model (implements the engine's `SummarizerModel`). It replies
 * - `fixed`: always the scenario's text (the seeds' 120-byte summary);
 * - `honour`: a summary that fills the request's `maxOutputTokens` without exceeding it;
 * - `exceed`: `exceedFactor` × `maxOutputTokens` (a provider that does not enforce the limit);
 * and, like a real provider, REJECTS a request larger than its own window (outcome 'overflow'),
 * unless the scenario gives it no window (`contextWindow: 'none'`, the go-compat profile: the Go
 * simulator's mock summarizer ignores its input and always answers, docs/contextguard.md §10).
 * Faults by 1-based call number: `error` rejects, `empty` answers no text, `timeout` spends the
 * deadline on the logical clock then rejects, `oversize` answers `exceedFactor` × the limit.
 * Every call is recorded (heuristic and real input size, output size, outcome). A simulated
 * answer carries its usage (real input and output tokens); an overflow's error has the engine's
 * `CONTEXT_WINDOW_EXCEEDED` code.
 *
 * With planted facts (issue 29), the facts the request carries are kept by the declared retention
 * policy (facts/retention-policy.ts) and written as lines after the summary's own text, within
 * the output budget; a request without fact markers is answered exactly as without facts.
 *
 * With a caller-supplied `model` (e.g. a real Gemini model, `simulate --real-summarizer`) that model
 * writes the replies, and everything around the call stays simulated, so a run differs from the
 * deterministic one only in what the summaries say:
 * - the window check still runs first: a request over the summarizer's window (when it has one) is
 *   rejected as 'overflow' and never sent (the scenario's window is part of the simulated provider);
 * - the `error`, `empty` and `timeout` faults still apply on the same call numbers, without asking
 *   the model (they exercise the strategy's fallback exactly as in the deterministic run);
 * - `reply`, `text`, `exceedFactor` and the `oversize` fault describe what the simulated model
 *   writes, so they do NOT apply: the model decides (the report lists oversize faults as not applied);
 * - the model's own failures are recorded too: a rejection is 'error' ('timeout' when the error is
 *   named `TimeoutError`), an answer without text 'empty'; the engine falls back on each;
 * - the record also carries the text the model wrote (`summary`) or why there is none (`failure`),
 *   so reports can show the summaries. Real calls never move the logical clock.
 */
import { CONTEXT_WINDOW_EXCEEDED } from '../../engine/errors/context-window-exceeded.ts';
import { requestQuarterTokens } from '../ruler/quarter-byte-count.ts';
import type { LlmRequest, LlmResponse, SummarizerModel } from '../../engine/types.ts';
import { quarterOf } from '../ruler/utf8-bytes.ts';
import type { SummarizerCallRecord, SummarizerOutcome } from '../session-result.ts';
import type { LogicalClock } from '../sim/logical-clock.ts';
import { rngFor } from '../sim/prng.ts';
import type { SummarizerFault, SummarizerFaultKind, SummarizerSpec } from '../world-scenario.ts';
import { askModel, type RecordDetail } from './ask-summarizer-model.ts';
import { summaryOfTokens } from './summary-text.ts';
import type { WorldFact } from '../facts/fact-types.ts';
import { DEFAULT_RETENTION_PROFILE, retainedFactLines } from '../facts/retention-policy.ts';
import type { TokenModel } from './token-models.ts';

/** How long a timed-out call waits before giving up (logical ms). */
export const SUMMARIZER_TIMEOUT_MS = 60_000;

export interface SummarizerPhase {
  readonly modelName: string;
  readonly contextWindow: number;
  readonly tokenModel: TokenModel;
}

export interface SummarizerLlmOptions {
  readonly spec: SummarizerSpec;
  readonly seed: number;
  readonly clock: LogicalClock;
  readonly phase: () => SummarizerPhase;
  /** Every call, with the reply's text when it succeeded ('' otherwise) and the request the strategy made. */
  readonly onCall: (record: SummarizerCallRecord, reply: string, request: LlmRequest) => void;
  /** Writes the replies instead of the simulated model (see the header). */
  readonly model?: SummarizerModel | undefined;
  /** Facts the scenario plants (kept by the retention policy when the request carries them). */
  readonly facts?: readonly WorldFact[];
}

export class SummarizerError extends Error {
  /** `CONTEXT_WINDOW_EXCEEDED` for an overflow (engine `isContextWindowExceeded`), else `SUMMARIZER_<OUTCOME>`. */
  readonly code: string;
  constructor(
    message: string,
    readonly outcome: SummarizerOutcome,
  ) {
    super(message);
    this.name = 'SummarizerError';
    this.code = outcome === 'overflow' ? CONTEXT_WINDOW_EXCEEDED : `SUMMARIZER_${outcome.toUpperCase()}`;
  }
}

export class SummarizerLlm implements SummarizerModel {
  readonly #options: SummarizerLlmOptions;
  #calls = 0;

  constructor(options: SummarizerLlmOptions) {
    this.#options = options;
  }

  get name(): string {
    return this.#options.model?.name ?? this.#options.phase().modelName;
  }

  /**
   * The window the world enforces on summarizer calls (the scenario's, else the phase's model's);
   * undefined when it enforces none (go-compat: the Go simulator's mock has no window).
   */
  get contextWindow(): number | undefined {
    return summarizerWindow(this.#options.spec, this.#options.phase().contextWindow) ?? undefined;
  }

  async generateContent(request: LlmRequest): Promise<LlmResponse> {
    const { spec, clock, onCall } = this.#options;
    const phase = this.#options.phase();
    const call = ++this.#calls;
    const inputTokens = requestQuarterTokens(request);
    const inputRealTokens = phase.tokenModel.countRequest(request, inputTokens);
    const contextWindow = summarizerWindow(spec, phase.contextWindow);
    const maxOutputTokens = request.config?.maxOutputTokens ?? null;
    const model = this.#options.model;
    // Details are kept only for a caller-supplied model: simulated replies are reproducible from
    // the seed, and the deterministic reports stay as they were.
    const record = (outcome: SummarizerOutcome, text: string, detail: RecordDetail = {}): void =>
      onCall(
        {
          inputTokens,
          inputRealTokens,
          contextWindow,
          maxOutputTokens,
          outputTokens: quarterOf(text),
          outcome,
          ...(model === undefined ? {} : detail),
        },
        outcome === 'ok' ? text : '',
        request,
      );

    if (contextWindow !== null && inputRealTokens > contextWindow) {
      const message = `prompt is too long: ${inputRealTokens} tokens > ${contextWindow} maximum`;
      record('overflow', '', { failure: `${message} (not sent)` });
      throw new SummarizerError(message, 'overflow');
    }
    const fault = faultFor(spec, call);
    const injected = `scenario fault '${String(fault)}' on call ${call} (not sent)`;
    if (fault === 'error') {
      record('error', '', { failure: injected });
      throw new SummarizerError(`summarizer call ${call} failed: injected provider error`, 'error');
    }
    if (fault === 'timeout') {
      clock.advance(SUMMARIZER_TIMEOUT_MS);
      record('timeout', '', { failure: injected });
      throw new SummarizerError(`summarizer call ${call} timed out after ${SUMMARIZER_TIMEOUT_MS} ms`, 'timeout');
    }
    if (fault === 'empty') {
      record('empty', '', { failure: injected });
      return { content: { role: 'model', parts: [] } };
    }
    if (model !== undefined) return askModel(model, request, record);
    const text = this.#replyText(
      fault === 'oversize' ? 'exceed' : spec.reply,
      maxOutputTokens,
      call,
      phase.tokenModel,
      request,
    );
    record(text === '' ? 'empty' : 'ok', text);
    // Usage as a provider reports it (docs/peer-strategies.md X6): adk-python puts it on its compaction event.
    const usageMetadata = { promptTokenCount: inputRealTokens, candidatesTokenCount: phase.tokenModel.countText(text) };
    return { content: { role: 'model', parts: text === '' ? [] : [{ text }] }, usageMetadata };
  }

  #replyText(
    reply: SummarizerSpec['reply'],
    maxOutputTokens: number | null,
    call: number,
    tokenModel: TokenModel,
    request: LlmRequest,
  ): string {
    const { spec, seed } = this.#options;
    const countText = (text: string): number => tokenModel.countText(text);
    // Seeded by the call: every size tried for one reply is a prefix of the same prose.
    const proseOf = (tokens: number): string =>
      summaryOfTokens(tokens, countText, () => rngFor(seed, 'summarizer', call), spec.textSource ?? 'words');
    const fixed = reply === 'fixed' || maxOutputTokens === null;
    const target = fixed
      ? null
      : reply === 'honour'
        ? maxOutputTokens
        : Math.floor(maxOutputTokens * spec.exceedFactor);
    const facts = this.#options.facts ?? [];
    const lines =
      facts.length === 0
        ? []
        : retainedFactLines({
            request,
            facts,
            profile: spec.retention ?? DEFAULT_RETENTION_PROFILE,
            // The fixed text is written whatever the budget; the facts get what it leaves.
            budgetTokens: fixed
              ? maxOutputTokens === null
                ? null
                : Math.max(0, maxOutputTokens - countText(spec.text))
              : target,
            countText,
            seed,
            call,
          }).map((entry) => entry.line);
    if (lines.length === 0) {
      return target === null ? spec.text : proseOf(target);
    }
    const block = lines.join('\n');
    if (target === null) return `${spec.text}\n${block}`;
    // The prose fills what the fact lines leave of the target (never beyond it when honouring).
    let rest = target - countText(block) - 1;
    for (;;) {
      const prose = rest > 0 ? proseOf(rest) : '';
      const text = prose === '' ? block : `${prose}\n${block}`;
      if (prose === '' || countText(text) <= target) return text;
      rest -= Math.max(1, countText(text) - target);
    }
  }
}

/** The summarizer's window while the agent's is `agentWindow`; null when it has none. */
export function summarizerWindow(spec: Pick<SummarizerSpec, 'contextWindow'>, agentWindow: number): number | null {
  if (spec.contextWindow === 'none') return null;
  return spec.contextWindow ?? agentWindow;
}

/**
 * The scenario's faults that a caller-supplied model makes moot (`oversize` is about what the
 * simulated model writes): reports list them as not applied.
 */
export function faultsNotAppliedWithModel(spec: SummarizerSpec): SummarizerFault[] {
  return spec.faults.filter((fault) => fault.kind === 'oversize');
}

function faultFor(spec: SummarizerSpec, call: number): SummarizerFaultKind | undefined {
  for (const fault of spec.faults) if (fault.calls === 'all' || fault.calls.includes(call)) return fault.kind;
  return undefined;
}
