/**
 * What a recorded tool call did, read from the call as the replay holds it (name, arguments,
 * result) and the format it came from: the files it edited, and whether it failed. Only what the
 * log recorded counts; nothing is inferred from what a result says in prose.
 *
 * Edits, by the tools' own conventions:
 * - Claude Code: Write, Edit, MultiEdit (`file_path`), NotebookEdit (`notebook_path`);
 * - Codex: `apply_patch` (the patch's `*** Add File:` / `*** Update File:` / `*** Delete File:` /
 *   `*** Move to:` headers), as its own tool (`input`) or through a shell (`command`);
 * - SWE-agent: `create` (the file its observation says is now open, else `filename`), `edit` and
 *   `insert` (SWE-agent edits the open file: the one the previous observation's `(Open file: path)`
 *   names, else the `[File: path (n lines total)]` header of their result), the
 *   `str_replace_editor` commands that change a file (`path`);
 * - any other tool whose name says it writes (write, edit, patch, replace, insert, create, save,
 *   append) with a `path` / `file_path` / `filename` / `file_name` / `file` argument.
 *
 * Failures: a result recorded as an error (`{ error: ... }`: how the importers keep Anthropic's and
 * Claude Code's `is_error`, and adk-js's own shape of a failed tool) in any format; for Codex, the
 * exit status its tool output records (`Exit code: N`, `Process exited with code N`, or
 * `metadata.exit_code` in a JSON output) when it is not 0.
 */

export interface ReplayedCall {
  readonly name: string;
  readonly args?: Record<string, unknown> | undefined;
  readonly result: string | Record<string, unknown>;
}

/** Per session: the file SWE-agent has open (its `edit` and `insert` change that one). */
export interface EditState {
  openFile?: string | undefined;
}

const PATH_KEYS = ['file_path', 'path', 'filename', 'file_name', 'notebook_path', 'file', 'target_file'] as const;
const WRITE_LIKE = /(write|edit|patch|replace|insert|create|save|append)/i;
const EDITOR_COMMANDS = new Set(['create', 'str_replace', 'insert', 'undo_edit', 'write']);
const PATCH_HEADER = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm;
const SWE_FILE_HEADER = /\[File: ([^\n\]]+?) \(\d+ lines total\)\]/;
const SWE_OPEN_FILE = /\(Open file: ([^\n)]+)\)/;

