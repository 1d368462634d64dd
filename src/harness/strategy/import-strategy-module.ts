/**
 * Imports a strategy module: the one place that decides how. JavaScript (`.js`, `.mjs`, `.cjs`)
 * is imported as it is. TypeScript (`.ts`, `.mts`, `.cts`) needs a loader. Running from sources
 * (tsx in development, vitest) this thread has one already. Compiled (dist/, the installed
 * package) it has none: the first TypeScript strategy makes this thread register tsx (an optional
 * peer dependency the user installs), so the package itself never runs under a TypeScript loader
 * and JavaScript strategies never load one. The loader is registered for the whole thread, not
 * scoped with tsx's `tsImport`, so the strategy shares this thread's modules (`compaction-sim`'s
 * error classes stay the same classes).
 */
import { StrategyLoadError } from './strategy-load-error.ts';

const TYPESCRIPT = /\.[mc]?ts$/;

/** True when this module is itself TypeScript, i.e. a TypeScript loader is already running. */
const RUNNING_FROM_SOURCES = import.meta.url.endsWith('.ts');

let tsxRegistration: Promise<void> | null = null;

/**
 * The module's default export. A TypeScript module in a CommonJS project (no `"type": "module"`)
 * is compiled to CommonJS, so its `export default` arrives as `module.exports.default`.
 */
export async function importStrategyModule(url: URL, name: string): Promise<unknown> {
  if (TYPESCRIPT.test(url.pathname) && !RUNNING_FROM_SOURCES) await registerTypeScriptLoader(name);
  const loaded = (await import(url.href)) as { default?: unknown };
  const value = loaded.default;
  if (value === undefined) {
    // Named exports only (`export const strategy = …`): say what the module does export.
    const names = Object.keys(loaded);
    throw new StrategyLoadError(
      `strategy module ${name} has no default export${names.length === 0 ? '' : ` (it exports ${names.join(', ')})`}: ` +
        'make the strategy, its factory or its class the default export (export default …)',
    );
  }
  if (typeof value === 'object' && value !== null && (value as { __esModule?: unknown }).__esModule === true) {
    return (value as { default?: unknown }).default;
  }
  return value;
}

function registerTypeScriptLoader(name: string): Promise<void> {
  tsxRegistration ??= (async () => {
    let esm: typeof import('tsx/esm/api');
    let cjs: typeof import('tsx/cjs/api');
    try {
      [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      throw new StrategyLoadError(
        `strategy module ${name} is TypeScript, which needs tsx to load: install it in your project ` +
          '(npm install --save-dev tsx), or compile the strategy to JavaScript',
      );
    }
    esm.register();
    cjs.register();
  })();
  // A failed registration is reported for every TypeScript strategy, not only the first.
  return tsxRegistration.catch((error: unknown) => {
    tsxRegistration = null;
    throw error;
  });
}
