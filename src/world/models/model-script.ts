/**
 * What the scripted model says in each turn: its function calls (all in one response when
 * parallel, one per response when sequential), then the final text that ends the turn. The tool
 * results for those calls are generated when the tools run. Every text comes from its own seeded
 * stream, so the script never depends on what a strategy did.
 */
import type { Content, Part } from '@google/genai';
import { Buffer } from 'node:buffer';
import { generateText } from '../content/generate-text.ts';
import { collectMarkers } from '../facts/fact-probe.ts';
import { siteKey, valuesBySite, withStatements, type SiteKey } from '../facts/fact-sites.ts';
import { factStatement, type FactValue, type WorldFact } from '../facts/fact-types.ts';
import { rngFor } from '../sim/prng.ts';
import type { ToolCallSpec, WorldTurn } from '../world-scenario.ts';

export type ScriptedReply =
  | {
      readonly kind: 'calls';
      readonly calls: readonly { readonly spec: ToolCallSpec; readonly index: number }[];
      /** Replay: the text the recorded response carried beside its calls. */
      readonly text?: string;
    }
  | { readonly kind: 'text'; readonly text: string };

/** Told when a planted fact value reaches the session (a user message, a tool result, the final text). */
export type OnPlant = (values: readonly FactValue[]) => void;

/** Told when the model's reply is a recovery call for a needed fact (its `attempt`-th, from 1). */
export type OnRecover = (recovery: { readonly fact: string; readonly attempt: number }) => void;

/** Replay: told the recorded pause (ms, > 0) before the next model request, for the world's clock to advance. */
export type OnPause = (ms: number) => void;

/** A call the model made and whose result is pending; a recovery's result is the fact's newest statement. */
interface PendingCall {
  readonly spec: ToolCallSpec;
  readonly index: number;
  readonly recovered?: Record<string, unknown>;
}

/** A fact some turn needs, with the recovery calls made for it so far. */
interface OpenNeed {
  readonly fact: WorldFact;
  made: number;
}

export class ModelScript {
  readonly #seed: number;
  #turn: WorldTurn | undefined;
  #replies: ScriptedReply[] = [];
  #cursor = 0;
  readonly #pending = new Map<string, PendingCall[]>();
  /** Planted fact values by site (empty without facts: every text is then exactly as generated). */
  readonly #sites: Map<SiteKey, FactValue[]>;
  readonly #onPlant: OnPlant;
  readonly #planted = new Set<SiteKey>();
  /** Facts needed, by the turn that needs them (empty without `need`: the script never looks at requests). */
  readonly #needs = new Map<number, OpenNeed[]>();
  readonly #onRecover: OnRecover;
  readonly #onPause: OnPause;

  constructor(
    seed: number,
    facts: readonly WorldFact[] = [],
    onPlant: OnPlant = () => {},
    onRecover: OnRecover = () => {},
    onPause: OnPause = () => {},
  ) {
    this.#seed = seed;
    this.#onPause = onPause;
    this.#sites = valuesBySite(facts);
    this.#onPlant = onPlant;
    this.#onRecover = onRecover;
    for (const fact of facts) {
      if (!fact.need) continue;
      const list = this.#needs.get(fact.need.turn) ?? [];
      list.push({ fact, made: 0 });
      this.#needs.set(fact.need.turn, list);
    }
  }

