/**
 * The agent's tools for a scenario: the MCP-style declarations (declared, never scripted) and the
 * tools the model calls (declared only when `declareCalledTools`, as adk-js requires; the Go
 * simulator sends none). Declarations are deep-frozen and shared by every step, like an adk-js
 * tool's schema object.
 */
import type { FunctionDeclaration } from '@google/genai';
import { deepFreeze } from './sessions/deep-freeze.ts';
import type { ModelScript } from './models/model-script.ts';
import { calledToolsInOrder, makeCalledToolDeclaration } from './tools/called-tool-declaration.ts';
import { makeToolDeclarations } from './tools/make-tool-declarations.ts';
import type { WorldTool } from './tools/world-tool.ts';
import type { WorldScenario } from './world-scenario.ts';

export function worldTools(scenario: WorldScenario, script: ModelScript): WorldTool[] {
  const tools: WorldTool[] = [];
  const run = (name: string) => async () => script.takeToolResult(name);
  if (scenario.toolDeclarations) {
    for (const declaration of makeToolDeclarations(
      scenario.toolDeclarations.count,
      scenario.toolDeclarations.schemaSize,
    )) {
      const name = declaration.name as string;
      tools.push({ name, declaration: deepFreeze(declaration), isLongRunning: false, runAsync: run(name) });
    }
  }
  // Replay: the declarations the log recorded, verbatim (JSON Schema parameters, as the provider received them).
  for (const recorded of scenario.recordedTools ?? []) {
    if (tools.some((tool) => tool.name === recorded.name)) continue;
    const declaration: FunctionDeclaration = {
      name: recorded.name,
      ...(recorded.description === undefined ? {} : { description: recorded.description }),
      ...(recorded.parameters === undefined ? {} : { parametersJsonSchema: recorded.parameters }),
    };
    tools.push({
      name: recorded.name,
      declaration: deepFreeze(declaration),
      isLongRunning: false,
      runAsync: run(recorded.name),
    });
  }
  const taken = new Set(tools.map((tool) => tool.name));
  for (const call of calledToolsInOrder(scenario.turns)) {
    if (taken.has(call.name)) continue;
    taken.add(call.name);
    const declaration = scenario.declareCalledTools ? deepFreeze(makeCalledToolDeclaration(call)) : undefined;
    tools.push({ name: call.name, declaration, isLongRunning: false, runAsync: run(call.name) });
  }
  // Forgetting has a price: a tool only a recovery calls (e.g. a re-read of a file the user pasted) is the agent's too.
  for (const fact of scenario.facts ?? []) {
    const need = fact.need;
    if (!need || taken.has(need.tool)) continue;
    taken.add(need.tool);
    const declaration = scenario.declareCalledTools
      ? deepFreeze(makeCalledToolDeclaration({ name: need.tool, args: need.args }))
      : undefined;
    tools.push({ name: need.tool, declaration, isLongRunning: false, runAsync: run(need.tool) });
  }
  return tools;
}
