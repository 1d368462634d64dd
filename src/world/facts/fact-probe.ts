/**
 * The world's ruler for planted facts (issue 29): on every request sent after a fact was planted,
 * is its newest value still in front of the model? A text match on the value's marker, never the
 * strategy's word; it imports nothing from the engine or any strategy.
 *
 * - kept: the marker is in a tool call's or result's payload (also when the strategy cut the
 *   result but kept the fact), or in the text of an untouched copy of a session event that is not
 *   a line a summarizer wrote;
 * - summary: only in text the strategy wrote (a summary, a continuation, a rewritten message, text
 *   it added to the system instruction), or on a line a summarizer reply carried (a summary stored
 *   as an event and projected back);
 * - stale: the newest value is gone but an older one is there;
 * - lost: no value at all.
 *
 * A value counts from the first step that starts after it reached the session (a user message
 * before the turn's first step, a tool result before the next step, a final text from the next turn).
 */
import type { Content } from '@google/genai';
import type { ContentSource } from '../request-contents/content-source.ts';
import { itemContent, type ContentItem } from '../request-contents/content-items.ts';
import { MARKER_PATTERN, type FactState, type FactValue, type WorldFact } from './fact-types.ts';

/** Where a marker was seen: in payload or an untouched event (`kept`), or in text the strategy wrote (`summary`). */
type Seen = Map<string, 'kept' | 'summary'>;

export type FactStates = Readonly<Record<string, FactState>>;

export class FactProbe {
  readonly #facts: readonly WorldFact[];
  readonly #valueOf = new Map<string, { readonly fact: number; readonly value: number }>();
  /** Planted, waiting for the next step to start. */
  readonly #waiting: FactValue[] = [];
  /** For each fact, the newest value planted and counting (-1: not yet). */
  readonly #newest: number[];
  /** Markers in an untouched event's content and where, computed once per event. */
  readonly #bySource = new WeakMap<ContentSource, Seen>();
  /** Lines of summarizer replies that carry a marker (`noteSummary`). */
  readonly #summaryLines = new Set<string>();

  constructor(facts: readonly WorldFact[]) {
    this.#facts = facts;
    this.#newest = facts.map(() => -1);
    facts.forEach((fact, f) =>
      fact.values.forEach((value, v) => this.#valueOf.set(value.marker, { fact: f, value: v })),
    );
  }

  plant(values: readonly FactValue[]): void {
    this.#waiting.push(...values);
  }

  /** A summarizer reply: the lines carrying markers are summary text wherever they appear later. */
  noteSummary(reply: string): void {
    if (!reply.includes('FACT-')) return;
    for (const match of reply.matchAll(MARKER_PATTERN)) this.#summaryLines.add(lineAround(reply, match.index));
  }

  /** A step starts: the values planted so far count from now on. */
  startStep(): void {
    for (const value of this.#waiting.splice(0)) {
      const at = this.#valueOf.get(value.marker);
      if (at && at.value > this.#newest[at.fact]!) this.#newest[at.fact] = at.value;
    }
  }

  /**
   * The state of every fact planted so far in the request made of `items` and the system text the
   * strategy added (measure/added-system-text.ts: text it wrote, so `summary`); undefined before
   * the first plant.
   */
  probe(items: readonly ContentItem[], addedSystemText = ''): FactStates | undefined {
    if (this.#newest.every((n) => n < 0)) return undefined;
    const seen: Seen = new Map();
    for (const item of items) this.#scan(item, seen);
    markersInString(addedSystemText, (marker) => {
      if (!seen.has(marker)) seen.set(marker, 'summary');
    });
    const states: Record<string, FactState> = {};
    this.#facts.forEach((fact, f) => {
      const newest = this.#newest[f]!;
      if (newest >= 0) states[fact.id] = stateOf(fact, newest, seen);
    });
    return states;
  }

  #scan(item: ContentItem, seen: Seen): void {
    const source = item.source;
    let found = source === undefined ? undefined : this.#bySource.get(source);
    if (found === undefined) {
      const here: Seen = new Map();
      collectMarkers(itemContent(item), (marker, line) => {
        const kept = line === null || (source !== undefined && !this.#summaryLines.has(line));
        if (kept) here.set(marker, 'kept');
        else if (!here.has(marker)) here.set(marker, 'summary');
      });
      found = here;
      if (source !== undefined) this.#bySource.set(source, here);
    }
    for (const [marker, where] of found) if (where === 'kept' || !seen.has(marker)) seen.set(marker, where);
  }
}

function stateOf(fact: WorldFact, newest: number, seen: Seen): FactState {
  const current = seen.get(fact.values[newest]!.marker);
  if (current !== undefined) return current;
  for (let v = newest - 1; v >= 0; v -= 1) if (seen.has(fact.values[v]!.marker)) return 'stale';
  return 'lost';
}

/**
 * Every marker in a content: in its texts (and code execution parts' code and output) with the
 * line around it, and in its function calls' and responses' values (line null: payload).
 */
export function collectMarkers(
  content: Content | undefined,
  found: (marker: string, line: string | null) => void,
): void {
  const parts = (content as { parts?: unknown } | undefined)?.parts;
  if (!Array.isArray(parts)) return;
  for (const part of parts) {
    if (part === null || typeof part !== 'object') continue;
    const { text, functionCall, functionResponse, executableCode, codeExecutionResult } = part as {
      text?: unknown;
      functionCall?: { args?: unknown };
      functionResponse?: { response?: unknown };
      executableCode?: { code?: unknown };
      codeExecutionResult?: { output?: unknown };
    };
    // Texts the model reads as text: a part's text, and the code and output of code execution
    // parts (the provider reads those too: world/ruler/provider-only-parts.ts).
    for (const read of [text, executableCode?.code, codeExecutionResult?.output])
      if (typeof read === 'string') markersInString(read, (marker, index) => found(marker, lineAround(read, index)));
    if (functionCall) markersInValue(functionCall.args, (marker) => found(marker, null), 0);
    if (functionResponse) markersInValue(functionResponse.response, (marker) => found(marker, null), 0);
  }
}

function markersInString(text: string, found: (marker: string, index: number) => void): void {
  if (!text.includes('FACT-')) return;
  for (const match of text.matchAll(MARKER_PATTERN)) found(match[0], match.index);
}

/** The line of `text` around position `index` (without its line breaks). */
function lineAround(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text.slice(start, end < 0 ? text.length : end);
}

/** Strings anywhere in a JSON-like value (depth-bounded: a payload is data, not a cycle). */
function markersInValue(value: unknown, found: (marker: string) => void, depth: number): void {
  if (depth > 32) return;
  if (typeof value === 'string') markersInString(value, found);
  else if (Array.isArray(value)) for (const item of value) markersInValue(item, found, depth + 1);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) markersInValue(item, found, depth + 1);
}
