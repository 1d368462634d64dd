/**
 * What the scripted model says in each turn: its function calls (all in one response when
 * parallel, one per response when sequential), then the final text that ends the turn. The tool
 * results for those calls are generated when the tools run. Every text comes from its own seeded
 * stream, so the script never depends on what a strategy did.
 */
import type { Content, Part } from '@google/genai';
import { Buffer } from 'node:buffer';
import { generateText } from '../content/generate-text.ts';
import { siteKey, valuesBySite, withStatements, type SiteKey } from '../facts/fact-sites.ts';
import type { FactValue, WorldFact } from '../facts/fact-types.ts';
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

export class ModelScript {
  readonly #seed: number;
  #turn: WorldTurn | undefined;
  #replies: ScriptedReply[] = [];
  #cursor = 0;
  readonly #pending = new Map<string, { spec: ToolCallSpec; index: number }[]>();
  /** Planted fact values by site (empty without facts: every text is then exactly as generated). */
  readonly #sites: Map<SiteKey, FactValue[]>;
  readonly #onPlant: OnPlant;
  readonly #planted = new Set<SiteKey>();

  constructor(seed: number, facts: readonly WorldFact[] = [], onPlant: OnPlant = () => {}) {
    this.#seed = seed;
    this.#sites = valuesBySite(facts);
    this.#onPlant = onPlant;
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

  /** The next reply of the turn; after the final text, the final text again. */
  nextReply(): ScriptedReply {
    const reply = this.#replies[Math.min(this.#cursor, this.#replies.length - 1)];
    if (!reply) throw new Error('ModelScript: no turn has begun');
    this.#cursor += 1;
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

  /** The result of the oldest pending call to `name`: the recorded response, or `{ [responseKey]: generated text }`. */
  takeToolResult(name: string): Record<string, unknown> {
    const call = this.#pending.get(name)?.shift();
    const turn = this.#turn;
    if (!call || !turn) return { error: `the scripted model never called ${name} in this turn` };
    if (call.spec.recordedResponse) return structuredClone(call.spec.recordedResponse) as Record<string, unknown>;
    const own = generateText(call.spec.response, rngFor(this.#seed, 'turn', turn.index, 'tool', call.index));
    const text =
      this.#sites.size === 0 ? own : this.#plant(siteKey({ turn: turn.index, in: 'tool', call: call.index }), own);
    return { [call.spec.responseKey]: text };
  }
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
