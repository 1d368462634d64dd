/**
 * Hand-written mutants of the engine's estimator and shared token helpers, each a bug a real agent
 * has had (docs/known-bugs.md), played in every mutation run beside the sampled mechanical ones.
 * Mechanical mutants are variations of the original, so an estimator bug the original shares is
 * never among them; these plant the bug classes themselves into the code the built-ins count with.
 * Like every subject they are judged by properties, whose overflow, loop and precision checks
 * measure with the world's own ruler (src/world/ruler), not by the engine's count: a mutant that
 * moves the engine's count moves nothing the checks measure with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Mutant } from './mutants.ts';

interface RealisticMutant {
  readonly id: string;
  readonly file: string;
  /** An exact substring of one line of the file, and what replaces it. */
  readonly before: string;
  readonly after: string;
  /** The bug it plants, with the report it comes from. */
  readonly why: string;
}

const ESTIMATOR = 'src/engine/tokens/estimate-tokens.ts';
const BYTES = 'src/engine/tokens/utf8-byte-length.ts';
const CALIBRATION = 'src/engine/tokens/token-count.ts';

export const REALISTIC_MUTANTS: readonly RealisticMutant[] = [
  {
    id: 'realistic:skip-tool-declarations',
    file: ESTIMATOR,
    before: 'total += estimateToolTokens(config.tools);',
    after: '/* tools not counted */',
    why: 'tool declarations left out of the count (known-bugs #10, opencode #8089)',
  },
  {
    id: 'realistic:skip-tool-schemas',
    file: ESTIMATOR,
    before: 'if (schema !== undefined && schema !== null) total += Math.floor(safeJsonLength(schema) / 4);',
    after: '/* schemas not counted */',
    why: "the declarations' parameter schemas left out of the count (known-bugs #1 and #10: schemas, MCP)",
  },
  {
    id: 'realistic:utf16-units',
    file: BYTES,
    before: 'return Math.floor(utf8ByteLength(s) / 4);',
    after: 'return Math.floor(s.length / 4);',
    why: 'UTF-16 code units counted for UTF-8 bytes: CJK a third of its weight (known-bugs #17, OpenClaw #70052)',
  },
  {
    id: 'realistic:skip-inline-data',
    file: ESTIMATOR,
    before: 'if (blob) total += quarterBytes(blob.mimeType) + Math.floor(inlineDataByteLength(blob.data) / 4);',
    after: 'if (blob) total += quarterBytes(blob.mimeType);',
    why: "attachments (inline data) not counted (known-bugs #16, Crush #3384: the count far below the provider's)",
  },
  {
    id: 'realistic:skip-system-instruction',
    file: ESTIMATOR,
    before: 'for (const part of systemInstructionParts(config.systemInstruction)) total += estimatePartTokens(part);',
    after: '/* system instruction not counted */',
    why: 'large instructions left out of the count (known-bugs #1, opencode #27924)',
  },
  {
    id: 'realistic:tool-response-name-only',
    file: ESTIMATOR,
    before:
      'if (response) total += quarterBytes(response.name) + Math.floor(goFormatMapLength(response.response) / 4);',
    after: 'if (response) total += quarterBytes(response.name);',
    why: 'the newest tool output left out of the count (known-bugs, recurring pattern: "the newest tool output left out")',
  },
  {
    id: 'realistic:ratio-off-by-one',
    file: CALIBRATION,
    before: 'const calibrated = Math.trunc(heuristic * correction);',
    after: 'const calibrated = Math.trunc(heuristic * correction) - 1;',
    why: "the calibrated count one token low: a request exactly at the threshold passes (issue 18's boundary class; known-bugs #10, fires too late)",
  },
];

/** Each realistic mutant as a `Mutant` of its file (the line it changes found by its `before`). */
export function realisticMutants(root: string): Mutant[] {
  return REALISTIC_MUTANTS.map((planted) => {
    const lines = readFileSync(join(root, planted.file), 'utf8').split('\n');
    const index = lines.findIndex((line) => line.includes(planted.before));
    if (index < 0 || lines.findIndex((line, at) => at > index && line.includes(planted.before)) >= 0) {
      throw new Error(
        `realistic mutant ${planted.id}: ${planted.file} has no single line holding "${planted.before}" (the code moved: update the mutant)`,
      );
    }
    const after = lines[index]!.replace(planted.before, planted.after);
    const mutated = [...lines];
    mutated[index] = after;
    return {
      id: planted.id,
      target: { file: planted.file, strategy: 'threshold' },
      operator: 'drop-statement',
      line: index + 1,
      before: lines[index]!,
      after: `${after.trim()}  // ${planted.why}`,
      source: mutated.join('\n'),
    };
  });
}
