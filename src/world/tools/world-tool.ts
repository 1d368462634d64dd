/**
 * The agent's tools. A tool with a declaration is sent to the model (adk-js `BaseTool`
 * `processLlmRequest` adds it to `config.tools` and `toolsDict`); the world can also run tools the
 * request does not declare, as the Go simulator does (its requests carry no tool declarations).
 */
import type { FunctionDeclaration } from '@google/genai';
import type { Context } from '../agents/context.ts';

export interface WorldTool {
  readonly name: string;
  /** What `processLlmRequest` adds to the request; undefined = not declared. Frozen, shared by every step. */
  readonly declaration: FunctionDeclaration | undefined;
  readonly isLongRunning: boolean;
  runAsync(params: { args: Record<string, unknown>; toolContext: Context }): Promise<unknown>;
}

/** adk-js: each declared tool joins the first `config.tools` entry that holds function declarations. */
export function declarationsFor(tools: readonly WorldTool[]): FunctionDeclaration[] {
  const declarations: FunctionDeclaration[] = [];
  for (const tool of tools) {
    // adk-js FunctionTool builds a new declaration object per step around a shared schema.
    if (tool.declaration) declarations.push({ ...tool.declaration });
  }
  return declarations;
}
