/**
 * docs/peer-strategies.md X5: a replacement history held in session state and applied to every request before the
 * model sees it (Goat's in-memory `state.Messages`, Gemini CLI's new chat, LangChain's graph state,
 * Anthropic's server-side compaction). The request the world builds holds every history content in
 * session order, so a replacement is "these contents, then the built contents from index `from`".
 */
import type { Content } from '@google/genai';
import type { CompactionContext, LlmRequest } from '../../engine/types.ts';

export interface Replacement {
  readonly contents: readonly Content[];
  /** Index in the built contents where the kept history starts. */
  readonly from: number;
}

export function loadReplacement(ctx: CompactionContext, key: string): Replacement | undefined {
  const value = ctx.state.get(key) as Replacement | undefined;
  return value && Array.isArray(value.contents) && typeof value.from === 'number' ? value : undefined;
}

export function storeReplacement(ctx: CompactionContext, key: string, replacement: Replacement): void {
  ctx.state.set(key, { contents: structuredClone(replacement.contents), from: replacement.from });
}

/**
 * Applies the stored replacement to the freshly built `request`; returns how many built contents
 * it replaced (the index in `request.contents` after which built contents follow unchanged).
 */
export function applyReplacement(request: LlmRequest, replacement: Replacement | undefined): number {
  if (!replacement) return 0;
  const kept = request.contents.slice(Math.min(replacement.from, request.contents.length));
  request.contents = [...structuredClone(replacement.contents as Content[]), ...kept];
  return replacement.contents.length;
}
