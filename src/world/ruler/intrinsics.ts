/**
 * The built-ins the ruler measures with, captured when this module loads: before any strategy
 * module is imported (the world loads the ruler first), so a strategy that replaces a global
 * (`Buffer.byteLength = () => 0`, a patched `String.prototype.charCodeAt`) cannot move the
 * measurement. fast-check captures its globals for the same reason. Every ruler module calls
 * these, never the live globals; `tampered-globals.ts` reports a strategy that patched one.
 *
 * Methods are "uncurried" (`charCodeAt(s, i)` rather than `s.charCodeAt(i)`): a bound
 * `Function.prototype.call` keeps working after the prototype method is replaced.
 */
import { Buffer } from 'node:buffer';

const call = Function.prototype.call;
/** `uncurry(String.prototype.charCodeAt)(s, i)` ≡ the original `s.charCodeAt(i)`. */
function uncurry<A extends unknown[], R>(method: (...args: A) => R): (self: unknown, ...args: A) => R {
  return call.bind(method) as (self: unknown, ...args: A) => R;
}

// node:buffer — UTF-8 and base64 lengths computed without building the bytes.
export const bufferByteLength: (text: string, encoding: 'utf8' | 'base64') => number = Buffer.byteLength;

// Base64 to a "binary string" (one character per byte, latin1): how the BPE rank tables are read.
export const base64ToLatin1: (base64: string) => string = globalThis.atob;

// Math and Number
export const mathFloor = Math.floor;
export const mathAbs = Math.abs;
export const numberIsInteger = Number.isInteger;
export const numberIsFinite = Number.isFinite;
export const numberIsNaN = Number.isNaN;
export const toExponential: (n: number) => string = uncurry(Number.prototype.toExponential) as never;
export const bigintToString: (n: bigint) => string = uncurry(BigInt.prototype.toString) as never;

// Objects and arrays
export const objectHasOwn: (o: object, key: PropertyKey) => boolean = uncurry(Object.prototype.hasOwnProperty) as never;
export const arrayIsArray = Array.isArray;
export const arrayBufferIsView = ArrayBuffer.isView;

// Strings
export const charCodeAt: (s: string, index: number) => number = uncurry(String.prototype.charCodeAt) as never;
export const stringIndexOf: (s: string, search: string) => number = uncurry(String.prototype.indexOf) as never;
export const stringSlice: (s: string, start: number, end?: number) => string = uncurry(String.prototype.slice) as never;

// Regular expressions: `exec` itself, not `test` (the original `test` looks `exec` up on the
// regular expression, so it would follow a patched `RegExp.prototype.exec`; the original `exec`
// runs the regular expression directly).
export const regExpExec: (re: RegExp, s: string) => RegExpExecArray | null = uncurry(RegExp.prototype.exec) as never;
