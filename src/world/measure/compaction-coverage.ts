/**
 * What a compaction did with the history, measured on the request the world built and the one the
 * strategy sent (never on what the strategy says about itself): which history contents it stopped
 * sending verbatim for the first time (the history its summary newly covers), what it put in their
 * place (the summary or continuation), and which of the newly covered contents never reached the
 * summarizer. The checker's `summary-growth` and `summarizer-input-budget` judge these numbers
 * (docs/properties.md).
 *
 * A history content is known by its session event, told from what the request holds
 * (history-keys.ts: the same key whichever contents builder made the request): a content sent as
 * an untouched copy of it was kept; one the strategy left out or changed is covered. Whatever the strategy sent that is not such a copy is the summary material. Sizes are
 * the reference ruler's: the token model's count of a request holding just those contents.
 *
 * Pure over plain data and scoped to one session: the set of contents already covered lives in
 * the instance, which the session's recorder owns and drops with it.
 */
import type { Content } from '@google/genai';
import type { StepCompaction } from '../session-result.ts';
import { firstHolders } from './first-holders.ts';
import type { KeyedHistory } from './history-keys.ts';
import { isFrozenJsonData, jsonGlobalsPristine } from '../sessions/frozen-json-data.ts';

/** One content of the request sent: `key` when it is an untouched copy of one of the step's built contents (its key there). */
export interface SentContent {
  readonly key: string | undefined;
  readonly content: Content;
}

export interface CoverageStep {
  /** The history the world built, oldest first, each content known by its session event's key (history-keys.ts). */
  readonly built: KeyedHistory;
  readonly sent: readonly SentContent[];
  /**
   * The text parts of every summarizer request made for this step (system instructions' and
   * contents'; requestTextsOf), each on its own: a probe holds no line break, so it is in a
   * request's joined text exactly when it is in one of its parts.
   */
  readonly summarizerTexts: readonly string[];
  /** The text of every successful summarizer reply of this step. */
  readonly replies: readonly string[];
  /** The reference ruler: real tokens of a request holding just `contents` (0 for none). */
  readonly count: (contents: readonly Content[]) => number;
}

/**
 * The shortest text the world recognises a content by in a summarizer request: a content whose
 * texts are shorter says too little to be told apart from the prompt's own words, and is not judged.
 */
export const MIN_PROBE_CHARS = 16;
/** The longest prefix of a text looked for (a strategy may shorten what it quotes). */
export const MAX_PROBE_CHARS = 64;

export class CompactionCoverage {
  /** History contents covered on some earlier step: a summary covers each once. */
  readonly #covered = new Set<string>();
  /** The built history's lineage last observed (history-keys.ts), and how much of it was looked at. */
  #lineage: object | undefined;
  #scanned = 0;
  /**
   * The positions below `#scanned` of that lineage whose contents are not covered yet, ascending:
   * the only ones a later step of the same lineage must look at again (a covered content stays
   * covered), so a step costs what it sends and what the history gained, not the whole history.
   */
  #uncovered: number[] = [];
  /** The summary lines met so far, cut and formed (a summary carried along recurs step after step). */
  readonly #lines = new SummaryLines();

