/**
 * Where a JavaScript strategy module's syntax error is. Node's `import()` rejects with a
 * SyntaxError that names neither the file nor the line ("Unexpected token '}'"): only the message
 * it prints for an uncaught error shows them. `node --check` parses the file without running any
 * of it and prints exactly that, so on this one error path it is asked where.
 */
import { spawnSync } from 'node:child_process';

export type SyntaxErrorPlace =
  /** In the file: its line (1-based), and the source line with Node's caret under the error. */
  | { readonly kind: 'here'; readonly line: number; readonly excerpt: readonly [string, string] }
  /** The file parses: the error is in a module it imports. */
  | { readonly kind: 'imported' };

const JAVASCRIPT = /\.[mc]?js$/;
/** Characters of the source line shown around the caret (a bundled module is one long line). */
const EXCERPT_WIDTH = 120;

/**
 * Where the syntax error behind `file`'s failed import is; null when `file` is not JavaScript (tsx
 * reports TypeScript errors with their place) or Node's report cannot be read.
 */
export function syntaxErrorPlace(file: string): SyntaxErrorPlace | null {
  if (!JAVASCRIPT.test(file)) return null;
  const checked = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8', timeout: 10_000 });
  if (checked.status === 0) return { kind: 'imported' };
  if (typeof checked.stderr !== 'string') return null;
  const [where, source, caret] = checked.stderr.split('\n');
  const line = /:(\d+)$/.exec(where ?? '')?.[1];
  const column = caret?.indexOf('^') ?? -1;
  if (line === undefined || source === undefined || column < 0) return null;
  if (source.length <= EXCERPT_WIDTH) return { kind: 'here', line: Number(line), excerpt: [source, caret!] };
  const start = Math.max(0, Math.min(column - EXCERPT_WIDTH / 2, source.length - EXCERPT_WIDTH));
  const cut = `${start > 0 ? '…' : ''}${source.slice(start, start + EXCERPT_WIDTH)}${start + EXCERPT_WIDTH < source.length ? '…' : ''}`;
  return { kind: 'here', line: Number(line), excerpt: [cut, `${' '.repeat(column - start + (start > 0 ? 1 : 0))}^`] };
}
