/**
 * Scenario text → validated `ScenarioSpec`, with every problem located in the file. YAML and
 * JSON both go through `yaml`'s parser (JSON is YAML 1.2) so JSON errors get lines too; a `.json`
 * file must also be strict JSON.
 */
import { LineCounter, parseDocument, type Document } from 'yaml';
import { issue, ScenarioError, type ScenarioIssue } from './scenario-error.ts';
import { scenarioSchema, type ScenarioSpec } from './scenario-schema.ts';
import { locatePath } from './yaml-locate.ts';
import { allowedKeysAt } from './schema-keys.ts';
import { convertZodIssues } from './zod-issues.ts';

export interface ParsedScenarioSource {
  readonly spec: ScenarioSpec;
  /** Adds line and column to issues found later (e.g. by resolveScenario). */
  locate(issues: readonly ScenarioIssue[]): ScenarioIssue[];
}

/** Located issues, in file order (unlocated ones last, in the order found). */
function locator(doc: Document, lines: LineCounter) {
  return (issues: readonly ScenarioIssue[]): ScenarioIssue[] =>
    issues
      .map((item) => {
        if (item.path === null || item.line !== null) return item;
        const position = locatePath(doc, lines, item.path);
        return position ? { ...item, line: position.line, column: position.column } : item;
      })
      .map((item, order) => ({ item, order }))
      .sort(
        (a, b) =>
          (a.item.line ?? Infinity) - (b.item.line ?? Infinity) ||
          (a.item.column ?? 0) - (b.item.column ?? 0) ||
          a.order - b.order,
      )
      .map(({ item }) => item);
}

/** YAML reports "<message> at line L, column C:\n\n<code frame>"; the position goes in front instead. */
function syntaxIssue(message: string, line: number | null, column: number | null): ScenarioIssue {
  const first = message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  return { path: null, line, column, message: `syntax error: ${first}` };
}

function strictJsonIssue(source: string, lines: LineCounter): ScenarioIssue | null {
  try {
    JSON.parse(source);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = /position (\d+)/.exec(message);
    const position = offset ? lines.linePos(Number(offset[1])) : null;
    return {
      path: null,
      line: position?.line ?? null,
      column: position?.col ?? null,
      message: `syntax error: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
    };
  }
}

/** Alias (`*name`) expansions a file may use: plenty for shared turn templates, too few for a bomb. */
const MAX_ALIAS_EXPANSIONS = 1000;

export function parseScenarioSource(source: string, file: string): ParsedScenarioSource {
  const lines = new LineCounter();
  // Merge keys (`<<: *defaults`) let long files share turn templates.
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: true, merge: true });
  const syntax = doc.errors.map((error) =>
    syntaxIssue(error.message, error.linePos?.[0].line ?? null, error.linePos?.[0].col ?? null),
  );
  const jsonProblem =
    file.toLowerCase().endsWith('.json') && syntax.length === 0 ? strictJsonIssue(source, lines) : null;
  if (syntax.length > 0 || jsonProblem)
    throw new ScenarioError('SIM_SCENARIO_PARSE', file, jsonProblem ? [jsonProblem] : syntax);

  const locate = locator(doc, lines);
  if (doc.contents === null) {
    throw new ScenarioError('SIM_SCENARIO_INVALID', file, [
      issue(null, 'the file is empty: expected a scenario (name, session, turns, expect, ...)'),
    ]);
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_EXPANSIONS });
  } catch (error) {
    // yaml refuses documents whose aliases expand without bound (a "billion laughs" file).
    const message = error instanceof Error ? error.message : String(error);
    throw new ScenarioError('SIM_SCENARIO_PARSE', file, [
      issue(null, `the YAML aliases expand too much (more than ${MAX_ALIAS_EXPANSIONS} expansions): ${message}`),
    ]);
  }
  const foreign = foreignDocument(data);
  if (foreign !== null) throw new ScenarioError('SIM_SCENARIO_INVALID', file, [issue(null, foreign)]);
  const parsed = scenarioSchema.safeParse(data, { reportInput: true });
  if (!parsed.success) {
    throw new ScenarioError(
      'SIM_SCENARIO_INVALID',
      file,
      locate(convertZodIssues(scenarioSchema, parsed.error.issues)),
    );
  }
  return { spec: parsed.data, locate };
}

/**
 * A document that is no scenario at all (a list, or an object with none of a scenario's fields):
 * most often a recorded session sitting in a scenario folder. One sentence that says so, instead
 * of an unknown-field error for each of its fields; null for anything that looks like a scenario.
 */
function foreignDocument(data: unknown): string | null {
  const hint = 'a recorded session? Import it: compaction-sim import <file> --from <format> (see import --help)';
  if (Array.isArray(data)) return `expected a scenario (an object: name, session, turns, ...), got a list: ${hint}`;
  if (typeof data !== 'object' || data === null) return null;
  const keys = Object.keys(data);
  const allowed = allowedKeysAt(scenarioSchema, []);
  if (keys.length === 0 || keys.some((key) => allowed.includes(key))) return null;
  const shown = keys.length > 5 ? `${keys.slice(0, 5).join(', ')}, ...` : keys.join(', ');
  return `not a scenario: none of its fields (${shown}) is a scenario's (name, session, turns, ...): ${hint}`;
}