  /**
   * Notes the step's covered contents; returns what the compaction did when `summarized` (the
   * step called the summarizer), else undefined.
   */
  observe(step: CoverageStep, summarized: boolean): StepCompaction | undefined {
    const kept = new Set<string>();
    for (const item of step.sent) if (item.key !== undefined) kept.add(item.key);
    const { built } = step;
    // Every built content in order, but those of the lineage already covered: the same as
    // looking at each (a covered one is skipped), without walking the history.
    const continued = built.lineage === this.#lineage && built.stable >= this.#scanned;
    const candidates = continued ? this.#uncovered : [];
    for (let i = continued ? this.#scanned : 0; i < built.stable; i += 1) candidates.push(i);
    const uncovered: number[] = [];
    const newly: Content[] = [];
    const look = (index: number, stable: boolean): void => {
      const key = built.keyAt(index);
      if (kept.has(key)) {
        if (stable) uncovered.push(index);
      } else if (!this.#covered.has(key)) {
        this.#covered.add(key);
        newly.push(built.contentAt(index));
      }
    };
    for (const index of candidates) look(index, true);
    for (let i = built.stable; i < built.length; i += 1) look(i, false);
    this.#lineage = built.lineage;
    this.#scanned = built.stable;
    this.#uncovered = uncovered;
    if (!summarized) return undefined;
    const summary = step.sent.filter((item) => item.key === undefined).map((item) => item.content);
    const sentTexts = summary.map(contentTextOf);
    // A content of the summary material that quotes newly covered history and holds none of the
    // summarizer's replies restates that history (a continuation restating the request it stands
    // in for): it is credited whole, its framing with it. It quotes history only this once: the
    // next compaction covers other history, so an old restatement carried along is growth again.
    const replyProbes = step.replies.flatMap((reply) => probeOf({ parts: [{ text: reply }] }) ?? []);
    const probes = newly.map(probeOf);
    const restates = sentTexts.map(
      (text) =>
        !replyProbes.some((probe) => text.includes(probe)) &&
        probes.some((probe) => probe !== null && text.includes(probe)),
    );
    const quoted: Content[] = [];
    const restated: Content[] = [];
    const leftOut: Content[] = [];
    newly.forEach((content, index) => {
      const probe = probes[index];
      if (probe === null || probe === undefined) return;
      const carriers = sentTexts.flatMap((text, at) => (text.includes(probe) ? [at] : []));
      if (carriers.some((at) => !restates[at])) quoted.push(content);
      else if (carriers.length > 0) restated.push(content);
      else if (!step.summarizerTexts.some((text) => text.includes(probe))) leftOut.push(content);
    });
    // Runs of text the summary material carries verbatim from the history this step newly covers
    // (a strategy's ledger of the user's words or of the files a tool wrote, taken from text or
    // from a tool's response, whole or cut): quoted history, which a summary may grow by.
    // (Contents already counted whole as quoted or restated are not counted again.)
    const count = step.count;
    return withQuoteMeasures(
      {
        summaryTokens: count(summary),
        replyTokens: step.replies.reduce((sum, reply) => sum + count([{ role: 'model', parts: [{ text: reply }] }]), 0),
        newlyCovered: newly.length,
        newlyCoveredTokens: count(newly),
        leftOutOfSummarizer: leftOut.length,
        newestLeftOutTokens: leftOut.length === 0 ? 0 : count([leftOut.at(-1)!]),
      },
      quoteMeasuresLater({
        sentTexts,
        summaryTexts: sentTexts.filter((_, at) => !restates[at]),
        replies: step.replies.slice(),
        coveredTexts: newly
          .filter((content) => !quoted.includes(content) && !restated.includes(content))
          .map(historyTextsLater),
        wholeTexts: [...quoted, ...restated].map(historyTextsLater),
        quotedWholeTokens: count(quoted) + count(summary.filter((_, at) => restates[at])),
        lines: this.#lines,
        count,
      }),
    );
  }
}

/** What the quote measures of one step are worked out from: snapshots, nothing else of the step. */
interface QuoteInput {
  /** The texts of the summary material, restatements included (what may carry the replies). */
  readonly sentTexts: readonly string[];
  /** Those that are not restatements (what may quote the covered history). */
  readonly summaryTexts: readonly string[];
  readonly replies: readonly string[];
  /** The newly covered contents not quoted or restated whole. */
  readonly coveredTexts: readonly (() => HistoryTexts)[];
  /** The newly covered contents quoted or restated whole (a form found there never counts again). */
  readonly wholeTexts: readonly (() => HistoryTexts)[];
  /** Real tokens of the contents quoted or restated whole. */
  readonly quotedWholeTokens: number;
  readonly lines: SummaryLines;
  readonly count: (contents: readonly Content[]) => number;
}

/**
 * The quote measures of a step, worked out when called. Made here, outside `observe`, so that the
 * function holds only its input: a closure made inside `observe` would keep that whole call's
 * scope alive (the step's built and sent contents, its summarizer requests) for as long as the
 * step's record lives, which had doubled the peak memory of a fuzzed `compare`.
 */
function quoteMeasuresLater(input: QuoteInput): () => QuoteMeasures {
  return () => {
    // Runs of text the summary material carries verbatim from the history this step newly covers
    // (a strategy's ledger of the user's words or of the files a tool wrote, taken from text or
    // from a tool's response, whole or cut): quoted history, which a summary may grow by.
    // (Contents already counted whole as quoted or restated are not counted again.)
    const quotedRuns = runsQuotingHistory(
      input.summaryTexts,
      input.coveredTexts.map((texts) => texts()),
      input.wholeTexts.flatMap((texts) => texts().parts),
      input.lines,
    );
    // What the summary material carries of this step's replies, found as quotes are.
    const replyRuns = quotedRunsOf(input.sentTexts, input.replies, '', input.lines);
    return {
      replyCarriedTokens:
        replyRuns.length === 0 ? 0 : input.count([{ role: 'model', parts: [{ text: replyRuns.join('\n') }] }]),
      quotedTokens:
        input.quotedWholeTokens +
        (quotedRuns.length === 0 ? 0 : input.count([{ role: 'user', parts: [{ text: quotedRuns.join('\n') }] }])),
    };
  };
}

/** The two measures of a compaction that search its summary for quotes (`withQuoteMeasures`). */
interface QuoteMeasures {
  readonly replyCarriedTokens: number;
  readonly quotedTokens: number;
}

/**
 * A step's compaction with its quote measures computed when first read, once. Only
 * `no-summary-growth` reads them, and only for a summary that grew by more than its replies did;
 * searching every summary line in the history it covers had been a fifth of a fuzz run's time,
 * spent on steps whose verdict never needed it. Their inputs are snapshots that cannot change
 * (strings, and contents proven frozen plain data: `historyTextsLater`), so a late read measures
 * what an eager one would have. Fields keep their declared order (a report lists them so).
 */
function withQuoteMeasures(
  eager: Omit<StepCompaction, keyof QuoteMeasures>,
  measure: () => QuoteMeasures,
): StepCompaction {
  let measured: QuoteMeasures | undefined;
  let later: (() => QuoteMeasures) | undefined = measure;
  const read = (key: keyof QuoteMeasures) => ({
    enumerable: true,
    get: () => {
      if (measured === undefined) {
        measured = later!();
        // Read once: what it was worked out from is let go.
        later = undefined;
      }
      return measured[key];
    },
  });
  const value = (field: unknown) => ({ enumerable: true, value: field });
  return Object.defineProperties({} as StepCompaction, {
    summaryTokens: value(eager.summaryTokens),
    replyTokens: value(eager.replyTokens),
    replyCarriedTokens: read('replyCarriedTokens'),
    newlyCovered: value(eager.newlyCovered),
    newlyCoveredTokens: value(eager.newlyCoveredTokens),
    quotedTokens: read('quotedTokens'),
    leftOutOfSummarizer: value(eager.leftOutOfSummarizer),
    newestLeftOutTokens: value(eager.newestLeftOutTokens),
  });
}

/**
 * A content's history texts for a later read: worked out then, when the content is frozen plain
 * data and JSON's globals are untouched (nothing can change what they will be: a strategy that
 * touches the globals later fails its session as `strategy-tampered`); worked out now otherwise.
 */
function historyTextsLater(content: Content): () => HistoryTexts {
  if (jsonGlobalsPristine() && isFrozenJsonData(content)) {
    let texts: HistoryTexts | undefined;
    return () => (texts ??= historyTextsOf(content));
  }
  // Its texts are strings read now: a later change to the content cannot reach them.
  const texts = historyTextsOf(content);
  return () => texts;
}

/**
 * The runs of the summary material's lines that quote the covered history, each once. A quote is
 * verbatim text of one history content, whole or cut: a line may hold several runs of it separated
 * by elision marks (what is left of a long line or message kept as its start and end, a prefix
 * followed by "...", a suffix after "[…]"), and each run is checked on its own, in the order
 * written, against the same content. A run counts when it is at least 16 characters long (shorter
 * text says too little to be told from the summary's own words); what a line holds besides its
 * quoted runs (marks, framing words) is not credited, except the bullet and label a ledger line
 * names what it quotes by (kept with the run that follows them, as they were before runs).
 */
export function quotedRunsOf(
  summaryTexts: readonly string[],
  coveredTexts: readonly string[],
  wholeText: string,
  memo: SummaryLines = new SummaryLines(),
): string[] {
  return runsQuotingHistory(
    summaryTexts,
    coveredTexts.map((text) => ({ parts: [text], joined: () => text })),
    [wholeText],
    memo,
  );
}

/**
 * A covered content's history text as searched: `parts` (a form, which holds no line break, is in
 * the joined text exactly when it is in one of them) and the joined text, made only for a content
 * found to hold a form (runs are then followed through it in order).
 */
export interface HistoryTexts {
  readonly parts: readonly string[];
  readonly joined: () => string;
}

/** `quotedRunsOf` over history texts given as parts (`wholeText`: the parts of the history quoted whole). */
function runsQuotingHistory(
  summaryTexts: readonly string[],
  covered: readonly HistoryTexts[],
  wholeText: readonly string[],
  memo: SummaryLines,
): string[] {
  const texts: string[] = [];
  const owners: number[] = [];
  covered.forEach(({ parts }, owner) => {
    for (const part of parts) {
      texts.push(part);
      owners.push(owner);
    }
  });
  if (texts.every((text) => text.length < MIN_PROBE_CHARS)) return [];
  // Each distinct line whole first (history may hold an ellipsis of its own), then cut at its
  // marks (a line written twice quotes what it quotes once).
  const lines = memo.distinctLines(summaryTexts);
  // Every form any line may look for, looked up in one pass over the texts (first-holders.ts);
  // those found, in the history quoted whole too (a form found there never counts). Parts are in
  // the contents' order, so the first part holding a form belongs to the first content holding it.
  const candidates = lines.flatMap((line) => line.candidates);
  const holders = firstHolders(texts, candidates);
  for (const [form, at] of holders) if (at !== -1) holders.set(form, owners[at]!);
  const inWhole = firstHolders(
    wholeText,
    candidates.filter((form) => holders.get(form) !== -1),
  );
  for (const [form, at] of inWhole) if (at !== -1) holders.set(form, -1);
  const joined = new Map<number, string>();
  const textOf = (owner: number): string => {
    let text = joined.get(owner);
    if (text === undefined) {
      text = covered[owner]!.joined();
      joined.set(owner, text);
    }
    return text;
  };
  const found = new Set<string>();
  for (const { whole, cut } of lines) {
    const runs = runsOfLine(whole, textOf, holders);
    for (const run of runs.length > 0 || cut === undefined ? runs : runsOfLine(cut, textOf, holders)) found.add(run);
  }
  return [...found];
}

/** A line's pieces, and the forms each may be quoted in (those of 16 characters or more). */
interface LinePieces {
  readonly pieces: readonly string[];
  readonly forms: readonly (readonly string[])[];
}

/** A summary line whole and cut at its elision marks, with every form either may be found in. */
interface SummaryLine {
  readonly whole: LinePieces;
  readonly cut: LinePieces | undefined;
  readonly candidates: readonly string[];
}

/** What the line memo may hold: 8 MiB of line text (two bytes a character, the worst case). */
const LINE_MEMO_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The summary lines of one session, each cut and formed once: the summary a strategy carries is
 * searched again on every compaction, and cutting every line at its marks was most of the search.
 * Bounded in bytes (past the bound it starts over) and owned by the session's coverage.
 */
export class SummaryLines {
  readonly #lines = new Map<string, SummaryLine>();
  #heldBytes = 0;

