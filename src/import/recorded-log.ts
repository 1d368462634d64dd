/**
 * What every importer reduces a log to: the recorded session as an ordered list of entries
 * (system prompt, user messages, model responses with their calls and usage, tool results,
 * the recorded agent's compactions), each with where it was in the log. `buildReplay` turns the
 * entries into a scenario's `replay` block; the formats only read their own shape.
 */
import type { RecordedUsageSpec, ReplayToolSpec } from '../harness/scenario/replay-schema.ts';
import { formatIssuePath } from '../harness/scenario/scenario-error.ts';

/** Where an entry is in the log: a JSONL line (1-based) and/or a field path inside the document or line. */
export interface Where {
  readonly line?: number;
  readonly path: readonly (string | number)[];
}

/** Where an entry is, for a note: `line 4`, `line 4 (message.content)`, `messages[7]`; never the recorded text. */
export function whereText(where: Where): string {
  const path = where.path.length === 0 ? undefined : formatIssuePath(where.path);
  if (where.line === undefined) return path ?? 'the document';
  return path === undefined ? `line ${where.line}` : `line ${where.line} (${path})`;
}

export interface RecordedCall {
  /** The call id the log recorded (absent: the format pairs calls and results by position). */
  readonly id?: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

export type LogEntry =
  | { readonly kind: 'system'; readonly text: string; readonly where: Where }
  | { readonly kind: 'user'; readonly text: string; readonly where: Where }
  | {
      readonly kind: 'model';
      readonly text: string;
      readonly calls: readonly RecordedCall[];
      readonly usage?: RecordedUsageSpec | undefined;
      /** When the log says the response came (epoch ms): the replay keeps the pauses between responses. */
      readonly time?: number | undefined;
      readonly where: Where;
    }
  | {
      readonly kind: 'result';
      readonly id?: string | undefined;
      readonly result: string | Record<string, unknown>;
      readonly where: Where;
    }
  | {
      readonly kind: 'compaction';
      readonly trigger?: string | undefined;
      readonly preTokens?: number | undefined;
      readonly where: Where;
    };

/** A problem in the log: where, and what is missing or wrong. */
export interface LogProblem {
  readonly where: Where;
  readonly message: string;
}

/** One recorded session, as a format read it. */
export interface RecordedSession {
  /** Suffix of the session's name when the file holds several (a dataset's row), else undefined. */
  readonly label?: string;
  readonly model?: string | undefined;
  /** The window the log recorded, in tokens. */
  readonly contextWindow?: number | undefined;
  readonly tools?: readonly ReplayToolSpec[] | undefined;
  readonly entries: readonly LogEntry[];
  /** What the log leaves out that the replay would need (e.g. "the system prompt is not recorded"). */
  readonly notes?: readonly string[];
  /** The prompt-cache lifetime the recorded agent wrote with, where the log says (Anthropic's `cache_creation`). */
  readonly promptCacheLifetime?: PromptCacheLifetime;
}

export type PromptCacheLifetime = '5m' | '1h';

/** The sessions a format read, and every problem it met (the sessions are only used when there is none). */
export interface FormatResult {
  readonly sessions: readonly RecordedSession[];
  readonly problems: readonly LogProblem[];
  /**
   * The log is of this format by its own marks (a Claude Code line type, a Codex rollout line),
   * so a session with nothing to replay is an empty log of it (a summary-only transcript, a
   * rollout opened and closed), skipped; without this mark it is read as a log of another format.
   */
  readonly recognized?: boolean;
}

/** A log as read from its file: a JSON document, or JSONL lines with their numbers. */
export type ParsedLog =
  | { readonly kind: 'json'; readonly value: unknown }
  | { readonly kind: 'jsonl'; readonly lines: readonly { readonly line: number; readonly value: unknown }[] };

export type LogFormat = (log: ParsedLog) => FormatResult;
