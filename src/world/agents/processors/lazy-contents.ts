/**
 * The request's `contents`, cloned on first touch.
 *
 * ADK deep-clones every history content into every request (docs/adk-step-loop.md §2.6), so each step costs
 * the whole history. This array behaves exactly like that fresh clone (any read of an element
 * returns a private deep copy, writes and deletes go to the array, `Array.isArray` is true, JSON
 * and every Array method work) but copies an element only when someone reads it. A strategy that
 * re-injects a summary and slices off the summarized prefix therefore never pays for that prefix.
 * (Measured 2026-11-22: cloning every element up front with plain arrays, as adk-js does, made the
 * seed suites about 15% slower even with ContextGuard, which reads most of each request.)
 *
 * Requests are built as references: an element nobody has read is still its source, and
 *  - `slice` and `unshift` move such elements without reading them (`slice` returns another lazy
 *    array; both keep every element's identity exactly as the plain methods would: an element
 *    sliced before anyone read it is, once read, one and the same clone in both arrays);
 * So ContextGuard's re-injection (the summary in front of the contents after the watermark)
 * clones nothing before the watermark. Every other operation goes through the plain Array
 * algorithm, reading (cloning) what it touches: a strategy's estimator reads every element it
 * counts, exactly as it would in adk-js (the world hands it no counts of its own).
 *
 * `structuredClone` cannot clone a Proxy natively; `installStructuredCloneSupport` (below) makes
 * it copy these arrays like any other, so no strategy can tell the difference.
 */
import type { Content } from '@google/genai';
import { cloneValue, deepEqual } from './clone-content.ts';
import { ContentSource } from './content-source.ts';
import { sourceAt, sourceCount, sourceListOf, type ContentSourceList } from './included-events.ts';

/**
 * One history content an unread element stands for, shared by every array a `slice` put it in:
 * whichever array is read first makes the clone, and the others then hold that same clone (as
 * they would after a plain slice, which reads every element it copies).
 */
interface Cell {
  readonly source: ContentSource;
  clone: Content | undefined;
}

/** What every lazy array built from one processors' array shares: the clones handed out. */
interface Registry {
  /** Every clone handed out with its source, in order (to recognise it wherever a strategy moves it). */
  readonly clones: { readonly clone: Content; readonly source: ContentSource }[];
  /** clone → source for the first `mapped` entries of `clones` (extended on demand). */
  cloneToSource: Map<object, ContentSource> | undefined;
  mapped: number;
}

/**
 * The array the processors build: element i stands for `sourceAt(list, i)` until read, written,
 * deleted or cut off. Pending elements are holes in the target (no slot per history content).
 */
interface BuiltState {
  readonly kind: 'built';
  readonly registry: Registry;
  readonly list: ContentSourceList;
  /** How many elements the array was built with. */
  readonly n: number;
  readonly target: Content[];
  /** Bit i is set once element i stopped being pending (cloned, overwritten or deleted); while
   * clear, element i is exactly a clone of its source. */
  readonly settled: BitSet;
  /** Bit i is set once element i was written, deleted or cut off: while clear, a settled element
   * is still the clone made for slot i, whose source is known without the registry. */
  readonly replaced: BitSet;
  /**
   * Long histories only: clones read but not yet written into the target. Its storage is sparse
   * (a hash table: every write is an insert, five times dearer than a Map's), and a step usually
   * reads only the recent tail; they are written on the first operation that needs the target to
   * hold them (a write, delete, define, descriptor or key listing). Made when the first is read.
   */
  unwritten: Map<number, Content> | undefined;
  /** The cells of pending elements a `slice` shared with another array. */
  cells: Map<number, Cell> | undefined;
}

/**
 * An array made by a lazy `slice`: dense, one cell per pending element. Its metadata moves with
 * its elements (`unshift`) and is cut with its length.
 */
interface SlicedState {
  readonly kind: 'sliced';
  readonly registry: Registry;
  readonly target: Content[];
  /** cells[i]: the cell element i stands for while pending (a hole in the target); else undefined. */
  readonly cells: (Cell | undefined)[];
  /** made[i]: the source whose clone element i holds, while nobody replaced it; else undefined. */
  readonly made: (ContentSource | undefined)[];
}

type LazyState = BuiltState | SlicedState;

const lazyStates = new WeakMap<object, LazyState>();

// ---- the built array's bookkeeping ----

/**
 * One bit per element, stored by 32-bit word in a Map made on the first set bit: no O(n) bytes and
 * no O(n) allocation per step. A step usually sets a bit or two (ContextGuard reads the first
 * content to see whether it is a summary, then slices) in an array of every history content, and a
 * typed array of the whole length would be made, zeroed and collected every step (past 64 bytes
 * its storage is off the V8 heap: about 1 µs each from about 500 history contents, measured
 * 2026-11-26).
 */
