/**
 * What a provider reads in a content that ContextGuard's `len/4` rules (quarter-byte-count.ts,
 * docs/contextguard.md §5) count as nothing: the code of an `executableCode` part and the output
 * of a `codeExecutionResult` part (Gemini's code execution tool writes them into the history, and
 * a strategy can write anything into them), and the inline data a function response carries in
 * its own `parts` (a multimodal tool result; §5 reads only the response map). The provider tokenizes every input it is sent
 * (docs/glossary.md, real tokens), so a ratio token model, whose count is otherwise the `len/4`
 * rules times the ratio, counts these fields by the same rule: without this, text moved into such
 * a part cost nothing, and a request the provider would refuse passed as inside the window.
 *
 * Not counted, because what the provider makes of them is not in the request: a `fileData` part's
 * file (only its URI is sent) and a `thoughtSignature` (an opaque token of the model's own state).
 */
import type { Content, Part } from '@google/genai';
import { blobQuarterTokens } from './quarter-byte-count.ts';
import { quarterOf } from './utf8-bytes.ts';

/** Σ over the content's parts of `providerOnlyPartQuarterTokens`. */
export function providerOnlyQuarterTokens(content: Content | undefined | null): number {
  const parts = content?.parts;
  if (parts === undefined || parts === null) return 0;
  let total = 0;
  for (let i = 0; i < parts.length; i += 1) total += providerOnlyPartQuarterTokens(parts[i]);
  return total;
}

/**
 * `len/4` per field, as §5 counts a text: the code and its language, the output and its outcome;
 * a function response's inline data as §5 counts a part's own (MIME type / 4 + decoded bytes / 4).
 */
export function providerOnlyPartQuarterTokens(part: Part | undefined | null): number {
  if (part === undefined || part === null) return 0;
  let total = 0;
  const code = part.executableCode;
  if (code !== undefined && code !== null) total += quarterOf(code.code) + quarterOf(code.language);
  const result = part.codeExecutionResult;
  if (result !== undefined && result !== null) total += quarterOf(result.output) + quarterOf(result.outcome);
  const responseParts = part.functionResponse?.parts;
  if (responseParts !== undefined && responseParts !== null)
    for (let i = 0; i < responseParts.length; i += 1) total += blobQuarterTokens(responseParts[i]?.inlineData);
  return total;
}
