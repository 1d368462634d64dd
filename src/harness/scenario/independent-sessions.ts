/**
 * A file's `sessions:` → one single-session spec per entry, as if each were its own file: the
 * file's shared fields, the entry's turns or phases, the entry's `session` and `expect` fields
 * over the file's. Each becomes its own `ResolvedScenario`, so it is played with a fresh history,
 * state and strategy (the Go tests that call `simulateSession` twice), and reported on its own.
 */
import { DEFAULT_MODEL } from './resolve-phases.ts';
import type { IssuePath, ScenarioIssue } from './scenario-error.ts';
import type { IndependentSessionSpec, ScenarioSpec } from './scenario-schema.ts';

/** `<scenario name>/<session name>`: how a session is named in ids, tables and reports. */
export function sessionScenarioName(scenarioName: string, entry: Pick<IndependentSessionSpec, 'name'>): string {
  return `${scenarioName}/${entry.name}`;
}

export function independentSessionSpec(
  file: ScenarioSpec,
  entry: IndependentSessionSpec,
  scenarioName: string,
): ScenarioSpec {
  const { sessions: _sessions, turns: _turns, phases: _phases, ...shared } = file;
  // The file's window belongs to the file's model: a session on another model needs its own
  // (or the registry's), as a phase that switches models does (resolve-phases.ts).
  const { contextWindow: fileWindow, ...fileSettings } = file.session ?? {};
  const ownModel = entry.session?.model !== undefined && entry.session.model !== (file.session?.model ?? DEFAULT_MODEL);
  const session = {
    ...fileSettings,
    ...(ownModel || fileWindow === undefined ? {} : { contextWindow: fileWindow }),
    ...entry.session,
  };
  const expect = { ...file.expect, ...entry.expect };
  const description = entry.description ?? file.description;
  return {
    ...shared,
    name: sessionScenarioName(scenarioName, entry),
    ...(description === undefined ? {} : { description }),
    session,
    ...(entry.turns === undefined ? {} : { turns: entry.turns }),
    ...(entry.phases === undefined ? {} : { phases: entry.phases }),
    expect,
  };
}

/**
 * Where in the FILE an issue found while resolving session `index` belongs: its turns, phases,
 * and the `session`/`expect` fields it sets itself are under `sessions[index]`; shared fields
 * stay where they are.
 */
export function issueInSession(item: ScenarioIssue, entry: IndependentSessionSpec, index: number): ScenarioIssue {
  return { ...item, path: item.path === null ? null : pathInSession(item.path, entry, index) };
}

function pathInSession(path: IssuePath, entry: IndependentSessionSpec, index: number): IssuePath {
  const [head, key] = path;
  const own = [...path];
  const inEntry = ['sessions', index, ...own];
  // The whole session (too many turns, too much content) is this entry.
  if (path.length === 0 || head === 'turns' || head === 'phases') return inEntry;
  if (head === 'session' && typeof key === 'string') {
    const settings: Record<string, unknown> = entry.session ?? {};
    // A window is missing for the model the session names itself.
    const setHere = settings[key] !== undefined || (key === 'contextWindow' && settings['model'] !== undefined);
    return setHere ? inEntry : own;
  }
  if (head === 'expect' && typeof key === 'string') {
    const expectations: Record<string, unknown> = entry.expect ?? {};
    return expectations[key] !== undefined ? inEntry : own;
  }
  return own;
}