  /** The distinct lines of `texts`, in the order they first appear. */
  distinctLines(texts: readonly string[]): SummaryLine[] {
    const seen = new Set<string>();
    const lines: SummaryLine[] = [];
    for (const text of texts)
      for (const line of text.split('\n')) {
        if (seen.has(line)) continue;
        seen.add(line);
        lines.push(this.#lineOf(line));
      }
    return lines;
  }

  #lineOf(line: string): SummaryLine {
    const known = this.#lines.get(line);
    if (known !== undefined) return known;
    const cutPieces = line.split(ELISION).map((piece) => piece.trim());
    const whole = formsOf([line.trim()]);
    const cut = cutPieces.length === 1 ? undefined : formsOf(cutPieces);
    const prepared = { whole, cut, candidates: [...whole.forms.flat(), ...(cut?.forms.flat() ?? [])] };
    if (this.#heldBytes + 2 * line.length > LINE_MEMO_MAX_BYTES) {
      this.#lines.clear();
      this.#heldBytes = 0;
    }
    this.#lines.set(line, prepared);
    this.#heldBytes += 2 * line.length;
    return prepared;
  }
}

function formsOf(pieces: readonly string[]): LinePieces {
  return {
    pieces,
    forms: pieces.map((piece, index) =>
      piece.length < MIN_PROBE_CHARS
        ? []
        : (index === 0 ? quotedForms(piece) : [piece]).filter((form) => form.length >= MIN_PROBE_CHARS),
    ),
  };
}

/**
 * The runs of the first covered text that holds any of a line's pieces (none when none does):
 * the first text holding any of their forms not already quoted whole (`holders` has the first
 * holder of each form, -1 for a form quoted whole), since `runsIn` finds a run wherever one of
 * them occurs; in that text, only the forms it is the first holder of can occur.
 */
function runsOfLine(line: LinePieces, coveredText: (at: number) => string, holders: Map<string, number>): string[] {
  let first = -1;
  for (const candidates of line.forms)
    for (const form of candidates) {
      const at = holders.get(form)!;
      if (at !== -1 && (first === -1 || at < first)) first = at;
    }
  if (first === -1) return [];
  const forms = line.forms.map((candidates) => candidates.filter((form) => holders.get(form) === first));
  return runsIn(line.pieces, forms, coveredText(first));
}

/**
 * An elision mark between two runs of a quote: an ellipsis ("…", three or more dots), bare or in
 * brackets, or a bracketed note that text was cut ("[truncated]", "<snip>", "(42 lines omitted)").
 */
const ELISION =
  /\s*(?:[[(<]\s*(?:…|\.{3,})\s*[\])>]|[[(<][^\])>\n]{0,40}\b(?:truncated|omitted|elided|snip(?:ped)?|cut|trimmed|skipped)\b[^\])>\n]{0,40}[\])>]|…|\.{3,})\s*/i;

