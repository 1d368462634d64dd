/**
 * What every request of a session carries before its contents, built as the world's agent builds
 * it (run-session.ts): the system instruction from the scenario's `system-prompt` stream and the
 * declarations of the agent's tools (world-tools.ts: the MCP-style ones, and the called tools'
 * when `declareCalledTools`, as adk-js sends them). The checkers that measure a request floor, the
 * fuzzer's estimate probes and its threshold-landing generator all start from it, so they measure
 * exactly what the world sends.
 */
import type { LlmRequest } from '../engine/types.ts';
import { generateText } from './content/generate-text.ts';
import type { ModelScript } from './models/model-script.ts';
import { rngFor } from './sim/prng.ts';
import { declarationsFor } from './tools/world-tool.ts';
import { worldTools } from './world-tools.ts';
import type { WorldScenario } from './world-scenario.ts';

/** `{ contents: [], config: { systemInstruction?, tools? } }` for `scenario` (a fresh object each call). */
export function requestPreamble(scenario: WorldScenario, script: ModelScript): LlmRequest {
  const declarations = declarationsFor(worldTools(scenario, script));
  const request: LlmRequest = { contents: [], config: {} };
  if (scenario.systemPrompt !== null) {
    request.config!.systemInstruction = generateText(scenario.systemPrompt, rngFor(scenario.seed, 'system-prompt'));
  }
  if (declarations.length > 0) request.config!.tools = [{ functionDeclarations: declarations }];
  return request;
}
