/**
 * Mutants generated mechanically from the built-in strategies and the engine's estimator and split
 * helpers, with our own operator set (StrykerJS would need its own runner around a fuzzer; these
 * five operators cover the survivor classes of issue 18):
 *  - `boundary`: `>=` ↔ `>`, `<=` ↔ `<` (a trigger at `>` instead of `>=`, a window off by one);
 *  - `comparison`: `===` ↔ `!==`;
 *  - `constant`: an integer literal n → n + 1 and n − 1 (a budget, a ratio, a divisor);
 *  - `byte-length`: UTF-8 byte length → UTF-16 code units (`Buffer.byteLength(s, 'utf8')` → `s.length`);
 *  - `drop-statement`: an assignment or call statement removed.
 * Comments, imports and type-only lines are never mutated; string literals are masked first.
 * The sample is drawn from every generated mutant; a sampled mutant that is provably equivalent to
 * the original (EQUIVALENT_MUTANTS, each with its proof), or that the bench cannot reach
 * (UNREACHABLE_MUTANTS, each with the reason), is reported as such and left out of the score: no
 * test can kill it here, so counting it would only understate the score. Declaring one never
 * changes which mutants are sampled.
 */

export interface MutationTarget {
  /** Repository path of the source file mutated. */
  readonly file: string;
  /** The built-in strategy whose behaviour the file shapes (the mutant is that strategy built from the mutated engine). */
  readonly strategy: 'threshold' | 'sliding_window';
  /** Only these operators (default: every operator but byte-length). */
  readonly operators?: readonly OperatorName[];
}

export type OperatorName = 'boundary' | 'comparison' | 'constant' | 'byte-length' | 'drop-statement';

export interface Mutant {
  readonly id: string;
  readonly target: MutationTarget;
  readonly operator: OperatorName;
  /** 1-based line mutated. */
  readonly line: number;
  readonly before: string;
  readonly after: string;
  /** The whole mutated file. */
  readonly source: string;
}

export const TARGETS: readonly MutationTarget[] = [
  { file: 'src/engine/strategies/threshold.ts', strategy: 'threshold' },
  { file: 'src/engine/strategies/sliding-window.ts', strategy: 'sliding_window' },
  { file: 'src/engine/tokens/estimate-tokens.ts', strategy: 'threshold' },
  { file: 'src/engine/tokens/utf8-byte-length.ts', strategy: 'threshold', operators: ['byte-length'] },
  { file: 'src/engine/tokens/compute-buffer.ts', strategy: 'threshold' },
  { file: 'src/engine/tokens/token-count.ts', strategy: 'threshold' },
  { file: 'src/engine/split/split-index.ts', strategy: 'sliding_window' },
  { file: 'src/engine/strategies/split-contents.ts', strategy: 'sliding_window' },
  { file: 'src/engine/summary/truncate-for-summarizer.ts', strategy: 'threshold' },
];

const DEFAULT_OPERATORS: readonly OperatorName[] = ['boundary', 'comparison', 'constant', 'drop-statement'];

/** A mutant no behaviour can tell from the original, by reading the code: the line before and after the change, and why. */
export interface EquivalentMutant {
  readonly file: string;
  readonly before: string;
  readonly after: string;
  readonly why: string;
}

