/**
 * Reads a JSON file the fuzzer wrote earlier (a baseline, a shard's report) and checks its shape:
 * a missing file, bad JSON or a wrong shape is bad input (exit 2) whose message names the file,
 * the field path and what was expected, never a stack trace.
 */
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { BaselineError } from '../../harness/gate/baseline-error.ts';

export async function readJsonFile<T>(file: string, schema: z.ZodType<T>, what: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BaselineError(`${what} ${file}: ${code === 'ENOENT' ? 'no such file' : String(error)}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${what} ${file}: not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.length === 0 ? '(top level)' : issue.path.map(String).join('.');
    throw new BaselineError(`${what} ${file}: ${path}: ${issue.message}`);
  }
  return parsed.data;
}
