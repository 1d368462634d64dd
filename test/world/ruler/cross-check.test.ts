/**
 * The world's ruler (src/world/ruler) against the engine's estimator, on a broad corpus: every
 * content kind the world generates at several sizes, CJK, emoji, JSON, tool declarations, inline
 * data, function calls and responses, tool calls, part metadata, system instructions in every
 * form genai JS accepts, and fast-check's arbitrary JSON values and full-Unicode strings. Both
 * follow the same spec (ContextGuard's `len/4` rules), written independently: they must agree
 * exactly, except on the cases listed in DIFFERENCES, where the ruler follows what the provider
 * receives and the engine a shortcut.
 */
import type { Content, FunctionDeclaration, Part } from '@google/genai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src/engine/tokens/estimate-tokens.ts';
import { CONTENT_KINDS, generateText } from '../../../src/world/content/generate-text.ts';
import { requestQuarterTokens, type CountedRequest } from '../../../src/world/ruler/quarter-byte-count.ts';
import { goNumberText } from '../../../src/world/ruler/go-print-length.ts';
import { rngFor } from '../../../src/world/sim/prng.ts';
import { makeToolDeclarations } from '../../../src/world/tools/make-tool-declarations.ts';
import type { ContentKind } from '../../../src/world/world-scenario.ts';

const engine = (request: CountedRequest): number => estimateTokens(request as never);

function text(kind: ContentKind, size: number, seed = 1): string {
  return generateText({ kind, size, turn: 2 } as never, rngFor(seed, 'ruler-corpus', kind, size));
}

function corpus(): { name: string; request: CountedRequest }[] {
  const out: { name: string; request: CountedRequest }[] = [];
  const sizes = [0, 1, 3, 4, 5, 17, 255, 256, 1000, 16_383, 16_384, 40_000];
  for (const kind of CONTENT_KINDS) {
    for (const size of sizes) {
      const t = text(kind, size);
      out.push({ name: `${kind} ${size} text`, request: { contents: [{ role: 'user', parts: [{ text: t }] }] } });
      out.push({
        name: `${kind} ${size} function response`,
        request: {
          contents: [
            {
              role: 'user',
              parts: [
                { functionResponse: { name: 'read_file', id: 'c1', response: { result: t, lines: size, ok: true } } },
              ],
            },
          ],
        },
      });
      out.push({
        name: `${kind} ${size} function call`,
        request: {
          contents: [
            {
              role: 'model',
              parts: [
                {
                  functionCall: {
                    name: 'write_file',
                    args: { path: `/tmp/${size}`, body: t, mode: 420, ratio: size / 7, tags: [kind, null, false] },
                  },
                },
              ],
            },
          ],
        },
      });
      out.push({
        name: `${kind} ${size} system instruction`,
        request: { contents: [], config: { systemInstruction: t } },
      });
      out.push({
        name: `${kind} ${size} part metadata`,
        request: {
          contents: [{ role: 'user', parts: [{ text: 'x', partMetadata: { note: t, n: 1.5e-7, big: 1e21 } }] }],
        },
      });
    }
  }
  for (const [count, schema] of [
    [1, 40],
    [3, 600],
    [20, 2000],
    [5, 12_000],
  ] as const) {
    out.push({
      name: `tools ${count}×${schema}`,
      request: { contents: [], config: { tools: [{ functionDeclarations: makeToolDeclarations(count, schema) }] } },
    });
  }
  const escapes: FunctionDeclaration = {
    name: 'esc',
    description: 'a <b> & "c"',
    parametersJsonSchema: {
      type: 'object',
      description: 'tab\t nl\n <>&\u2028\u2029 \u0001 "q" \\ ünï 日本 😀',
      enum: [1, 2.5, -0, 1e-7, 1e21, true, null],
    },
  };
  out.push({
    name: 'declaration with JSON escapes',
    request: { contents: [], config: { tools: [{ functionDeclarations: [escapes] }, { googleSearch: {} } as never] } },
  });
  out.push({
    name: 'declaration with `parameters`',
    request: {
      contents: [],
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'p', parameters: { type: 'OBJECT' as never, properties: { a: { type: 'STRING' as never } } } },
            ],
          },
        ],
      },
    },
  });
  out.push({
    name: 'declaration marshal error (NaN)',
    request: {
      contents: [],
      config: {
        tools: [
          {
            functionDeclarations: [
              { name: 'nan_tool', description: 'd'.repeat(9), parametersJsonSchema: { max: Number.NaN } },
            ],
          },
        ],
      },
    },
  });
  const png = Buffer.from(text('prose', 3000)).toString('base64');
  out.push({
    name: 'inline data',
    request: {
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: png } },
            { inlineData: { mimeType: 'x', data: png.slice(0, 10) + '==' } },
          ],
        },
      ],
    },
  });
  out.push({
    name: 'tool call and response',
    request: {
      contents: [
        {
          role: 'model',
          parts: [
            { toolCall: { id: 't1', toolType: 'GOOGLE_SEARCH_WEB' as never, args: { q: 'café 日本' } } },
            { toolResponse: { id: 't1', response: { hits: [1, 2, 3] } } } as Part,
          ],
        },
      ],
    },
  });
  out.push({
    name: 'system instruction forms',
    request: {
      contents: [null, { role: 'user' }, undefined] as never,
      config: { systemInstruction: ['first line of the instruction', { text: 'a part' }, 'x'.repeat(33)] as never },
    },
  });
  out.push({
    name: 'system instruction as Content',
    request: {
      contents: [],
      config: { systemInstruction: { role: 'system', parts: [{ text: 'y'.repeat(401) }, { text: '' }] } },
    },
  });
  out.push({
    name: 'system instruction as Part',
    request: { contents: [], config: { systemInstruction: { text: 'z'.repeat(77) } } },
  });
  out.push({
    name: 'lone surrogates',
    request: { contents: [{ role: 'user', parts: [{ text: '\ud800abc\udfff'.repeat(40) }] }] },
  });
  out.push({
    name: 'nil map and nil values',
    request: {
      contents: [
        {
          role: 'user',
          parts: [
            { functionResponse: { name: 'n' } },
            { functionCall: { name: 'run' } },
            { functionCall: { name: 'go', args: { a: undefined, b: null, c: [], d: {} } } },
          ],
        },
      ],
    },
  });
  return out;
}

