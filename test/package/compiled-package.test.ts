/**
 * The compiled package (what `npm pack` ships), run with plain Node: the bin and its worker
 * threads run JavaScript, a TypeScript strategy still loads (tsx is registered for it), and the
 * entries load nothing heavy they do not use. The full install into a fresh project, with a
 * TypeScript 5 consumer, is the consumer test in .ci/run (.ci/consumer-test).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compiledPackage, FIXTURES, ROOT, runNode, STRATEGIES, tempDir } from '../cli/run-cli.ts';

let pkg: string;
let bin: string;

beforeAll(() => {
  pkg = compiledPackage();
  bin = join(pkg, 'dist/cli/main.js');
});

/** The relative specifiers a module imports statically (`import … from`, `export … from`), type imports included. */
const STATIC_IMPORT = /^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;

/** Every bare specifier reachable from `entry` through static imports only: what loading it loads. */
function staticallyLoaded(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  }
  return packages;
}

describe('the compiled package', () => {
  it('prints the version and the commands', async () => {
    const version = await runNode([bin, '--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version,
    );
    const help = await runNode([bin, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('compaction-sim simulate <paths..>');
    expect(help.stdout).toContain('compaction-sim gate [paths..]');
    expect(help.stdout).toContain('compaction-sim fuzz');
    expect(help.stdout).toContain('compaction-sim verify-adk [paths..]');
    expect(help.stdout).toContain('compaction-sim strategies');
    expect(help.stdout).toContain('compaction-sim compare [paths..]');
    const none = await runNode([bin]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Choose a command.');
  });

  it("shows a command's own options", async () => {
    const help = await runNode([bin, 'simulate', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--strategy-options');
    expect(help.stdout).toContain('--format');
  });

  it('simulates in JavaScript worker threads', async () => {
    const result = await runNode([
      bin,
      'simulate',
      `${FIXTURES}/suite`,
      '--jobs',
      '2',
      '--report-dir',
      tempDir('compiled'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('4 passed, 0 failed');
  });

  it('loads a TypeScript strategy through tsx, and a JavaScript one as it is', async () => {
    const ts = await runNode([
      bin,
      'simulate',
      `${FIXTURES}/suite/chain-8k.yaml`,
      '--strategy',
      `./${STRATEGIES}/never-compacts.ts`,
      '--quiet',
      '--jobs',
      '1',
      '--report-dir',
      tempDir('compiled-ts'),
    ]);
    // never-compacts overflows the 8k chain: the strategy loaded and ran.
    expect(ts.code, ts.stderr).toBe(1);
    expect(ts.stdout).toContain('noOverflow:');
    const dir = tempDir('compiled-js');
    writeFileSync(join(dir, 'keep-all.mjs'), "export default () => ({ name: 'keep-all', compact() {} });\n");
    const js = await runNode([
      bin,
      'simulate',
      `${FIXTURES}/suite/chain-8k.yaml`,
      '--strategy',
      join(dir, 'keep-all.mjs'),
      '--quiet',
      '--jobs',
      '1',
      '--report-dir',
      dir,
    ]);
    expect(js.code, js.stderr).toBe(1);
    expect(js.stdout).toContain('noOverflow:');
  });

  it('fuzzes a TypeScript strategy in worker threads and prints npx replay lines', async () => {
    const out = tempDir('compiled-fuzz');
    const result = await runNode([
      bin,
      'fuzz',
      '--strategy',
      './src/fuzz/planted-bugs/never-compact.ts',
      '--runs',
      '4',
      '--seed',
      '1',
      '--property',
      'no-overflow',
      '--max-shrinks',
      '5',
      '--jobs',
      '2',
      '--out',
      out,
      '--quiet',
    ]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toMatch(
      /replay: {9}npx compaction-sim simulate \S+\.yaml --strategy \.\/src\/fuzz\/planted-bugs\/never-compact\.ts/,
    );
    const file = /counterexample: (\S+\.yaml)/.exec(result.stdout)![1]!;
    const schema = /^# yaml-language-server: \$schema=(\S+)$/m.exec(readFileSync(resolve(ROOT, file), 'utf8'))![1]!;
    // The schema of the package that wrote it (here the compiled package's), relative to the file.
    expect(resolve(dirname(resolve(ROOT, file)), schema)).toBe(join(pkg, 'scenarios/scenario.schema.json'));
  });

  it('loads no TypeScript loader, ADK, genai client or tokenizer until used', () => {
    for (const entry of [
      'dist/index.js',
      'dist/api/index.js',
      'dist/api/property-testing.js',
      'dist/cli/main.js',
      'dist/harness/run/scenario-worker.js',
      'dist/fuzz/run/case-worker.js',
    ]) {
      const loaded = [...staticallyLoaded(join(pkg, entry))];
      expect(
        loaded.filter((name) => /^(tsx|@google\/adk|@google\/genai|js-tiktoken)(\/|$)/.test(name)),
        entry,
      ).toEqual([]);
    }
    // The walk sees imports: the CLI loads yargs, the adk entry loads @google/adk.
    expect(staticallyLoaded(join(pkg, 'dist/cli/main.js')).has('yargs')).toBe(true);
    expect(staticallyLoaded(join(pkg, 'dist/adk/index.js')).has('@google/adk')).toBe(true);
  });

  it('runs its worker threads for a script given with node --input-type=module -e (a flag workers refuse)', async () => {
    const api = pathToFileURL(join(pkg, 'dist/api/index.js')).href;
    const script = `const { simulate } = await import(${JSON.stringify(api)}); const r = await simulate({ paths: [${JSON.stringify(`${FIXTURES}/suite`)}], jobs: 1 }); console.log(r.report.summary.passed);`;
    const result = await runNode(['--input-type=module', '-e', script]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe('4');
  });

  it('imports every entry from plain Node by package name', async () => {
    const script = [
      "const core = await import('compaction-sim');",
      "const api = await import('compaction-sim/api');",
      "const fuzz = await import('compaction-sim/fuzz');",
      "const adk = await import('compaction-sim/adk');",
      "const { default: schema } = await import('compaction-sim/scenario.schema.json', { with: { type: 'json' } });",
      'console.log(JSON.stringify([typeof core.thresholdStrategy, typeof api.simulate, typeof api.gate, typeof api.fuzz, typeof fuzz.scenarioSpecArbitrary, typeof fuzz.checkScenario, typeof adk.ContextGuardPlugin, schema.title]));',
    ].join('\n');
    // From a module inside the package, the package's own name resolves through its "exports".
    const probe = join(pkg, 'dist/probe.mjs');
    writeFileSync(probe, script);
    const result = await runNode([probe]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'compaction-sim scenario',
    ]);
  });
});
