/** compaction-sim's version, read from its package.json (for --version and run-meta.json). */
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  // The same path from src/harness/ and from the compiled dist/harness/.
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const pkg = JSON.parse(text) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}
