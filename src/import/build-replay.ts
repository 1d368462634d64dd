/**
 * Recorded entries → a scenario's `replay` turns. A user message opens a turn (consecutive ones
 * join); each model response is a step; each result goes to its call, by id where the log has
 * ids, else to the oldest call still waiting (formats without ids). Calls and results that do not
 * pair are reported, never guessed: a call left without a result before the next response or
 * user message, a result that matches no waiting call.
 */
import type {
  RecordedCompactionSpec,
  ReplayCallSpec,
  ReplayStepSpec,
  ReplayTurnSpec,
} from '../harness/scenario/replay-schema.ts';
import { type LogEntry, type LogProblem, type RecordedCall, type Where, whereText } from './recorded-log.ts';

export interface BuiltReplay {
  readonly systemPrompt: string | undefined;
  readonly turns: ReplayTurnSpec[];
  readonly compactions: RecordedCompactionSpec[];
  readonly problems: LogProblem[];
  /** What the replay leaves out of a readable log, for the scenario's description. */
  readonly notes: string[];
}

interface OpenCall {
  readonly call: RecordedCall;
  readonly where: Where;
  readonly target: { -readonly [K in keyof ReplayCallSpec]: ReplayCallSpec[K] };
  answered: boolean;
}

interface Step {
  text: string;
  calls: OpenCall[];
  usage: ReplayStepSpec['usage'];
  /** When the log says the response came (epoch ms); a response joined to the one before keeps the earlier time. */
  time: number | undefined;
}

export function buildReplay(entries: readonly LogEntry[]): BuiltReplay {
  const problems: LogProblem[] = [];
  const system: string[] = [];
  const turns: { user: string; steps: Step[]; where: Where }[] = [];
  const compactions: RecordedCompactionSpec[] = [];
  let waiting: OpenCall[] = [];
  let lastWasUser = false;
  let pending: Omit<RecordedCompactionSpec, 'turn'>[] = [];
  const place = (turn: number, call: number): void => {
    for (const point of pending) compactions.push({ turn, ...(call === 0 ? {} : { call }), ...point });
    pending = [];
  };

  const reportWaiting = (before: string): void => {
    for (const open of waiting.filter((candidate) => !candidate.answered)) {
      const id = open.call.id === undefined ? '' : ` '${open.call.id}'`;
      problems.push({ where: open.where, message: `call${id} to ${open.call.name} has no result before ${before}` });
    }
    waiting = [];
  };

  for (const entry of entries) {
    switch (entry.kind) {
      case 'system':
        if (turns.length === 0) system.push(entry.text);
        break;
      case 'user':
        reportWaiting('the next user message');
        if (lastWasUser) turns[turns.length - 1]!.user += `\n\n${entry.text}`;
        else turns.push({ user: entry.text, steps: [], where: entry.where });
        lastWasUser = true;
        break;
      case 'model': {
        reportWaiting('the next model response');
        if (turns.length === 0) turns.push({ user: '', steps: [], where: entry.where });
        const turn = turns[turns.length - 1]!;
        const calls = entry.calls.map(
          (call): OpenCall => ({
            call,
            where: entry.where,
            target: { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, args: call.args, result: '' },
            answered: false,
          }),
        );
        const previous = turn.steps[turn.steps.length - 1];
        place(turns.length - 1, previous && previous.calls.length === 0 ? turn.steps.length - 1 : turn.steps.length);
        if (previous && previous.calls.length === 0) {
          // A response that made no calls and did not end the turn (the model spoke twice): one response, as the next request saw it.
          previous.text = [previous.text, entry.text].filter((text) => text !== '').join('\n\n');
          previous.calls = calls;
          previous.usage = entry.usage ?? previous.usage;
          previous.time ??= entry.time;
        } else {
          turn.steps.push({ text: entry.text, calls, usage: entry.usage, time: entry.time });
        }
        waiting = calls;
        lastWasUser = false;
        break;
      }
      case 'result': {
        const open =
          entry.id === undefined
            ? waiting.find((candidate) => !candidate.answered && candidate.call.id === undefined)
            : waiting.find((candidate) => candidate.call.id === entry.id);
        if (!open) {
          const id = entry.id === undefined ? '' : ` for call '${entry.id}'`;
          problems.push({
            where: entry.where,
            message: `a tool result${id} matches no call of the model response before it`,
          });
        } else if (open.answered) {
          problems.push({ where: entry.where, message: `a second tool result for call '${entry.id}'` });
        } else {
          open.target.result = entry.result;
          open.answered = true;
        }
        lastWasUser = false;
        break;
      }
      case 'compaction':
        // Placed at the request that came next (the next model response), once it is known.
        pending.push({
          ...(entry.trigger === undefined ? {} : { trigger: entry.trigger }),
          ...(entry.preTokens === undefined ? {} : { preTokens: entry.preTokens }),
        });
        break;
    }
  }
  reportWaiting('the end of the log');
  place(Math.max(0, turns.length - 1), 0);
  // The recorded pause before each response: the time since the response before it (tools ran, the
  // user typed), where the log stamps both; the world's clock advances by it in replay (cache lifetimes).
  let previousTime: number | undefined;
  const pauseBefore = (step: Step): number | undefined => {
    const pause =
      step.time !== undefined && previousTime !== undefined ? Math.round(step.time - previousTime) : undefined;
    if (step.time !== undefined) previousTime = step.time;
    return pause !== undefined && pause > 0 ? pause : undefined;
  };
  // Only the last turn can lack a response (user messages in a row join): the log ends on a request
  // it records no answer to (the agent stopped, or the provider refused it, perhaps as too long).
  // That request is still sent, so a strategy meets it as the recorded agent did; as after a last
  // response that made calls (resolve-replay.ts), an empty text then ends the turn.
  const last = turns.at(-1);
  const unanswered = last?.steps.length === 0 ? last : undefined;
  unanswered?.steps.push({ text: '', calls: [], usage: undefined, time: undefined });
  const notes =
    unanswered === undefined
      ? []
      : [
          `The log ends on a user message with no recorded response (${whereText(unanswered.where)}): the replay sends that request and answers it with an empty text.`,
        ];
  const built = turns.map(
    (turn): ReplayTurnSpec => ({
      user: turn.user,
      steps: turn.steps.map((step): ReplayStepSpec => {
        const pauseMs = pauseBefore(step);
        return {
          ...(step.text === '' ? {} : { text: step.text }),
          ...(step.calls.length === 0 ? {} : { calls: step.calls.map((open) => open.target) }),
          ...(step.usage === undefined ? {} : { usage: step.usage }),
          ...(pauseMs === undefined ? {} : { pauseMs }),
        };
      }),
    }),
  );
  return {
    systemPrompt: system.length === 0 ? undefined : system.join('\n\n'),
    turns: built,
    compactions,
    problems,
    notes,
  };
}
