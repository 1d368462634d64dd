/**
 * MCP-style tool declarations exactly as the Go simulator's `makeMCPTools(n, schemaSize)` builds
 * them (docs/contextguard.md §10): same names, descriptions and JSON schema, so ContextGuard's
 * `estimateToolTokens` gives the published per-request tool costs ((20, 2000) → 11,340 tokens).
 *
 * Go cuts `strings.Repeat(...)[:60]` / `[:100]` and would panic when the repeat is shorter (tiny
 * schema sizes); here the cut just keeps what there is.
 */
import type { FunctionDeclaration } from '@google/genai';

const PARAM_DESCRIPTION_UNIT = 'Detailed description. ';
const TOOL_DESCRIPTION_UNIT = 'Performs complex operations on the system. ';

export function makeToolDeclarations(count: number, schemaSize: number): FunctionDeclaration[] {
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`tool declarations: count must be a whole number >= 0, got ${count}`);
  if (!Number.isInteger(schemaSize) || schemaSize < 0) {
    throw new Error(`tool declarations: schemaSize must be a whole number >= 0, got ${schemaSize}`);
  }
  const propCount = Math.max(1, Math.floor(schemaSize / 120));
  const paramFiller = PARAM_DESCRIPTION_UNIT.repeat(Math.floor(schemaSize / (propCount * 60)) + 1).slice(0, 60);
  const toolFiller = TOOL_DESCRIPTION_UNIT.repeat(Math.floor(schemaSize / 100) + 1).slice(0, 100);
  const declarations: FunctionDeclaration[] = [];
  for (let i = 0; i < count; i += 1) {
    const properties: Record<string, { type: string; description: string }> = {};
    for (let j = 0; j < propCount; j += 1) {
      properties[`param_${j}`] = { type: 'string', description: `Parameter ${j} for tool ${i}. ${paramFiller}` };
    }
    declarations.push({
      name: `mcp_tool_${i}`,
      description: `Tool ${i} from MCP server. ${toolFiller}`,
      parametersJsonSchema: { type: 'object', properties, required: ['param_0'] },
    });
  }
  return declarations;
}