  /** Replay: the recorded pause before the turn's model request number `index`, if the log stamped it. */
  #pause(index: number): void {
    const ms = this.#turn?.replay?.pauses?.[index] ?? 0;
    if (ms > 0) this.#onPause(ms);
  }

  /** The site's text with its planted values; the plant is reported the first time the site is played. */
  #plant(key: SiteKey, text: string): string {
    const values = this.#sites.get(key);
    if (!values) return text;
    if (!this.#planted.has(key)) {
      this.#planted.add(key);
      this.#onPlant(values);
    }
    return withStatements(text, values);
  }

  beginTurn(turn: WorldTurn): void {
    this.#turn = turn;
    this.#cursor = 0;
    this.#pending.clear();
    const calls = turn.toolCalls.map((spec, index) => ({ spec, index }));
    const text: ScriptedReply = {
      kind: 'text',
      text: generateText(turn.modelResponse, rngFor(this.#seed, 'turn', turn.index, 'model')),
    };
    if (turn.replay) this.#replies = [...replayedCalls(turn, calls), text];
    else if (calls.length === 0) this.#replies = [text];
    else if (turn.sequential)
      this.#replies = [...calls.map((call): ScriptedReply => ({ kind: 'calls', calls: [call] })), text];
    else this.#replies = [{ kind: 'calls', calls }, text];
    // Replay: the recorded pause before the turn's first request (the user took their time).
    this.#pause(0);
  }

  /** The user's message for `turn`: its text, then one zero-filled inline attachment per spec. */
  userMessage(turn: WorldTurn): Content {
    const own = generateText(turn.user, rngFor(this.#seed, 'turn', turn.index, 'user'));
    const parts: Part[] = [
      { text: this.#sites.size === 0 ? own : this.#plant(siteKey({ turn: turn.index, in: 'user' }), own) },
    ];
    for (const attachment of turn.attachments) {
      parts.push({
        inlineData: { mimeType: attachment.mimeType, data: Buffer.alloc(attachment.size).toString('base64') },
      });
    }
    return { role: 'user', parts };
  }

  /** How many model calls the turn's script has (more calls repeat the final text). */
  get scriptedCalls(): number {
    return this.#replies.length;
  }

  /**
   * The next reply of the turn; after the final text, the final text again. `contents` is the
   * request the model received: before the turn's first scripted reply, a fact the turn needs
   * whose newest marker it does not carry is recovered first (`#recovery`).
   */
  nextReply(contents?: readonly unknown[]): ScriptedReply {
    if (this.#cursor === 0 && contents !== undefined && this.#turn) {
      const recovery = this.#recovery(this.#turn.index, contents);
      if (recovery) return recovery;
    }
    const reply = this.#replies[Math.min(this.#cursor, this.#replies.length - 1)];
    if (!reply) throw new Error('ModelScript: no turn has begun');
    this.#cursor += 1;
    // The time between this recorded response and the next passes before the next request.
    if (this.#cursor < this.#replies.length) this.#pause(this.#cursor);
    if (reply.kind === 'text' && this.#sites.size > 0 && this.#turn) {
      // The final text carries its planted values; it reaches the session when this reply is appended.
      return { kind: 'text', text: this.#plant(siteKey({ turn: this.#turn.index, in: 'response' }), reply.text) };
    }
    if (reply.kind === 'calls') {
      for (const call of reply.calls) {
        const queue = this.#pending.get(call.spec.name) ?? [];
        queue.push(call);
        this.#pending.set(call.spec.name, queue);
      }
    }
    return reply;
  }

  /**
   * Forgetting has a price: the first fact the turn needs that the request does not carry (its
   * newest marker is nowhere in it: lost, or only an older value, stale), while its attempts last,
   * becomes one tool call, the re-read whose result is the newest value's statement. The marker
   * is found by the world's own text match (`collectMarkers`, the retention probe's), on the
   * request as received, whatever the strategy claims it kept.
   */
  #recovery(turn: number, contents: readonly unknown[]): ScriptedReply | undefined {
    const needs = this.#needs.get(turn);
    if (!needs) return undefined;
    let present: Set<string> | undefined;
    for (const open of needs) {
      const need = open.fact.need!;
      if (open.made >= need.attempts) continue;
      if (!present) {
        const found = new Set<string>();
        for (const content of contents) collectMarkers(content as Content, (marker) => found.add(marker));
        present = found;
      }
      const newest = open.fact.values[open.fact.values.length - 1]!;
      if (present.has(newest.marker)) continue;
      open.made += 1;
      const spec: ToolCallSpec = {
        name: need.tool,
        args: need.args,
        responseKey: need.responseKey,
        response: { text: factStatement(newest) },
      };
      const call: PendingCall = {
        spec,
        index: -1,
        recovered: { [need.responseKey]: factStatement(newest) },
      };
      const queue = this.#pending.get(spec.name) ?? [];
      queue.push(call);
      this.#pending.set(spec.name, queue);
      this.#onRecover({ fact: open.fact.id, attempt: open.made });
      return { kind: 'calls', calls: [call] };
    }
    return undefined;
  }

  /** The result of the oldest pending call to `name`: the recorded response, or `{ [responseKey]: generated text }`. */
  takeToolResult(name: string): Record<string, unknown> {
    const call = this.#pending.get(name)?.shift();
    const turn = this.#turn;
    if (!call || !turn) return { error: `the scripted model never called ${name} in this turn` };
    if (call.recovered) return structuredClone(call.recovered);
    if (call.spec.recordedResponse) {
      const recorded = structuredClone(call.spec.recordedResponse) as Record<string, unknown>;
      if (this.#sites.size === 0) return recorded;
      const key = siteKey({ turn: turn.index, in: 'tool', call: call.index });
      return this.#sites.has(key)
        ? withRecordedStatements(recorded, call.spec.responseKey, this.#plant(key, ''))
        : recorded;
    }
    const own = generateText(call.spec.response, rngFor(this.#seed, 'turn', turn.index, 'tool', call.index));
    const text =
      this.#sites.size === 0 ? own : this.#plant(siteKey({ turn: turn.index, in: 'tool', call: call.index }), own);
    return { [call.spec.responseKey]: text };
  }
}

/**
 * Replay: a recorded result with the statements planted at its site, on lines of their own after
 * the text it carries (the result under `responseKey`, else its `error`, else its first text field;
 * a result with no text field gets them under `facts`), so they travel with the recorded content.
 */
function withRecordedStatements(
  recorded: Record<string, unknown>,
  responseKey: string,
  statements: string,
): Record<string, unknown> {
  const key = [responseKey, 'error', ...Object.keys(recorded)].find((name) => typeof recorded[name] === 'string');
  if (key === undefined) return { ...recorded, facts: statements };
  const text = recorded[key] as string;
  return { ...recorded, [key]: text === '' ? statements : `${text}\n${statements}` };
}

/**
 * Replay: the recorded responses that made calls, each with its own group of calls (as the log
 * grouped them) and the text it carried. Open loop: they come in this order whatever the
 * strategy kept in the request.
 */
function replayedCalls(turn: WorldTurn, calls: readonly { spec: ToolCallSpec; index: number }[]): ScriptedReply[] {
  const replies: ScriptedReply[] = [];
  let next = 0;
  for (const step of turn.replay?.steps ?? []) {
    const group = calls.slice(next, next + step.calls);
    next += step.calls;
    replies.push({ kind: 'calls', calls: group, ...(step.text === '' ? {} : { text: step.text }) });
  }
  return replies;
}
