/**
 * The Go multi-turn simulator's texts (docs/contextguard.md §10 "Generators"), byte for byte. All of
 * them are ASCII, so byte and character slicing agree.
 */
import { repeatCut } from './fit-to-bytes.ts';

const LONG_MESSAGE_TAIL =
  'I need a detailed explanation of how the Kubernetes pod lifecycle works, ' +
  'including init containers, readiness probes, liveness probes, and the termination grace period. ' +
  'Also explain how resource limits and requests interact with the scheduler, how the kubelet handles ' +
  'OOM kills, what happens during node pressure eviction, and how pod disruption budgets affect rolling ' +
  'updates. Additionally, describe how horizontal pod autoscaler metrics are collected and how custom ' +
  'metrics from Prometheus can drive autoscaling decisions. Finally, explain service mesh sidecar ' +
  "injection and how Istio's envoy proxy handles traffic routing between services. ";
const LONG_MESSAGE_PADDING = 'Please elaborate on these concepts in great detail. ';
const ANALYSIS_BODY = 'The investigation reveals important findings about the system. ';
const SYSTEM_PROMPT_UNIT = 'You are a helpful assistant. ';

/**
 * These texts are pure functions of (kind, turn, size), and the suites ask for the same ones over
 * and over (10.9 MB of `x` tool responses per pass of the seed suites, from about a hundred
 * distinct sizes). Strings are immutable, so handing out one shared copy is indistinguishable
 * from building a new one, and it spares the allocation, the flattening of `repeat`'s rope and
 * the garbage collector's copying. Bounded: past `CACHE_BYTES` the cache starts over.
 */
const cache = new Map<number | string, string>();
let cachedBytes = 0;
const CACHE_BYTES = 64 * 1024 * 1024;

/** What a cached text is (the first part of its key). */
const TextKind = { LongMessage: 0, Analysis: 1, SystemPrompt: 2, X: 3 } as const;
type TextKind = (typeof TextKind)[keyof typeof TextKind];

/**
 * The cache key of a text: one number while turn and size are small whole numbers (every real
 * case), so a lookup hashes a number instead of building and hashing a fresh key string (about
 * half a microsecond per text, every turn).
 */
function keyOf(kind: TextKind, turn: number, size: number): number | string {
  if (Number.isInteger(turn) && Number.isInteger(size) && turn >= 0 && size >= 0 && turn < 2 ** 19 && size < 2 ** 32)
    return (kind * 2 ** 19 + turn) * 2 ** 32 + size;
  return `${kind}:${turn}:${size}`;
}

function cached(kind: TextKind, turn: number, size: number, make: () => string): string {
  const key = keyOf(kind, turn, size);
  let text = cache.get(key);
  if (text === undefined) {
    text = make();
    if (cachedBytes + text.length > CACHE_BYTES) {
      cache.clear();
      cachedBytes = 0;
    }
    cache.set(key, text);
    cachedBytes += text.length;
  }
  return text;
}

/** Go `longMessage(turn, length)`: the Kubernetes question, cut or padded to `length` bytes. */
export function goLongMessage(turn: number, length: number): string {
  return cached(TextKind.LongMessage, turn, length, () => buildLongMessage(turn, length));
}

function buildLongMessage(turn: number, length: number): string {
  const base = `Turn ${turn}: ${LONG_MESSAGE_TAIL}`;
  if (base.length >= length) return base.slice(0, length);
  const rest = length - base.length;
  return base + repeatCut(LONG_MESSAGE_PADDING, Math.floor(rest / 52) + 1, rest);
}

/** Go's final model text: `Turn %d analysis: ` + a body of exactly `bodySize` bytes. */
export function goAnalysis(turn: number, bodySize: number): string {
  return cached(
    TextKind.Analysis,
    turn,
    bodySize,
    () => `Turn ${turn} analysis: ${repeatCut(ANALYSIS_BODY, Math.floor(bodySize / 62) + 1, bodySize)}`,
  );
}

/** Go's system prompt: "You are a helpful assistant. " repeated, cut to `size` bytes. */
export function goSystemPrompt(size: number): string {
  return cached(TextKind.SystemPrompt, 0, size, () => repeatCut(SYSTEM_PROMPT_UNIT, Math.floor(size / 28) + 1, size));
}

/** Go's tool responses: `"x" × size`. */
export function xText(size: number): string {
  return cached(TextKind.X, 0, size, () => 'x'.repeat(size));
}
