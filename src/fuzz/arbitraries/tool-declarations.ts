/**
 * MCP-style tool declarations on every request (Go `makeMCPTools(count, schemaSize)`): none, a
 * handful, or a heavy set whose schemas alone approach or pass the window (docs/known-bugs.md #1, #10:
 * tool and MCP schemas that compaction cannot shrink).
 */
import fc from 'fast-check';
import { sometimes } from './_internals/sometimes.ts';

export interface ToolDeclarationsDraft {
  readonly count: number;
  readonly schemaSize: number;
}

export function toolDeclarationsArbitrary(): fc.Arbitrary<ToolDeclarationsDraft | null> {
  return sometimes(
    fc.record({
      count: fc.integer({ min: 1, max: 30 }),
      schemaSize: fc.integer({ min: 1, max: 30 }).map((hundreds) => hundreds * 100),
    }),
    12,
  );
}
