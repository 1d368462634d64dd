/**
 * Measures a real adk-js run step by step, into the world's own `StepRecord` and trace shapes, so
 * the two runs can be compared field by field.
 *
 * Deliberately independent of the world's cached meter (`world/measure/step-recorder.ts`, which
 * recognises unchanged history through content sources): every number here is recomputed from
 * the plain request with the world's ruler (`requestQuarterTokens`, as the world measures) and the phase's token model, and "changed"
 * means "not deep-equal". Equal records therefore check the world's caching as well as its loop.
 * The pure rules (orphans, cache churn, user-request presence, step labels) are the world's.
 */
import { modelOutputTokens } from '../../world/measure/model-output-tokens.ts';
import type { Event } from '../../world/events/event.ts';
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import type { LlmRequest } from '../../engine/types.ts';
import { cloneValue, deepEqual } from '../../world/request-contents/clone-content.ts';
import type { ContentItem } from '../../world/request-contents/content-items.ts';
import { cacheChurn, sharedContents, type SentPrefix } from '../../world/measure/cache-churn.ts';
import { isOverflowStep } from '../../world/measure/definitions/overflow.ts';
import { countOrphans } from '../../world/measure/orphans.ts';
import { preambleKey } from '../../world/measure/preamble.ts';
import { stepLabel } from '../../world/measure/step-labels.ts';
import { warningText } from '../../world/measure/warning-text.ts';
import { contentText, SummaryReuse } from '../../world/measure/summary-reuse.ts';
import { userRequestPresent } from '../../world/measure/user-request.ts';
import { addedSystemText, systemTexts } from '../../world/measure/added-system-text.ts';
import type { TokenModel } from '../../world/models/token-models.ts';
import type { StepRecord, SummarizerCallRecord } from '../../world/session-result.ts';
import type { WorldTraceStep } from '../../world/world-trace.ts';
import type { WorldTurn } from '../../world/world-scenario.ts';

/** An appended event as plain data (adk-js events carry a symbol brand and null-prototype deltas). */
export type PlainEvent = Record<string, unknown>;

interface Measured {
  readonly request: LlmRequest;
  readonly contents: LlmRequest['contents'];
  readonly heuristic: number;
  readonly real: number;
  readonly preamble: string;
  /** The system instruction's texts (world/measure/added-system-text.ts). */
  readonly system: readonly string[];
}

interface OpenStep {
  readonly step: number;
  readonly label: string;
  readonly request: LlmRequest;
  readonly before: Measured;
  readonly pluginRequest: LlmRequest;
  readonly summarizerCalls: SummarizerCallRecord[];
  readonly appended: PlainEvent[];
  /** Output tokens of the model events appended on this step (as the world's recorder counts them). */
  outputTokens: number;
  sent: Measured | undefined;
  modelRequest: LlmRequest | null;
  readonly warnings: string[];
  /** The scripted model answered this step with a recovery call for a needed fact (forgetting has a price). */
  recovery: { readonly fact: string; readonly attempt: number } | undefined;
}

interface TurnContext {
  readonly turn: WorldTurn;
  readonly userText: string;
  readonly tokenModel: TokenModel;
  readonly contextWindow: number;
  stepInTurn: number;
}

export class AdkStepMeter {
  readonly steps: StepRecord[] = [];
  readonly traceSteps: WorldTraceStep[] = [];
  readonly #recordTrace: boolean;
  readonly #measuring: boolean;
  #turn: TurnContext | undefined;
  #open: OpenStep | undefined;
  #previousSent: SentPrefix | undefined;
  readonly #summaries = new SummaryReuse();
  readonly #pendingWarnings: string[] = [];

  /**
   * `measure: false` keeps only what the scripted model needs (the real-token count of the request
   * it receives): the speed bench times adk-js itself, not this meter.
   */
  constructor(options: { readonly recordTrace: boolean; readonly measure?: boolean }) {
    this.#recordTrace = options.recordTrace;
    this.#measuring = options.measure ?? true;
  }

  get currentStep(): number | null {
    return this.#open?.step ?? null;
  }

