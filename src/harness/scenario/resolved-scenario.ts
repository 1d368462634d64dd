/**
 * A scenario file after resolution: every default filled, every rule applied, every size a
 * number. `world` is what the world plays; the rest is what the harness needs around it.
 */
import type { WorldScenario } from '../../world/world-scenario.ts';
import type { Acceptance, Reproduction } from './acceptance.ts';
import type { Expectations } from './expectations.ts';

export interface ResolvedStrategy {
  /** threshold | sliding_window | a module path (resolved against `baseDir`). */
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Absolute folder of the scenario file: module paths in `name` are relative to it. */
  readonly baseDir: string;
  /** A module strategy judged as this built-in (set by a run's `judgedAs`, never by a file). */
  readonly judgedAs?: string;
}

export interface ResolvedScenario {
  /** Stable: "<file>#<name>", used for filter, shard and baseline. */
  readonly id: string;
  /** The path as given (relative to the working directory when inside it), with `/` separators. */
  readonly file: string;
  readonly name: string;
  readonly description: string;
  readonly world: WorldScenario;
  readonly strategy: ResolvedStrategy;
  /** The parsed `expect` block ({} when absent). */
  readonly expect: Expectations;
  /** Known limitations tolerated for named strategies: the file's `accept` list, plus `--accept` entries for this scenario. */
  readonly accept: readonly Acceptance[];
  /** Reported bugs the file reproduces (its `reproduces` list). */
  readonly reproduces: readonly Reproduction[];
  /** Replay: what the log recorded beside the turns (its compactions, its provenance); absent for scripted scenarios. */
  readonly recorded?: RecordedSession;
}

/** Replay: the recorded agent's own compactions, shown beside what the strategy did, and where the log came from. */
export interface RecordedSession {
  readonly compactions: readonly {
    readonly turn: number;
    readonly call?: number | undefined;
    readonly trigger?: string | undefined;
    readonly preTokens?: number | undefined;
  }[];
  readonly source?: Readonly<Record<string, string | undefined>>;
}