class BitSet {
  #words: Map<number, number> | undefined;

  has(i: number): boolean {
    return this.#words !== undefined && ((this.#words.get(i >>> 5) ?? 0) & (1 << (i & 31))) !== 0;
  }

  add(i: number): void {
    const words = (this.#words ??= new Map());
    words.set(i >>> 5, (words.get(i >>> 5) ?? 0) | (1 << (i & 31)));
  }
}

function isPendingBuilt(state: BuiltState, i: number): boolean {
  return i < state.n && !state.settled.has(i);
}

function settle(state: BuiltState, i: number): void {
  if (i < state.n) state.settled.add(i);
}

function isReplacedBuilt(state: BuiltState, i: number): boolean {
  return i < state.n && state.replaced.has(i);
}

/** Element i of a built array as it holds it now (a clone still waiting in `unwritten` included). */
function builtElementAt(state: BuiltState, i: number): Content | undefined {
  const waiting = state.unwritten?.get(i);
  return waiting !== undefined ? waiting : state.target[i];
}

function writeBack(state: LazyState): void {
  if (state.kind !== 'built') return;
  const { unwritten, target } = state;
  if (unwritten === undefined || unwritten.size === 0) return;
  for (const [i, clone] of unwritten) target[i] = clone;
  unwritten.clear();
}

// ---- what both kinds answer ----

/** The cell or source element i stands for while nobody read, wrote or deleted it; else undefined. */
function pendingAt(state: LazyState, i: number): Cell | ContentSource | undefined {
  if (state.kind === 'sliced') return i < state.cells.length ? state.cells[i] : undefined;
  if (!isPendingBuilt(state, i)) return undefined;
  return state.cells?.get(i) ?? (sourceAt(state.list, i) as ContentSource);
}

function sourceOfPending(pending: Cell | ContentSource): ContentSource {
  return pending instanceof ContentSource ? pending : pending.source;
}

/** The value a pending element reads as: its cell's clone when another array already made it, else a new clone. */
function cloneFor(state: LazyState, pending: Cell | ContentSource): Content {
  if (!(pending instanceof ContentSource)) {
    if (pending.clone === undefined) {
      pending.clone = cloneValue(pending.source.content);
      state.registry.clones.push({ clone: pending.clone, source: pending.source });
    }
    return pending.clone;
  }
  const clone = cloneValue(pending.content);
  state.registry.clones.push({ clone, source: pending });
  return clone;
}

/** Reads pending element i into the array (its clone), as a plain array of clones would hold it. */
function materialize(state: LazyState, i: number): void {
  const pending = pendingAt(state, i);
  if (pending === undefined) return;
  const clone = cloneFor(state, pending);
  if (state.kind === 'sliced') {
    state.cells[i] = undefined;
    state.made[i] = sourceOfPending(pending);
    state.target[i] = clone;
    return;
  }
  settle(state, i);
  state.cells?.delete(i);
  if (state.n >= SPARSE_FROM) (state.unwritten ??= new Map()).set(i, clone);
  else state.target[i] = clone;
}

/** Element i no longer holds what the array was built with (written, deleted or cut off). */
function replace(state: LazyState, i: number): void {
  if (state.kind === 'sliced') {
    if (i < state.cells.length) {
      state.cells[i] = undefined;
      state.made[i] = undefined;
    }
    return;
  }
  if (i < state.n) {
    state.settled.add(i);
    state.replaced.add(i);
    state.cells?.delete(i);
  }
}

/** The length is set to `length`: elements from there on are gone. */
function cut(state: LazyState, length: number): void {
  if (state.kind === 'sliced') {
    if (length < state.cells.length) {
      state.cells.length = length;
      state.made.length = length;
    }
    return;
  }
  for (let k = length; k < state.n; k += 1) replace(state, k);
}

/** Element i as it is held now, pending ones excepted (a hole, or `undefined` past the end). */
function heldAt(state: LazyState, i: number): Content | undefined {
  return state.kind === 'built' ? builtElementAt(state, i) : state.target[i];
}

/** Does the array have element i, pending ones included? */
function hasElement(state: LazyState, i: number): boolean {
  if (pendingAt(state, i) !== undefined) return true;
  if (state.kind === 'built' && state.unwritten?.has(i)) return true;
  return i in state.target;
}

/** The source whose clone element i holds, unmodified in identity (not necessarily in content), if known. */
function madeFor(state: LazyState, i: number): ContentSource | undefined {
  if (state.kind === 'sliced') return state.made[i];
  return i < state.n && !isPendingBuilt(state, i) && !isReplacedBuilt(state, i) ? (sourceAt(state.list, i) as ContentSource) : undefined;
}

// ---- construction ----

export function lazyContents(sources: readonly ContentSource[]): Content[] {
  return lazyContentsOf(sourceListOf(sources));
}

export function lazyContentsOf(list: ContentSourceList): Content[] {
  const n = sourceCount(list);
  const state: BuiltState = {
    kind: 'built',
    registry: { clones: [], cloneToSource: undefined, mapped: 0 },
    list,
    n,
    target: holeyArray<Content>(n),
    settled: new BitSet(),
    replaced: new BitSet(),
    unwritten: undefined,
    cells: undefined,
  };
  return lazyProxy(state);
}

function lazyProxy(state: LazyState): Content[] {
  const proxy = new Proxy(state.target, new LazyHandler(state));
  lazyStates.set(proxy, state);
  return proxy;
}

/**
 * The traps of one lazy array. A class, not a literal of closures: the simulator builds a request
 * every step, and a closure per trap per request is garbage (and, under tsx, a `name` definition
 * each).
 */
class LazyHandler implements ProxyHandler<Content[]> {
  constructor(readonly state: LazyState) {}

