/**
 * Every snippet of the README a newcomer copies, run exactly as printed (issue 26: the first
 * example scenario failed with the strategy it names, the property test timed out under vitest's
 * default, the API snippet needed an ES module nobody mentioned).
 *
 * A fenced block is run when the line before it is an HTML comment `<!-- readme-test: KIND [PATH] -->`:
 * `file PATH` writes the block to PATH in a scratch project, `scripts` merges the block's
 * `"scripts"` into its package.json. The scratch project is made by the README's own
 * `mkdir my-agent && … npm init -y && npm pkg set type=module` line, and wired to the compiled
 * package (test/package/compiled-package.ts) as `npm install ../compaction-sim-0.1.0.tgz` would
 * (node_modules/compaction-sim and its bin; the other packages linked from this repo). Packing and
 * installing the real tarball is .ci/consumer-test's job. Not run here: `npm run fuzz` (500 runs).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { compiledPackage, ROOT, tempDir } from '../cli/run-cli.ts';

interface Snippet {
  readonly kind: string;
  readonly path: string | null;
  readonly lang: string;
  readonly body: string;
}

const MARKED = /^<!-- readme-test: (\S+)(?: (\S+))? -->\n```(\w*)\n([\s\S]*?)^```$/gm;

function markedSnippets(readme: string): Snippet[] {
  return [...readme.matchAll(MARKED)].map((match) => ({
    kind: match[1]!,
    path: match[2] ?? null,
    lang: match[3]!,
    body: match[4]!,
  }));
}

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SNIPPETS = markedSnippets(README);

interface Run {
  readonly code: number;
  readonly out: string;
}

async function run(cwd: string, command: string, args: readonly string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      cwd,
      env: {
        ...process.env,
        NO_COLOR: '1',
        CI: '',
        PATH: `${join(cwd, 'node_modules/.bin')}:${process.env['PATH'] ?? ''}`,
      },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: `${stdout}\n${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      out: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`,
    };
  }
}

/** The packages the scratch project resolves: this repo's, and compaction-sim as the compiled package. */
function linkPackages(project: string, pkg: string): void {
  const modules = join(project, 'node_modules');
  const bin = join(modules, '.bin');
  mkdirSync(bin, { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name === '.bin' || name.startsWith('.')) continue;
    symlinkSync(join(ROOT, 'node_modules', name), join(modules, name));
  }
  for (const name of readdirSync(join(ROOT, 'node_modules/.bin')))
    symlinkSync(realpathSync(join(ROOT, 'node_modules/.bin', name)), join(bin, name));
  symlinkSync(pkg, join(modules, 'compaction-sim'));
  const main = join(pkg, 'dist/cli/main.js');
  chmodSync(main, 0o755);
  symlinkSync(main, join(bin, 'compaction-sim'));
}

/** Processes that play whole suites and fuzz runs, on a machine the other test files share. */
const SLOW = 600_000;

describe('the README, as printed', { timeout: SLOW }, () => {
  let project = '';

  beforeAll(async () => {
    const parent = tempDir('readme');
    // The README's own line, run as printed.
    const line = README.split('\n').find((text) => text.startsWith('mkdir my-agent && cd my-agent && npm init -y'));
    expect(line).toBeDefined();
    const made = await run(parent, 'sh', ['-c', line!.replace(/\s+#.*$/, '')]);
    expect(made.code, made.out).toBe(0);
    project = join(parent, 'my-agent');
    linkPackages(project, compiledPackage());
    for (const snippet of SNIPPETS) {
      if (snippet.kind === 'file') {
        mkdirSync(dirname(join(project, snippet.path!)), { recursive: true });
        writeFileSync(join(project, snippet.path!), snippet.body);
      } else if (snippet.kind === 'scripts') {
        const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
        const { scripts } = JSON.parse(`{${snippet.body}}`) as { scripts: Record<string, string> };
        writeFileSync(join(project, 'package.json'), `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`);
      } else {
        throw new Error(`README.md: unknown readme-test kind '${snippet.kind}'`);
      }
    }
  }, SLOW);

  it('marks the snippets a newcomer copies', () => {
    expect(SNIPPETS.map((snippet) => snippet.path ?? snippet.kind).sort()).toEqual([
      'check.ts',
      'readme-example/8k-sequential-tool-chain.yaml',
      'scenarios/tool-chain.yaml',
      'scripts',
      'src/keep-tail.ts',
      'src/my-strategy.ts',
      'test/my-strategy.test.ts',
    ]);
    expect(JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'))).toMatchObject({ type: 'module' });
  });

  it('the first example scenario passes with the strategy it names', async () => {
    const result = await run(project, 'compaction-sim', [
      'simulate',
      'readme-example/8k-sequential-tool-chain.yaml',
      '--report-dir',
      'reports/example',
    ]);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain('1 passed, 0 failed');
  });

  it('npm run simulate, then gate --update-baseline and gate, pass with the strategy and the scenario', async () => {
    const simulate = await run(project, 'npm', ['run', 'simulate']);
    expect(simulate.code, simulate.out).toBe(0);
    expect(simulate.out).toMatch(/tool-chain-16k .* PASS\n/);
    expect(simulate.out).toContain('1 passed, 0 failed');
    expect(simulate.out).toContain('Reports in reports/out/: open reports/out/report.html');
    const record = await run(project, 'npm', ['run', 'gate', '--', '--update-baseline']);
    expect(record.code, record.out).toBe(0);
    const gate = await run(project, 'npm', ['run', 'gate']);
    expect(gate.code, gate.out).toBe(0);
    expect(gate.out).toContain('gate passed');
  });

  it('the keep-tail strategy loads and runs, and never orphans a call', async () => {
    const result = await run(project, 'compaction-sim', [
      'simulate',
      'scenarios',
      '--strategy',
      './src/keep-tail.ts',
      '--report-dir',
      'reports/keep-tail',
    ]);
    expect([0, 1], result.out).toContain(result.code);
    expect(result.out).toMatch(/^\d passed, \d failed$/m);
    expect(result.out).not.toMatch(/noOrphans|no-orphans|strategy-/);
  });

  it('the API snippet runs with npx tsx in the ES module project', async () => {
    const result = await run(project, 'npx', ['tsx', 'check.ts']);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(
      /passed: true,\s+scenarios: \{ total: 1, passed: 1, failed: 0 \},\s+gatePassed: true,\s+fuzzFailed: (true|false)/,
    );
  });

  it('the property test passes under vitest with its defaults', async () => {
    const result = await run(project, 'npx', ['vitest', 'run']);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/Tests\s+1 passed/);
  });
});
