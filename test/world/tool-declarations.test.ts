import { Type } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { estimateToolTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import { calledToolsInOrder, makeCalledToolDeclaration } from '../../src/world/tools/called-tool-declaration.ts';
import { makeToolDeclarations } from '../../src/world/tools/make-tool-declarations.ts';

describe('makeToolDeclarations (Go makeMCPTools)', () => {
  // contextguard spec §10 tool-token table.
  const table: [number, number, number][] = [
    [20, 2000, 11_340],
    [10, 1000, 3_040],
    [50, 4000, 56_420],
    [8, 800, 1_920],
    [30, 3000, 25_920],
    [15, 1500, 6_525],
    [10, 1200, 3_690],
    [5, 600, 1_040],
    [25, 2500, 17_475],
  ];
  for (const [count, schemaSize, tokens] of table) {
    it(`(${count}, ${schemaSize}) costs ${tokens} tokens per request`, () => {
      expect(estimateToolTokens([{ functionDeclarations: makeToolDeclarations(count, schemaSize) }])).toBe(tokens);
    });
  }

  it('has the Go structure: mcp_tool_i, param_j string properties, param_0 required', () => {
    const [first] = makeToolDeclarations(1, 360);
    expect(first?.name).toBe('mcp_tool_0');
    expect(first?.description).toBe(
      `Tool 0 from MCP server. ${'Performs complex operations on the system. '.repeat(4).slice(0, 100)}`,
    );
    const schema = first?.parametersJsonSchema as {
      properties: Record<string, { type: string; description: string }>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(['param_0', 'param_1', 'param_2']);
    expect(schema.properties.param_2?.description).toBe(
      `Parameter 2 for tool 0. ${'Detailed description. '.repeat(3).slice(0, 60)}`,
    );
    expect(schema.required).toEqual(['param_0']);
  });

  it('rejects bad sizes clearly', () => {
    expect(() => makeToolDeclarations(-1, 10)).toThrow(/count must be/);
  });
});

describe('called-tool declarations', () => {
  it('are FunctionTool-style declarations with a genai schema of the args', () => {
    expect(makeCalledToolDeclaration({ name: 'kubectl', args: { namespace: 'prod', tail: 100, all: true } })).toEqual({
      name: 'kubectl',
      description: 'Simulated tool kubectl.',
      parameters: {
        type: 'OBJECT',
        properties: { namespace: { type: 'STRING' }, tail: { type: 'INTEGER' }, all: { type: 'BOOLEAN' } },
      },
    });
  });

  it("spell every schema type as genai's Type enum does (written out, so the world never loads genai)", () => {
    const declaration = makeCalledToolDeclaration({
      name: 't',
      args: { s: 'x', i: 1, n: 1.5, b: false, a: [1], o: { k: 1 } },
    });
    expect(declaration.parameters).toEqual({
      type: Type.OBJECT,
      properties: {
        s: { type: Type.STRING },
        i: { type: Type.INTEGER },
        n: { type: Type.NUMBER },
        b: { type: Type.BOOLEAN },
        a: { type: Type.ARRAY },
        o: { type: Type.OBJECT },
      },
    });
  });

  it('list each tool once, in first-call order', () => {
    const call = (name: string) => ({ name, response: { text: '' }, responseKey: 'r', args: {} });
    const names = calledToolsInOrder([
      { toolCalls: [call('b'), call('a')] },
      { toolCalls: [call('a'), call('c')] },
    ]).map((c) => c.name);
    expect(names).toEqual(['b', 'a', 'c']);
  });
});