  get(t: Content[], key: string | symbol): unknown {
    const state = this.state;
    if (typeof key === 'string') {
      const i = indexOf(key);
      if (i >= 0) {
        materialize(state, i);
        return heldAt(state, i);
      }
      // slice and unshift without reading, while a plain lookup would find the built-in method.
      if (key === 'slice') {
        const found: unknown = Reflect.get(t, key);
        return found === arraySlice ? lazySliceMethod : found;
      }
      if (key === 'unshift') {
        const found: unknown = Reflect.get(t, key);
        return found === arrayUnshift ? lazyUnshiftMethod : found;
      }
    }
    return Reflect.get(t, key);
  }

  has(t: Content[], key: string | symbol): boolean {
    if (typeof key === 'string') {
      const i = indexOf(key);
      if (i >= 0) return hasElement(this.state, i);
    }
    return Reflect.has(t, key);
  }

  set(t: Content[], key: string | symbol, value: unknown): boolean {
    const state = this.state;
    writeBack(state);
    const i = indexOf(key);
    if (i >= 0) replace(state, i);
    else if (key === 'length') cut(state, Number(value));
    return Reflect.set(t, key, value);
  }

  deleteProperty(t: Content[], key: string | symbol): boolean {
    const state = this.state;
    writeBack(state);
    const i = indexOf(key);
    if (i >= 0) replace(state, i);
    return Reflect.deleteProperty(t, key);
  }

  defineProperty(t: Content[], key: string | symbol, descriptor: PropertyDescriptor): boolean {
    const state = this.state;
    writeBack(state);
    const i = indexOf(key);
    if (i >= 0) replace(state, i);
    return Reflect.defineProperty(t, key, descriptor);
  }

  getOwnPropertyDescriptor(t: Content[], key: string | symbol): PropertyDescriptor | undefined {
    const state = this.state;
    const i = indexOf(key);
    if (i >= 0) materialize(state, i);
    writeBack(state);
    return Reflect.getOwnPropertyDescriptor(t, key);
  }

