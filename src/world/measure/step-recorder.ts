/**
 * Measures every `runOneStep` as it happens (the world's `StepObserver`): the request before and
 * after the plugins (heuristic and real tokens), overflow, summarizer calls, re-injection,
 * compaction, cache churn, orphans, whether the user's request is still present; feeds the trace
 * digest; keeps the trace when asked.
 *
 * Compaction outside a before-model callback (docs/peer-strategies.md §B hooks) is measured on the step it serves:
 * summarizer calls made outside a step, or after the step's request was sent (after-model, a
 * refused call, after the invocation), count for the next step (those left at the end of the
 * session are `trailingSummarizerCalls`); and a step that follows newly appended compaction
 * records is measured "before" on the contents built without them, so its request got smaller by
 * what they did.
 *
 * Two switches make it measure less: without `traceDigest` nothing is hashed (the digest is
 * computed only for whoever asks: report.json, the replay property, tests); with `measure: false`
 * it keeps only what the scripted model needs, the provider's count of the request it receives
 * (what the adk-js side of the speed bench measures: `runInRealAdk(…, { measure: false })`).
 */
import { modelOutputTokens } from './model-output-tokens.ts';
import { warningText } from './warning-text.ts';
import type { Content, LlmRequest } from '../../engine/types.ts';
import { cloneValue } from '../request-contents/clone-content.ts';
import type { BuiltContents } from '../request-contents/built-contents.ts';
import type { ContentSource } from '../request-contents/content-source.ts';
import { sourceAt, sourceCount, type ContentSourceList } from '../request-contents/content-source-list.ts';
import { contentItems, itemContent, type ContentItem } from '../request-contents/content-items.ts';
import type { RequestContentsBuilder } from '../request-contents/request-contents-builder.ts';
import type { InvocationContext } from '../agents/invocation-context.ts';
import type { StepObserver } from '../agents/step-observer.ts';
import type { Event } from '../events/event.ts';
import type { TokenModel } from '../models/token-models.ts';
import { jsonGlobalsPristine, isFrozenJsonData } from '../sessions/frozen-json-data.ts';
import type { SummarizerCallRecord, StepRecord } from '../session-result.ts';
import type { LogicalClock } from '../sim/logical-clock.ts';
import type { WorldTraceStep } from '../world-trace.ts';
import type { WorldTurn } from '../world-scenario.ts';
import { cacheChurn, sharedContents, type SentPrefix } from './cache-churn.ts';
import { isOverflowStep } from './definitions/overflow.ts';
import { countOrphans } from './orphans.ts';
import { invalidContents } from './request-validity.ts';
import { contentText, SummaryReuse } from './summary-reuse.ts';
import { preambleKey } from './preamble.ts';
import { configHeuristic, requestHeuristic } from './request-meter.ts';
import { contentQuarterTokens } from '../ruler/quarter-byte-count.ts';
import { stepLabel } from './step-labels.ts';
import { stableJson, TraceDigest } from './trace-digest.ts';
import { userRequestPresent } from './user-request.ts';
import { addedSystemText, systemTexts } from './added-system-text.ts';
import { FactProbe } from '../facts/fact-probe.ts';
import { CompactionCoverage, requestTextsOf, type SentContent } from './compaction-coverage.ts';
import { HistoryKeys, type KeyedHistory } from './history-keys.ts';
import type { FactValue, WorldFact } from '../facts/fact-types.ts';

interface Measured {
  readonly request: LlmRequest;
  readonly items: readonly ContentItem[];
  /** For each item that is an untouched copy: the position in the step's build it was cloned from. */
  readonly positions: readonly (number | undefined)[] | undefined;
  readonly heuristic: number;
  readonly real: number;
  readonly preamble: string;
  /** The system instruction's texts as sent (added-system-text.ts). */
  readonly system: readonly string[];
}

interface TurnContext {
  readonly turn: WorldTurn;
  readonly userText: string;
  readonly tokenModel: TokenModel;
  readonly contextWindow: number;
  userContent: Content | undefined;
  stepInTurn: number;
}

/** The request as the processors built it: every element an untouched copy of its source. */
interface Built {
  readonly sources: ContentSourceList;
  /** How many contents (`sourceCount(sources)`). */
  readonly count: number;
  readonly heuristic: number;
  readonly real: number;
  readonly preamble: string;
}

