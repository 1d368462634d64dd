/**
 * A fresh module per scenario in every module system: ESM (`.mjs`, `.js` and TypeScript in a
 * `"type": "module"` package), CommonJS (`.cjs`, `.js` and TypeScript in what `npm init -y`
 * writes), and files outside any package; the module's own imports too. Each strategy keeps a
 * counter at module level, and one in a helper it imports, and throws once either passes 1: a
 * leak fails the scenario, and report.json would then depend on `--jobs` and on the run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../../cli/run-cli.ts';

type Syntax = 'esm' | 'cjs';

interface Case {
  /** Entry extension. */
  readonly ext: string;
  /** Helper file name and the specifier the entry imports it by. */
  readonly helper: string;
  readonly specifier: string;
  readonly syntax: Syntax;
}

const ESM_SOURCE = (specifier: string) => `import { nextCall } from '${specifier}';
let instances = 0;
export default function factory() {
  instances += 1;
  const made = instances;
  const call = nextCall();
  return {
    name: 'stateful',
    compact() {
      if (made > 1 || call > 1) throw new Error('module state leaked: instance ' + made + ', helper call ' + call);
    },
  };
}
`;
const ESM_HELPER = 'let calls = 0;\nexport function nextCall() { calls += 1; return calls; }\n';
const CJS_SOURCE = (specifier: string) =>
  ESM_SOURCE(specifier)
    .replace(`import { nextCall } from '${specifier}';`, `const { nextCall } = require('${specifier}');`)
    .replace('export default function factory', 'module.exports = function factory');
const CJS_HELPER = 'let calls = 0;\nexports.nextCall = function nextCall() { calls += 1; return calls; };\n';

/** The cases of a folder: what each extension means there, and how its helper is imported. */
function casesFor(kind: 'esm-package' | 'cjs-package' | 'no-package'): Case[] {
  const jsSyntax: Syntax = kind === 'esm-package' ? 'esm' : 'cjs';
  return [
    { ext: 'mjs', helper: 'h-mjs.mjs', specifier: './h-mjs.mjs', syntax: 'esm' },
    { ext: 'cjs', helper: 'h-cjs.cjs', specifier: './h-cjs.cjs', syntax: 'cjs' },
    { ext: 'js', helper: 'h-js.js', specifier: jsSyntax === 'esm' ? './h-js.js' : './h-js', syntax: jsSyntax },
    // TypeScript is written with import/export everywhere; in a CommonJS context it is compiled to CommonJS.
    { ext: 'ts', helper: 'h-ts.ts', specifier: kind === 'esm-package' ? './h-ts.js' : './h-ts', syntax: 'esm' },
    { ext: 'mts', helper: 'h-mts.mts', specifier: './h-mts.mjs', syntax: 'esm' },
    { ext: 'cts', helper: 'h-cts.cts', specifier: './h-cts.cjs', syntax: 'esm' },
  ];
}

const PACKAGES = {
  'esm-package': { name: 'esm-package', version: '1.0.0', type: 'module' },
  // What `npm init -y` writes: no "type", so .js and .ts are CommonJS.
  'cjs-package': {
    name: 'cjs-package',
    version: '1.0.0',
    description: '',
    main: 'index.js',
    scripts: { test: 'echo "Error: no test specified" && exit 1' },
    keywords: [],
    author: '',
    license: 'ISC',
  },
  'no-package': null,
} as const;

/**
 * Writes the three projects (the run's temporary folder has no package.json above it) and returns
 * their scenario folders (apart: `simulate <folder>` reads every .json in it, package.json too).
 */
function writeProjects(root: string): string[] {
  const dirs: string[] = [];
  for (const [kind, manifest] of Object.entries(PACKAGES) as [
    keyof typeof PACKAGES,
    (typeof PACKAGES)[keyof typeof PACKAGES],
  ][]) {
    const dir = join(root, kind);
    mkdirSync(join(dir, 'scenarios'), { recursive: true });
    if (manifest !== null) writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const { ext, helper, specifier, syntax } of casesFor(kind)) {
      const entry = `s-${ext}.${ext}`;
      writeFileSync(join(dir, entry), syntax === 'esm' ? ESM_SOURCE(specifier) : CJS_SOURCE(specifier));
      writeFileSync(join(dir, helper), syntax === 'esm' ? ESM_HELPER : CJS_HELPER);
      for (const n of [1, 2]) {
        writeFileSync(
          join(dir, 'scenarios', `${kind}-${ext}-${n}.yaml`),
          `session: { contextWindow: 8000 }\nstrategy: { name: ../${entry} }\nseed: ${n}\nturns:\n  - user: 'turn {i}'\n    repeat: 2\n`,
        );
      }
    }
    dirs.push(join(dir, 'scenarios'));
  }
  return dirs;
}

describe('a fresh module instance per scenario, in every module system', () => {
  it('plays every scenario with fresh module state: all pass, and report.json is the same with --jobs 1, --jobs 2 and again', async () => {
    const root = tempDir('fresh-modules');
    const dirs = writeProjects(root);
    const run = async (name: string, jobs: string) => {
      const out = join(root, name);
      const result = await runCli(['simulate', ...dirs, '--report-dir', out, '--jobs', jobs]);
      if (result.code !== 0 && result.code !== 1)
        throw new Error(`simulate exited ${result.code}: ${result.stderr}${result.stdout}`);
      return { result, report: readFileSync(join(out, 'report.json'), 'utf8') };
    };
    const one = await run('jobs-1', '1');
    const leaks = one.result.stdout.split('\n').filter((line) => line.includes('leaked'));
    expect(leaks).toEqual([]);
    expect(one.result.code).toBe(0);
    const summary = (JSON.parse(one.report) as { summary: { passed: number; failed: number } }).summary;
    expect(summary).toEqual({ total: 36, passed: 36, failed: 0 });
    const two = await run('jobs-2', '2');
    expect(two.result.code).toBe(0);
    expect(two.report).toBe(one.report);
    const again = await run('jobs-1-again', '1');
    expect(again.report).toBe(one.report);
  }, 240_000);
});
