/**
 * The request's `contents`, cloned on first touch.
 *
 * ADK deep-clones every history content into every request (adk-flow §2.6), so each step costs
 * the whole history. This array behaves exactly like that fresh clone (any read of an element
 * returns a private deep copy, writes and deletes go to the array, `Array.isArray` is true, JSON
 * and every Array method work) but copies an element only when someone reads it. A strategy that
 * re-injects a summary and slices off the summarized prefix therefore never pays for that prefix.
 * (Measured 2026-11-22: cloning every element up front with plain arrays, as adk-js does, made the
 * seed suites about 15% slower even with ContextGuard, which reads most of each request.)
 *
 * `structuredClone` cannot clone a Proxy natively; `installStructuredCloneSupport` (below) makes
 * it copy these arrays like any other, so no strategy can tell the difference.
 */
import type { Content } from '@google/genai';
import { cloneValue, deepEqual } from './clone-content.ts';
import type { ContentSource } from './content-source.ts';
import { sourceAt, sourceCount, sourceListOf, type ContentSourceList } from './included-events.ts';

interface LazyState {
  readonly list: ContentSourceList;
  /** How many elements the array was built with. */
  readonly n: number;
  readonly target: Content[];
  /** Bit i is set once element i stopped being pending (cloned, overwritten or deleted); while
   * clear, element i is exactly a clone of its source. One bit per element: no O(n) bytes. */
  readonly settled: Uint32Array;
  /** Bit i is set once element i was written, deleted or cut off: while clear, a settled element
   * is still the clone made for slot i, whose source is known without the map below. */
  readonly replaced: Uint32Array;
  /** Every clone handed out with its source, in order (to recognise it wherever a strategy moves it). */
  readonly clones: { readonly clone: Content; readonly source: ContentSource }[];
  /** clone → source for the first `mapped` entries of `clones` (extended on demand). */
  cloneToSource: Map<object, ContentSource> | undefined;
  mapped: number;
  /**
   * Long histories only: clones read but not yet written into the target. Its storage is sparse
   * (a hash table: every write is an insert, five times dearer than a Map's), and a step usually
   * reads only the recent tail; they are written on the first operation that needs the target to
   * hold them (a write, delete, define, descriptor or key listing).
   */
  readonly unwritten: Map<number, Content> | undefined;
}

const lazyStates = new WeakMap<object, LazyState>();

function isPending(state: LazyState, i: number): boolean {
  return i < state.n && (state.settled[i >>> 5]! & (1 << (i & 31))) === 0;
}

function settle(state: LazyState, i: number): void {
  if (i < state.n) state.settled[i >>> 5]! |= 1 << (i & 31);
}

/** Element i no longer holds what the processors put there (its clone or its pending source). */
function replace(state: LazyState, i: number): void {
  if (i < state.n) {
    state.settled[i >>> 5]! |= 1 << (i & 31);
    state.replaced[i >>> 5]! |= 1 << (i & 31);
  }
}

function isReplaced(state: LazyState, i: number): boolean {
  return i < state.n && (state.replaced[i >>> 5]! & (1 << (i & 31))) !== 0;
}

/** Element i as the array holds it now (a clone still waiting in `unwritten` included). */
function elementAt(state: LazyState, i: number): Content | undefined {
  const waiting = state.unwritten?.get(i);
  return waiting !== undefined ? waiting : state.target[i];
}

function writeBack(state: LazyState): void {
  const { unwritten, target } = state;
  if (unwritten === undefined || unwritten.size === 0) return;
  for (const [i, clone] of unwritten) target[i] = clone;
  unwritten.clear();
}

export function lazyContents(sources: readonly ContentSource[]): Content[] {
  return lazyContentsOf(sourceListOf(sources));
}

