/**
 * A fresh instance of a strategy's whole module graph, in every module system, so state a module
 * keeps (a counter, a cache) never carries from one scenario or fuzz run into the next, whichever
 * worker plays it. The strategy's own files are fresh; what it shares with everything else is not:
 * packages under `node_modules` and compaction-sim's own code (its error classes must stay the
 * classes the harness checks against).
 *
 * - ESM (`.mjs`, `.js` in a `"type": "module"` package, TypeScript there): the entry is imported
 *   under a URL of its own (`?compaction-sim-instance=<n>`), and a resolve hook gives every file
 *   the instance imports the same query, so the ESM loader holds a new module for each of them.
 *   The hook is registered once per thread (`module.register`, Node 20.6+), as inline source so it
 *   needs no loader and no file beside the compiled package.
 * - CommonJS (`.cjs`, `.js` in a package without `"type": "module"` — what `npm init -y` writes —
 *   a file outside any package, TypeScript compiled to CommonJS there): Node's CommonJS loader
 *   keeps one module per file name in `require.cache`, whatever URL the entry is imported under.
 *   The files the previous fresh imports added there are dropped before the next one, so it
 *   evaluates them again. Only those: modules the host loaded itself are never touched.
 */
import { createRequire, register } from 'node:module';
import { fileURLToPath } from 'node:url';

export const INSTANCE_PARAM = 'compaction-sim-instance';

/** compaction-sim's own code: `src/` running from sources, `dist/` compiled (this file is in <code>/harness/strategy/). */
const OWN_CODE = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The resolve hook (plain JavaScript, run in the loader's hooks thread): a file the instance
 * imports, outside node_modules and compaction-sim's own code, gets the importer's instance.
 */
const HOOKS = `
const PARAM = ${JSON.stringify(INSTANCE_PARAM)};
let shared = [];
export async function initialize(data) { shared = data.shared; }
export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  const parent = context.parentURL;
  if (parent === undefined || !parent.includes(PARAM + '=') || !result.url.startsWith('file:')) return result;
  const instance = new URL(parent).searchParams.get(PARAM);
  const url = new URL(result.url);
  if (instance === null || url.searchParams.has(PARAM)) return result;
  const path = decodeURIComponent(url.pathname);
  if (path.includes('/node_modules/') || shared.some((prefix) => path.startsWith(prefix))) return result;
  url.searchParams.set(PARAM, instance);
  return { ...result, url: url.href };
}
`;

const requireCache = createRequire(import.meta.url).cache;

let hooksRegistered = false;
let instances = 0;
/** Files the fresh imports so far added to `require.cache` (the strategies' own CommonJS modules). */
const loadedByStrategies = new Set<string>();

/** Imports `url`'s module as a new instance of its graph (see the header). */
export async function importFresh(url: URL, load: (url: URL) => Promise<unknown>): Promise<unknown> {
  registerHooks();
  for (const file of loadedByStrategies) delete requireCache[file];
  loadedByStrategies.clear();
  const before = new Set(Object.keys(requireCache));
  const fresh = new URL(url.href);
  fresh.searchParams.set(INSTANCE_PARAM, String((instances += 1)));
  try {
    return await load(fresh);
  } finally {
    for (const file of Object.keys(requireCache)) {
      if (!before.has(file) && isStrategyOwn(file)) loadedByStrategies.add(file);
    }
  }
}

function isStrategyOwn(file: string): boolean {
  return !file.includes('/node_modules/') && !file.includes('\\node_modules\\') && !file.startsWith(OWN_CODE);
}

function registerHooks(): void {
  if (hooksRegistered) return;
  hooksRegistered = true;
  // Node before 20.6 has no module.register: there, ESM helpers imported by the strategy stay shared.
  if (typeof register !== 'function') return;
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { shared: [OWN_CODE] } });
}
