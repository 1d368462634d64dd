/**
 * One step's request contents as built from the session (before any plugin ran): the array the
 * plugins receive, with the source each element was cloned from, so measurement can recognise a
 * clone wherever a strategy moves it. Plain data: `contents` is a plain array of plain cloned
 * objects, exactly what adk-js hands its plugins.
 *
 * Each clone carries its build and position in private fields (`CloneMark`): nothing a plugin can
 * see (no key, no symbol, no prototype change: `Object.keys`, JSON, spread and the native
 * `structuredClone` see the plain clone), and finding a clone's source costs O(1) wherever the
 * strategy put it. A table of every clone, built on each step whose strategy moved anything, made
 * measuring a long session quadratic (a sixth of a 3,000-turn session).
 */
import type { Content } from '@google/genai';
import type { ContentSource } from './content-source.ts';
import { sourceAt, sourceCount, type ContentSourceList } from './content-source-list.ts';

/** A base whose constructor returns the object it is given, so a subclass can add private fields to it. */
class Marked {
  constructor(target: object) {
    // biome-ignore lint/correctness/noConstructorReturn: the point: the subclass's private fields go on `target`
    return target;
  }
}

/**
 * The private fields a build puts on each of its clones: the build's token (an empty object, so a
 * clone a strategy keeps keeps nothing else of its step alive) and the clone's position.
 */
class CloneMark extends Marked {
  readonly #build: object;
  readonly #index: number;

  private constructor(clone: object, build: object, index: number) {
    super(clone);
    this.#build = build;
    this.#index = index;
  }

  static mark(clone: object, build: object, index: number): void {
    new CloneMark(clone, build, index);
  }

  /** The position `value` was built at, when it is a clone of the build `build` names; else undefined. */
  static indexIn(value: object, build: object): number | undefined {
    return #build in value && (value as CloneMark).#build === build ? (value as CloneMark).#index : undefined;
  }
}

export class BuiltContents {
  /** What this build's clones are marked with. */
  readonly #token = {};

  constructor(
    /** The array handed to the plugins: one fresh clone per source, in order. */
    readonly contents: Content[],
    readonly sources: ContentSourceList,
  ) {
    if (contents.length !== sourceCount(sources)) throw new Error('BuiltContents: one content per source');
    for (let i = 0; i < contents.length; i += 1) {
      const clone = contents[i];
      if (clone === null || typeof clone !== 'object' || !Object.isExtensible(clone))
        throw new Error('BuiltContents: every content must be a fresh clone');
      CloneMark.mark(clone, this.#token, i);
    }
  }

  /** The source `content` was cloned from, when it is one of this build's clones (in place edits or not). */
  sourceOfClone(content: Content): ContentSource | undefined {
    const index = CloneMark.indexIn(content, this.#token);
    return index === undefined ? undefined : sourceAt(this.sources, index);
  }

  /** The position in `sources` of the source `content` was cloned from, when it is one of this build's clones. */
  indexOfClone(content: Content): number | undefined {
    return CloneMark.indexIn(content, this.#token);
  }
}
