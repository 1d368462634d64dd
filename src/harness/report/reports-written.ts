/**
 * The line that closes a run on the terminal: where the reports went, the HTML one first (the
 * one to open). Paths relative to the working directory when inside it, so the line can be
 * pasted; the table itself ends with `N passed, N failed` on stdout, this goes after it.
 */
import { basename, dirname, isAbsolute, relative, sep } from 'node:path';

export function reportsWrittenLine(paths: readonly string[], cwd: string): string {
  if (paths.length === 0) return 'No report written.';
  const dir = shown(dirname(paths[0] as string), cwd);
  const names = paths.map((path) => basename(path));
  const html = names.filter((name) => name.endsWith('.html'));
  const others = names.filter((name) => !name.endsWith('.html'));
  const open = html.length === 0 ? '' : `open ${html.map((name) => `${dir}${name}`).join(', ')}; `;
  return `Reports in ${dir}: ${open}also ${others.join(', ')}.`;
}

function shown(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  const inside = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  return `${inside ? rel : rel === '' ? '.' : dir}${sep}`;
}