interface OpenStep {
  readonly step: number;
  readonly label: string;
  readonly clock: number;
  readonly request: LlmRequest;
  /** The contents the processors built (recognises its clones wherever they move). */
  readonly origin: BuiltContents;
  readonly before: Built;
  /** What the step is measured against: `before`, or the contents without newly appended compaction records. */
  readonly measuredBefore: Built;
  readonly pluginRequest: LlmRequest | undefined;
  /** The system instruction's texts as the world built them, before the plugins ran. */
  readonly systemBefore: readonly string[];
  readonly summarizerCalls: SummarizerCallRecord[];
  /** The text parts of the summarizer requests of `summarizerCalls` (compaction-coverage.ts searches them). */
  readonly summarizerTexts: string[];
  /** The successful replies among them. */
  readonly summarizerReplies: string[];
  readonly appended: Event[];
  shortCircuited: boolean;
  sent: Measured | undefined;
  modelRequest: LlmRequest | undefined;
  triggerCount: number | undefined;
  readonly warnings: string[];
  /** The model's reply on this step was a recovery call for a needed fact. */
  recovery: { readonly fact: string; readonly attempt: number } | undefined;
}

export interface SessionRecorderOptions {
  readonly clock: LogicalClock;
  readonly recordTrace: boolean;
  /** Hash the trace as it happens (`digest`); default false. */
  readonly traceDigest?: boolean;
  /** false: no step records, no validity check, no digest; only the prompt count the model reports. Default true. */
  readonly measure?: boolean;
  /** The persisted session state (read after each step). */
  readonly storedState: () => Readonly<Record<string, unknown>>;
  /** The request about to be sent is not valid contents (request-validity.ts): the world ends the session. */
  readonly onInvalidRequest?: (message: string) => void;
  /** Facts the scenario plants: every request sent after one is planted is probed for it. */
  readonly facts?: readonly WorldFact[];
  /**
   * The session's contents builder: it tells which build a request's contents came from (plain
   * data: the sources and the clones made of them) and lists sources without building.
   */
  readonly requestContents: RequestContentsBuilder;
}

export class SessionRecorder implements StepObserver {
  readonly steps: StepRecord[] = [];
  readonly traceSteps: WorldTraceStep[] = [];
  /** The running trace digest, when asked for (`traceDigest`). */
  readonly digest: TraceDigest | undefined;
  /**
   * The appended events that could still change, with their serialization at append time
   * (`stableJson`: compact, long strings are digest tokens), for the end-of-session mutation check.
   * An event proven frozen plain data when appended (what the session service makes of every event
   * it can) cannot change at all and is not kept: holding every event's serialization for the
   * whole session only made the garbage collector copy it.
   */
  readonly unprovenEvents: { readonly event: Event; readonly json: string }[] = [];
  readonly #options: SessionRecorderOptions;
  readonly #measuring: boolean;
  #turn: TurnContext | undefined;
  #open: OpenStep | undefined;
  #previousSent: SentPrefix | undefined;
  /** The last request the provider answered: what a prefix cache holds (`promptCache: prefix`). */
  #cached: SentPrefix | undefined;
  #nextStep = 0;
  readonly #summaries = new SummaryReuse();
  /** Summarizer calls waiting for the next step (made outside a step or after its request was sent). */
  readonly #pendingCalls: SummarizerCallRecord[] = [];
  readonly #pendingTexts: string[] = [];
  readonly #pendingReplies: string[] = [];
  /** Which history contents the strategy has covered so far (session-scoped, dropped with the recorder). */
  readonly #coverage = new CompactionCoverage();
  readonly #historyKeys = new HistoryKeys();
  /**
   * The session holds compaction records: its requests are built from projected events, whose
   * contents are new objects on every step, so no content can be followed from one step to the
   * next and what a compaction covered is not measured (compaction-coverage.ts judges none).
   */
  #projected = false;
  readonly #pendingWarnings: string[] = [];
  /** Compaction-record events appended since the last step started. */
  #newRecords = new Set<Event>();
  readonly #facts: FactProbe | undefined;

  constructor(options: SessionRecorderOptions) {
    this.#options = options;
    this.#measuring = options.measure !== false;
    this.#facts =
      this.#measuring && options.facts !== undefined && options.facts.length > 0
        ? new FactProbe(options.facts)
        : undefined;
    this.digest = this.#measuring && options.traceDigest === true ? new TraceDigest() : undefined;
  }