  beginTurn(turn: WorldTurn, userText: string, tokenModel: TokenModel, contextWindow: number): void {
    this.#turn = { turn, userText, tokenModel, contextWindow, stepInTurn: 0 };
  }

  /** The first plugin's before-model callback: the request as the processors and tools built it. */
  stepStart(request: LlmRequest): void {
    if (!this.#measuring) return;
    const turn = this.#requireTurn();
    const before = this.#measure(request);
    this.#open = {
      step: this.steps.length,
      label: stepLabel(turn.turn, turn.stepInTurn),
      request,
      before,
      pluginRequest: this.#recordTrace ? snapshot(request) : request,
      summarizerCalls: [],
      appended: [],
      outputTokens: 0,
      sent: undefined,
      modelRequest: null,
      warnings: this.#pendingWarnings.splice(0),
      recovery: undefined,
    };
    turn.stepInTurn += 1;
  }

  /** The model was called with `request` (after every plugin and callback). */
  modelRequest(request: LlmRequest): void {
    const open = this.#open;
    if (!open) return;
    open.sent = this.#measure(request);
    if (this.#recordTrace) open.modelRequest = snapshot(request);
  }

  /** The provider's prompt count for what the model received (the scripted model reports it). */
  countPromptTokens(request: LlmRequest): number {
    const open = this.#open;
    if (open?.sent && open.sent.request === request) return open.sent.real;
    return this.#measure(request).real;
  }

  summarizerCall(record: SummarizerCallRecord, reply = ''): void {
    this.#open?.summarizerCalls.push(record);
    if (record.outcome === 'ok') this.#summaries.noteReply(reply);
  }

  /** A strategy warning (`ctx.warn`), counted as the world's recorder counts it: on the open step until its request is sent, else on the next. */
  /** The scripted model's reply on this step is a recovery call: the world's recorder marks it the same way. */
  recovery(recovery: { readonly fact: string; readonly attempt: number }): void {
    if (this.#open) this.#open.recovery = recovery;
  }

  warning(message: string, fields?: Record<string, unknown>): void {
    if (!this.#measuring) return;
    const text = warningText(message, fields);
    const open = this.#open;
    if (open && !open.sent) open.warnings.push(text);
    else this.#pendingWarnings.push(text);
  }

  /** Warnings reported after the last step. */
  get trailingWarnings(): readonly string[] {
    return this.#pendingWarnings;
  }

  eventAppended(event: PlainEvent): void {
    const open = this.#open;
    if (!open) return;
    if (this.#recordTrace) open.appended.push(event);
    const { tokenModel } = this.#requireTurn();
    open.outputTokens += modelOutputTokens([event as unknown as Event], (text) => tokenModel.countText(text));
  }

  /** Closes the open step, if any, with the persisted state as it is now. */
  stepEnd(storedState: Readonly<Record<string, unknown>>): void {
    if (!this.#measuring) return;
    const open = this.#open;
    if (!open) return;
    const turn = this.#requireTurn();
    this.#open = undefined;
    // No model call (maxLlmCalls exceeded after the callbacks ran): what would have been sent.
    const called = open.sent !== undefined;
    const sent = open.sent ?? this.#measure(open.request);
    const items = itemsOf(sent.contents);
    const current: SentPrefix = { items, preamble: sent.preamble };
    const churn = cacheChurn(this.#previousSent, current);
    const uncached = this.#uncachedTokens(sent, current);
    this.#previousSent = current;
    const orphans = countOrphans(sent.contents);
    // With a trace, pluginRequest is a deep copy taken before any callback ran: in-place edits count.
    const changed = sent.preamble !== open.before.preamble || !deepEqual(sent.contents, open.pluginRequest.contents);
    // As the world judges it (measure/step-recorder.ts): shrank as the provider counts it.
    const compacted = sent.real < open.before.real;
    const rewrite = this.#summaries.classify({
      addedTexts: addedTexts(open.pluginRequest.contents, sent.contents),
      summarized: open.summarizerCalls.length > 0,
      changed,
      shrunk: compacted,
    });
    this.steps.push({
      step: open.step,
      turn: turn.turn.index,
      label: open.label,
      // The world's logical clock has no counterpart here; the comparison skips this field.
      clock: 0,
      contextWindow: turn.contextWindow,
      contentsBefore: open.before.contents.length,
      contentsAfter: sent.contents.length,
      heuristicBefore: open.before.heuristic,
      heuristicAfter: sent.heuristic,
      realBefore: open.before.real,
      realAfter: sent.real,
      overflow: isOverflowStep({ shortCircuited: false, realAfter: sent.real, contextWindow: turn.contextWindow }),
      shortCircuited: false,
      summarizerCalls: open.summarizerCalls,
      reinjection: rewrite.reinjection,
      trimmed: rewrite.trimmed,
      compacted,
      cacheChurn: churn,
      uncachedTokens: uncached,
      outputTokens: open.outputTokens,
      orphanCalls: orphans.calls,
      orphanResponses: orphans.responses,
      userRequestPresent: userRequestPresent(
        items,
        turn.userText,
        undefined,
        addedSystemText(sent.system, open.before.system),
      ),
      ...(open.warnings.length === 0 ? {} : { warnings: open.warnings }),
      ...(open.recovery === undefined ? {} : { recovery: open.recovery }),
    });
    if (this.#recordTrace) {
      this.traceSteps.push({
        step: open.step,
        turn: turn.turn.index,
        label: open.label,
        pluginRequest: open.pluginRequest,
        modelRequest: called ? open.modelRequest : null,
        appendedEvents: open.appended as unknown as WorldTraceStep['appendedEvents'],
        stateAfter: { ...storedState },
      });
    }
  }

  /** Real tokens of `sent` after the prefix it shares with the previous request sent (world: step-recorder.ts). */
  #uncachedTokens(sent: Measured, current: SentPrefix): number {
    const previous = this.#previousSent;
    if (!previous || previous.preamble !== current.preamble) return sent.real;
    const prefix = { ...sent.request, contents: sent.contents.slice(0, sharedContents(previous, current)) };
    return Math.max(0, sent.real - this.#requireTurn().tokenModel.countRequest(prefix, requestQuarterTokens(prefix)));
  }

  #measure(request: LlmRequest): Measured {
    const turn = this.#requireTurn();
    // A frozen copy of the array: strategies replace `request.contents`, they do not edit it.
    const contents = [...request.contents];
    const heuristic = requestQuarterTokens({ ...request, contents });
    return {
      request,
      contents,
      heuristic,
      real: turn.tokenModel.countRequest({ ...request, contents }, heuristic),
      preamble: preambleKey(request.config),
      system: systemTexts(request.config),
    };
  }

  #requireTurn(): TurnContext {
    if (!this.#turn) throw new Error('AdkStepMeter: a step started outside a turn');
    return this.#turn;
  }
}

/**
 * Texts of the sent contents that are not in the request the processors built (counted as a
 * multiset of texts: adk-js deep-copies every event, so there are no sources to compare with).
 * The world's recorder finds the same contents by source; summary-reuse.ts classifies both alike.
 */
function addedTexts(built: LlmRequest['contents'], sent: LlmRequest['contents']): string[] {
  const available = new Map<string, number>();
  for (const content of built) {
    const text = contentText(content);
    available.set(text, (available.get(text) ?? 0) + 1);
  }
  const added: string[] = [];
  for (const content of sent) {
    const text = contentText(content);
    const left = available.get(text) ?? 0;
    if (left > 0) available.set(text, left - 1);
    else if (text !== '') added.push(text);
  }
  return added;
}

function itemsOf(contents: LlmRequest['contents']): ContentItem[] {
  return contents.map((content) => ({ content, source: undefined }));
}

/** The serialisable part of an adk-js request, deep-copied (`toolsDict` holds live tools). */
function snapshot(request: LlmRequest): LlmRequest {
  return cloneValue({ model: request.model, contents: request.contents, config: request.config });
}
