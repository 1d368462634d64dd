import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { StrategyOptionsError } from '../../../src/engine/index.ts';
import { createStrategy, isModulePath, loadStrategyFactory } from '../../../src/harness/strategy/load-strategy.ts';
import { strategyNameFrom } from '../../../src/harness/strategy/module-path.ts';
import { StrategyLoadError } from '../../../src/harness/strategy/strategy-load-error.ts';

const fixtures = resolve('test/fixtures/strategies');
const spec = (name: string, options: Record<string, unknown> = {}) => ({ name, options, baseDir: fixtures });

describe('loadStrategyFactory / createStrategy', () => {
  it('resolves the built-in strategies by name', async () => {
    expect((await createStrategy(spec('threshold'))).name).toBe('threshold');
    expect((await createStrategy(spec('sliding_window', { maxTurns: 5 }))).name).toBe('sliding_window');
  });

  it('loads a module whose default export is a factory, or a strategy object', async () => {
    expect((await createStrategy(spec('./never-compacts.ts'))).name).toBe('never-compacts');
    expect((await createStrategy(spec('./never-resolves.mjs'))).name).toBe('never-resolves');
    expect(typeof (await loadStrategyFactory(spec('./throws.mjs')))).toBe('function');
  });

  it('constructs a default-exported class with the options (as Vitest constructs a reporter class)', async () => {
    const strategy = (await createStrategy(spec('./class-export.mjs', { keep: 3 }))) as unknown as {
      name: string;
      options: unknown;
    };
    expect(strategy.name).toBe('class-export');
    expect(strategy.options).toEqual({ keep: 3 });
  });

  it('says what a module without a usable default export exports instead', async () => {
    await expect(createStrategy(spec('./named-export-only.mjs'))).rejects.toThrow(
      'strategy module ./named-export-only.mjs has no default export (it exports strategy, other): make the strategy, its factory or its class the default export (export default …)',
    );
    await expect(createStrategy(spec('./exports-object.cjs'))).rejects.toThrow(
      /must default-export a CompactionStrategy .*; its default export is an object with strategy$/,
    );
  });

  it('names an async factory in its load error', async () => {
    await expect(createStrategy(spec('./async-factory.mjs'))).rejects.toThrow(
      /did not produce a CompactionStrategy .* it returned a Promise \(an async factory\)/,
    );
  });

  it('loads a module named by a file: URL (a path built from import.meta.url)', async () => {
    const url = pathToFileURL(resolve(fixtures, 'never-compacts.ts')).href;
    expect((await createStrategy({ name: url, options: {}, baseDir: '/elsewhere' })).name).toBe('never-compacts');
    expect(isModulePath(url)).toBe(true);
    // A file: URL of another host names no local file: a load error, not a crash.
    await expect(createStrategy(spec('file://elsewhere/x.mjs'))).rejects.toThrow(
      /strategy module not found: file:\/\/elsewhere\/x\.mjs/,
    );
  });

  it('writes a module path as a scenario file in another folder must name it (a file: URL too)', async () => {
    const file = resolve(fixtures, 'never-compacts.ts');
    const out = resolve(fixtures, '../out/fuzz');
    expect(strategyNameFrom('./never-compacts.ts', out, fixtures)).toBe('../../strategies/never-compacts.ts');
    expect(strategyNameFrom(pathToFileURL(file).href, out, '/elsewhere')).toBe('../../strategies/never-compacts.ts');
    expect(strategyNameFrom('threshold', out, fixtures)).toBe('threshold');
    // What the file says loads the same module from the file's folder.
    const written = strategyNameFrom(pathToFileURL(file).href, out, '/elsewhere');
    expect((await createStrategy({ name: written, options: {}, baseDir: out })).name).toBe('never-compacts');
  });

  it('resolves module paths against baseDir', async () => {
    const strategy = await createStrategy({ name: 'never-compacts.ts', options: {}, baseDir: fixtures });
    expect(strategy.name).toBe('never-compacts');
  });

  it.each([
    [
      'treshold',
      /unknown strategy "treshold" \(did you mean "threshold"\?\): use a built-in \(adk-js-anchored, .*, sliding_window, .*threshold\)/,
    ],
    ['Hardened', /unknown strategy "Hardened" \(did you mean "hardened"\?\)/],
    ['zzz', /unknown strategy "zzz": use a built-in/],
    ['.', /strategy module \. is a folder: name the module file in it \(such as \.\/index\.mjs\)/],
    ['./exports-object.cjs/..', /strategy module \.\/exports-object\.cjs\/\.\. is a folder/],
    [
      '../logs/atif-realistic.json',
      /strategy module \.\.\/logs\/atif-realistic\.json is not JavaScript or TypeScript: expected a \.js, \.mjs, \.cjs, \.ts, \.mts or \.cts file/,
    ],
    ['./missing.ts', /strategy module not found: \.\/missing\.ts/],
    ['./not-a-strategy.ts', /must default-export a CompactionStrategy/],
    [
      './fails-to-import.ts',
      /strategy module \.\/fails-to-import\.ts failed to load: fixture module cannot be imported/,
    ],
  ])('rejects %s with a load error', async (name, message) => {
    const attempt = createStrategy(spec(name));
    await expect(attempt).rejects.toBeInstanceOf(StrategyLoadError);
    await expect(createStrategy(spec(name))).rejects.toThrow(message);
  });

  it('lets the engine reject bad options', async () => {
    await expect(createStrategy(spec('threshold', { nope: 1 }))).rejects.toBeInstanceOf(StrategyOptionsError);
  });

  it('tells module paths from names', () => {
    expect(isModulePath('threshold')).toBe(false);
    expect(isModulePath('sliding_window')).toBe(false);
    expect(isModulePath('./x.ts')).toBe(true);
    expect(isModulePath('../x.js')).toBe(true);
    expect(isModulePath('/abs/x.mjs')).toBe(true);
    expect(isModulePath('strategies/x.ts')).toBe(true);
  });
});