  /** The step in progress (null between steps). */
  get currentStep(): number | null {
    return this.#open?.step ?? null;
  }

  beginTurn(turn: WorldTurn, userText: string, tokenModel: TokenModel, contextWindow: number): void {
    this.#turn = { turn, userText, tokenModel, contextWindow, userContent: undefined, stepInTurn: 0 };
  }

  /** Summarizer calls made after the last step (e.g. after the last invocation). */
  get trailingSummarizerCalls(): readonly SummarizerCallRecord[] {
    return this.#pendingCalls;
  }

  /** Fact values that just reached the session (the scripted model or a tool planted them). */
  onFactsPlanted(values: readonly FactValue[]): void {
    this.#facts?.plant(values);
  }

  /** The scripted model answered this step with a recovery call for a needed fact (forgetting has a price). */
  onRecovery(recovery: { readonly fact: string; readonly attempt: number }): void {
    if (this.#open) this.#open.recovery = recovery;
  }

  onStepStart(ctx: InvocationContext, request: LlmRequest): void {
    if (!this.#measuring) return;
    this.#facts?.startStep();
    const turn = this.#requireTurn();
    const origin = this.#options.requestContents.builtFor(request.contents);
    if (!origin) throw new Error('SessionRecorder: the step request was not built by the contents processor');
    const before = this.#measureSources(request, origin.sources);
    const measuredBefore = this.#newRecords.size > 0 ? this.#measureWithoutNewRecords(ctx, request) : before;
    this.#newRecords = new Set();
    this.#open = {
      step: this.#nextStep,
      label: stepLabel(turn.turn, turn.stepInTurn),
      clock: this.#options.clock.peek(),
      request,
      origin,
      before,
      measuredBefore,
      pluginRequest: this.#options.recordTrace ? snapshotRequest(request, untouchedItems(before)) : undefined,
      systemBefore: systemTexts(request.config),
      summarizerCalls: this.#pendingCalls.splice(0),
      summarizerTexts: this.#pendingTexts.splice(0),
      summarizerReplies: this.#pendingReplies.splice(0),
      appended: [],
      shortCircuited: false,
      sent: undefined,
      modelRequest: undefined,
      triggerCount: undefined,
      warnings: this.#pendingWarnings.splice(0),
      recovery: undefined,
    };
    this.#nextStep += 1;
    turn.stepInTurn += 1;
  }

  /** The count the strategy compared with its trigger on this step (it reported one). */
  onTriggerCount(count: number): void {
    if (this.#open) this.#open.triggerCount = count;
  }

  onShortCircuit(): void {
    if (this.#open) this.#open.shortCircuited = true;
  }

  onModelRequest(request: LlmRequest): void {
    const open = this.#open;
    if (!open) return;
    const contents: unknown = request.contents;
    const items = Array.isArray(contents)
      ? contentItems(contents as LlmRequest['contents'] & unknown[], open.origin)
      : [];
    const invalid = invalidContents(contents, items);
    if (invalid !== null) {
      this.#options.onInvalidRequest?.(invalid);
      return;
    }
    open.sent = this.#measureItems(request, items, open.origin);
    if (this.#options.recordTrace) open.modelRequest = snapshotRequest(request, open.sent.items);
  }

  /** The provider's prompt count for the request the model received (the scripted model reports it). */
  countPromptTokens(request: LlmRequest): number {
    const open = this.#open;
    if (open?.sent && open.sent.request === request) return open.sent.real;
    // Only the count is wanted: not the preamble key (a hash), which nothing reads from here.
    const items = contentItems(request.contents ?? [], open?.origin);
    return this.#requireTurn().tokenModel.countRequest(request, requestHeuristic(request, items), items);
  }

  /**
   * docs/peer-strategies.md X7, `promptCache: prefix`: the provider's tokens of the prefix `request` shares with the
   * last request it answered (system instruction, tools and leading contents: what it reads from
   * its cache); the request then becomes what the cache holds.
   */
  cacheReadTokens(request: LlmRequest): number {
    const open = this.#open;
    const sent = open?.sent && open.sent.request === request ? open.sent : this.#measure(request, open?.origin);
    const current: SentPrefix = { items: sent.items, preamble: sent.preamble };
    const previous = this.#cached;
    this.#cached = current;
    if (!previous || previous.preamble !== current.preamble) return 0;
    const prefix = sent.items.slice(0, sharedContents(previous, current));
    const heuristic = configHeuristic(request.config) + prefix.reduce((sum, item) => sum + itemHeuristic(item), 0);
    return this.#requireTurn().tokenModel.countRequest(request, heuristic, prefix);
  }

  /**
   * A warning the strategy reported (`ctx.warn`), counted like a summarizer call: on the open step
   * while its request is not sent yet, else on the next step (or after the last one).
   */
  onWarning(message: string, fields?: Record<string, unknown>): void {
    if (!this.#measuring) return;
    const text = warningText(message, fields);
    const open = this.#open;
    if (open && !open.sent && !open.shortCircuited) open.warnings.push(text);
    else this.#pendingWarnings.push(text);
  }

  /** Warnings reported after the last step. */
  get trailingWarnings(): readonly string[] {
    return this.#pendingWarnings;
  }

  /**
   * `reply`: the text of a successful call (a stored summary is recognised by it later);
   * `request`: what the strategy sent the summarizer (which history it carried).
   */
  onSummarizerCall(record: SummarizerCallRecord, reply = '', request?: LlmRequest): void {
    if (!this.#measuring) return;
    const open = this.#open;
    const texts = request === undefined ? [] : requestTextsOf(request);
    if (open && !open.sent && !open.shortCircuited) {
      open.summarizerCalls.push(record);
      for (const text of texts) open.summarizerTexts.push(text);
      if (record.outcome === 'ok' && reply !== '') open.summarizerReplies.push(reply);
    } else {
      this.#pendingCalls.push(record);
      for (const text of texts) this.#pendingTexts.push(text);
      if (record.outcome === 'ok' && reply !== '') this.#pendingReplies.push(reply);
    }
    if (record.outcome === 'ok') {
      this.#summaries.noteReply(reply);
      this.#facts?.noteSummary(reply);
    }
  }

  onEventAppended(event: Event): void {
    if (!this.#measuring) return;
    const proven = jsonGlobalsPristine() && isFrozenJsonData(event);
    if (this.digest || !proven) {
      const json = stableJson(event);
      this.digest?.addEvent(json);
      if (!proven) this.unprovenEvents.push({ event, json });
    }
    this.#open?.appended.push(event);
    if (event.actions.compaction) {
      this.#newRecords.add(event);
      this.#projected = true;
    }
    const turn = this.#turn;
    if (turn && !turn.userContent && event.author === 'user' && event.content) turn.userContent = event.content;
  }

  onStepEnd(): void {
    const open = this.#open;
    const turn = this.#requireTurn();
    if (!open) return;
    this.#open = undefined;
    const sent = open.sent ?? this.#measure(open.request, open.origin);
    const sentPrefix: SentPrefix = { items: sent.items, preamble: sent.preamble };
    const churn = open.shortCircuited ? 0 : cacheChurn(this.#previousSent, sentPrefix);
    const uncached = open.shortCircuited ? 0 : this.#uncachedTokens(sent);
    if (!open.shortCircuited) this.#previousSent = sentPrefix;
    const orphans = countOrphans(sent.items.map(itemContent));
    const changed = requestChanged(open.before, sent);
    // Shrank as the provider counts it: a strategy that moves text where the len/4 rules do not look
    // (ruler/provider-only-parts.ts) shrinks the heuristic without sending less.
    const compacted = sent.real < open.measuredBefore.real;
    const pinned = addedSystemText(sent.system, open.systemBefore);
    const facts = open.shortCircuited ? undefined : this.#facts?.probe(sent.items, pinned);
    const compaction =
      open.shortCircuited ||
      this.#projected ||
      (!changed && open.summarizerCalls.length === 0 && open.measuredBefore === open.before)
        ? undefined
        : this.#coverage.observe(
            {
              ...this.#coverageContents(open.measuredBefore, sent),
              summarizerTexts: open.summarizerTexts,
              replies: open.summarizerReplies,
              count: contentsCounter(turn.tokenModel),
            },
            open.summarizerCalls.length > 0,
          );
    const rewrite = this.#summaries.classify({
      addedTexts: addedTexts(sent.items),
      summarized: open.summarizerCalls.length > 0,
      changed,
      shrunk: compacted,
    });
    this.steps.push({
      step: open.step,
      turn: turn.turn.index,
      label: open.label,
      clock: open.clock,
      contextWindow: turn.contextWindow,
      contentsBefore: open.measuredBefore.count,
      contentsAfter: sent.items.length,
      heuristicBefore: open.measuredBefore.heuristic,
      heuristicAfter: sent.heuristic,
      realBefore: open.measuredBefore.real,
      realAfter: sent.real,
      overflow: isOverflowStep({
        shortCircuited: open.shortCircuited,
        realAfter: sent.real,
        contextWindow: turn.contextWindow,
      }),
      shortCircuited: open.shortCircuited,
      summarizerCalls: open.summarizerCalls,
      reinjection: rewrite.reinjection,
      trimmed: rewrite.trimmed,
      compacted,
      cacheChurn: churn,
      uncachedTokens: uncached,
      outputTokens: open.shortCircuited
        ? 0
        : modelOutputTokens(open.appended, (text) => turn.tokenModel.countText(text)),
      orphanCalls: orphans.calls,
      orphanResponses: orphans.responses,
      userRequestPresent: userRequestPresent(sent.items, turn.userText, turn.userContent, pinned),
      ...(compaction === undefined ? {} : { compaction }),
      ...(open.triggerCount === undefined ? {} : { triggerCount: open.triggerCount }),
      ...(open.warnings.length === 0 ? {} : { warnings: open.warnings }),
      ...(facts === undefined ? {} : { facts }),
      ...(open.recovery === undefined ? {} : { recovery: open.recovery }),
    });
    const digest = this.digest;
    if (digest || this.#options.recordTrace) {
      const state = { ...this.#options.storedState() };
      digest?.addRequest(open.step, sent.request.model, sent.preamble, open.shortCircuited ? null : sent.items);
      digest?.addState(open.step, state);
      if (this.#options.recordTrace) this.#traceStep(open, turn, state);
    }
  }

  /**
   * Real tokens of `sent` from the first position that changed since the previous request sent:
   * what a provider's prefix cache could not serve (all of it on the first request, or when the
   * system instruction or tools changed).
   */
  #uncachedTokens(sent: Measured): number {
    const previous = this.#previousSent;
    if (!previous || previous.preamble !== sent.preamble) return sent.real;
    const shared = sharedContents(previous, { items: sent.items, preamble: sent.preamble });
    if (shared === 0 && sent.items.length === 0) return 0;
    let suffix = 0;
    for (let i = shared; i < sent.items.length; i += 1) suffix += itemHeuristic(sent.items[i]!);
    const prefix = sent.items.slice(0, shared);
    const model = this.#requireTurn().tokenModel;
    const prefixReal = model.readsContents
      ? model.countRequest(sent.request, sent.heuristic - suffix, prefix)
      : model.countRequest(sent.request, sent.heuristic - suffix);
    return Math.max(0, sent.real - prefixReal);
  }

  #traceStep(open: OpenStep, turn: TurnContext, state: Record<string, unknown>): void {
    this.traceSteps.push({
      step: open.step,
      turn: turn.turn.index,
      label: open.label,
      pluginRequest: open.pluginRequest as LlmRequest,
      modelRequest: open.shortCircuited ? null : (open.modelRequest ?? null),
      appendedEvents: open.appended,
      stateAfter: state,
    });
  }

  /** The step's request as it would have been built without the compaction records appended since the last step. */
  #measureWithoutNewRecords(ctx: InvocationContext, request: LlmRequest): Built {
    const events = ctx.session.events.filter((event) => !this.#newRecords.has(event));
    return this.#measureSources(
      request,
      this.#options.requestContents.sources(events, ctx.flavour, { appendOnly: false }),
    );
  }

  #measureSources(request: LlmRequest, sources: ContentSourceList): Built {
    const turn = this.#requireTurn();
    // The history's heuristic total is a running sum: no per-step pass over the whole history.
    const heuristic = configHeuristic(request.config) + sources.heuristic;
    const built = { sources, count: sourceCount(sources), heuristic, real: 0, preamble: preambleKey(request.config) };
    const model = turn.tokenModel;
    built.real = model.readsContents
      ? model.countRequest(request, heuristic, untouchedItems(built))
      : model.countRequest(request, heuristic);
    return built;
  }

  #measure(request: LlmRequest, origin: BuiltContents | undefined): Measured {
    return this.#measureItems(request, contentItems(request.contents ?? [], origin), origin);
  }

  #measureItems(request: LlmRequest, items: ContentItem[], origin: BuiltContents | undefined): Measured {
    const turn = this.#requireTurn();
    const heuristic = requestHeuristic(request, items);
    return {
      request,
      items,
      positions: origin === undefined ? undefined : clonePositions(request.contents ?? [], items, origin),
      heuristic,
      real: turn.tokenModel.countRequest(request, heuristic, items),
      preamble: preambleKey(request.config),
      system: systemTexts(request.config),
    };
  }

  /**
   * The built history and the request sent as the coverage reads them: each history content known
   * by its session event's key (history-keys.ts), a sent content by the key of the history content
   * it is an untouched copy of (found by the position its clone was built at: the coverage is
   * observed only on steps measured against their own build).
   */
  #coverageContents(built: Built, sent: Measured): { built: KeyedHistory; sent: SentContent[] } {
    const history = this.#historyKeys.historyOf(built.sources);
    return {
      built: history,
      sent: sent.items.map((item, i) => {
        const position = item.source === undefined ? undefined : sent.positions?.[i];
        return {
          key: position === undefined ? undefined : history.keyAt(position),
          content: itemContent(item) ?? { parts: [] },
        };
      }),
    };
  }