export function lazyContentsOf(list: ContentSourceList): Content[] {
  const n = sourceCount(list);
  const target = holeyArray<Content>(n);
  const state: LazyState = {
    list,
    n,
    target,
    settled: new Uint32Array((n + 31) >>> 5),
    replaced: new Uint32Array((n + 31) >>> 5),
    clones: [],
    cloneToSource: undefined,
    mapped: 0,
    unwritten: n >= SPARSE_FROM ? new Map() : undefined,
  };
  const materialize = (i: number): void => {
    if (isPending(state, i)) {
      settle(state, i);
      const source = sourceAt(list, i) as ContentSource;
      const copy = cloneValue(source.content);
      state.clones.push({ clone: copy, source });
      if (state.unwritten) state.unwritten.set(i, copy);
      else target[i] = copy;
    }
  };
  const proxy = new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string') {
        const i = indexOf(key);
        if (i >= 0) {
          materialize(i);
          return elementAt(state, i);
        }
      }
      return Reflect.get(t, key);
    },
    has(t, key) {
      if (typeof key === 'string') {
        const i = indexOf(key);
        if (i >= 0 && (isPending(state, i) || state.unwritten?.has(i))) return true;
      }
      return Reflect.has(t, key);
    },
    set(t, key, value) {
      writeBack(state);
      const i = indexOf(key);
      if (i >= 0) replace(state, i);
      else if (key === 'length') for (let k = Number(value); k < n; k += 1) replace(state, k);
      return Reflect.set(t, key, value);
    },
    deleteProperty(t, key) {
      writeBack(state);
      const i = indexOf(key);
      if (i >= 0) replace(state, i);
      return Reflect.deleteProperty(t, key);
    },
    defineProperty(t, key, descriptor) {
      writeBack(state);
      const i = indexOf(key);
      if (i >= 0) replace(state, i);
      return Reflect.defineProperty(t, key, descriptor);
    },
    getOwnPropertyDescriptor(t, key) {
      const i = indexOf(key);
      if (i >= 0) materialize(i);
      writeBack(state);
      return Reflect.getOwnPropertyDescriptor(t, key);
    },
    ownKeys(t) {
      for (let i = 0; i < n; i += 1) materialize(i);
      writeBack(state);
      return Reflect.ownKeys(t);
    },
  });
  lazyStates.set(proxy, state);
  return proxy;
}

/**
 * An array of `length` holes. Long histories get sparse (dictionary) storage, so a step that
 * touches only the recent contents never allocates a slot per history content; V8 switches it
 * back to dense storage by itself once most elements are written. (Setting `length` or
 * `new Array(length)` would allocate all `length` slots.)
 */
function holeyArray<T>(length: number): T[] {
  if (length < SPARSE_FROM) return new Array<T>(length);
  const array: T[] = [];
  array[length + SPARSE_GAP] = undefined as T; // far past the end: V8 goes to dictionary elements
  array.length = length; // drops that element again
  return array;
}

const SPARSE_FROM = 512;
/** More than V8's largest gap (1024) for growing dense storage. */
const SPARSE_GAP = 2048;

/** The source list a lazy contents array was built from (undefined for any other array). */
export function lazySourceListOf(contents: readonly unknown[]): ContentSourceList | undefined {
  return lazyStates.get(contents)?.list;
}

/** One element of a request's contents, as measurement sees it. */
export interface ContentItem {
  /** The content object (undefined when untouched: it is then a clone of `source`). */
  readonly content: Content | undefined;
  /** The source this element is an unmodified copy of, if any. */
  readonly source: ContentSource | undefined;
}

/**
 * The elements of `contents` without cloning untouched ones. `origin` is the lazy array the
 * processors built this step: its clones are recognised wherever a strategy moved them (and
 * compared with their source, since a strategy may also have edited them in place).
 */
