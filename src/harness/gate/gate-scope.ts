/**
 * Which baseline ids a gate run covers: an id is `<file>#<name>`, and its file lies in one of the
 * gated paths (a file given, or a folder holding it). Gating the default `scenarios` covers all.
 * Ids outside the scope are neither reported as removed nor dropped from an updated baseline.
 */
import { displayPath } from '../scenario/load-scenario.ts';

export function gateScope(paths: readonly string[], cwd: string): (id: string) => boolean {
  const roots = paths.map((path) => displayPath(path, cwd).replace(/\/+$/, ''));
  return (id) => {
    const file = id.slice(0, id.lastIndexOf('#'));
    return roots.some((root) => root === '.' || file === root || file.startsWith(`${root}/`));
  };
}
