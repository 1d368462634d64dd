/**
 * `--accept <file>`: a per-strategy file of accepted limitations, for suites its author cannot
 * edit (the seed suites in node_modules, a colleague's scenarios). A YAML or JSON list:
 *
 *   - strategy: keep_tail          # the name the strategy reports (or a built-in name)
 *     property: no-overflow
 *     scenarios: ["8k_*"]          # optional: ids or names, globs allowed; default every scenario
 *     reason: "keep_tail drops history without summarizing; a single turn can exceed 8k"
 *     steps: "4-6"                 # optional: the steps it was recorded at; default any step
 *
 * An entry naming scenarios and steps pins like a scenario file's acceptance; without steps it
 * tolerates the property at any step of the scenarios it names (it is its author's statement
 * about their own strategy, never lent to a fork: acceptance.ts).
 *
 * Validated like a scenario file: a bad entry is exit 2 naming the file, the line and the field.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import type { Acceptance } from './acceptance.ts';
import { displayPath } from './load-scenario.ts';
import { issue, ScenarioError } from './scenario-error.ts';
import { acceptanceFields, checkAcceptance, pinnedSteps } from './scenario-schema.ts';
import { resolveAcceptance } from './resolve-acceptance.ts';
import { locatePath } from './yaml-locate.ts';
import { convertZodIssues } from './zod-issues.ts';

export interface FileAcceptance extends Acceptance {
  /** Scenario ids or names (globs allowed) it applies to; [] = every scenario. */
  readonly scenarios: readonly string[];
}

const fileEntry = z
  .strictObject({
    ...acceptanceFields,
    steps: pinnedSteps.optional(),
    scenarios: z
      .array(
        z.string({ error: 'expected a scenario id, name or glob' }).min(1, { error: 'expected a non-empty pattern' }),
        {
          error: 'expected a list of scenario ids, names or globs',
        },
      )
      .describe('Scenario ids or names (globs allowed) this acceptance applies to (default: every scenario).')
      .optional(),
  })
  .superRefine(checkAcceptance);

const acceptFile = z.array(fileEntry, {
  error: 'expected a list of acceptances ({ strategy, property, reason, steps?, scenarios? })',
});

export async function loadAcceptances(path: string, cwd = process.cwd()): Promise<FileAcceptance[]> {
  const shown = displayPath(path, cwd);
  let source: string;
  try {
    source = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', shown, [
      issue(null, code === 'ENOENT' ? 'no such file (--accept)' : `cannot be read (${code ?? 'unknown error'})`),
    ]);
  }
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, prettyErrors: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    throw new ScenarioError('SIM_SCENARIO_PARSE', shown, [
      {
        path: null,
        line: first.linePos?.[0].line ?? null,
        column: first.linePos?.[0].col ?? null,
        message: `syntax error: ${first.message.split('\n')[0]}`,
      },
    ]);
  }
  const parsed = acceptFile.safeParse(doc.toJS({ maxAliasCount: 100 }), { reportInput: true });
  if (!parsed.success) {
    const issues = convertZodIssues(acceptFile, parsed.error.issues).map((item) => {
      const position = item.path === null ? null : locatePath(doc, lines, item.path);
      return position ? { ...item, line: position.line, column: position.column } : item;
    });
    throw new ScenarioError('SIM_SCENARIO_INVALID', shown, issues);
  }
  return parsed.data.map((entry) => ({ ...resolveAcceptance(entry), scenarios: entry.scenarios ?? [] }));
}
