/**
 * What a compaction did with the history, measured on the request the world built and the one the
 * strategy sent (never on what the strategy says about itself): which history contents it stopped
 * sending verbatim for the first time (the history its summary newly covers), what it put in their
 * place (the summary or continuation), and which of the newly covered contents never reached the
 * summarizer. The checker's `summary-growth` and `summarizer-input-budget` judge these numbers
 * (docs/properties.md).
 *
 * A history content is known by its identity (the content object of its session event): a
 * content sent as an untouched copy of it was kept; one the strategy left out or changed is
 * covered. Whatever the strategy sent that is not such a copy is the summary material. Sizes are
 * the reference ruler's: the token model's count of a request holding just those contents.
 *
 * Pure over plain data and scoped to one session: the set of contents already covered lives in
 * the instance, which the session's recorder owns and drops with it.
 */
import type { Content } from '@google/genai';
import type { StepCompaction } from '../session-result.ts';

/** One history content of the request the world built, oldest first. */
export interface BuiltContent {
  /** Its identity across steps (the content object of its session event). */
  readonly key: object;
  readonly content: Content;
}

/** One content of the request sent: `key` when it is an untouched copy of a history content. */
export interface SentContent {
  readonly key: object | undefined;
  readonly content: Content;
}

export interface CoverageStep {
  readonly built: readonly BuiltContent[];
  readonly sent: readonly SentContent[];
  /** The text of every summarizer request made for this step (their contents' and system instruction's text parts). */
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
  readonly #covered = new Set<object>();

  /**
   * Notes the step's covered contents; returns what the compaction did when `summarized` (the
   * step called the summarizer), else undefined.
   */
  observe(step: CoverageStep, summarized: boolean): StepCompaction | undefined {
    const kept = new Set<object>();
    for (const item of step.sent) if (item.key !== undefined) kept.add(item.key);
    const builtKeys = new Set<object>();
    const newly: Content[] = [];
    for (const { key, content } of step.built) {
      builtKeys.add(key);
      if (kept.has(key) || this.#covered.has(key)) continue;
      this.#covered.add(key);
      newly.push(content);
    }
    if (!summarized) return undefined;
    const summary = step.sent
      .filter((item) => item.key === undefined || !builtKeys.has(item.key))
      .map((item) => item.content);
    const sentTexts = summary.map(contentTextOf);
    const quoted: Content[] = [];
    const leftOut: Content[] = [];
    for (const content of newly) {
      const probe = probeOf(content);
      if (probe === null) continue;
      if (sentTexts.some((text) => text.includes(probe))) quoted.push(content);
      else if (!step.summarizerTexts.some((text) => text.includes(probe))) leftOut.push(content);
    }
    // Lines the summary material carries verbatim from the history this step newly covers (a
    // strategy's ledger of the user's words or of the files a tool wrote, taken from text or from a
    // tool's response): quoted history, which a summary may grow by.
    // (Lines of contents already counted whole as quoted are not counted again.)
    const coveredText = newly
      .filter((content) => !quoted.includes(content))
      .map(historyTextOf)
      .join('\n');
    const wholeText = quoted.map(historyTextOf).join('\n');
    const quotedLines = [...new Set(sentTexts.flatMap((text) => text.split('\n')))].filter((line) =>
      quotedForms(line).some(
        (form) => form.length >= MIN_PROBE_CHARS && coveredText.includes(form) && !wholeText.includes(form),
      ),
    );
    return {
      summaryTokens: step.count(summary),
      replyTokens: step.replies.reduce(
        (sum, reply) => sum + step.count([{ role: 'model', parts: [{ text: reply }] }]),
        0,
      ),
      newlyCovered: newly.length,
      newlyCoveredTokens: step.count(newly),
      quotedTokens:
        step.count(quoted) +
        (quotedLines.length === 0 ? 0 : step.count([{ role: 'user', parts: [{ text: quotedLines.join('\n') }] }])),
      leftOutOfSummarizer: leftOut.length,
      newestLeftOutTokens: leftOut.length === 0 ? 0 : step.count([leftOut.at(-1)!]),
    };
  }
}

/**
 * The forms in which a summary line may quote history: the line itself, without a list bullet, and
 * what follows its label ("- src/app.ts: wrote 42 lines" quotes "wrote 42 lines").
 */
function quotedForms(line: string): string[] {
  const bare = line.trim().replace(/^[-*•]\s+/, '');
  const label = bare.indexOf(': ');
  return label === -1 ? [line.trim(), bare] : [line.trim(), bare, bare.slice(label + 2)];
}

/** A content's text parts and its tool responses' payloads as JSON, joined by newlines. */
function historyTextOf(content: Content): string {
  const texts = [contentTextOf(content)];
  for (const part of content.parts ?? []) {
    if (part?.functionResponse) texts.push(JSON.stringify(part.functionResponse.response ?? {}));
  }
  return texts.join('\n');
}

/** The text parts of a content, joined by newlines ('' for none). */
export function contentTextOf(content: Content | undefined): string {
  const texts: string[] = [];
  for (const part of content?.parts ?? [])
    if (typeof part?.text === 'string' && part.text !== '') texts.push(part.text);
  return texts.join('\n');
}

/** The text of a request (system instruction and contents), what a summarizer request is searched in. */
export function requestTextOf(request: {
  readonly contents?: readonly (Content | undefined | null)[];
  readonly config?: { readonly systemInstruction?: unknown };
}): string {
  const texts: string[] = [];
  const system = request.config?.systemInstruction;
  if (typeof system === 'string') texts.push(system);
  else if (system !== null && typeof system === 'object' && 'parts' in system)
    texts.push(contentTextOf(system as Content));
  for (const content of request.contents ?? []) texts.push(contentTextOf(content ?? undefined));
  return texts.join('\n');
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
