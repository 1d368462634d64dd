/**
 * Planted facts (issue 29): pieces of information a scenario puts where they occur in a session
 * (a user message, a tool result, the model's final text), each with a kind, and optionally later
 * values that supersede it (the file edited again, the decision reversed). Every value carries a
 * unique marker (`FACT-` and 8 seeded characters) embedded in the content where it is planted, so
 * the world can tell, on every later request, whether it survived: a text match on the marker,
 * independent of what any strategy says it kept.
 */

/** The kinds of Factory.ai's probes (recall, artifact trail, decisions, continuation), split finer. */
export const FACT_KINDS = ['goal', 'constraint', 'artifact', 'decision', 'error', 'next-step'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** Where a value is planted: turn `turn` (0-based in the session), in its user message, a tool result or the model's final text. */
export type FactSite =
  | { readonly turn: number; readonly in: 'user' }
  | { readonly turn: number; readonly in: 'response' }
  /** The result of the turn's tool call number `call` (0-based, in the order the turn lists them). */
  | { readonly turn: number; readonly in: 'tool'; readonly call: number };

export interface FactValue {
  readonly site: FactSite;
  /** The fact as the agent reads it, e.g. "src/db.ts now opens a pool of 20 connections". */
  readonly text: string;
  /** The unique marker embedded with it: `FACT-XXXXXXXX`. */
  readonly marker: string;
}

/**
 * Forgetting has a price (issue 29, opt-in per fact): the work of turn `turn` needs the fact. Before
 * the turn's first scripted reply, the scripted model looks for the newest value's marker in the
 * request it receives (the world's text match, never the strategy's word); when it is not there
 * (lost, or only an older value: stale) the model first recovers it as a real agent does, with a
 * tool call (re-read the file, re-run the command) whose result is the newest value's statement,
 * and looks again, at most `attempts` times, before it carries on with the script.
 */
export interface FactNeed {
  /** The turn (0-based in the session) whose work needs the fact; after the turn of its newest value. */
  readonly turn: number;
  /** The recovery call: the tool, its arguments and the key its result is under. */
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly responseKey: string;
  /** Recovery calls at most for this need (a strategy that drops the re-read again makes the model re-read again). */
  readonly attempts: number;
}

export interface WorldFact {
  readonly id: string;
  readonly kind: FactKind;
  /** The first value, then each value that supersedes the one before (in session order). */
  readonly values: readonly FactValue[];
  /** Opt-in: a later turn needs it, and the agent recovers it when it is missing. */
  readonly need?: FactNeed;
}

/** What a probe sees of a fact in one request. */
export type FactState =
  /** The newest value's marker is in a content the strategy kept (a copy of the session event, or a tool result it cut). */
  | 'kept'
  /** The newest value's marker is only in text the strategy wrote (a summary, a continuation). */
  | 'summary'
  /** An older value is present, the newest is not: the agent would act on outdated information. */
  | 'stale'
  /** No value at all. */
  | 'lost';

/** The text planted at a value's site (after the site's own text, on a line of its own). */
export function factStatement(value: Pick<FactValue, 'text' | 'marker'>): string {
  return `${value.text} [${value.marker}]`;
}

/** Every marker the world plants has this shape (8 characters of Crockford base32). */
export const MARKER_PATTERN = /FACT-[0-9A-HJKMNP-TV-Z]{8}/g;

export function isRetained(state: FactState): boolean {
  return state === 'kept' || state === 'summary';
}
