/**
 * A file's `replay` block → the world's turns: each recorded turn becomes a `WorldTurn` whose
 * literal user text, recorded calls (ids, arguments, results) and grouping the scripted model
 * plays back (models/model-script.ts), and the recorded declarations the agent sends.
 */
import type { RecordedToolDeclaration, RecordedUsage, ToolCallSpec, WorldTurn } from '../../world/world-scenario.ts';
import type { RecordedUsageSpec, ReplaySpec, ReplayStepSpec } from './replay-schema.ts';

/** adk-js wraps a tool's non-object result as `{ result: value }` (agents/functions.js). */
const RESULT_KEY = 'result';

function usageOf(spec: RecordedUsageSpec | undefined): RecordedUsage | null {
  if (spec === undefined) return null;
  return {
    inputTokens: spec.input,
    ...(spec.output === undefined ? {} : { outputTokens: spec.output }),
    ...(spec.cacheRead === undefined ? {} : { cacheReadTokens: spec.cacheRead }),
    ...(spec.cacheWrite === undefined ? {} : { cacheWriteTokens: spec.cacheWrite }),
  };
}

function callsOf(step: ReplayStepSpec): ToolCallSpec[] {
  return (step.calls ?? []).map((call) => ({
    name: call.name,
    ...(call.id === undefined ? {} : { id: call.id }),
    args: call.args ?? {},
    responseKey: RESULT_KEY,
    response: { text: typeof call.result === 'string' ? call.result : '' },
    recordedResponse: typeof call.result === 'string' ? { [RESULT_KEY]: call.result } : call.result,
  }));
}

/** The recorded turns, all in phase 0 (a replay has one phase: the recorded model and window). */
export function resolveReplayTurns(replay: ReplaySpec): WorldTurn[] {
  return replay.turns.map((turn, index): WorldTurn => {
    const last = turn.steps[turn.steps.length - 1]!;
    const endsTurn = (last.calls ?? []).length === 0;
    const callSteps = endsTurn ? turn.steps.slice(0, -1) : turn.steps;
    const toolCalls = callSteps.flatMap(callsOf);
    return {
      index,
      phase: 0,
      user: { text: turn.user },
      attachments: [],
      toolCalls,
      sequential: false,
      // A turn whose last recorded response made calls ends with an empty text (no usage recorded for it).
      modelResponse: { text: endsTurn ? (last.text ?? '') : '' },
      replay: {
        steps: callSteps.map((step) => ({ text: step.text ?? '', calls: (step.calls ?? []).length })),
        usage: [...turn.steps.map((step) => usageOf(step.usage)), ...(endsTurn ? [] : [null])],
        // Only when the log recorded times: a replay without them plays as before.
        ...(turn.steps.some((step) => step.pauseMs !== undefined)
          ? { pauses: [...turn.steps.map((step) => step.pauseMs ?? 0), ...(endsTurn ? [] : [0])] }
          : {}),
      },
    };
  });
}

export function recordedToolsOf(replay: ReplaySpec): RecordedToolDeclaration[] {
  return (replay.tools ?? []).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    ...(tool.parameters === undefined ? {} : { parameters: tool.parameters }),
  }));
}
