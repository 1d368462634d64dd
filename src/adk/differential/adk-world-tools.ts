/**
 * The world's tools as real adk-js 2.0.0 `BaseTool`s: the same declarations (the MCP-style ones
 * and, when the scenario declares them, the called ones) and the same scripted results.
 *
 * adk-js `BaseTool.processLlmRequest` both declares a tool and registers it in `toolsDict`; a tool
 * that is not in `toolsDict` is "not found" when called. The Go simulator (go-compat scenarios)
 * runs tools its requests never declare, so an undeclared tool here registers itself in
 * `toolsDict` and adds no declaration: the request then matches the world's exactly.
 */
import { BaseTool } from '@google/adk';
import type { RunAsyncToolRequest, ToolProcessLlmRequest } from '@google/adk';
import type { FunctionDeclaration } from '@google/genai';
import type { WorldTool } from '../../world/tools/world-tool.ts';

export class WorldToolAdapter extends BaseTool {
  private readonly tool: WorldTool;

  constructor(tool: WorldTool) {
    super({ name: tool.name, description: tool.declaration?.description ?? '', isLongRunning: tool.isLongRunning });
    this.tool = tool;
  }

  /** A new object per step around the shared (frozen) schema, as `FunctionTool._getDeclaration` builds one. */
  override _getDeclaration(): FunctionDeclaration | undefined {
    return this.tool.declaration === undefined ? undefined : { ...this.tool.declaration };
  }

  override async processLlmRequest(request: ToolProcessLlmRequest): Promise<void> {
    if (this.tool.declaration !== undefined) return super.processLlmRequest(request);
    request.llmRequest.toolsDict[this.name] = this;
  }

  override async runAsync(request: RunAsyncToolRequest): Promise<unknown> {
    // World tools never read their context (the script answers by tool name).
    return this.tool.runAsync({
      args: request.args,
      toolContext: request.toolContext as unknown as Parameters<WorldTool['runAsync']>[0]['toolContext'],
    });
  }
}

export function adkToolsFor(tools: readonly WorldTool[]): WorldToolAdapter[] {
  return tools.map((tool) => new WorldToolAdapter(tool));
}
