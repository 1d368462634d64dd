/**
 * A two-parameter token model fitted to recorded usage: `recorded ≈ ratio × ours + overhead`,
 * where `ours` is the world's count of a request it replayed and `recorded` the input tokens the
 * provider billed for it. The ratio is how the provider's tokenizer counts relative to ours; the
 * overhead is what every recorded request carried that the log does not hold (the system prompt,
 * the tool declarations, the provider's framing).
 *
 * Fitted by Theil–Sen: the ratio is the median of the slopes between every pair of requests of
 * different sizes, the overhead the median of `recorded − ratio × ours`. Why not least squares:
 * a single odd request (one whose usage counts a retried call, an attachment the log dropped, a
 * context rewrite the log does not mark) pulls a least-squares line towards it, while a median
 * ignores up to about 29 % of such points; the cost, O(n²) pairs, is a few milliseconds for the
 * longest session in the pack (about 150 requests) and bounded by MAX_PAIRS for longer ones.
 * Pure and deterministic; it imports nothing from the strategies it could judge.
 */

export interface UsagePoint {
  /** The world's count of the request. */
  readonly ours: number;
  /** The input tokens the log recorded for it. */
  readonly recorded: number;
}

export interface TokenFit {
  readonly ratio: number;
  readonly overhead: number;
}

/**
 * Above this many pairs the slopes are taken between each request and the ones a fixed stride
 * apart (still every request, still deterministic), so a 10,000-request log costs no more than
 * a 1,400-request one.
 */
const MAX_PAIRS = 1_000_000;

/** The fit, or null when fewer than two requests of different sizes leave the ratio undetermined. */
export function fitTokenModel(points: readonly UsagePoint[]): TokenFit | null {
  const slopes: number[] = [];
  const n = points.length;
  const pairs = (n * (n - 1)) / 2;
  const stride = pairs <= MAX_PAIRS ? 1 : Math.ceil(pairs / MAX_PAIRS);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += stride) {
      const a = points[i]!;
      const b = points[j]!;
      if (a.ours !== b.ours) slopes.push((b.recorded - a.recorded) / (b.ours - a.ours));
    }
  }
  if (slopes.length === 0) return null;
  const ratio = median(slopes);
  const overhead = median(points.map((point) => point.recorded - ratio * point.ours));
  return { ratio, overhead };
}

/** What the model predicts the provider billed for a request we count as `ours`. */
export function predictRecorded(fit: TokenFit, ours: number): number {
  return fit.ratio * ours + fit.overhead;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