export const EQUIVALENT_MUTANTS: readonly EquivalentMutant[] = [
  {
    file: 'src/engine/strategies/threshold.ts',
    before: 'requestTokens = newTokens;',
    after: ';',
    why: 'without it the outcome reports no requestTokens, and ContextGuard estimates the request itself: estimateTokens of the same, unchanged request, newTokens',
  },
  {
    file: 'src/engine/strategies/sliding-window.ts',
    before: 'requestTokens = newTokens;',
    after: ';',
    why: 'as in threshold: ContextGuard then estimates the unchanged request itself, the same value (the early return on a failed summary reports it from the same unchanged request)',
  },
  {
    file: 'src/engine/tokens/estimate-tokens.ts',
    before: 'for (let i = 0; i < count; i += 1) {',
    after: 'for (let i = 0; i <= count; i += 1) {',
    why: 'the extra element, contents[contents.length], is undefined and skipped (a copied engine has no hint under its private symbol)',
  },
  {
    file: 'src/engine/tokens/estimate-tokens.ts',
    before: 'for (let j = 0; j < parts.length; j += 1) total += estimatePartTokens(parts[j]);',
    after: 'for (let j = 0; j <= parts.length; j += 1) total += estimatePartTokens(parts[j]);',
    why: 'the extra part, parts[parts.length], is undefined, and estimatePartTokens(undefined) is 0',
  },
  {
    file: 'src/engine/tokens/estimate-tokens.ts',
    before: 'if (!data) return 0;',
    after: 'if (!data) return 1;',
    why: 'inlineDataByteLength is only read as Math.floor(bytes / 4): 1 byte and 0 bytes are both 0 tokens',
  },
  {
    file: 'src/engine/tokens/estimate-tokens.ts',
    before: 'return 0;',
    after: 'return 1;',
    why: 'safeJsonLength (the only bare `return 0;` of the file) is only read as Math.floor(length / 4): 1 and 0 are both 0 tokens',
  },
  {
    file: 'src/engine/split/split-index.ts',
    before: 'while (idx > 0) {',
    after: 'while (idx >= 0) {',
    why: 'the extra pass only runs at idx 0 and returns -1 instead of 0 (contents[0] a tool exchange) or 0 (anything else); the strategies reach walkBackToPairBoundary only through safeSplitIndex, which treats both alike (`if (idx <= 0)` walks forward from the original index)',
  },
  ...['if (idx < 0) idx = 1;', 'if (idx <= 1) idx = 1;', 'if (idx <= 0) idx = 2;', 'if (idx <= 0) idx = 0;'].map(
    (after) => ({
      file: 'src/engine/split/split-index.ts',
      before: 'if (idx <= 0) idx = 1;',
      after,
      why: 'dead code: safeSplitIndex gets there with idx >= 1 (its guard returns idx <= 0 unchanged, so the original index is >= 1; the walk back leaves it > 0 or the walk forward moves it to the original index or beyond), and `idx <= 1` only sets 1 to 1',
    }),
  ),
  {
    file: 'src/engine/split/split-index.ts',
    before: 'while (idx < contents.length) {',
    after: 'while (idx <= contents.length) {',
    why: 'the extra pass only runs at idx === contents.length, where contents[idx] is undefined and the loop breaks at once',
  },
  {
    file: 'src/engine/tokens/estimate-tokens.ts',
    before: "const known = typeof hint === 'function' ? (hint as KnownContentTokens) : undefined;",
    after: "const known = typeof hint !== 'function' ? (hint as KnownContentTokens) : undefined;",
    why: 'a hint that is not a function is undefined (the world sets functions only), so `known` is undefined either way but for a function hint, which the mutant ignores: it then computes each content, and a hint is the count of the same content',
  },
  ...[
    'if (attempt <= attempts - 1) recentKeep = Math.max(MIN_RECENT_KEEP, Math.trunc(recentKeep / 2));',
    'if (attempt < attempts - 0) recentKeep = Math.max(MIN_RECENT_KEEP, Math.trunc(recentKeep / 2));',
  ].map((after) => ({
    file: 'src/engine/strategies/sliding-window.ts',
    before: 'if (attempt < attempts - 1) recentKeep = Math.max(MIN_RECENT_KEEP, Math.trunc(recentKeep / 2));',
    after,
    why: 'the only extra halving is on the last attempt, after which the loop ends and recentKeep (local to the call) is never read',
  })),
  {
    file: 'src/engine/summary/truncate-for-summarizer.ts',
    before: 'if (total <= budget) return contents.slice();',
    after: 'if (total < budget) return contents.slice();',
    why: 'at total === budget the loop below never runs (its guard is total > budget), so it returns contents.slice(0), the same copy',
  },
];

/**
 * Mutants this bench cannot reach though they change behaviour (none since the estimator lost its
 * hint path: the world no longer hands the engine counts of its own).
 */
export const UNREACHABLE_MUTANTS: readonly EquivalentMutant[] = [];

/** Why `mutant` is left out of the score (equivalent, or unreachable here), or null when it counts. */
export function excludedBecause(mutant: Pick<Mutant, 'target' | 'before' | 'after'>): string | null {
  const same = (known: EquivalentMutant) =>
    known.file === mutant.target.file && known.before === mutant.before && known.after === mutant.after;
  const equivalent = EQUIVALENT_MUTANTS.find(same);
  if (equivalent !== undefined) return `equivalent: ${equivalent.why}`;
  const unreachable = UNREACHABLE_MUTANTS.find(same);
  return unreachable === undefined ? null : `unreachable here: ${unreachable.why}`;
}