  #requireTurn(): TurnContext {
    if (!this.#turn) throw new Error('SessionRecorder: a step started outside a turn');
    return this.#turn;
  }
}

function itemHeuristic(item: ContentItem): number {
  return item.source ? item.source.heuristic : contentQuarterTokens(itemContent(item));
}

/** The build position of each item that is an untouched copy of one of `origin`'s clones. */
function clonePositions(
  contents: readonly (Content | undefined | null)[],
  items: readonly ContentItem[],
  origin: BuiltContents,
): (number | undefined)[] {
  const positions: (number | undefined)[] = new Array(items.length);
  for (let i = 0; i < items.length; i += 1)
    positions[i] = items[i]!.source === undefined ? undefined : origin.indexOfClone(contents[i] as Content);
  return positions;
}

/** Texts of the contents the plugins added (no source: not an unmodified copy of a session event). */
function addedTexts(items: readonly ContentItem[]): string[] {
  const texts: string[] = [];
  for (const item of items) {
    if (item.source !== undefined) continue;
    const text = contentText(item.content);
    if (text !== '') texts.push(text);
  }
  return texts;
}

/** Did the plugins change anything (contents, system instruction or tools)? */
function requestChanged(before: Built, sent: Measured): boolean {
  if (before.preamble !== sent.preamble || before.count !== sent.items.length) return true;
  for (let i = 0; i < sent.items.length; i += 1) {
    if (!sent.items[i]?.source || sent.items[i]?.source !== sourceAt(before.sources, i)) return true;
  }
  return false;
}

