/** The engine's schema size memo (tokens/frozen-schema-length.ts): remembered only where the schema cannot change. */
import { describe, expect, it } from 'vitest';
import { estimateToolTokens } from '../../src/engine/tokens/estimate-tokens.ts';
import { goJsonMarshalLength } from '../../src/engine/tokens/go-json-marshal.ts';
import { schemaJsonLength } from '../../src/engine/tokens/frozen-schema-length.ts';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const field of Object.values(value)) deepFreeze(field);
    Object.freeze(value);
  }
  return value;
}

const schema = () => ({ type: 'object', properties: { path: { type: 'string', description: 'the file to read' } } });

describe('schema JSON length', () => {
  it('equals json.Marshal length, and 0 where marshalling fails', () => {
    const plain = schema();
    expect(schemaJsonLength(plain)).toBe(goJsonMarshalLength(plain));
    expect(schemaJsonLength(deepFreeze(schema()))).toBe(goJsonMarshalLength(plain));
    expect(schemaJsonLength('x')).toBe(goJsonMarshalLength('x'));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(schemaJsonLength(cyclic)).toBe(0);
  });

  it('measures again a schema that can still change: unfrozen, or frozen only at the top', () => {
    const open = schema();
    const before = schemaJsonLength(open);
    open.properties.path.description = 'the file to read, relative to the workspace root';
    expect(schemaJsonLength(open)).toBe(goJsonMarshalLength(open));
    expect(schemaJsonLength(open)).toBeGreaterThan(before);

    const shallow = Object.freeze(schema());
    const first = schemaJsonLength(shallow);
    shallow.properties.path.description = 'now much longer than it was when first measured';
    expect(schemaJsonLength(shallow)).toBe(goJsonMarshalLength(shallow));
    expect(schemaJsonLength(shallow)).not.toBe(first);
  });

  it('gives the tool estimate of a shared frozen schema on every step', () => {
    const shared = deepFreeze(schema());
    const tools = [
      { functionDeclarations: [{ name: 'read_file', description: 'reads', parameters: shared as never }] },
    ];
    const first = estimateToolTokens(tools);
    for (let step = 0; step < 3; step += 1) expect(estimateToolTokens(tools)).toBe(first);
    expect(first).toBe(Math.floor(9 / 4) + Math.floor(5 / 4) + Math.floor(goJsonMarshalLength(shared) / 4));
  });
});