interface Replacement {
  readonly operator: OperatorName;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** Every mutant of `source`, in file order. */
export function mutantsOf(target: MutationTarget, source: string): Mutant[] {
  const operators = target.operators ?? DEFAULT_OPERATORS;
  const lines = source.split('\n');
  const mutants: Mutant[] = [];
  let inComment = false;
  lines.forEach((line, index) => {
    const trimmed = line.trim();
    const skip =
      inComment ||
      trimmed.startsWith('/*') ||
      trimmed.startsWith('*') ||
      trimmed.startsWith('//') ||
      trimmed.startsWith('import ') ||
      trimmed.startsWith('export type') ||
      trimmed.startsWith('export interface') ||
      /^readonly |^\w+\??: /.test(trimmed);
    if (trimmed.startsWith('/*')) inComment = !trimmed.includes('*/');
    else if (inComment && trimmed.includes('*/')) inComment = false;
    if (skip) return;
    const code = maskStrings(line.replace(/\/\/.*$/, (comment) => ' '.repeat(comment.length)));
    for (const replacement of replacementsOf(code, line, operators)) {
      const after = line.slice(0, replacement.start) + replacement.text + line.slice(replacement.end);
      const mutated = [...lines];
      mutated[index] = after;
      mutants.push({
        id: `${target.file.replace(/^src\/engine\//, '').replace(/\.ts$/, '')}:${index + 1}:${replacement.operator}:${mutants.length}`,
        target,
        operator: replacement.operator,
        line: index + 1,
        before: line.trim(),
        after: after.trim(),
        source: mutated.join('\n'),
      });
    }
  });
  return mutants;
}

function replacementsOf(code: string, line: string, operators: readonly OperatorName[]): Replacement[] {
  const found: Replacement[] = [];
  const each = (pattern: RegExp, operator: OperatorName, text: (match: RegExpExecArray) => string | null) => {
    if (!operators.includes(operator)) return;
    for (const match of code.matchAll(pattern)) {
      const replaced = text(match as RegExpExecArray);
      if (replaced !== null)
        found.push({ operator, start: match.index!, end: match.index! + match[0].length, text: replaced });
    }
  };
  each(/ (>=|<=|>|<) /g, 'boundary', (m) => ({ '>=': ' > ', '<=': ' < ', '>': ' >= ', '<': ' <= ' })[m[1]!] ?? null);
  each(/ (===|!==) /g, 'comparison', (m) => (m[1] === '===' ? ' !== ' : ' === '));
  each(/(?<![\w.$])(\d+)(?![\w.])/g, 'constant', (m) => {
    const value = Number(m[1]!.replace(/_/g, ''));
    return Number.isSafeInteger(value) ? String(value + 1) : null;
  });
  each(/(?<![\w.$])([1-9]\d*)(?![\w.])/g, 'constant', (m) => String(Number(m[1]!) - 1));
  // On the line itself: the pattern holds a string literal, which masking blanks.
  if (operators.includes('byte-length')) {
    for (const m of line.matchAll(/Buffer\.byteLength\((\w+), 'utf8'\)/g))
      found.push({ operator: 'byte-length', start: m.index!, end: m.index! + m[0].length, text: `${m[1]!}.length` });
  }
  if (
    operators.includes('drop-statement') &&
    /^\s*(?!return\b|const\b|let\b|if\b|for\b|throw\b|break\b|continue\b|case\b|default\b)[\w.[\]]+(\s*([+-]?=)\s*|\().*;\s*$/.test(
      code,
    ) &&
    !/=>\s*$/.test(code)
  ) {
    const indent = line.length - line.trimStart().length;
    found.push({ operator: 'drop-statement', start: indent, end: line.length, text: ';' });
  }
  return found;
}

/** Blanks the contents of string and template literals, so operators never touch text. */
function maskStrings(code: string): string {
  return code.replace(
    /'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g,
    (literal) => literal[0] + ' '.repeat(literal.length - 2) + literal[0],
  );
}

/** `count` mutants spread evenly over `all` (every k-th, deterministic), or all of them. */
export function sampleMutants(all: readonly Mutant[], count: number): Mutant[] {
  if (count >= all.length) return [...all];
  return Array.from({ length: count }, (_, i) => all[Math.floor((i * all.length) / count)]!);
}
