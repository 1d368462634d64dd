/**
 * The facts a recorded session states, derived from its `replay` block alone (so the importer and
 * the trace pack's rewrite use the same function, and a scenario whose raw log is gone still gets
 * them). Each is planted where the log has it, so the survival probes follow the recorded content:
 * - goal: the first user message (planted in it; its text the message's start, on one line);
 * - artifact: each file the agent edited, one fact per file, planted in the result of the call
 *   that first edited it, each later edit an update planted in that call's result (SWE-agent
 *   without function calling: in the observation, the next user message);
 * - error: each tool call the log records as failed, planted in its result.
 * A fact's text is one line the agent could read (the file, the tool, the first line of the
 * error); the world appends it with its seeded marker to the content at its site, so the probe
 * finds the marker exactly where the recorded content travels, and loses it where that is cut.
 */
import type { FactSpec } from '../harness/scenario/facts-schema.ts';
import type { ReplaySpec } from '../harness/scenario/replay-schema.ts';
import { callFailure, editedFiles, firstLine, sweAgentTextEdit, type EditState } from './tool-effects.ts';

/** A fact's text stays a line an agent reads, not a copy of the log. */
const MAX_TEXT = 160;

function clip(text: string, max: number = MAX_TEXT): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

export function factsOfReplay(replay: ReplaySpec): FactSpec[] {
  const format = replay.source?.format ?? '';
  const facts: FactSpec[] = [];
  const goalTurn = replay.turns.findIndex((turn) => firstLine(turn.user) !== undefined);
  if (goalTurn >= 0)
    facts.push({
      id: 'goal',
      kind: 'goal',
      text: clip(`Goal: ${replay.turns[goalTurn]!.user.replace(/\s+/g, ' ').trim()}`),
      at: { turn: goalTurn, in: 'user' },
    });
  const artifacts = new Map<string, FactSpec & { updates: NonNullable<FactSpec['updates']> }>();
  const errors: FactSpec[] = [];
  const state: EditState = {};
  const noteEdit = (file: string, tool: string, at: FactSpec['at']): void => {
    const fact = artifacts.get(file);
    if (fact === undefined)
      artifacts.set(file, {
        id: `artifact-${artifacts.size + 1}`,
        kind: 'artifact',
        text: clip(`${file} edited (${tool})`),
        at,
        updates: [],
      });
    // Two files of one patch share a site; a file patched twice in one call is one edit.
    else if (!sameSite(fact.updates[fact.updates.length - 1]?.at ?? fact.at, at))
      fact.updates.push({ text: clip(`${file} edited again (${tool}, edit ${fact.updates.length + 2})`), at });
  };
  replay.turns.forEach((turn, t) => {
    let index = 0;
    for (const step of turn.steps) {
      for (const call of step.calls ?? []) {
        const at = { turn: t, in: 'tool' as const, call: index };
        index += 1;
        const failure = callFailure(call, format);
        if (failure !== undefined)
          errors.push({
            id: `error-${errors.length + 1}`,
            kind: 'error',
            text: clip(`${call.name} failed: ${failure}`),
            at,
          });
        for (const file of editedFiles(call, format, state)) noteEdit(file, call.name, at);
      }
    }
    // SWE-agent without function calling: the action is in the response's text, and its
    // observation is the next turn's user message, where the fact is planted.
    const next = replay.turns[t + 1];
    const last = turn.steps[turn.steps.length - 1];
    if (format === 'swe-agent-traj' && index === 0 && next !== undefined && last?.text !== undefined) {
      const action = sweAgentTextEdit(last.text, turn.user, next.user);
      if (action !== undefined) noteEdit(action.file, action.command, { turn: t + 1, in: 'user' });
    }
  });
  for (const fact of artifacts.values()) {
    const { updates, ...rest } = fact;
    facts.push(updates.length === 0 ? rest : { ...rest, updates });
  }
  facts.push(...errors);
  return facts;
}

function sameSite(a: FactSpec['at'], b: FactSpec['at']): boolean {
  return a.turn === b.turn && a.in === b.in && a.call === b.call;
}

/**
 * A scenario spec (as parsed from its file) with `facts` set to those its replay states, placed
 * before `replay` and replacing any it had; the other fields keep their order and values.
 */
export function withReplayFacts(spec: Record<string, unknown>): Record<string, unknown> {
  const facts = factsOfReplay(spec['replay'] as ReplaySpec);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'facts') continue;
    if (key === 'replay' && facts.length > 0) out['facts'] = facts;
    out[key] = value;
  }
  return out;
}
