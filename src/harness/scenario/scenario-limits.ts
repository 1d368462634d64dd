/**
 * The documented limits of a scenario, checked when the file is loaded: a scenario the simulator
 * could not hold in memory (or play in reasonable time) is refused as bad input, naming the field,
 * instead of being played and blamed on the strategy (a 1e12-byte tool result used to end as
 * `strategy-hung` after minutes and gigabytes; a 1e9-byte system prompt as a world error).
 *
 * Per field, the schema enforces them (scenario-schema.ts); the session's total volume, which
 * only the resolved turns know, is checked here.
 */
import type { TextSpec, WorldScenario } from '../../world/world-scenario.ts';
import { issue, type ScenarioIssue } from './scenario-error.ts';

export const LIMITS = {
  /** One generated text (user message, tool result, model response, system prompt, attachment): 64 MiB. */
  textBytes: 64 * 1024 * 1024,
  /** Turns in a scenario (and `repeat` of one turn group). */
  turns: 100_000,
  /** Function calls in one turn (a tool's `repeat`, and all of a turn's tools together). */
  callsPerTurn: 1_000,
  /** MCP-style tool declarations. */
  toolDeclarations: 10_000,
  /** Schema size of one declaration: 1 MiB. */
  schemaBytes: 1024 * 1024,
  streamingChunks: 10_000,
  llmCallsPerTurn: 100_000,
  /** Scripted provider errors (`session.provider.errors`). */
  providerErrors: 10_000,
  /** Everything the session generates (every turn's texts and attachments): 512 MiB. */
  sessionBytes: 512 * 1024 * 1024,
} as const;

function textBytes(text: TextSpec): number {
  return 'text' in text ? Buffer.byteLength(text.text) : text.size;
}

/** Issues for a resolved scenario over the session-wide limits ([] when within them). */
export function sessionLimitIssues(world: WorldScenario): ScenarioIssue[] {
  const issues: ScenarioIssue[] = [];
  if (world.turns.length > LIMITS.turns) {
    issues.push(issue([], `the scenario has ${world.turns.length} turns: expected at most ${LIMITS.turns}`));
  }
  let total = world.systemPrompt === null ? 0 : textBytes(world.systemPrompt);
  for (const turn of world.turns) {
    if (turn.toolCalls.length > LIMITS.callsPerTurn) {
      issues.push(
        issue(
          [],
          `turn ${turn.index} makes ${turn.toolCalls.length} function calls: expected at most ${LIMITS.callsPerTurn} per turn`,
        ),
      );
      break;
    }
    total += textBytes(turn.user) + textBytes(turn.modelResponse);
    for (const attachment of turn.attachments) total += attachment.size;
    for (const call of turn.toolCalls) total += textBytes(call.response);
  }
  if (total > LIMITS.sessionBytes) {
    issues.push(
      issue(
        [],
        `the session would generate ${total} bytes of content: expected at most ${LIMITS.sessionBytes} (512 MiB)`,
      ),
    );
  }
  return issues;
}
