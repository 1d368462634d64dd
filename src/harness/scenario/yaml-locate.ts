/**
 * Where a field path sits in a parsed YAML (or JSON) document, so every issue can name its line.
 * A missing field points at its parent; an unknown field points at its key.
 */
import { isMap, isNode, type Document, type LineCounter } from 'yaml';
import type { IssuePath } from './scenario-error.ts';

export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

function nodeAt(doc: Document, path: IssuePath): unknown {
  return path.length === 0 ? doc.contents : doc.getIn(path, true);
}

/** The key node of `key` in the map at `path` (unknown fields are reported at their key). */
function keyNodeAt(doc: Document, path: IssuePath, key: string | number): unknown {
  const parent = nodeAt(doc, path);
  if (!isMap(parent)) return undefined;
  const pair = parent.items.find((item) => isNode(item.key) && 'value' in item.key && item.key.value === key);
  return pair?.key;
}

/** The position of the deepest node of `path` that exists in the document, or null. */
export function locatePath(doc: Document, lines: LineCounter, path: IssuePath): SourcePosition | null {
  for (let depth = path.length; depth >= 0; depth--) {
    const prefix = path.slice(0, depth);
    const last = path[depth - 1];
    const candidates =
      depth > 0 && last !== undefined
        ? [keyNodeAt(doc, prefix.slice(0, -1), last), nodeAt(doc, prefix)]
        : [nodeAt(doc, prefix)];
    for (const node of candidates) {
      if (isNode(node) && node.range) {
        const { line, col } = lines.linePos(node.range[0]);
        return { line, column: col };
      }
    }
  }
  return null;
}
