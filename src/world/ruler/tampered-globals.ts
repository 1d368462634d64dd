/**
 * Did anything replace a built-in the world and its ruler rely on? The property descriptors of
 * those globals are recorded when this module loads (before any strategy module: the world loads
 * its ruler first) and compared later (`tamperedGlobals`): a strategy that patches
 * `Buffer.byteLength`, `JSON.stringify` or `String.prototype.charCodeAt` fails its scenario with
 * `strategy-tampered` even though the ruler, which measures with the built-ins captured in
 * `intrinsics.ts`, still measures right.
 *
 * Only properties that existed at load are compared (changed or deleted), plus `toJSON` appearing
 * on `Object.prototype` or `Array.prototype` (it would change every JSON text): a host that adds
 * a new method (a polyfill) moves nothing the world measures.
 */
import { Buffer } from 'node:buffer';

/** The objects whose own properties are watched, by the name a message gives them. */
const WATCHED: readonly (readonly [string, object])[] = [
  ['globalThis', globalThis],
  ['Buffer', Buffer],
  ['Buffer.prototype', Buffer.prototype],
  ['JSON', JSON],
  ['Math', Math],
  ['Reflect', Reflect],
  ['Object', Object],
  ['Object.prototype', Object.prototype],
  ['Function.prototype', Function.prototype],
  ['Array', Array],
  ['Array.prototype', Array.prototype],
  ['String', String],
  ['String.prototype', String.prototype],
  ['Number', Number],
  ['Number.prototype', Number.prototype],
  ['BigInt.prototype', BigInt.prototype],
  ['RegExp.prototype', RegExp.prototype],
  ['Map.prototype', Map.prototype],
  ['Set.prototype', Set.prototype],
  ['WeakMap.prototype', WeakMap.prototype],
  ['ArrayBuffer', ArrayBuffer],
  ['TextEncoder.prototype', TextEncoder.prototype],
  ['TextDecoder.prototype', TextDecoder.prototype],
];

/**
 * The globals among globalThis's own properties that are watched (the rest of globalThis belongs
 * to the host: a test runner adds and replaces its own globals freely).
 */
const WATCHED_GLOBALS = new Set([
  'Buffer',
  'JSON',
  'Math',
  'Reflect',
  'Object',
  'Function',
  'Array',
  'String',
  'Number',
  'BigInt',
  'RegExp',
  'Map',
  'Set',
  'WeakMap',
  'ArrayBuffer',
  'Uint8Array',
  'TextEncoder',
  'TextDecoder',
  'Proxy',
  'Symbol',
  'isNaN',
  'isFinite',
  'parseInt',
  'parseFloat',
]);

interface Recorded {
  readonly owner: string;
  readonly target: object;
  readonly key: string | symbol;
  readonly descriptor: PropertyDescriptor;
}

const getOwnPropertyDescriptor = Reflect.getOwnPropertyDescriptor;
const ownKeys = Reflect.ownKeys;
const hasOwn = Function.prototype.call.bind(Object.prototype.hasOwnProperty) as (o: object, k: PropertyKey) => boolean;

const recorded: readonly Recorded[] = record();

function record(): Recorded[] {
  const out: Recorded[] = [];
  for (const [owner, target] of WATCHED) {
    for (const key of ownKeys(target)) {
      if (owner === 'globalThis' && (typeof key !== 'string' || !WATCHED_GLOBALS.has(key))) continue;
      // The differential verifier seeds Math.random around real adk-js runs; the ruler never reads it.
      if (owner === 'Math' && key === 'random') continue;
      // Reading a lazily defined global first lets it settle into its final (data) property.
      try {
        void (target as Record<string | symbol, unknown>)[key];
      } catch {
        // an accessor that throws when read (e.g. `Function.prototype.caller`) stays an accessor
      }
      const descriptor = getOwnPropertyDescriptor(target, key);
      if (descriptor !== undefined) out.push({ owner, target, key, descriptor });
    }
  }
  return out;
}

/** The watched globals changed since this module loaded (`Buffer.byteLength`, …); empty when none. */
export function tamperedGlobals(): string[] {
  const changed: string[] = [];
  for (const { owner, target, key, descriptor } of recorded) {
    const now = getOwnPropertyDescriptor(target, key);
    if (now === undefined || !sameDescriptor(descriptor, now))
      changed.push(`${owner === 'globalThis' ? '' : `${owner}.`}${String(key)}`);
  }
  if (hasOwn(Object.prototype, 'toJSON')) changed.push('Object.prototype.toJSON');
  if (hasOwn(Array.prototype, 'toJSON')) changed.push('Array.prototype.toJSON');
  return changed;
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable
  );
}