/**
 * The pieces of one line found, in order, in one covered history text: each in the first of its
 * forms (`forms[i]` for `pieces[i]`, the first piece's with and without its bullet and label)
 * found after the previous run.
 */
function runsIn(pieces: readonly string[], forms: readonly (readonly string[])[], covered: string): string[] {
  const runs: string[] = [];
  let from = 0;
  pieces.forEach((piece, index) => {
    for (const form of forms[index] ?? []) {
      const at = covered.indexOf(form, from);
      if (at === -1) continue;
      runs.push(piece);
      from = at + form.length;
      return;
    }
  });
  return runs;
}

/**
 * The forms in which a line (or the first run of a cut line) may quote history: itself, without
 * a list bullet, and what follows its label ("- src/app.ts: wrote 42 lines" quotes "wrote 42 lines").
 */
function quotedForms(line: string): string[] {
  const bare = line.trim().replace(/^[-*•]\s+/, '');
  const label = bare.indexOf(': ');
  return label === -1 ? [line.trim(), bare] : [line.trim(), bare, bare.slice(label + 2)];
}

/**
 * What a quote of a content is looked for in: its text parts, and its tool responses' payloads
 * both as JSON and as their strings (a line of a tool's output is quoted as written, not as JSON
 * escapes it), joined by newlines.
 *
 * Searched as parts: a string JSON writes as it is (none of the characters it escapes) is already
 * in the payload's JSON, so it is not searched again, when the payload is proven frozen plain data
 * and JSON's globals are untouched (sessions/frozen-json-data.ts: what the session service makes of
 * the events it stores); any other payload has every string searched.
 */
