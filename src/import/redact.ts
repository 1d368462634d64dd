/**
 * `--redact`: every text of an imported scenario replaced by deterministic filler of the same
 * shape, so a scenario that reproduces a problem can be shared without the data in it. Each
 * distinct word (a run of letters and digits) becomes a filler word of the same length, drawn in
 * order of first appearance from a seeded stream, so repeated words stay repeated (as a tokenizer
 * sees them) and no filler can be reversed by hashing a dictionary. Character by character: an
 * ASCII letter stays a letter of the same case, a digit a digit, a CJK character a CJK character
 * (3 UTF-8 bytes), any other letter one of the same UTF-8 length; spaces, punctuation, JSON
 * syntax and emoji stay as they are. Object keys are words too, so argument and result objects
 * keep their structure. Kept as recorded: tool names, call ids, the model, the window, usage.
 *
 * Planted facts (`facts`): their texts are redacted with the same word map as the content (the
 * goal, taken from the first user message, would otherwise carry it verbatim); their ids, sites
 * and so their markers are kept. A marker is drawn from the seed and the fact's id, never from
 * the log, so it says nothing about the data, and keeping it verbatim keeps the probe's verdicts:
 * the world plants the same marker at the same site of the redacted content, so the probe finds
 * it where the unredacted session has it and loses it where that one does.
 */
import type { ReplaySpec } from '../harness/scenario/replay-schema.ts';
import type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
import { rngFor, type Rng } from '../world/sim/prng.ts';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const WORD = /[\p{L}\p{N}]+/gu;

class Filler {
  readonly #rng: Rng = rngFor(1, 'redact');
  readonly #words = new Map<string, string>();

  text(text: string): string {
    return text.replace(WORD, (word) => this.#word(word));
  }

  value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.value(item)]));
    }
    return value;
  }

  #word(word: string): string {
    let filler = this.#words.get(word);
    if (filler === undefined) {
      filler = Array.from(word, (char) => this.#char(char)).join('');
      this.#words.set(word, filler);
    }
    return filler;
  }

  #char(char: string): string {
    const rng = this.#rng;
    if (/[a-z]/.test(char)) return LOWER[rng.int(0, 25)]!;
    if (/[A-Z]/.test(char)) return UPPER[rng.int(0, 25)]!;
    if (/[0-9]/.test(char)) return String(rng.int(0, 9));
    const code = char.codePointAt(0)!;
    if (code >= 0x3040 && code <= 0x9fff) return String.fromCodePoint(rng.int(0x4e00, 0x9fa5)); // CJK and kana → CJK ideographs
    const bytes = Buffer.byteLength(char, 'utf8');
    if (bytes === 2) return String.fromCodePoint(rng.int(0x0430, 0x044f)); // Cyrillic lowercase
    if (bytes === 3) return String.fromCodePoint(rng.int(0x4e00, 0x9fa5));
    return String.fromCodePoint(rng.int(0x10400, 0x1044f)); // Deseret letters: 4 bytes
  }
}

export function redactScenario(spec: ScenarioSpec): ScenarioSpec {
  const filler = new Filler();
  const replay = spec.replay;
  const session = spec.session ?? {};
  const prompt = session.systemPrompt;
  const redactedPrompt =
    typeof prompt === 'object' && prompt.text !== undefined ? { ...prompt, text: filler.text(prompt.text) } : prompt;
  const redactedReplay: ReplaySpec | undefined = replay && {
    ...replay,
    ...(replay.tools
      ? {
          tools: replay.tools.map((tool) => ({
            ...tool,
            ...(tool.description === undefined ? {} : { description: filler.text(tool.description) }),
          })),
        }
      : {}),
    turns: replay.turns.map((turn) => ({
      user: filler.text(turn.user),
      steps: turn.steps.map((step) => ({
        ...step,
        ...(step.text === undefined ? {} : { text: filler.text(step.text) }),
        ...(step.calls
          ? {
              calls: step.calls.map((call) => ({
                ...call,
                ...(call.args === undefined ? {} : { args: filler.value(call.args) as Record<string, unknown> }),
                result: filler.value(call.result) as string | Record<string, unknown>,
              })),
            }
          : {}),
      })),
    })),
  };
  // After the replay, with the same word map: a fact's words read as the content it was taken from reads.
  const facts = spec.facts?.map((fact) => ({
    ...fact,
    text: filler.text(fact.text),
    ...(fact.updates ? { updates: fact.updates.map((update) => ({ ...update, text: filler.text(update.text) })) } : {}),
    ...(fact.need?.args
      ? { need: { ...fact.need, args: filler.value(fact.need.args) as Record<string, unknown> } }
      : {}),
  }));
  return {
    ...spec,
    description: `${spec.description ?? ''} Redacted: every text is filler of the same shape.`.trim(),
    ...(facts ? { facts } : {}),
    session: { ...session, ...(redactedPrompt === undefined ? {} : { systemPrompt: redactedPrompt }) },
    ...(redactedReplay ? { replay: redactedReplay } : {}),
  };
}
