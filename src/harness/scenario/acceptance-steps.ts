/**
 * Where an acceptance tolerates a violation: the LLM steps it was recorded with. Written in a
 * scenario file as text, `"3-5, 9"` (step numbers and inclusive ranges; `end` for a violation after
 * the last step, such as a summarizer call made when the session ended), and held as a sorted list.
 */

/** A violating position: an LLM step number, or `end` (after the last step). */
export type PinnedStep = number | 'end';

export type ParsedSteps =
  | { readonly ok: true; readonly steps: readonly PinnedStep[] }
  | { readonly ok: false; readonly message: string };

const EXPECTED = 'expected step numbers and ranges, e.g. "3-5, 9" (and "end" for after the last step)';

export function parseSteps(text: string): ParsedSteps {
  const steps = new Set<PinnedStep>();
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === 'end') {
      steps.add('end');
      continue;
    }
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (match === null) return { ok: false, message: `'${part}': ${EXPECTED}` };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return { ok: false, message: `'${part}': a range must not run backwards` };
    if (to - from > 100_000) return { ok: false, message: `'${part}': range too long` };
    for (let step = from; step <= to; step += 1) steps.add(step);
  }
  return { ok: true, steps: sortSteps([...steps]) };
}

/** `[3, 4, 5, 9, 'end']` → `"3-5, 9, end"`: the text a recorder writes. */
export function formatSteps(steps: readonly PinnedStep[]): string {
  const numbers = sortSteps(steps).filter((step): step is number => step !== 'end');
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j += 1;
    parts.push(j === i ? String(numbers[i]) : `${numbers[i]}-${numbers[j]}`);
    i = j + 1;
  }
  if (steps.includes('end')) parts.push('end');
  return parts.join(', ');
}

/** The steps of `violating` that `pinned` does not hold (all of them when nothing is pinned: null means any step). */
export function unpinnedSteps(violating: readonly PinnedStep[], pinned: readonly PinnedStep[] | null): PinnedStep[] {
  if (pinned === null) return [];
  const held = new Set(pinned);
  return violating.filter((step) => !held.has(step));
}

function sortSteps(steps: readonly PinnedStep[]): PinnedStep[] {
  const numbers = steps.filter((step): step is number => step !== 'end').sort((a, b) => a - b);
  return steps.includes('end') ? [...numbers, 'end'] : numbers;
}