  ownKeys(t: Content[]): ArrayLike<string | symbol> {
    materializeAll(this.state);
    writeBack(this.state);
    return Reflect.ownKeys(t);
  }
}

function materializeAll(state: LazyState): void {
  const count = state.kind === 'built' ? state.n : state.cells.length;
  for (let i = 0; i < count; i += 1) materialize(state, i);
}

// ---- slice and unshift without reading ----

const arraySlice = Array.prototype.slice;
const arrayUnshift = Array.prototype.unshift;

/**
 * `slice` and `unshift` as the plain algorithms would run them on a lazy array, without reading
 * its unread elements (module functions: `this` is the array). Anything unusual (not a lazy
 * array, a subclass constructor, a changed `Array[Symbol.species]`, an `unshift` on a built array)
 * runs the plain algorithm.
 */
function lazySliceMethod(this: unknown, start?: unknown, end?: unknown): unknown {
  const state = lazyStates.get(this as object);
  // slice reads only its first two arguments, and reads a missing one as undefined.
  if (state === undefined || !plainSpecies(state)) return Reflect.apply(arraySlice, this, [start, end]);
  return lazySlice(state, start, end);
}

function lazyUnshiftMethod(this: unknown, ...items: unknown[]): unknown {
  const state = lazyStates.get(this as object);
  if (state?.kind !== 'sliced') return Reflect.apply(arrayUnshift, this, items);
  return lazyUnshift(state, items as Content[]);
}

/** Would `ArraySpeciesCreate` make a plain array from this one? */
function plainSpecies(state: LazyState): boolean {
  // What ArraySpeciesCreate reads, once each, as the plain algorithm would (no descriptor object
  // made per call): %Array% from both makes a plain array.
  return Reflect.get(state.target, 'constructor') === Array && (Array as { [Symbol.species]?: unknown })[Symbol.species] === Array;
}

/** Array.prototype.slice (ECMA-262 §23.1.3.28) over this array, moving unread elements as cells. */
function lazySlice(state: LazyState, start: unknown, end: unknown): Content[] {
  const length = state.target.length;
  const from = relativeIndex(start, length, 0);
  const to = end === undefined ? length : relativeIndex(end, length, length);
  const count = Math.max(to - from, 0);
  const sliced: SlicedState = { kind: 'sliced', registry: state.registry, target: new Array<Content>(count), cells: new Array(count), made: new Array(count) };
  for (let k = 0; k < count; k += 1) {
    const i = from + k;
    const pending = pendingAt(state, i);
    if (pending !== undefined) {
      sliced.cells[k] = cellOf(state, i, pending);
    } else if (hasElement(state, i)) {
      sliced.target[k] = heldAt(state, i) as Content;
      sliced.made[k] = madeFor(state, i);
    }
    // else: a hole stays a hole (the plain algorithm skips it and keeps the length).
  }
  return lazyProxy(sliced);
}

/** The cell of pending element i, made shared if it was not yet. */
function cellOf(state: LazyState, i: number, pending: Cell | ContentSource): Cell {
  if (!(pending instanceof ContentSource)) return pending;
  const cell: Cell = { source: pending, clone: undefined };
  if (state.kind === 'built') (state.cells ??= new Map()).set(i, cell);
  return cell;
}

/** Array.prototype.unshift (ECMA-262 §23.1.3.34) on a sliced array: elements and their metadata move up. */
function lazyUnshift(state: SlicedState, items: readonly Content[]): number {
  const { target, cells, made } = state;
  if (items.length === 0) return target.length;
  if (target.length + items.length > Number.MAX_SAFE_INTEGER) throw new TypeError('Array length exceeds the maximum');
  // The plain algorithm on the target (holes move as holes), then the same shift of the metadata.
  arrayUnshift.apply(target, items as Content[]);
  const none = new Array<undefined>(items.length).fill(undefined);
  cells.unshift(...none);
  made.unshift(...none);
  return target.length;
}

/** ToIntegerOrInfinity of `value`, made relative to `length` and clamped to [0, length]. */
function relativeIndex(value: unknown, length: number, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  const integer = Number.isNaN(number) ? 0 : Math.trunc(number);
  if (integer === -Infinity) return 0;
  if (integer < 0) return Math.max(length + integer, 0);
  return Math.min(integer, length);
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

/** The source list a lazy contents array was built from (undefined for any other array, sliced ones included). */
export function lazySourceListOf(contents: readonly unknown[]): ContentSourceList | undefined {
  const state = lazyStates.get(contents);
  return state?.kind === 'built' ? state.list : undefined;
}

// ---- measurement ----

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
    const registry = state.registry;
    const { target } = state;
    items.length = target.length; // (the proxy's length: a cut or push reaches the target)
    for (let i = 0; i < target.length; i += 1) {
      const pending = pendingAt(state, i);
      if (pending !== undefined) {
        if (pending instanceof ContentSource) items[i] = pending.untouched;
        else items[i] = pending.clone === undefined ? pending.source.untouched : compared(pending.clone, pending.source);
        continue;
      }
      const content = heldAt(state, i);
      // Still the clone made for this very slot (the common case): its source is known.
      const made = madeFor(state, i);
      items[i] = made !== undefined ? compared(content as Content, made) : itemOf(content, originState?.registry ?? registry);
    }
    return items;
  }
  for (let i = 0; i < contents.length; i += 1) items[i] = itemOf(contents[i] ?? undefined, originState?.registry);
  return items;
}

/** The content of an item (an untouched item reads its frozen source; never write to it). */
export function itemContent(item: ContentItem): Content | undefined {
  return item.content ?? item.source?.content;
}

function itemOf(content: Content | undefined, registry: Registry | undefined): ContentItem {
  if (content === undefined || content === null || typeof content !== 'object' || !registry) return { content, source: undefined };
  const source = sourceOfClone(registry, content);
  return source ? compared(content, source) : { content, source: undefined };
}

/** The item of a clone of `source`: the shared untouched item while it still equals its source. */
function compared(content: Content, source: ContentSource): ContentItem {
  return deepEqual(content, source.content) ? source.untouched : { content, source: undefined };
}

function sourceOfClone(registry: Registry, content: Content): ContentSource | undefined {
  const map = (registry.cloneToSource ??= new Map<object, ContentSource>());
  for (; registry.mapped < registry.clones.length; registry.mapped += 1) {
    const { clone, source } = registry.clones[registry.mapped]!;
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
