/**
 * The sources of one request's contents, in order: `sources[0..length)` then `extra` (adk-go's
 * synthetic continue turn) when set. `sources` may be longer than `length` (an implementation may
 * share one append-only array between steps): read it through `sourceAt`.
 */
import type { ContentSource } from './content-source.ts';

export interface ContentSourceList {
  readonly sources: readonly ContentSource[];
  readonly length: number;
  readonly extra: ContentSource | undefined;
  /** The ruler's heuristic tokens of all the sources. */
  readonly heuristic: number;
}

export function sourceAt(list: ContentSourceList, index: number): ContentSource | undefined {
  if (index < list.length) return list.sources[index];
  return index === list.length ? list.extra : undefined;
}

export function sourceCount(list: ContentSourceList): number {
  return list.extra === undefined ? list.length : list.length + 1;
}

/** A list over a plain array (every entry used), optionally followed by `extra`. */
export function sourceListOf(sources: readonly ContentSource[], extra?: ContentSource): ContentSourceList {
  let heuristic = extra?.heuristic ?? 0;
  for (const source of sources) heuristic += source.heuristic;
  return { sources, length: sources.length, extra, heuristic };
}