/** Where the ruler and the engine differ on purpose: the request and each one's count. */
const DIFFERENCES: {
  readonly name: string;
  readonly why: string;
  readonly request: CountedRequest;
  readonly ruler: number;
  readonly engine: number;
}[] = [
  {
    name: 'base64 inline data broken into lines',
    why: "the provider decodes the bytes (Go's base64 skips line breaks), the engine takes Node's length of the text, which counts a line break as data",
    request: {
      contents: [
        { role: 'user', parts: [{ inlineData: { mimeType: '', data: `${'QUJD'.repeat(19)}\n`.repeat(40) } }] },
      ],
    },
    ruler: 570, // 40 lines × 19 groups × 3 bytes = 2,280 bytes → 570
    engine: 577, // (3,080 characters × 3) / 4 = 2,310 bytes → 577
  },
];

describe('the ruler agrees with the engine where the spec is the same', () => {
  it('on every request of the corpus', () => {
    const cases = corpus();
    expect(cases.length).toBeGreaterThan(600);
    for (const { name, request } of cases) expect(requestQuarterTokens(request), name).toBe(engine(request));
  });

  it('on arbitrary JSON arguments, responses, schemas and full-Unicode texts', () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    const map = fc.dictionary(fc.string({ unit: 'grapheme' }), value, { maxKeys: 6 });
    const part: fc.Arbitrary<Part> = fc.oneof(
      fc.string({ unit: 'binary' }).map((t) => ({ text: t })),
      fc.tuple(fc.string(), map).map(([name, args]) => ({ functionCall: { name, args } })),
      fc.tuple(fc.string(), map).map(([name, response]) => ({ functionResponse: { name, response } })),
      map.map((partMetadata) => ({ text: 'm', partMetadata })),
    );
    const content: fc.Arbitrary<Content> = fc.array(part, { maxLength: 4 }).map((parts) => ({ role: 'user', parts }));
    const declaration: fc.Arbitrary<FunctionDeclaration> = fc
      .tuple(fc.string(), fc.string({ unit: 'grapheme' }), value)
      .map(([name, description, schema]) => ({ name, description, parametersJsonSchema: schema }));
    fc.assert(
      fc.property(
        fc.array(content, { maxLength: 5 }),
        fc.array(declaration, { maxLength: 3 }),
        fc.option(fc.string({ unit: 'binary' })),
        (contents, declarations, system) => {
          const request: CountedRequest = {
            contents,
            config: {
              tools: [{ functionDeclarations: declarations }],
              ...(system === null ? {} : { systemInstruction: system }),
            },
          };
          expect(requestQuarterTokens(request)).toBe(engine(request));
        },
      ),
      { numRuns: 300, seed: 27 },
    );
  });

  it('on numbers printed by Go %v (ints, shortest %g floats)', () => {
    expect(
      [1, -0, 1e6, 1000000.5, 123456.7, 1234567.5, 1e-5, 0.0001, 1.5e-7, 2 ** 64, Number.NaN, Infinity, -Infinity].map(
        goNumberText,
      ),
    ).toEqual([
      '1',
      '0',
      '1000000',
      '1.0000005e+06',
      '123456.7',
      '1.2345675e+06',
      '1e-05',
      '0.0001',
      '1.5e-07',
      '1.8446744073709552e+19',
      'NaN',
      '+Inf',
      '-Inf',
    ]);
  });
});

describe('where the ruler and the engine differ on purpose', () => {
  for (const difference of DIFFERENCES) {
    it(`${difference.name}: ${difference.why}`, () => {
      expect(requestQuarterTokens(difference.request)).toBe(difference.ruler);
      expect(engine(difference.request)).toBe(difference.engine);
    });
  }
});
