/**
 * One step's request contents as built from the session (before any plugin ran), kept beside the
 * array the plugins receive: which source each element was cloned from, and the clone itself, so
 * measurement can recognise a clone wherever a strategy moves it. Plain data: `contents` is a
 * plain array of plain cloned objects, exactly what adk-js hands its plugins.
 */
import type { Content } from '@google/genai';
import type { ContentSource } from './content-source.ts';
import { sourceAt, sourceCount, type ContentSourceList } from './content-source-list.ts';

export class BuiltContents {
  /** The clones as built (the plugins may rearrange `contents`; this copy stays as built). */
  readonly clones: readonly Content[];
  #sourceByClone: Map<Content, ContentSource> | undefined;

  constructor(
    /** The array handed to the plugins. */
    readonly contents: Content[],
    readonly sources: ContentSourceList,
  ) {
    if (contents.length !== sourceCount(sources)) throw new Error('BuiltContents: one content per source');
    this.clones = contents.slice();
  }

  /** The source `content` was cloned from, when it is one of this build's clones (in place edits or not). */
  sourceOfClone(content: Content, index: number): ContentSource | undefined {
    if (this.clones[index] === content) return sourceAt(this.sources, index);
    if (this.#sourceByClone === undefined) {
      this.#sourceByClone = new Map();
      for (let i = 0; i < this.clones.length; i += 1)
        this.#sourceByClone.set(this.clones[i]!, sourceAt(this.sources, i)!);
    }
    return this.#sourceByClone.get(content);
  }
}