function stringArg(args: Record<string, unknown> | undefined, key: string): string | undefined {
  const value = args?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function pathArg(args: Record<string, unknown> | undefined): string | undefined {
  for (const key of PATH_KEYS) {
    const value = stringArg(args, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The files a patch in Codex's apply_patch format touches, in order, once each. */
export function patchedFiles(patch: string): string[] {
  if (!patch.includes('*** Begin Patch')) return [];
  return [...new Set([...patch.matchAll(PATCH_HEADER)].map((match) => match[1]!.trim()))];
}

/** The patch text of an apply_patch call (its own tool, or a shell command running it). */
function patchOf(call: ReplayedCall): string | undefined {
  const args = call.args ?? {};
  for (const key of ['input', 'patch']) {
    const value = stringArg(args, key);
    if (value !== undefined && value.includes('*** Begin Patch')) return value;
  }
  const command = args['command'] ?? args['cmd'];
  if (Array.isArray(command)) {
    const text = command.filter((part): part is string => typeof part === 'string').join('\n');
    if (text.includes('apply_patch') && text.includes('*** Begin Patch')) return text;
  }
  if (typeof command === 'string' && command.includes('apply_patch') && command.includes('*** Begin Patch'))
    return command;
  return undefined;
}

function resultText(result: ReplayedCall['result']): string {
  return typeof result === 'string' ? result : '';
}

/**
 * The files `call` edited (empty when it edited none, or failed); `state` follows the file
 * SWE-agent has open across a session's calls, in order.
 */
export function editedFiles(call: ReplayedCall, format: string, state: EditState): string[] {
  const name = call.name;
  const args = call.args;
  if (format === 'swe-agent-traj') {
    // SWE-agent ends each observation with the file it has open: the one `edit` and `insert` change.
    const before = state.openFile;
    const open = SWE_OPEN_FILE.exec(resultText(call.result))?.[1]?.trim();
    if (open !== undefined && open !== 'n/a') state.openFile = open;
    else if (name === 'open') state.openFile = pathArg(args) ?? state.openFile;
    if (callFailure(call, format) !== undefined) return [];
    if (name === 'edit' || name === 'insert' || name === 'create') {
      const file =
        name === 'create'
          ? (open ?? pathArg(args))
          : (before ?? open ?? SWE_FILE_HEADER.exec(resultText(call.result))?.[1] ?? pathArg(args));
      return file === undefined ? [] : [file];
    }
  }
  if (callFailure(call, format) !== undefined) return [];
  const patch = patchOf(call);
  if (patch !== undefined) return patchedFiles(patch);
  if (/^str_replace_(editor|based_edit_tool)$/.test(name)) {
    const command = stringArg(args, 'command');
    const path = pathArg(args);
    return command !== undefined && EDITOR_COMMANDS.has(command) && path !== undefined ? [path] : [];
  }
  if (!WRITE_LIKE.test(name)) return [];
  const path = pathArg(args);
  if (path === undefined) return [];
  return [path];
}

const EXIT_LINE = /^(?:Exit code: |Process exited with code )(-?\d+)\s*$/m;

/**
 * How `call` failed, as its log recorded it: the first line of the error, or the exit code; undefined
 * when it did not fail (or the log does not say).
 */
export function callFailure(call: ReplayedCall, format: string): string | undefined {
  const result = call.result;
  if (typeof result === 'object' && result !== null && 'error' in result && result['error'] !== undefined) {
    const error = result['error'];
    const text = typeof error === 'string' ? error : JSON.stringify(error);
    return firstLine(text) ?? 'error';
  }
  if (format !== 'codex-rollout' || typeof result !== 'string') return undefined;
  const head = result.slice(0, 400);
  const line = EXIT_LINE.exec(head);
  if (line) return line[1] === '0' ? undefined : `exit code ${line[1]}`;
  if (result.startsWith('{')) {
    try {
      const parsed = JSON.parse(result) as { metadata?: { exit_code?: unknown } };
      const code = parsed.metadata?.exit_code;
      if (typeof code === 'number' && code !== 0) return `exit code ${code}`;
    } catch {
      // Not JSON: an output that happens to start with a brace.
    }
  }
  return undefined;
}

/** The first line with text, trimmed; undefined when there is none. */
export function firstLine(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const trimmed = line.replace(/\s+/g, ' ').trim();
    if (trimmed !== '') return trimmed;
  }
  return undefined;
}

const FENCE = /```[^\n]*\n([\s\S]*?)```/g;

/** The file SWE-agent says is open at the end of an observation (undefined: none, or `n/a`). */
function openFileIn(observation: string): string | undefined {
  const matches = [...observation.matchAll(new RegExp(SWE_OPEN_FILE.source, 'g'))];
  const file = matches[matches.length - 1]?.[1]?.trim();
  return file === undefined || file === 'n/a' || file === '<path>' ? undefined : file;
}

/**
 * SWE-agent without function calling writes its action as the last fenced block of its response,
 * and the next user message is the observation. The file an `edit` or `insert` action changed (the
 * one open in the observation before it), or a `create` action created (open in the observation
 * after it, else its argument); undefined for any other action.
 */
export function sweAgentTextEdit(
  response: string,
  before: string,
  after: string,
): { readonly file: string; readonly command: string } | undefined {
  const blocks = [...response.matchAll(FENCE)];
  const action = blocks[blocks.length - 1]?.[1]?.trim();
  if (action === undefined) return undefined;
  const [command, argument] = action.split(/\s+/, 2);
  const file =
    command === 'edit' || command === 'insert'
      ? openFileIn(before)
      : command === 'create' && argument !== undefined
        ? (openFileIn(after) ?? argument)
        : undefined;
  return file === undefined ? undefined : { file, command: command! };
}
