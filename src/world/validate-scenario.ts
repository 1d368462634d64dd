/** Clear errors for a malformed `WorldScenario` (the harness resolves files; the fuzzer builds objects). */
import type { WorldScenario } from './world-scenario.ts';

export class WorldScenarioError extends Error {
  readonly code = 'SIM_WORLD_SCENARIO_INVALID';
  constructor(scenario: string, problem: string) {
    super(`scenario '${scenario}': ${problem}`);
    this.name = 'WorldScenarioError';
  }
}

export function validateWorldScenario(scenario: WorldScenario): void {
  const fail = (problem: string): never => {
    throw new WorldScenarioError(scenario?.name ?? '?', problem);
  };
  if (!scenario || typeof scenario !== 'object') fail('expected a scenario object');
  if (!Number.isInteger(scenario.seed)) fail(`seed must be an integer, got ${String(scenario.seed)}`);
  if (scenario.flavour !== 'adk-js' && scenario.flavour !== 'adk-go')
    fail(`flavour must be adk-js or adk-go, got ${String(scenario.flavour)}`);
  if (!scenario.agentName) fail('agentName must be a non-empty string');
  if (!Array.isArray(scenario.phases) || scenario.phases.length === 0) fail('needs at least one phase');
  scenario.phases.forEach((phase, i) => {
    if (!(phase.contextWindow > 0))
      fail(`phase ${i} (${phase.name}): contextWindow must be > 0, got ${phase.contextWindow}`);
    if (!Number.isInteger(phase.streamingChunks) || phase.streamingChunks < 0)
      fail(`phase ${i} (${phase.name}): streamingChunks must be a whole number >= 0`);
  });
  if (!Array.isArray(scenario.turns)) fail('turns must be a list');
  scenario.turns.forEach((turn, i) => {
    if (!Number.isInteger(turn.phase) || turn.phase < 0 || turn.phase >= scenario.phases.length) {
      fail(`turn ${i}: phase ${turn.phase} does not exist (the scenario has ${scenario.phases.length})`);
    }
    for (const call of turn.toolCalls) if (!call.name) fail(`turn ${i}: a tool call has no name`);
  });
  if (!(scenario.maxLlmCallsPerTurn > 0)) fail(`maxLlmCallsPerTurn must be > 0, got ${scenario.maxLlmCallsPerTurn}`);
  const { count, withinSteps } = scenario.thrash ?? {};
  if (!Number.isInteger(count) || !Number.isInteger(withinSteps))
    fail('thrash needs whole numbers count and withinSteps');
  const summarizerWindow = scenario.summarizer.contextWindow;
  if (summarizerWindow !== null && summarizerWindow !== 'none' && !(summarizerWindow > 0)) {
    fail(`summarizer.contextWindow must be > 0, null (the agent's window) or 'none', got ${String(summarizerWindow)}`);
  }
  const provider = scenario.provider;
  if (provider !== undefined) {
    if (provider.limit !== undefined && !(Number.isInteger(provider.limit) && provider.limit > 0))
      fail(`provider.limit must be a whole number > 0, got ${String(provider.limit)}`);
    const refusal = provider.refusal;
    if (refusal !== undefined) {
      if (!Number.isInteger(refusal.status) || refusal.status < 400 || refusal.status > 599)
        fail(`provider.refusal.status must be an HTTP status from 400 to 599, got ${String(refusal.status)}`);
      if (typeof refusal.message !== 'string' || refusal.message === '')
        fail('provider.refusal.message must be a non-empty string');
    }
    for (const [i, error] of (provider.errors ?? []).entries()) {
      if (!Number.isInteger(error.call) || error.call < 1)
        fail(`provider.errors[${i}].call must be a whole number >= 1`);
      if (!Number.isInteger(error.status) || error.status < 400 || error.status > 599)
        fail(`provider.errors[${i}].status must be an HTTP status from 400 to 599, got ${String(error.status)}`);
      if (typeof error.message !== 'string' || error.message === '')
        fail(`provider.errors[${i}].message must be a non-empty string`);
    }
  }
}
