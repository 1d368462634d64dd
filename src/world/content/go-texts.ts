/**
 * The Go multi-turn simulator's texts (contextguard spec §10 "Generators"), byte for byte. All of
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
const cache = new Map<string, string>();
let cachedBytes = 0;
const CACHE_BYTES = 64 * 1024 * 1024;

function cached(key: string, make: () => string): string {
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
  return cached(`long-message:${turn}:${length}`, () => buildLongMessage(turn, length));
}

function buildLongMessage(turn: number, length: number): string {
  const base = `Turn ${turn}: ${LONG_MESSAGE_TAIL}`;
  if (base.length >= length) return base.slice(0, length);
  const rest = length - base.length;
  return base + repeatCut(LONG_MESSAGE_PADDING, Math.floor(rest / 52) + 1, rest);
}

/** Go's final model text: `Turn %d analysis: ` + a body of exactly `bodySize` bytes. */
export function goAnalysis(turn: number, bodySize: number): string {
  return cached(`analysis:${turn}:${bodySize}`, () => `Turn ${turn} analysis: ${repeatCut(ANALYSIS_BODY, Math.floor(bodySize / 62) + 1, bodySize)}`);
}

/** Go's system prompt: "You are a helpful assistant. " repeated, cut to `size` bytes. */
export function goSystemPrompt(size: number): string {
  return cached(`system-prompt:${size}`, () => repeatCut(SYSTEM_PROMPT_UNIT, Math.floor(size / 28) + 1, size));
}

/** Go's tool responses: `"x" × size`. */
export function xText(size: number): string {
  return cached(`x:${size}`, () => 'x'.repeat(size));
}
