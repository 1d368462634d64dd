/**
 * How many realistic buggy strategies (test/fixtures/realistic-bugs/: one bug each, of a kind a
 * real agent has had) `fuzz` alone kills: no reference strategy, no scenario suites. A bug is
 * killed on a seed when its plain fuzz report fails a property that its correct twin
 * (`_base.ts`: the same strategy without the bug) holds on every run of the same seed and budget:
 * a property the twin fails somewhere (an honest limitation of the twin, such as an overflow the
 * scenario forces on a strategy without a floor) says nothing about the bug, so it is left out of
 * that seed's judgement. The twin's report is only the denominator of what "fails" means; the
 * bug is judged on its own report.
 */
import { PROPERTY_NAMES } from '../../src/checker/properties/index.ts';
import type { PropertyName } from '../../src/checker/properties/property.ts';
import { runFuzz } from '../../src/fuzz/run/run-fuzz.ts';

export const REALISTIC_BUGS_DIR = './test/fixtures/realistic-bugs';
export const TWIN = `${REALISTIC_BUGS_DIR}/_base.ts`;
export const REALISTIC_BUGS: readonly string[] = [
  'estimate-skips-tool-declarations.ts',
  'estimate-utf16-units.ts',
  'estimate-skips-system-instruction.ts',
  'estimate-skips-inline-data.ts',
  'estimate-json-as-text.ts',
  'trigger-off-by-one.ts',
  'trigger-fixed-window.ts',
  'summary-at-module-level.ts',
  'summary-on-instance.ts',
  'summarizer-input-untrimmed.ts',
  'summary-grows.ts',
  'tail-orphans-calls.ts',
  'drops-user-request.ts',
];

export interface KillOptions {
  readonly seeds: readonly number[];
  readonly runs: number;
  /** Worker threads (as the CLI plays: a fresh module per run); absent: in this thread. */
  readonly jobs?: number;
  readonly bugs?: readonly string[];
  readonly onResult?: (result: BugResult) => void;
}

export interface BugResult {
  readonly bug: string;
  readonly seed: number;
  /** The properties its report fails that the twin held on every run of the seed; [] = survived. */
  readonly killedBy: readonly PropertyName[];
}

export interface KillRate {
  readonly results: readonly BugResult[];
  /** Per seed, the properties the twin held on every run (what a bug is judged on). */
  readonly twinHolds: ReadonlyMap<number, readonly PropertyName[]>;
  readonly killed: number;
  readonly total: number;
  readonly rate: number;
}

async function failing(
  name: string,
  seed: number,
  options: KillOptions,
  properties: readonly PropertyName[],
  stopAtFirstFailure: boolean,
): Promise<PropertyName[]> {
  const report = await runFuzz({
    strategy: { name, options: {} },
    runs: options.runs,
    seed,
    properties,
    outDir: null,
    cwd: process.cwd(),
    maxShrinkCandidates: 1,
    stopAtFirstFailure,
    ...(options.jobs === undefined ? {} : { jobs: options.jobs }),
  });
  return report.properties.filter((property) => property.failed > 0).map((property) => property.property);
}

export async function realisticKillRate(options: KillOptions): Promise<KillRate> {
  const results: BugResult[] = [];
  const twinHolds = new Map<number, readonly PropertyName[]>();
  for (const seed of options.seeds) {
    const twinFails = await failing(TWIN, seed, options, PROPERTY_NAMES, false);
    const holds = PROPERTY_NAMES.filter((property) => !twinFails.includes(property));
    twinHolds.set(seed, holds);
    for (const bug of options.bugs ?? REALISTIC_BUGS) {
      // Judged on the twin's clean properties only; the first failing run settles it.
      const killedBy =
        holds.length === 0 ? [] : await failing(`${REALISTIC_BUGS_DIR}/${bug}`, seed, options, holds, true);
      const result = { bug, seed, killedBy };
      options.onResult?.(result);
      results.push(result);
    }
  }
  const killed = results.filter((result) => result.killedBy.length > 0).length;
  return {
    results,
    twinHolds,
    killed,
    total: results.length,
    rate: results.length === 0 ? 0 : killed / results.length,
  };
}
