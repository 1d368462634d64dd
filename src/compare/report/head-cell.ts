/**
 * A header cell of compare.html's league, fuzz or retention table. Those tables are right-aligned
 * (their cells are counts and shares) but for the strategy names, which read left-aligned: the
 * strategy header is marked like the names under it, so each header sits as its cells do.
 */
import { escapeHtml } from '../../harness/report/html/escape-html.ts';

export function headCell(title: string): string {
  return `<th${title === 'strategy' ? ' class="name"' : ''}>${escapeHtml(title)}</th>`;
}
