/**
 * A log file's text → a JSON document or JSONL lines. A JSONL line that is not JSON is a located
 * problem (the line number), as is a document that is not JSON; blank lines are skipped. One YAML
 * shape is read too: an HTTP recording cassette (vcrpy / pytest-recording, a mapping with an
 * `interactions` list), the form in which agent frameworks commit recorded API exchanges; any
 * other YAML is reported as the JSON it is not.
 */
import { parse as parseYaml } from 'yaml';
import type { LogProblem, ParsedLog } from './recorded-log.ts';

/** A recording cassette written in YAML, or undefined when the text is not one. */
function cassette(text: string): unknown {
  try {
    const value: unknown = parseYaml(text);
    return typeof value === 'object' &&
      value !== null &&
      Array.isArray((value as Record<string, unknown>)['interactions'])
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

export type ReadLog =
  | { readonly kind: 'ok'; readonly log: ParsedLog }
  | { readonly kind: 'invalid'; readonly problems: readonly LogProblem[] };

export function readLog(text: string): ReadLog {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'invalid', problems: [{ where: { path: [] }, message: 'the file is empty' }] };
  try {
    return { kind: 'ok', log: { kind: 'json', value: JSON.parse(trimmed) } };
  } catch {
    // Not one JSON document: JSON Lines, one value per line.
  }
  const lines: { line: number; value: unknown }[] = [];
  const problems: LogProblem[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    try {
      lines.push({ line: index + 1, value: JSON.parse(raw) });
    } catch (error) {
      problems.push({ where: { line: index + 1, path: [] }, message: `not JSON (${(error as Error).message})` });
    }
  });
  if (problems.length === 0) return { kind: 'ok', log: { kind: 'jsonl', lines } };
  const recorded = cassette(text);
  return recorded === undefined
    ? { kind: 'invalid', problems }
    : { kind: 'ok', log: { kind: 'json', value: recorded } };
}

/** The lines of a JSONL format's log (a file of one line parses as one JSON document: it is line 1). */
export function linesOf(log: ParsedLog): readonly { readonly line: number; readonly value: unknown }[] {
  return log.kind === 'jsonl' ? log.lines : [{ line: 1, value: log.value }];
}
