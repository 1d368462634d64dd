/**
 * The package says Apache-2.0: the full licence text is in the repo and in what `npm pack` ships
 * (issue 26: the tarball had none). The consumer test (.ci/consumer-test) checks the real tarball.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../cli/run-cli.ts';

describe('LICENSE', () => {
  it('is the full Apache License 2.0, as package.json declares', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string; files: string[] };
    expect(pkg.license).toBe('Apache-2.0');
    const text = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(text.trimStart().startsWith('Apache License\n                           Version 2.0, January 2004')).toBe(
      true,
    );
    // All nine sections of the terms, and the appendix.
    for (let section = 1; section <= 9; section += 1) expect(text).toMatch(new RegExp(`\\n\\s+${section}\\. [A-Z]`));
    expect(text).toContain('END OF TERMS AND CONDITIONS');
    expect(text).toContain('APPENDIX: How to apply the Apache License to your work.');
  });

  it('is among the files npm packs', async () => {
    // --ignore-scripts: the file list only; no build (prepack) for this.
    const { stdout } = await promisify(execFile)('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: ROOT,
    });
    const [packed] = JSON.parse(stdout) as { files: { path: string }[] }[];
    expect(packed?.files.map((file) => file.path)).toContain('LICENSE');
  });
});
