/**
 * `generateText(spec, rng)`: the one place texts come from. Literal texts are used verbatim; every
 * generated kind is exactly `size` UTF-8 bytes (for `go-analysis`, `size` is the body after the
 * `Turn %d analysis: ` prefix, as in the Go simulator).
 */
import type { ContentKind, TextSpec } from '../world-scenario.ts';
import type { Rng } from '../sim/prng.ts';
import { goAnalysis, goLongMessage, goSystemPrompt, xText } from './go-texts.ts';
import { corpusText } from './corpus-text.ts';
import { realisticText } from './realistic-text.ts';

/** Every kind of generated text, once (the scenario schema's enum too). */
export const CONTENT_KINDS = [
  'x',
  'go-long-message',
  'go-analysis',
  'go-system-prompt',
  'prose',
  'json',
  'logs',
  'code',
  'cjk',
  'emoji',
] as const satisfies readonly ContentKind[];

// A kind added to `ContentKind` and left out here fails the type check.
const EVERY_KIND_LISTED: Exclude<ContentKind, (typeof CONTENT_KINDS)[number]> extends never ? true : never = true;
void EVERY_KIND_LISTED;

export function generateText(spec: TextSpec, rng: Rng): string {
  if ('text' in spec) return spec.text;
  const { kind, size } = spec;
  if (!Number.isInteger(size) || size < 0) {
    throw new Error(`text of kind '${kind}': size must be a whole number of bytes >= 0, got ${size}`);
  }
  switch (kind) {
    case 'x':
      return xText(size);
    case 'go-long-message':
      return goLongMessage(requireTurn(spec.turn, kind), size);
    case 'go-analysis':
      return goAnalysis(requireTurn(spec.turn, kind), size);
    case 'go-system-prompt':
      return goSystemPrompt(size);
    case 'prose':
    case 'json':
    case 'logs':
    case 'code':
    case 'cjk':
    case 'emoji':
      return spec.source === 'corpus' ? corpusText(kind, size, rng) : realisticText(kind, size, rng);
    default:
      throw new Error(`unknown content kind '${String(kind)}' (expected one of: ${CONTENT_KINDS.join(', ')})`);
  }
}

function requireTurn(turn: number | undefined, kind: ContentKind): number {
  if (turn === undefined || !Number.isInteger(turn) || turn < 0) {
    throw new Error(`text of kind '${kind}' needs the turn index (a whole number >= 0), got ${String(turn)}`);
  }
  return turn;
}
