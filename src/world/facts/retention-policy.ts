/**
 * What the simulated summarizer keeps of the planted facts it is sent: a declared policy, so a
 * strategy's retention is measured against a stated model of a summarizer, not a lucky one.
 *
 * 1. Only what the strategy sent can be kept: facts are read from the request (texts and tool
 *    payloads); a fact whose value the strategy cut from the input is gone. Of a fact with several
 *    values, the newest value present is the one written (an older one only when the newer is
 *    absent: the summary is then stale).
 * 2. The prompt decides what is asked for (`askedKinds`): its words, mapped to kinds by
 *    PROMPT_SECTIONS, in the system instruction and at both ends of the request's last text
 *    (where prompts sit around a transcript); lines that carry facts are not read.
 * 3. The profile gives the chance to keep an asked and an unasked fact; a fact read back from a
 *    previous summary (`(pass n)` after its marker) is compressed again, its chance multiplied by
 *    `decay` on every such pass, so a fact survives n chained summaries with chance about
 *    decay^(n-1): chained summaries forget (MemGPT: recursive summarization 35 %).
 * 4. The output budget (the request's maxOutputTokens, less the summary's own text) bounds the
 *    kept lines, asked kinds first, then goal, constraint, next-step, decision, error, artifact,
 *    newest planted first; what does not fit is dropped.
 * Each keep/drop draw comes from the scenario seed, the call number and the marker.
 */
import type { Content } from '@google/genai';
import { rngFor } from '../sim/prng.ts';
import type { RetentionProfile } from '../world-scenario.ts';
import { collectMarkers } from './fact-probe.ts';
import { FACT_KINDS, MARKER_PATTERN, type FactKind, type FactValue, type WorldFact } from './fact-types.ts';

export const DEFAULT_RETENTION_PROFILE: RetentionProfile = 'structured';

/** Chance to keep a fact of a kind the prompt asks for, of another kind, and the factor per earlier pass. */
export const RETENTION_PROFILES: Readonly<
  Record<RetentionProfile, { readonly asked: number; readonly unasked: number; readonly decay: number }>
> = {
  /** Faithful-extractive: copies every fact it is sent, as far as its budget goes. */
  extractive: { asked: 1, unasked: 1, decay: 1 },
  /** Follows its prompt's sections; half of what they do not ask for; one fact in ten fades per re-summarization. */
  structured: { asked: 1, unasked: 0.5, decay: 0.9 },
  /** Misses some of what it is asked for, most of the rest; chained summaries fade fast. */
  lossy: { asked: 0.8, unasked: 0.25, decay: 0.7 },
};