export function historyTextsOf(content: Content): HistoryTexts {
  const text = contentTextOf(content);
  const parts = [text];
  const all = [text];
  for (const part of content.parts ?? []) {
    if (!part?.functionResponse) continue;
    const response = part.functionResponse.response ?? {};
    const json = JSON.stringify(response);
    const strings = stringsOf(response, 0);
    parts.push(json);
    all.push(json, ...strings);
    const plain = jsonGlobalsPristine() && isFrozenJsonData(response);
    for (const value of strings) if (!plain || JSON_ESCAPED.test(value)) parts.push(value);
  }
  return { parts, joined: () => all.join('\n') };
}

/** A character `JSON.stringify` writes escaped (or may: surrogates, paired or not, are kept conservatively). */
const JSON_ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/** Every string in a value, depth first (tool results are `{result: "..."}` or richer), to a depth of 8. */
function stringsOf(value: unknown, depth: number): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 8 || value === null || typeof value !== 'object') return [];
  const values = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return values.flatMap((item) => stringsOf(item, depth + 1));
}

/** The text parts of a content, joined by newlines ('' for none). */
export function contentTextOf(content: Content | undefined): string {
  const texts: string[] = [];
  for (const part of content?.parts ?? [])
    if (typeof part?.text === 'string' && part.text !== '') texts.push(part.text);
  return texts.join('\n');
}

