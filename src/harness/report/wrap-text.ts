/**
 * Word-wraps text for the terminal: lines of at most `width` characters (a single word longer
 * than that stays whole), the first prefixed by `first`, the others by `rest`.
 */
export function wrapText(text: string, width: number, first: string, rest: string): string[] {
  const words = text.split(/\s+/).filter((word) => word !== '');
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const word of words) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = rest + word;
    } else {
      line = empty ? line + word : `${line} ${word}`;
    }
    empty = false;
  }
  lines.push(line);
  return lines;
}
