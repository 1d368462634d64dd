/** Minimal ANSI styling for the terminal table; a no-op when colour is off (NO_COLOR, not a TTY). */

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow';

const CODES: Record<Style, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
};

export function paint(text: string, style: Style, color: boolean): string {
  if (!color) return text;
  const [open, close] = CODES[style];
  return `\u001b[${open}m${text}\u001b[${close}m`;
}

/**
 * Colour is allowed only on a TTY and when NO_COLOR is unset or empty (https://no-color.org).
 */
export function colorAllowed(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const noColor = env['NO_COLOR'];
  if (noColor !== undefined && noColor !== '') return false;
  return stream.isTTY === true;
}
