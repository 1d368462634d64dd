/**
 * Pair-safe split points between "old" (summarized) and "recent" (kept) contents
 * (adk-utils-go `safeSplitIndex`, `walkBackToPairBoundary`, `walkForwardToPairBoundary`,
 * docs/contextguard.md §8). A split must never separate a model function call from the user function response
 * that answers it: providers reject a response without its call. Upstream's legacy
 * `findSplitIndex` (a split by a recent-token budget) is not ported: neither strategy calls it,
 * upstream or here, so nothing could observe it.
 */
import type { Content } from '@google/genai';

type Contents = readonly (Content | undefined | null)[];

/** A user content carrying at least one function response (a tool result). */
export function contentHasFunctionResponse(content: Content): boolean {
  return (content.parts ?? []).some((part) => part !== undefined && part !== null && part.functionResponse != null);
}

/** A content carrying at least one function call. */
export function contentHasFunctionCall(content: Content): boolean {
  return (content.parts ?? []).some((part) => part !== undefined && part !== null && part.functionCall != null);
}

/**
 * Moves `idx` back while it points into a tool exchange (user function response or model function
 * call). Stops at a null content or a plain message; 0 means it ran out of messages.
 */
export function walkBackToPairBoundary(contents: Contents, idx: number): number {
  while (idx > 0) {
    const c = contents[idx];
    if (!c) break;
    if ((c.role === 'user' && contentHasFunctionResponse(c)) || (c.role === 'model' && contentHasFunctionCall(c))) {
      idx -= 1;
      continue;
    }
    break;
  }
  return idx;
}

/**
 * Moves `idx` forward past model function calls and stops just after the next user function
 * response: the seam between two complete [call, response] pairs.
 */
export function walkForwardToPairBoundary(contents: Contents, idx: number): number {
  while (idx < contents.length) {
    const c = contents[idx];
    if (!c) break;
    if (c.role === 'model' && contentHasFunctionCall(c)) {
      idx += 1;
      continue;
    }
    if (c.role === 'user' && contentHasFunctionResponse(c)) {
      idx += 1;
      break;
    }
    break;
  }
  return idx;
}

/**
 * Adjusts a candidate split so it does not cut a tool pair: walk back to a plain message; if that
 * reaches 0, walk forward to the next pair seam instead; then clamp into [1, len-1]. An index
 * outside (0, len) is returned unchanged, as upstream (a negative one is the caller's bug: Go's
 * slice would panic).
 *
 * Not a guarantee, and kept so because the strategies mirror upstream's split exactly: the final
 * clamp can split a pair. When everything from index 1 to the candidate is tool exchange and the
 * pair at the candidate is the last one, the forward walk ends at len and the clamp returns len-1,
 * leaving the last response apart from its call (`[user, call, response]` with candidate 1 or 2
 * gives 2). The sliding window keeps at least three contents and calls it on requests that open
 * with the user's message; a caller that keeps fewer must check `splitsToolPair` on the result.
 */
export function safeSplitIndex(contents: Contents, idx: number): number {
  if (idx <= 0 || idx >= contents.length) return idx;
  const orig = idx;
  idx = walkBackToPairBoundary(contents, idx);
  if (idx <= 0) idx = walkForwardToPairBoundary(contents, orig);
  if (idx <= 0) idx = 1;
  if (idx >= contents.length) idx = contents.length - 1;
  return idx;
}

/**
 * Whether a cut at `idx` (old = [0, idx), recent = [idx, len)) separates a model function call
 * from the user function response right after it: the pair the world always records adjacent.
 * False outside (0, len), where nothing is cut.
 */
export function splitsToolPair(contents: Contents, idx: number): boolean {
  if (idx <= 0 || idx >= contents.length) return false;
  const before = contents[idx - 1];
  const after = contents[idx];
  if (!before || !after) return false;
  return (
    (before.role === 'model' && contentHasFunctionCall(before)) ||
    (after.role === 'user' && contentHasFunctionResponse(after))
  );
}
