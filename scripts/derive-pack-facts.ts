/**
 * Rewrites imported scenario files in place with the facts their `replay` block states
 * (`factsOfReplay`: goal, files edited, failed calls), for files whose raw logs are not at hand
 * (the trace pack). Deterministic: the same file always gets the same facts; a file's other
 * fields and the comment line pointing at the schema are kept as they are. Files without a
 * `replay` block are left alone.
 *
 *   npx tsx scripts/derive-pack-facts.ts [folders or files..]   (default: scenarios/traces)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { withReplayFacts } from '../src/import/replay-facts.ts';

function yamlFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory()
        ? yamlFiles(join(path, entry.name))
        : entry.name.endsWith('.yaml')
          ? [join(path, entry.name)]
          : [],
    );
}

const roots = process.argv.slice(2);
let changed = 0;
for (const file of (roots.length === 0 ? ['scenarios/traces'] : roots).flatMap(yamlFiles)) {
  const text = readFileSync(file, 'utf8');
  const spec = parse(text) as Record<string, unknown>;
  if (spec === null || typeof spec !== 'object' || !('replay' in spec)) continue;
  const derived = withReplayFacts(spec);
  // Already the facts its replay states: the file is left byte for byte as it is.
  if (JSON.stringify(derived['facts']) === JSON.stringify(spec['facts'])) continue;
  const comments = text.match(/^(#[^\n]*\n)*/)![0];
  const next = `${comments}${stringify(derived, { lineWidth: 0, aliasDuplicateObjects: false })}`;
  writeFileSync(file, next);
  changed += 1;
  process.stdout.write(`facts written: ${file}\n`);
}
process.stdout.write(`${changed} file(s) rewritten\n`);
