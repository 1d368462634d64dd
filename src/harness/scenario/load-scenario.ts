/**
 * One scenario file → its `ResolvedScenario`s (one, or one per independent session). Every failure
 * is a `ScenarioError` whose message names the file, the line, the field path and what was expected
 * (the CLI prints it and exits 2).
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseScenarioSource } from './parse-scenario-source.ts';
import type { ResolvedScenario } from './resolved-scenario.ts';
import { resolveScenarios } from './resolve-scenario.ts';
import { issue, ScenarioError } from './scenario-error.ts';

export interface LoadScenarioOptions {
  /** Ids and messages show paths relative to this folder (default: the working directory). */
  readonly cwd?: string;
}

/** `file` relative to `cwd` when inside it (else absolute), always with `/` separators. */
export function displayPath(file: string, cwd: string): string {
  const absolute = resolve(cwd, file);
  const inside = relative(cwd, absolute);
  const shown = inside !== '' && !inside.startsWith('..') && !isAbsolute(inside) ? inside : absolute;
  return shown.split(sep).join('/');
}

async function readSource(absolute: string, shown: string): Promise<string> {
  try {
    return await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a folder, not a file'
          : `cannot be read (${code ?? 'unknown error'})`;
    throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', shown, [issue(null, reason)]);
  }
}

/** Parses `source` as the file `file` would be and resolves every session it holds (no disk access). */
export function loadScenarioFileSource(source: string, file: string, baseDir: string): ResolvedScenario[] {
  const { spec, locate } = parseScenarioSource(source, file);
  try {
    return resolveScenarios(spec, { file, baseDir });
  } catch (error) {
    if (error instanceof ScenarioError) throw new ScenarioError(error.code, file, locate(error.issues));
    throw error;
  }
}

/** Every session the file `file` holds (one unless it has `sessions`). */
export async function loadScenarioFile(file: string, options: LoadScenarioOptions = {}): Promise<ResolvedScenario[]> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = resolve(cwd, file);
  const shown = displayPath(file, cwd);
  return loadScenarioFileSource(await readSource(absolute, shown), shown, dirname(absolute));
}

/** `loadScenarioFileSource` for a file that holds exactly one session. */
export function loadScenarioSource(source: string, file: string, baseDir: string): ResolvedScenario {
  return single(loadScenarioFileSource(source, file, baseDir), file);
}

/** `loadScenarioFile` for a file that holds exactly one session. */
export async function loadScenario(file: string, options: LoadScenarioOptions = {}): Promise<ResolvedScenario> {
  return single(await loadScenarioFile(file, options), displayPath(file, options.cwd ?? process.cwd()));
}

function single(scenarios: readonly ResolvedScenario[], file: string): ResolvedScenario {
  if (scenarios.length === 1) return scenarios[0]!;
  throw new ScenarioError('SIM_SCENARIO_INVALID', file, [
    issue(
      ['sessions'],
      `expected one session, got ${scenarios.length} independent sessions: load the file with loadScenarios`,
    ),
  ]);
}
