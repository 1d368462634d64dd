/**
 * Files and folders → resolved scenarios (one per independent session of a file), sorted by file
 * path so every run sees the same order. Folders are walked recursively for `.yaml`, `.yml` and
 * `.json` (JSON Schema files skipped), except `node_modules` and hidden folders, and the reports
 * in a folder this tool wrote them to.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { REPORT_FILE_NAMES } from '../report/report-folder.ts';
import { join, resolve } from 'node:path';
import { displayPath, loadScenarioFile } from './load-scenario.ts';
import type { ResolvedScenario } from './resolved-scenario.ts';
import { issue, ScenarioError } from './scenario-error.ts';

export interface LoadScenariosOptions {
  /** Keep scenarios whose id or name contains this text, or matches it as a glob (`*`, `?`). */
  readonly filter?: string | undefined;
  readonly cwd?: string;
}

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

export function isScenarioFile(name: string): boolean {
  return SCENARIO_FILE.test(name) && !name.toLowerCase().endsWith('.schema.json');
}

/**
 * Folders a walk never enters: installed packages and hidden folders (.git, .cache...), so
 * `simulate .` in a project reads the project's scenarios, not its dependencies' JSON files.
 */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/**
 * A folder this tool wrote reports into holds its `run-meta.json` (`"tool": "compaction-sim"`).
 * Its JSON reports (report.json, gate.json, compare.json, run-meta.json) are not scenarios: a
 * `--report-dir` inside a scenario folder must not break the next run over that folder.
 */
async function holdsOurReports(folder: string, names: readonly string[]): Promise<boolean> {
  if (!names.includes('run-meta.json')) return false;
  try {
    const meta: unknown = JSON.parse(await readFile(join(folder, 'run-meta.json'), 'utf8'));
    return typeof meta === 'object' && meta !== null && (meta as { tool?: unknown }).tool === 'compaction-sim';
  } catch {
    return false; // not ours: its files are walked as any others
  }
}

/**
 * Scenario files under `folder`, recursively. Symbolic links are followed (a suite may link in
 * shared scenarios); a link back to a folder already being walked is skipped, and a dangling link
 * is an error naming it.
 */
async function walk(folder: string, cwd: string, visiting: ReadonlySet<string> = new Set()): Promise<string[]> {
  const real = await realpath(folder);
  if (visiting.has(real)) return [];
  const inside = new Set([...visiting, real]);
  const entries = await readdir(folder, { withFileTypes: true });
  const reports = await holdsOurReports(
    folder,
    entries.map((entry) => entry.name),
  );
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(folder, entry.name);
      let directory = entry.isDirectory();
      let file = entry.isFile();
      if (entry.isSymbolicLink()) {
        const target = await stat(path).catch(() => null);
        if (target === null)
          throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', displayPath(path, cwd), [
            issue(null, 'a symbolic link to nothing (its target does not exist)'),
          ]);
        directory = target.isDirectory();
        file = target.isFile();
      }
      if (directory) return isSkippedFolder(entry.name) ? [] : walk(path, cwd, inside);
      if (reports && REPORT_FILE_NAMES.includes(entry.name)) return [];
      return file && isScenarioFile(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

async function filesOf(path: string, cwd: string): Promise<string[]> {
  const absolute = resolve(cwd, path);
  const info = await stat(absolute).catch(() => null);
  if (info === null)
    throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', displayPath(path, cwd), [issue(null, 'no such file or folder')]);
  if (!info.isDirectory()) return [absolute];
  const files = await walk(absolute, cwd);
  // An empty suite would "pass" with 0 scenarios: a CI gate pointed at the wrong folder must fail.
  if (files.length === 0) {
    throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', displayPath(path, cwd), [
      issue(null, 'this folder holds no scenario file (.yaml, .yml or .json)'),
    ]);
  }
  return files;
}

/** Substring match, or a whole-string glob when the filter holds `*` or `?` (case-insensitive). */
export function matchesFilter(scenario: Pick<ResolvedScenario, 'id' | 'name'>, filter: string | undefined): boolean {
  if (filter === undefined || filter === '') return true;
  const candidates = [scenario.id, scenario.name].map((value) => value.toLowerCase());
  const wanted = filter.toLowerCase();
  if (!/[*?]/.test(wanted)) return candidates.some((value) => value.includes(wanted));
  const pattern = wanted
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replaceAll('*', '.*')
    .replaceAll('?', '.');
  const glob = new RegExp(`^${pattern}$`);
  return candidates.some((value) => glob.test(value));
}

function assertUniqueIds(scenarios: readonly ResolvedScenario[]): void {
  const seen = new Set<string>();
  for (const scenario of scenarios) {
    if (seen.has(scenario.id)) {
      throw new ScenarioError('SIM_SCENARIO_DUPLICATE', scenario.file, [
        issue(null, `scenario '${scenario.id}' is given twice: pass each file or folder once`),
      ]);
    }
    seen.add(scenario.id);
  }
}

/**
 * Every file that failed, in one error: fixing a folder of files should not take a run per file.
 * One file keeps its own error; several keep the first one's code, no single file, and all issues.
 */
function everyFileFailure(failed: readonly ScenarioError[]): ScenarioError {
  if (failed.length === 1) return failed[0]!;
  const all = new ScenarioError(
    failed[0]!.code,
    null,
    failed.flatMap((error) => error.issues),
  );
  all.message = [`${failed.length} files are not valid scenarios:`, ...failed.map((error) => error.message)].join('\n');
  return all;
}

export async function loadScenarios(
  paths: readonly string[],
  options: LoadScenariosOptions = {},
): Promise<ResolvedScenario[]> {
  const cwd = options.cwd ?? process.cwd();
  const files = (await Promise.all(paths.map((path) => filesOf(path, cwd)))).flat();
  const ordered = files
    .map((absolute) => ({ absolute, shown: displayPath(absolute, cwd) }))
    .sort((a, b) => (a.shown < b.shown ? -1 : a.shown > b.shown ? 1 : 0));
  const scenarios: ResolvedScenario[] = [];
  const failed: ScenarioError[] = [];
  for (const { absolute } of ordered) {
    try {
      scenarios.push(...(await loadScenarioFile(absolute, { cwd })));
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      failed.push(error);
    }
  }
  if (failed.length > 0) throw everyFileFailure(failed);
  assertUniqueIds(scenarios);
  return scenarios.filter((scenario) => matchesFilter(scenario, options.filter));
}
