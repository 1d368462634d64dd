/**
 * A log file's text → scenario specs in replay mode (pure: no disk access). Every problem is
 * located (the JSONL line, the field path) and says what is missing; the specs are checked
 * against the scenario schema before they are returned.
 */
import type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
import { resolveScenarios } from '../harness/scenario/resolve-scenario.ts';
import { ScenarioError, type ScenarioIssue } from '../harness/scenario/scenario-error.ts';
import { LOG_FORMATS, type LogFormatName } from './formats/index.ts';
import { readLog } from './read-log.ts';
import type { LogProblem } from './recorded-log.ts';
import { toScenario, type ScenarioOptions } from './to-scenario.ts';

export interface ImportLogOptions extends Omit<ScenarioOptions, 'name' | 'format'> {
  readonly format: LogFormatName;
  /** Scenario name (a file with several sessions adds each one's label). */
  readonly name: string;
}

export type ImportLogResult =
  | {
      readonly kind: 'ok';
      readonly scenarios: readonly { readonly name: string; readonly spec: ScenarioSpec }[];
      /** Sessions the log holds with nothing to replay (a file of summaries only), skipped: why, by label (null: the log's only session). */
      readonly empty: readonly { readonly label: string | null; readonly reason: string }[];
    }
  | { readonly kind: 'invalid'; readonly issues: readonly ScenarioIssue[] };

export function toIssue(problem: LogProblem): ScenarioIssue {
  return {
    path: problem.where.path.length === 0 && problem.where.line !== undefined ? null : problem.where.path,
    line: problem.where.line ?? null,
    column: null,
    message: problem.message,
  };
}

export function importLog(text: string, options: ImportLogOptions): ImportLogResult {
  const read = readLog(text);
  if (read.kind === 'invalid') return { kind: 'invalid', issues: read.problems.map(toIssue) };
  const formatted = LOG_FORMATS[options.format](read.log);
  const scenarios: { name: string; spec: ScenarioSpec }[] = [];
  const empty: { label: string | null; reason: string }[] = [];
  const problems: LogProblem[] = [...formatted.problems];
  for (const session of formatted.sessions) {
    const name = session.label === undefined ? options.name : `${options.name}-${session.label}`;
    const built = toScenario(session, { ...options, name });
    if (built.kind === 'invalid') problems.push(...built.problems);
    else if (built.kind === 'empty' && formatted.recognized === true)
      empty.push({ label: session.label ?? null, reason: built.reason });
    else if (built.kind === 'empty') problems.push({ where: { path: [] }, message: built.reason });
    else scenarios.push({ name, spec: built.spec });
  }
  if (problems.length > 0) return { kind: 'invalid', issues: problems.map(toIssue) };
  if (formatted.sessions.length === 0)
    return { kind: 'invalid', issues: [{ path: null, line: null, column: null, message: 'no session in the log' }] };
  for (const { name, spec } of scenarios) {
    try {
      resolveScenarios(spec, { file: `${name}.yaml`, baseDir: '.' });
    } catch (error) {
      // The log parsed but says something a scenario cannot hold (e.g. an empty tool name): its field in the scenario.
      if (error instanceof ScenarioError)
        return {
          kind: 'invalid',
          issues: error.issues.map((item) => ({
            ...item,
            message: `in the imported scenario ${name}: ${item.message}`,
          })),
        };
      throw error;
    }
  }
  return { kind: 'ok', scenarios, empty };
}
