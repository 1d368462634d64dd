/**
 * Resolves what a scenario file or `--strategy` names into a `StrategyFactory`:
 * a built-in name (`threshold`, `sliding_window`, or a zoo strategy such as `crush`: the
 * strategy catalog) or a module path whose default export is a
 * `CompactionStrategy` or a `StrategyFactory` (Vitest resolves reporters the same way: a name in
 * the map, anything else is a module).
 */
import { existsSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { StrategyOptionsError } from '../../engine/index.ts';
import type { CompactionStrategy, StrategyFactory } from '../../engine/types.ts';
import { guardHeap } from '../run/heap-guard.ts';
import { importFresh } from './fresh-module-graph.ts';
import { importStrategyModule } from './import-strategy-module.ts';
import { isModuleFileName, isModulePath, moduleFile } from './module-path.ts';
import { catalogStrategy, STRATEGY_CATALOG } from './strategy-catalog.ts';
import { closestMatch } from '../scenario/did-you-mean.ts';
import { StrategyLoadError } from './strategy-load-error.ts';
import { syntaxErrorPlace } from './syntax-error-place.ts';

/** The strategy part of a resolved scenario: a name or path, its options, and where paths start. */
export interface StrategySpec {
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Directory a relative module path is resolved against (the scenario file's folder, or cwd). */
  readonly baseDir: string;
  /**
   * A module strategy judged as this built-in (a fork or variant of it): the expectations and
   * acceptances scenario files write for the built-in apply to it (`SuiteOptions.judgedAs`).
   */
  readonly judgedAs?: string;
}

/** A name is a module path when it looks like one; anything else must be a built-in. */
export { isModulePath };

export interface LoadStrategyOptions {
  /**
   * Import a new instance of the module and of the files it imports (fresh-module-graph.ts), so
   * state they keep at module level starts afresh, in every module system. Built-in strategies
   * keep no module state.
   */
  readonly fresh?: boolean;
}

export function builtinStrategyNames(): ReadonlySet<string> {
  return new Set(STRATEGY_CATALOG.map((strategy) => strategy.name));
}

export async function loadStrategyFactory(
  spec: StrategySpec,
  options: LoadStrategyOptions = {},
): Promise<StrategyFactory> {
  if (!isModulePath(spec.name)) return builtinFactory(spec.name);
  const file = moduleFile(spec.name, spec.baseDir);
  if (!existsSync(file)) {
    throw new StrategyLoadError(`strategy module not found: ${spec.name} (looked for ${file})`);
  }
  // Node would answer these with its own words about import attributes or directory imports,
  // naming this package's files and a query string of the fresh-import machinery.
  if (statSync(file).isDirectory())
    throw new StrategyLoadError(
      `strategy module ${spec.name} is a folder: name the module file in it (such as ${spec.name.replace(/\/?$/, '/index.mjs')})`,
    );
  if (!isModuleFileName(file))
    throw new StrategyLoadError(
      `strategy module ${spec.name} is not JavaScript or TypeScript: expected a .js, .mjs, .cjs, .ts, .mts or .cts file`,
    );
  const url = pathToFileURL(file);
  let exported: unknown;
  try {
    exported =
      options.fresh === true
        ? await importFresh(url, (fresh) => importStrategyModule(fresh, spec.name))
        : await importStrategyModule(url, spec.name);
  } catch (error) {
    if (error instanceof StrategyLoadError) throw error;
    throw new StrategyLoadError(
      `strategy module ${spec.name} failed to load: ${messageOf(error)}${placeOf(error, file)}`,
      {
        cause: error,
      },
    );
  }
  return factoryFromExport(exported, spec.name);
}

/**
 * Loads the factory and builds one fresh strategy with the spec's options. Options the factory
 * rejects surface as its own error (the engine's `StrategyOptionsError`); a factory that returns
 * something else than a strategy is a load error.
 */
export async function createStrategy(
  spec: StrategySpec,
  options: LoadStrategyOptions = {},
): Promise<CompactionStrategy> {
  return strategyFromFactory(await loadStrategyFactory(spec, options), spec.options, spec.name);
}

/** One fresh strategy from `factory` (given a copy of `options`); `name` is for the error messages. */
export function strategyFromFactory(
  factory: StrategyFactory,
  options: Readonly<Record<string, unknown>>,
  name: string,
): CompactionStrategy {
  let strategy: unknown;
  try {
    strategy = factory({ ...options });
  } catch (error) {
    if (error instanceof StrategyOptionsError) throw error;
    throw new StrategyLoadError(
      `strategy ${name} rejected its options ${JSON.stringify(options)}: ${messageOf(error)}`,
      { cause: error },
    );
  }
  if (!isStrategy(strategy)) {
    let why = '';
    if (strategy instanceof Promise) {
      // Strategies are built where no await can wait for them (a fuzz run builds one per case).
      strategy.catch(() => undefined); // its outcome is never waited for
      why =
        ': it returned a Promise (an async factory); a factory must return the strategy itself, with any async set-up done at module level (top-level await) or inside compact';
    }
    throw new StrategyLoadError(
      `strategy ${name} did not produce a CompactionStrategy ({ name, compact }) from its factory${why}`,
    );
  }
  // In a task worker, every call into it is checked against the worker's memory limit.
  return guardHeap(strategy);
}

function builtinFactory(name: string): Promise<StrategyFactory> {
  const entry = catalogStrategy(name);
  if (entry === undefined) {
    const names = STRATEGY_CATALOG.map((strategy) => strategy.name).sort();
    const close = closestMatch(name, names);
    throw new StrategyLoadError(
      `unknown strategy "${name}"${close === null ? '' : ` (did you mean "${close}"?)`}: use a built-in (${names.join(', ')}) or a module path such as ./my-strategy.ts`,
    );
  }
  return entry.load();
}

/**
 * A function (default export) is a factory; a class is one too, constructed with `new` and the
 * options (as Vitest constructs a reporter class); an object with `compact` is a ready strategy.
 */
export function factoryFromExport(value: unknown, name: string): StrategyFactory {
  if (isClass(value)) return (options) => new value(options) as CompactionStrategy;
  if (typeof value === 'function') return value as StrategyFactory;
  if (isStrategy(value)) return () => value;
  throw new StrategyLoadError(
    `strategy module ${name} must default-export a CompactionStrategy ({ name, compact }) or a StrategyFactory function${exportedText(value)}`,
  );
}

/** What the default export was instead, for the load error (`module.exports = { strategy }` in CommonJS). */
function exportedText(value: unknown): string {
  if (typeof value !== 'object' || value === null)
    return `; its default export is ${value === null ? 'null' : typeof value}`;
  const keys = Object.keys(value);
  return keys.length === 0
    ? '; its default export is an empty object'
    : `; its default export is an object with ${keys.join(', ')}`;
}

/** A class (`class X {}`, which cannot be called without `new`), told by its source text as engines print it. */
function isClass(value: unknown): value is new (options?: Record<string, unknown>) => unknown {
  return typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
}

function isStrategy(value: unknown): value is CompactionStrategy {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { name?: unknown; compact?: unknown };
  return typeof candidate.name === 'string' && typeof candidate.compact === 'function';
}

/** For a syntax error, where it is: the line, with the source and Node's caret (syntax-error-place.ts). */
function placeOf(error: unknown, file: string): string {
  if (!(error instanceof SyntaxError)) return '';
  const place = syntaxErrorPlace(file);
  if (place === null) return '';
  if (place.kind === 'imported') return ' (in a module it imports: the file itself parses)';
  return ` (line ${place.line}):\n${place.excerpt.map((text) => `    ${text}`).join('\n')}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