/**
 * The text parts of a request (system instruction and contents), what a summarizer request is
 * searched in: each part on its own, none joined (a probe holds no line break, so no probe spans
 * two parts of a joined text, and joining a long summarizer request only copied it).
 */
export function requestTextsOf(request: {
  readonly contents?: readonly (Content | undefined | null)[];
  readonly config?: { readonly systemInstruction?: unknown };
}): string[] {
  const texts: string[] = [];
  const system = request.config?.systemInstruction;
  if (typeof system === 'string') texts.push(system);
  else if (system !== null && typeof system === 'object' && 'parts' in system) textPartsOf(system as Content, texts);
  for (const content of request.contents ?? []) textPartsOf(content ?? undefined, texts);
  return texts;
}

function textPartsOf(content: Content | undefined, into: string[]): void {
  for (const part of content?.parts ?? []) if (typeof part?.text === 'string' && part.text !== '') into.push(part.text);
}

/**
 * What a content is recognised by in a summarizer request: the first run of its text, up to 64
 * characters, of at least 16 characters holding nothing a transcript might escape or re-wrap
 * (quotes, backslashes, control characters, line breaks). null when its text holds no such run.
 */
export function probeOf(content: Content): string | null {
  const text = contentTextOf(content);
  let start = 0;
  while (start < text.length) {
    let end = start;
    while (end < text.length && end - start < MAX_PROBE_CHARS && isPlain(text.charCodeAt(end))) end += 1;
    // Never split a surrogate pair: a transcript re-encoding the text would not hold half of one.
    if (end > start && end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    if (end - start >= MIN_PROBE_CHARS) return text.slice(start, end);
    start = Math.max(end, start) + 1;
  }
  return null;
}

function isPlain(code: number): boolean {
  return code >= 0x20 && code !== 0x22 && code !== 0x5c && code !== 0x7f;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
