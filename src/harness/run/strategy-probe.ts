/**
 * Loading a strategy before anything runs, in a worker (never in the CLI's own thread): an
 * unloadable module, rejected options, or a module that exits, throws or hangs while loading is
 * bad input (exit 2), reported once, instead of one failure per scenario or fuzz run.
 *
 * This is the main thread's side; the worker's side is probe-strategy.ts, apart so the CLI's
 * thread never loads the strategy catalog (the engine and every zoo strategy: about 55 ms of CPU).
 */
import type { OptionSpace } from '../../engine/types.ts';
import { StrategyLoadError } from '../strategy/strategy-load-error.ts';
import type { TaskOutcome } from './worker-pool.ts';

/** A probe's answer: `loadError` null when the strategy loaded, else why not. */
export interface ProbeOutput {
  readonly loadError: string | null;
  /** The options the fuzzer may draw for it (`CompactionStrategy.optionSpace`); null: none declared. */
  readonly optionSpace: OptionSpace | null;
}

/**
 * Main-thread side: throws `StrategyLoadError` (exit 2) when the probe of `name` failed. What the
 * module writes while loading is not judged here: every run imports it afresh and reports that.
 */
export function assertProbeLoaded(outcome: TaskOutcome<ProbeOutput>, name: string, timeoutMs: number): void {
  // Tampering is not a load error: each scenario it touches fails with `strategy-tampered`.
  const fatal = outcome.incidents.filter(
    (incident) => incident.kind !== 'stdout-write' && incident.kind !== 'tampered',
  );
  if (fatal.length > 0)
    throw new StrategyLoadError(`strategy ${name} cannot be used: while loading, ${fatal[0]!.message}`);
  if (outcome.status === 'hung')
    throw new StrategyLoadError(`strategy ${name} did not finish loading within ${timeoutMs} ms`);
  if (outcome.status === 'crashed')
    throw new StrategyLoadError(`strategy ${name} crashed its worker while loading: ${outcome.message}`);
  if (outcome.output.loadError !== null) throw new StrategyLoadError(outcome.output.loadError);
}
