/**
 * Differential fuzzing and planted facts (issue 29): on the runs both strategies played to the end,
 * the facts the reference retained on its last request (kept or in a summary) that mine did not
 * (lost or stale), and the other way round. A measurement beside the properties: it is reported
 * and its first run written as a counterexample file whose `expect.retention` holds the
 * reference's share of each kind mine fell short on, so `simulate` fails for mine and passes for
 * the reference there; it does not fail the report (retention is measured, not a universal
 * property). The run is written as generated, not shrunk.
 */
import type { ScenarioSpec } from '../../harness/scenario/index.ts';
import { FACT_KINDS, isRetained, type FactKind } from '../../world/facts/fact-types.ts';
import {
  drawnLine,
  optionsEntry,
  optionsFlag,
  REPLAY_COMMAND,
  slug,
  strategyLabels,
  withDrawn,
  type CounterexampleFile,
  type FuzzStrategy,
  type OptionVariation,
} from '../run/counterexample.ts';
import type { RunRetention } from '../run/fuzz-retention.ts';
import { displayPath } from '../../harness/scenario/load-scenario.ts';
import { join, resolve } from 'node:path';
import { strategyNameFrom } from '../../harness/strategy/module-path.ts';

/** A run where one side retained facts the other did not. */
export interface RetentionDifference {
  readonly run: number;
  /** Ids of the facts the holding side retained and the failing side lost or left stale. */
  readonly facts: readonly string[];
}

export interface DifferentialRetention {
  /** Runs both sides played to the end whose sessions planted facts. */
  readonly compared: number;
  /** Mine lost facts the reference kept (ascending runs). */
  readonly onlyMine: readonly RetentionDifference[];
  /** The reference lost facts mine kept. */
  readonly onlyReference: readonly RetentionDifference[];
  /** The first `onlyMine` run as a scenario file; null when there is none. */
  readonly counterexample: CounterexampleFile | null;
}

/** Per run, the facts `holding` retained and `failing` did not (facts both probed). */
function lostFacts(failing: RunRetention, holding: RunRetention): string[] {
  return Object.entries(holding.final)
    .filter(([id, state]) => {
      const own = failing.final[id];
      return isRetained(state) && own !== undefined && !isRetained(own);
    })
    .map(([id]) => id);
}

export function compareRetention(
  mine: ReadonlyMap<number, RunRetention>,
  reference: ReadonlyMap<number, RunRetention>,
  unfinished: ReadonlySet<number>,
): Omit<DifferentialRetention, 'counterexample'> | null {
  const runs = [...mine.keys()].filter((run) => reference.has(run) && !unfinished.has(run)).sort((a, b) => a - b);
  if (runs.length === 0) return null;
  const differences = (failing: ReadonlyMap<number, RunRetention>, holding: ReadonlyMap<number, RunRetention>) =>
    runs.flatMap((run) => {
      const facts = lostFacts(failing.get(run)!, holding.get(run)!);
      return facts.length === 0 ? [] : [{ run, facts }];
    });
  return { compared: runs.length, onlyMine: differences(mine, reference), onlyReference: differences(reference, mine) };
}

/**
 * The scenario of a run where mine lost facts the reference kept, as a file: the generated
 * scenario, mine as its strategy, and `expect.retention` at the reference's share for each kind
 * mine retained less of.
 */
export function retentionCounterexampleFile(input: {
  readonly spec: ScenarioSpec;
  readonly run: number;
  readonly seed: number;
  readonly facts: readonly string[];
  readonly mine: { readonly strategy: FuzzStrategy; readonly retention: RunRetention };
  readonly reference: { readonly strategy: FuzzStrategy; readonly retention: RunRetention };
  readonly outDir: string;
  readonly cwd: string;
  readonly variation: OptionVariation;
}): CounterexampleFile {
  const { mine, reference, variation } = input;
  const [own, other] = strategyLabels(mine.strategy.name, reference.strategy.name);
  const name = `retention.${slug(own)}-vs-${slug(other)}.seed-${input.seed}`;
  const file = displayPath(join(input.outDir, `${name}.yaml`), input.cwd);
  const played = withDrawn(mine.strategy, variation);
  const simulateCommand = `${REPLAY_COMMAND} simulate ${file} --strategy ${mine.strategy.name}${optionsFlag(played)}`;
  const referenceCommand = `${REPLAY_COMMAND} simulate ${file} --strategy ${reference.strategy.name}${optionsFlag(withDrawn(reference.strategy, variation))}`;
  const fuzzCommand =
    `${REPLAY_COMMAND} fuzz --strategy ${mine.strategy.name}${optionsFlag(mine.strategy)} --against ${reference.strategy.name}` +
    `${optionsFlag(reference.strategy, '--against-options')}${variation.vary ? '' : ' --no-vary-options'} --seed ${input.seed} --path ${input.run}`;
  const retention: Partial<Record<FactKind, string>> = {};
  for (const kind of FACT_KINDS) {
    const theirs = reference.retention.byKind[kind];
    const ours = mine.retention.byKind[kind];
    if (theirs !== undefined && ours !== undefined && ours.retained < theirs.retained)
      retention[kind] = `>= ${theirs.ratio}`;
  }
  const { name: _generated, strategy: _drawn, ...generated } = input.spec;
  const description =
    `Differential fuzz finding: strategy ${mine.strategy.name} lost planted facts that ${reference.strategy.name} kept on this scenario ` +
    `(on the last request): ${input.facts.join(', ')}.\n` +
    `fast-check seed ${input.seed}, path ${input.run} (as generated, not shrunk).\n` +
    `Replay (expect.retention fails): ${simulateCommand}\n` +
    `Replay the reference (expect.retention holds): ${referenceCommand}\n` +
    `Replay both in the fuzzer: ${fuzzCommand}\n` +
    drawnLine(variation);
  return {
    file,
    spec: {
      name,
      description,
      ...generated,
      strategy: {
        name: strategyNameFrom(mine.strategy.name, resolve(input.cwd, input.outDir), input.cwd),
        ...optionsEntry(played),
      },
      expect: { retention },
    },
    simulateCommand,
    fuzzCommand,
    referenceCommand,
  };
}
