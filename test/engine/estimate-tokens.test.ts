import { Buffer } from 'node:buffer';
import type { Content, Tool } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  estimateContentTokens,
  estimatePartTokens,
  estimateTokens,
  estimateToolTokens,
  systemInstructionParts,
} from '../../src/engine/index.ts';
import { largeToolResultContent, textContent } from './fixtures.ts';

describe('estimateTokens (spec §5 anchors)', () => {
  it('is 0 for an empty request', () => {
    expect(estimateTokens({ contents: [] })).toBe(0);
  });

  it('counts 400 × "a" as 100', () => {
    expect(estimateTokens({ contents: [textContent('user', 'a'.repeat(400))] })).toBe(100);
  });

  it('adds a 200-char system instruction: 150, in every genai-JS shape', () => {
    const contents = [textContent('user', 'a'.repeat(400))];
    const si = 'b'.repeat(200);
    expect(estimateTokens({ contents, config: { systemInstruction: { parts: [{ text: si }] } } })).toBe(150);
    expect(estimateTokens({ contents, config: { systemInstruction: si } })).toBe(150);
    expect(estimateTokens({ contents, config: { systemInstruction: { text: si } } })).toBe(150);
    expect(
      estimateTokens({ contents, config: { systemInstruction: [si.slice(0, 100), { text: si.slice(100) }] } }),
    ).toBe(150);
  });

  it('skips null contents: [nil, "hello", nil] → 1', () => {
    const contents = [null, textContent('user', 'hello'), null] as unknown as Content[];
    expect(estimateTokens({ contents })).toBe(1);
  });

  it('counts contents of 800 + 400 chars + nil as 300', () => {
    expect(
      estimateContentTokens([textContent('user', 'a'.repeat(800)), textContent('model', 'b'.repeat(400)), null]),
    ).toBe(300);
  });

  it('uses UTF-8 bytes, per field, with integer division', () => {
    // "é" is 2 bytes: 6 of them = 12 bytes = 3 tokens (string.length would say 1).
    expect(estimatePartTokens({ text: 'éééééé' })).toBe(3);
    // 3 bytes → 0: tiny fields count nothing.
    expect(estimatePartTokens({ text: 'abc' })).toBe(0);
    expect(estimatePartTokens({ functionCall: { name: 'run' } })).toBe(0);
    expect(estimatePartTokens(null)).toBe(0);
  });

  it('counts function call name and each arg key and %v value separately', () => {
    // name 8/4=2, "param" 5/4=1, "value" 5/4=1
    expect(estimatePartTokens({ functionCall: { name: 'big_tool', args: { param: 'value' } } })).toBe(4);
    // %v of 1234567.5 is "1.2345675e+06" (13 bytes → 3); key "n" → 0
    expect(estimatePartTokens({ functionCall: { name: '', args: { n: 1234567.5 } } })).toBe(3);
    // %v of ["alpha","beta"] is "[alpha beta]" (12 bytes → 3)
    expect(estimatePartTokens({ functionCall: { args: { list: ['alpha', 'beta'] } } })).toBe(1 + 3);
  });

  it('counts a {"result": "x"*n} response as n + 12 bytes', () => {
    for (const n of [0, 4, 100, 80_000]) {
      const part = largeToolResultContent('', n).parts?.[0];
      expect(estimatePartTokens(part)).toBe(Math.floor((n + 12) / 4));
    }
  });

  it('counts a response with no map as "map[]" (5 bytes → 1)', () => {
    expect(estimatePartTokens({ functionResponse: { name: 'ab' } })).toBe(1);
  });

  it('counts the decoded bytes of inline data (at least len/4)', () => {
    const raw = Buffer.alloc(1000);
    const part = { inlineData: { mimeType: 'image/png', data: raw.toString('base64') } };
    // mime 9/4 = 2, data 1000/4 = 250
    expect(estimatePartTokens(part)).toBe(252);
    expect(estimatePartTokens(part)).toBeGreaterThanOrEqual(raw.length / 4);
    // 1001 decoded bytes (base64 with padding) → 250
    expect(estimatePartTokens({ inlineData: { data: Buffer.alloc(1001).toString('base64') } })).toBe(250);
  });

  it('counts part metadata and tool call / tool response structs', () => {
    expect(estimatePartTokens({ partMetadata: { trace: 'abcdefgh' } })).toBe(1 + 2);
    // "&{id1 CODE map[a:bcdefgh]}" = 26 bytes → 6
    expect(estimatePartTokens({ toolCall: { id: 'id1', toolType: 'CODE' as never, args: { a: 'bcdefgh' } } })).toBe(6);
    // "&{  map[]}" = 10 bytes → 2
    expect(estimatePartTokens({ toolResponse: {} })).toBe(2);
  });

  it('counts nothing it does not know (file data, thought signatures)', () => {
    expect(estimatePartTokens({ fileData: { fileUri: 'gs://bucket/'.repeat(10), mimeType: 'text/plain' } })).toBe(0);
  });

  it('counts the system instruction only when config is set, and ignores its role', () => {
    const req = {
      contents: [textContent('user', 'a'.repeat(40))],
      config: { systemInstruction: { role: 'system', parts: [{ text: 'b'.repeat(40) }] } },
    };
    expect(estimateTokens(req)).toBe(20);
    expect(systemInstructionParts(undefined)).toEqual([]);
  });
});