/** The measurement items of the built request (each an untouched copy of its source). */
function untouchedItems(built: Built): ContentItem[] {
  const items: ContentItem[] = new Array(built.count);
  for (let i = 0; i < built.count; i += 1) items[i] = (sourceAt(built.sources, i) as ContentSource).untouched;
  return items;
}

/** A deep copy of the request as it is now, keys in the request's order (untouched contents are copied from their sources). */
function snapshotRequest(request: LlmRequest, items: readonly ContentItem[]): LlmRequest {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(request)) {
    copy[key] =
      key === 'contents'
        ? items.map((item) => cloneValue(itemContent(item)))
        : cloneValue((request as unknown as Record<string, unknown>)[key]);
  }
  return copy as unknown as LlmRequest;
}

/**
 * The reference ruler's count of a request holding just `contents` (0 for none). Made outside
 * `onStepEnd` so that the function holds the token model only: the compaction coverage keeps it
 * with a step's record, and a closure made there would keep that call's whole scope alive.
 */
function contentsCounter(tokenModel: TurnContext['tokenModel']): (contents: readonly Content[]) => number {
  return (contents) =>
    contents.length === 0
      ? 0
      : tokenModel.countRequest(
          { contents: [...contents] },
          contents.reduce((sum, content) => sum + contentQuarterTokens(content), 0),
        );
}