export function contentItems(contents: readonly (Content | undefined | null)[], origin: readonly Content[] = contents as Content[]): ContentItem[] {
  const originState = lazyStates.get(origin);
  const state = lazyStates.get(contents);
  const items: ContentItem[] = new Array(contents.length);
  if (state) {
    const { target, list } = state;
    items.length = target.length; // (the proxy's length: a cut or push reaches the target)
    for (let i = 0; i < target.length; i += 1) {
      if (isPending(state, i)) {
        items[i] = (sourceAt(list, i) as ContentSource).untouched;
      } else {
        const content = elementAt(state, i);
        // Still the clone made for this very slot (the common case): its source is known.
        items[i] = i < state.n && !isReplaced(state, i) ? compared(content as Content, sourceAt(list, i) as ContentSource) : itemOf(content, originState);
      }
    }
    return items;
  }
  for (let i = 0; i < contents.length; i += 1) items[i] = itemOf(contents[i] ?? undefined, originState);
  return items;
}

/** The content of an item (an untouched item reads its frozen source; never write to it). */
export function itemContent(item: ContentItem): Content | undefined {
  return item.content ?? item.source?.content;
}

function itemOf(content: Content | undefined, origin: LazyState | undefined): ContentItem {
  if (content === undefined || content === null || typeof content !== 'object' || !origin) return { content, source: undefined };
  const source = sourceOfClone(origin, content);
  return source ? compared(content, source) : { content, source: undefined };
}

/** The item of a clone of `source`: the shared untouched item while it still equals its source. */
function compared(content: Content, source: ContentSource): ContentItem {
  return deepEqual(content, source.content) ? source.untouched : { content, source: undefined };
}

function sourceOfClone(state: LazyState, content: Content): ContentSource | undefined {
  const map = (state.cloneToSource ??= new Map<object, ContentSource>());
  for (; state.mapped < state.clones.length; state.mapped += 1) {
    const { clone, source } = state.clones[state.mapped]!;
    map.set(clone, source);
  }
  return map.get(content);
}

/** A canonical array index ('0', '17'), or -1. */
function indexOf(key: string | symbol): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 9) return -1;
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57 || (first === 48 && key.length > 1)) return -1;
  for (let i = 1; i < key.length; i += 1) {
    const c = key.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
  }
  return Number(key);
}

/**
 * Lets `structuredClone` copy values that hold a lazy contents array, so a strategy written
 * against real ADK (where contents are plain cloned objects) may deep-copy its request with the
 * platform idiom. The native clone runs first; only when it rejects a value that contains a lazy
 * array is that value rebuilt with plain arrays in their place and cloned again. Installed once,
 * on the first session; behaviour for every other value is unchanged.
 */
export function installStructuredCloneSupport(): void {
  const current = globalThis.structuredClone as typeof structuredClone & { [LAZY_AWARE]?: true };
  if (current[LAZY_AWARE]) return;
  const native = current;
  const lazyAware = ((value: unknown, options?: Parameters<typeof structuredClone>[1]) => {
    try {
      return native(value, options);
    } catch (error) {
      if (!(error instanceof Error && error.name === 'DataCloneError')) throw error;
      const memo = new Map<object, unknown>();
      const plain = withPlainArrays(value, memo);
      if (!memo.has(LAZY_FOUND)) throw error;
      return native(plain, options);
    }
  }) as typeof structuredClone & { [LAZY_AWARE]?: true };
  lazyAware[LAZY_AWARE] = true;
  globalThis.structuredClone = lazyAware;
}

const LAZY_AWARE = Symbol('compaction-sim.lazyAwareStructuredClone');
const LAZY_FOUND = {};

/** `value` with every lazy array (and every plain object/array above one) copied as plain data. */
function withPlainArrays(value: unknown, memo: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (memo.has(value)) return memo.get(value);
  const isLazy = lazyStates.has(value);
  if (isLazy) memo.set(LAZY_FOUND, true);
  const proto = Object.getPrototypeOf(value);
  if (!isLazy && !Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  const copy = (Array.isArray(value) ? [] : {}) as Record<string, unknown>;
  memo.set(value, copy);
  for (const key of Object.keys(value)) copy[key] = withPlainArrays((value as Record<string, unknown>)[key], memo);
  return copy;
}
