/**
 * `npm run test:durations`: writes test/file-durations.json from the durations vitest cached on
 * its last full run (node_modules/.vite/vitest/<hash>/results.json), rounded to 100 ms. The
 * sequencer (test/longest-first-sequencer.ts) falls back to that file where vitest has no cached
 * duration: on a fresh clone, such as every CI run, vitest's cache is empty, and files were
 * handed out in discovery order (measured: the 5 s zoo smoke test started last, with one core
 * idle for its whole length).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FILE_DURATIONS } from './longest-first-sequencer.ts';

const cacheRoot = 'node_modules/.vite/vitest';
const durations: Record<string, number> = {};
for (const hash of readdirSync(cacheRoot)) {
  const { results } = JSON.parse(readFileSync(join(cacheRoot, hash, 'results.json'), 'utf8')) as {
    results: [string, { duration?: number }][];
  };
  for (const [key, result] of results) {
    const file = key.slice(key.indexOf(':') + 1);
    if (typeof result.duration === 'number' && /^test\/.*\.test\.ts$/.test(file))
      durations[file] = Math.round(result.duration / 100) * 100;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(FILE_DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} test files' durations written to ${FILE_DURATIONS}`);