describe('estimateToolTokens', () => {
  it('is 0 without tools', () => {
    expect(estimateToolTokens(undefined)).toBe(0);
    expect(estimateToolTokens([])).toBe(0);
  });

  it('counts name, description and the json.Marshal length of the JSON schema', () => {
    const schema = { type: 'object', properties: { q: { type: 'string', description: 'a <b> & c' } }, required: ['q'] };
    // Go escapes < > & as \u003c \u003e \u0026: each 5 bytes longer than JSON.stringify's output.
    const marshalled = JSON.stringify(schema).length + 3 * 5;
    const tools: Tool[] = [
      {
        functionDeclarations: [
          { name: 'search_web', description: 'Searches the web for a query.', parametersJsonSchema: schema },
        ],
      },
    ];
    expect(estimateToolTokens(tools)).toBe(Math.floor(10 / 4) + Math.floor(29 / 4) + Math.floor(marshalled / 4));
  });

  it('uses parameters only when parametersJsonSchema is absent', () => {
    const parameters = { type: 'OBJECT', properties: { path: { type: 'STRING' } } } as never;
    const big = { type: 'object', description: 'z'.repeat(400) };
    const withParams: Tool[] = [{ functionDeclarations: [{ name: 'read', parameters }] }];
    const withBoth: Tool[] = [{ functionDeclarations: [{ name: 'read', parameters, parametersJsonSchema: big }] }];
    expect(estimateToolTokens(withParams)).toBe(1 + Math.floor(JSON.stringify(parameters).length / 4));
    expect(estimateToolTokens(withBoth)).toBe(1 + Math.floor(JSON.stringify(big).length / 4));
  });

  it('adds 0 for a schema Go cannot marshal, and skips non-function tools', () => {
    const tools = [
      { functionDeclarations: [{ name: 'abcd', parametersJsonSchema: { max: Number.NaN } }] },
      { googleSearch: {} },
    ] as Tool[];
    expect(estimateToolTokens(tools)).toBe(1);
  });

  it('tools with schemas add at least 50 tokens to a request', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 5; i += 1)
      properties[`param_${i}`] = { type: 'string', description: `Parameter ${i} of the tool, described at length.` };
    const tools: Tool[] = [
      {
        functionDeclarations: [
          {
            name: 'mcp_tool_0',
            description: 'Tool from MCP server.',
            parametersJsonSchema: { type: 'object', properties },
          },
        ],
      },
    ];
    const contents = [textContent('user', 'hello world!')];
    const without = estimateTokens({ contents, config: {} });
    const withTools = estimateTokens({ contents, config: { tools } });
    expect(estimateToolTokens(tools)).toBeGreaterThanOrEqual(50);
    expect(withTools - without).toBe(estimateToolTokens(tools));
  });
});
