/**
 * Loading a strategy before anything runs, in a worker (never in the CLI's own thread): an
 * unloadable module, rejected options, or a module that exits, throws or hangs while loading is
 * bad input (exit 2), reported once, instead of one failure per scenario or fuzz run.
 */
import { StrategyOptionsError } from '../../engine/index.ts';
import { createStrategy, type StrategySpec } from '../strategy/load-strategy.ts';
import { StrategyLoadError } from '../strategy/strategy-load-error.ts';
import type { TaskOutcome } from './worker-pool.ts';

/** A probe's answer: null when the strategy loaded, else why not. */
export interface ProbeOutput {
  readonly loadError: string | null;
}

/** Worker side: import the module afresh and build the strategy with its options. */
export async function probeStrategy(strategy: StrategySpec): Promise<ProbeOutput> {
  try {
    await createStrategy(strategy, { fresh: true });
    return { loadError: null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const known = error instanceof StrategyLoadError || error instanceof StrategyOptionsError;
    return { loadError: known ? message : `strategy ${strategy.name} failed while loading: ${message}` };
  }
}

/**
 * Main-thread side: throws `StrategyLoadError` (exit 2) when the probe of `name` failed. What the
 * module writes while loading is not judged here: every run imports it afresh and reports that.
 */
export function assertProbeLoaded(outcome: TaskOutcome<ProbeOutput>, name: string, timeoutMs: number): void {
  const fatal = outcome.incidents.filter((incident) => incident.kind !== 'stdout-write');
  if (fatal.length > 0) throw new StrategyLoadError(`strategy ${name} cannot be used: while loading, ${fatal[0]!.message}`);
  if (outcome.status === 'hung') throw new StrategyLoadError(`strategy ${name} did not finish loading within ${timeoutMs} ms`);
  if (outcome.status === 'crashed') throw new StrategyLoadError(`strategy ${name} crashed its worker while loading: ${outcome.message}`);
  if (outcome.output.loadError !== null) throw new StrategyLoadError(outcome.output.loadError);
}
