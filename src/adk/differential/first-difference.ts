/**
 * The first place two plain JSON values differ, as a field path (`contents[3].parts[0].text`).
 * Keys whose value is `undefined` count as absent (JSON has no undefined), keys are visited in
 * sorted order so the answer does not depend on insertion order, arrays compare length first.
 */

export interface Difference {
  /** Dotted path from the compared root; `''` is the root itself. */
  readonly path: string;
  readonly world: unknown;
  readonly adk: unknown;
}

export function firstDifference(world: unknown, adk: unknown, path = ''): Difference | null {
  if (Object.is(world, adk)) return null;
  if (Array.isArray(world) && Array.isArray(adk)) return firstArrayDifference(world, adk, path);
  if (isRecord(world) && isRecord(adk)) return firstRecordDifference(world, adk, path);
  return { path, world, adk };
}

function firstArrayDifference(world: readonly unknown[], adk: readonly unknown[], path: string): Difference | null {
  const shared = Math.min(world.length, adk.length);
  for (let i = 0; i < shared; i += 1) {
    const difference = firstDifference(world[i], adk[i], `${path}[${i}]`);
    if (difference) return difference;
  }
  if (world.length !== adk.length) return { path: `${path}.length`, world: world.length, adk: adk.length };
  return null;
}

function firstRecordDifference(
  world: Readonly<Record<string, unknown>>,
  adk: Readonly<Record<string, unknown>>,
  path: string,
): Difference | null {
  const keys = new Set([...definedKeys(world), ...definedKeys(adk)]);
  for (const key of [...keys].sort()) {
    const difference = firstDifference(world[key], adk[key], path === '' ? key : `${path}.${key}`);
    if (difference) return difference;
  }
  return null;
}

function definedKeys(record: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(record).filter((key) => record[key] !== undefined);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short, one-line rendering of a differing value for tables. */
export function previewValue(value: unknown, max = 60): string {
  const text =
    value === undefined
      ? 'absent'
      : typeof value === 'string'
        ? JSON.stringify(value)
        : (JSON.stringify(value) ?? String(value));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
