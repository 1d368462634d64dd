/**
 * Where the stored summary ends in this step's request. ContextGuard re-injects its summary over
 * the first N contents, N counted when it summarized; if the host built that step's request with a
 * content it leaves out of later ones (adk-go's temporary "Continue processing…" user content for
 * an empty user message), the count is off by one from then on and the cut separates a function
 * call from its response (scenarios/regressions: adk-go empty-user-message). The hardened strategy
 * also remembers a fingerprint of the last covered content and finds it again near N, then moves
 * the cut off any call/response pair.
 */
import type { Content } from '@google/genai';
import { contentHasFunctionResponse } from '../../split/split-index.ts';

/** A short fingerprint of a content: role, and per part its kind and size or name. */
export function fingerprint(content: Content | undefined | null): string {
  if (!content) return '';
  const parts = (content.parts ?? []).map((part) => {
    if (!part) return '-';
    if (typeof part.text === 'string') return `t${part.text.length}:${part.text.slice(0, 24)}`;
    if (part.functionCall) return `c:${part.functionCall.name ?? ''}:${part.functionCall.id ?? ''}`;
    if (part.functionResponse) return `r:${part.functionResponse.name ?? ''}:${part.functionResponse.id ?? ''}`;
    if (part.inlineData) return `d${part.inlineData.data?.length ?? 0}`;
    return '?';
  });
  return `${content.role ?? ''}|${parts.join('|')}`;
}

/** How far the boundary may have moved since it was recorded (synthetic contents come one at a time). */
const SEARCH = 3;

/**
 * The number of leading contents of `contents` the summary covers: the recorded count, moved to
 * where the recorded last content really is, then past any function response left without its call.
 */
export function coveredCount(contents: readonly Content[], covered: number, boundary: string): number {
  if (covered <= 0 || contents.length === 0) return 0;
  let end = Math.min(covered, contents.length);
  if (boundary !== '' && fingerprint(contents[end - 1]) !== boundary) {
    for (let delta = 1; delta <= SEARCH; delta += 1) {
      if (end - 1 - delta >= 0 && fingerprint(contents[end - 1 - delta]) === boundary) {
        end -= delta;
        break;
      }
      if (end - 1 + delta < contents.length && fingerprint(contents[end - 1 + delta]) === boundary) {
        end += delta;
        break;
      }
    }
  }
  // A response whose call is covered is covered too: sending it alone would orphan it.
  while (end < contents.length && isResponse(contents[end])) end += 1;
  return end;
}

function isResponse(content: Content | undefined): boolean {
  return content !== undefined && content !== null && content.role === 'user' && contentHasFunctionResponse(content);
}
