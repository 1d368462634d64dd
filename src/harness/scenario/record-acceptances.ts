/**
 * `npm run accept:record`: writes into scenario files the steps their acceptances tolerate, as the
 * run just measured them (acceptance-steps.ts), so a pin is always recorded from a run, never typed
 * from memory. Pure over text: the caller plays the scenarios and passes what each acceptance
 * matched; the YAML document is edited in place (comments and order kept).
 *
 * - an entry whose violation steps changed gets its new `steps`;
 * - an entry that matched no violation is stale: it is reported, never silently removed (the
 *   author decides whether the scenario still shows what it was written for);
 * - an entry whose strategy, property and reason are exactly a named rule's becomes `rule: <name>`.
 */
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { ACCEPTANCE_RULES } from './acceptance-rules.ts';
import { formatSteps, type PinnedStep } from './acceptance-steps.ts';

/** What the run measured for the entry at `index` of a file's `accept` list. */
export interface MeasuredAcceptance {
  readonly index: number;
  /** Every step its property was violated at (the union over the file's sessions); [] = stale. */
  readonly steps: readonly PinnedStep[];
}

export interface RecordedFile {
  readonly text: string;
  readonly changed: boolean;
  /** Indices of the entries that matched no violation. */
  readonly stale: readonly number[];
}

export function recordAcceptances(text: string, measured: readonly MeasuredAcceptance[]): RecordedFile {
  const doc = parseDocument(text);
  const list = doc.get('accept', true);
  if (!isSeq(list)) return { text, changed: false, stale: [] };
  const stale: number[] = [];
  // Each entry is rewritten in the source text, last first so earlier offsets stay valid: the rest
  // of the file (folded descriptions, flow lists, comments) is left byte for byte.
  const edits: { readonly start: number; readonly end: number; readonly text: string }[] = [];
  for (const { index, steps } of measured) {
    const entry = list.items[index];
    if (!isMap(entry) || entry.range === undefined || entry.range === null) continue;
    if (steps.length === 0) {
      stale.push(index);
      continue;
    }
    const [start, , end] = entry.range;
    const column = start - (text.lastIndexOf('\n', start - 1) + 1);
    const trailing = /\s*$/.exec(text.slice(start, end))![0];
    edits.push({
      start,
      end: end - trailing.length,
      text: entryText(entry as YAMLMap<unknown, unknown>, formatSteps(steps), column),
    });
  }
  let out = text;
  for (const edit of edits.sort((x, y) => y.start - x.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: out, changed: out !== text, stale };
}

/** The entry's text with `steps` set; `{ strategy, property, reason }` exactly a rule's becomes `{ rule, steps }`. */
function entryText(entry: YAMLMap<unknown, unknown>, steps: string, column: number): string {
  const strategy = entry.get('strategy');
  const property = entry.get('property');
  const reason = entry.get('reason');
  const rule =
    entry.get('rule') ??
    Object.entries(ACCEPTANCE_RULES).find(
      ([, known]) => known.strategy === strategy && known.property === property && known.reason === reason,
    )?.[0];
  const fields: [string, unknown][] =
    rule !== undefined
      ? [
          ['rule', rule],
          ['steps', steps],
        ]
      : [
          ['strategy', strategy],
          ['property', property],
          ['reason', reason],
          ['steps', steps],
        ];
  const quoted = (key: string, value: unknown) =>
    key === 'reason' || key === 'steps' ? JSON.stringify(value) : String(value);
  return fields.map(([key, value]) => `${key}: ${quoted(key, value)}`).join(`\n${' '.repeat(column)}`);
}
