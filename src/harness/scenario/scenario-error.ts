/**
 * The one error a bad scenario produces. The CLI prints `error.message` and exits 2, so the
 * message is the whole diagnosis: the file, the line where known, the field path and what was
 * expected, one line per problem. `code` is stable for programs (Vitest `errors.ts` style).
 */

export type ScenarioErrorCode =
  /** The file parsed but does not match the format (or cannot be resolved, e.g. unknown window). */
  | 'SIM_SCENARIO_INVALID'
  /** A file or folder given does not exist, or holds no scenario file. */
  | 'SIM_SCENARIO_NOT_FOUND'
  /** The file is not valid YAML/JSON. */
  | 'SIM_SCENARIO_PARSE'
  /** The same scenario id was given twice. */
  | 'SIM_SCENARIO_DUPLICATE';

export type IssuePath = readonly (string | number)[];

export interface ScenarioIssue {
  /** Path of the field in the file (`[]` = the top level; null = not about a field, e.g. a syntax error). */
  readonly path: IssuePath | null;
  /** 1-based position in the file, when known. */
  readonly line: number | null;
  readonly column: number | null;
  /** Plain words: "expected a positive integer, got -5". */
  readonly message: string;
}

export class ScenarioError extends Error {
  override readonly name = 'ScenarioError';
  readonly code: ScenarioErrorCode;
  /** The file as given (null when the error is not about one file). */
  readonly file: string | null;
  readonly issues: readonly ScenarioIssue[];

  constructor(code: ScenarioErrorCode, file: string | null, issues: readonly ScenarioIssue[]) {
    super(formatScenarioIssues(file, issues));
    this.code = code;
    this.file = file;
    this.issues = issues;
  }
}

/** An issue with no position yet (the loader locates it in the file). */
export function issue(path: IssuePath | null, message: string): ScenarioIssue {
  return { path, line: null, column: null, message };
}

/** `turns[2].tools[0].size`; the top level is `(top level)`. */
export function formatIssuePath(path: IssuePath): string {
  if (path.length === 0) return '(top level)';
  return path
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
}

function formatIssue(file: string | null, item: ScenarioIssue): string {
  const where = file === null ? '' : item.line === null ? `${file}: ` : `${file}:${item.line}:${item.column ?? 1}: `;
  const field = item.path === null ? '' : `${formatIssuePath(item.path)}: `;
  return `${where}${field}${item.message}`;
}

export function formatScenarioIssues(file: string | null, issues: readonly ScenarioIssue[]): string {
  if (issues.length === 1) return formatIssue(file, issues[0]!);
  const header = `${file ?? 'scenario'}: ${issues.length} problems`;
  return [header, ...issues.map((item) => `  ${formatIssue(file, item)}`)].join('\n');
}