/** The words of a summarization prompt that ask for each kind of fact. */
export const PROMPT_SECTIONS: Readonly<Record<FactKind, RegExp>> = {
  goal: /\b(goals?|objectives?|intent|(user'?s?|original|primary|exact user) requests?|tasks?)\b/i,
  constraint: /\b(constraints?|preferences?|requirements?|instructions?)\b/i,
  artifact: /\b(files?|artifacts?|file paths?|code snippets?|code changes?)\b/i,
  decision: /\b(decisions?|decided)\b/i,
  error: /\b(errors?|bugs?|fix(es|ed)?|failures?)\b/i,
  'next-step': /\b(next steps?|todos?|pending|remaining|what remains)\b/i,
};

/** How much of each end of the last text is read as prompt (prompts lead or trail a transcript). */
const PROMPT_EDGE = 600;

export interface SummarizerRequestText {
  readonly contents?: readonly (Content | undefined | null)[];
  readonly config?: { readonly systemInstruction?: unknown };
}

export interface FactLine {
  readonly fact: WorldFact;
  readonly value: FactValue;
  /** Summarizer passes behind this line, this one included. */
  readonly pass: number;
  readonly line: string;
}

export function askedKinds(request: SummarizerRequestText): Set<FactKind> {
  let lastText = '';
  for (const content of request.contents ?? []) {
    for (const part of content?.parts ?? [])
      if (typeof part?.text === 'string' && part.text !== '') lastText = part.text;
  }
  const edges =
    lastText.length <= 2 * PROMPT_EDGE
      ? lastText
      : `${lastText.slice(0, PROMPT_EDGE)}\n${lastText.slice(-PROMPT_EDGE)}`;
  const prompt = withoutFactLines(`${instructionText(request.config?.systemInstruction)}\n${edges}`);
  return new Set(FACT_KINDS.filter((kind) => PROMPT_SECTIONS[kind].test(prompt)));
}

export interface RetentionInput {
  readonly request: SummarizerRequestText;
  readonly facts: readonly WorldFact[];
  readonly profile: RetentionProfile;
  /** Tokens the lines may use; null = no limit. */
  readonly budgetTokens: number | null;
  readonly countText: (text: string) => number;
  readonly seed: number;
  readonly call: number;
}

/** The fact lines the summary carries, in the order written. */
export function retainedFactLines(input: RetentionInput): FactLine[] {
  const found = factsInRequest(input.request, input.facts);
  if (found.length === 0) return [];
  const asked = askedKinds(input.request);
  const policy = RETENTION_PROFILES[input.profile];
  const kept = found.filter(({ fact, value, pass }) => {
    const chance = (asked.has(fact.kind) ? policy.asked : policy.unasked) * (pass > 1 ? policy.decay : 1);
    return chance >= 1 || rngFor(input.seed, 'summarizer-retention', input.call, value.marker).next() < chance;
  });
  const rank = (line: FactLine): number =>
    (asked.has(line.fact.kind) ? 0 : FACT_KINDS.length) + FACT_KINDS.indexOf(line.fact.kind);
  const ordered = kept
    .map((entry, order) => ({ entry, order }))
    .sort((a, b) => rank(a.entry) - rank(b.entry) || b.order - a.order);
  const lines: FactLine[] = [];
  let used = 0;
  for (const { entry } of ordered) {
    const cost = input.countText(`${entry.line}\n`);
    if (input.budgetTokens !== null && used + cost > input.budgetTokens) continue;
    used += cost;
    lines.push(entry);
  }
  return lines;
}

/** The newest value of each fact present in the request, with the passes behind it (fewest wins), in plant order. */
function factsInRequest(request: SummarizerRequestText, facts: readonly WorldFact[]): FactLine[] {
  const depth = new Map<string, number>();
  const note = (marker: string, line: string | null): void => {
    const earlier = line === null ? 0 : passOf(line, marker);
    depth.set(marker, Math.min(depth.get(marker) ?? earlier, earlier));
  };
  const instruction = instructionText(request.config?.systemInstruction);
  collectMarkers({ role: 'user', parts: [{ text: instruction }] }, note);
  for (const content of request.contents ?? []) collectMarkers(content ?? undefined, note);
  const lines: FactLine[] = [];
  for (const fact of facts) {
    for (let v = fact.values.length - 1; v >= 0; v -= 1) {
      const value = fact.values[v]!;
      const earlier = depth.get(value.marker);
      if (earlier === undefined) continue;
      const pass = earlier + 1;
      lines.push({ fact, value, pass, line: `- ${fact.kind}: ${value.text} [${value.marker}] (pass ${pass})` });
      break;
    }
  }
  return lines;
}

/** The summarizer passes a line says its fact went through (`[MARKER] (pass n)`), 0 for a planted statement. */
function passOf(line: string, marker: string): number {
  const at = line.indexOf(`[${marker}] (pass `);
  if (at < 0) return 0;
  const n = Number.parseInt(line.slice(at + marker.length + 9), 10);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function withoutFactLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.search(MARKER_PATTERN) < 0)
    .join('\n');
}

/** The system instruction's text, whatever shape it has (string, content, parts). */
function instructionText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(instructionText).join('\n');
  if (value !== null && typeof value === 'object') {
    const record = value as { text?: unknown; parts?: unknown };
    if (typeof record.text === 'string') return record.text;
    if (Array.isArray(record.parts)) return record.parts.map(instructionText).join('\n');
  }
  return '';
}
