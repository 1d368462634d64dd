/**
 * Plays one generated scenario and judges it: resolve the spec exactly as a scenario file would
 * be resolved, run it through the world with a fresh strategy (twice when a judged property needs
 * a replay: only then is the trace digest computed), then again as the run's later sessions on
 * that same instance (shared-sessions.ts), then evaluate every judged property on every session. A world that throws becomes a
 * `session-completes` failure; the other properties are then not checked.
 */
import { resolveScenario, type ScenarioSpec } from '../../harness/scenario/index.ts';
import type { CompactionStrategy } from '../../engine/types.ts';
import { namedFailure } from '../../harness/run/named-failure.ts';
import { createStrategy, type LoadStrategyOptions, type StrategySpec } from '../../harness/strategy/load-strategy.ts';
import { runSession } from '../../world/index.ts';
import { strategyForRun } from './option-variation.ts';
import { judgedStrategy } from './judged-as.ts';
import type { SessionResult } from '../../world/session-result.ts';
import { prepareRequestFloor } from '../../checker/infeasibility/measure-floor.ts';
import type { FuzzProperty, PropertyName } from '../../checker/properties/property.ts';
import { scriptedSteps } from '../../checker/scripted-steps.ts';
import { verdictOf, type Verdict } from '../../checker/verdict.ts';
import { sessionsOfRun, sharedSessionsVerdict } from './shared-sessions.ts';

/** The file name generated scenarios resolve under (ids and messages only). */
export const FUZZ_CASE_FILE = 'fuzz-case.yaml';

export type CaseVerdicts = ReadonlyMap<PropertyName, Verdict>;

export interface PlayOptions {
  /** A shrink candidate: in a worker, judged against the memory limit with a margin (heap-guard.ts). */
  readonly shrinking?: boolean;
}

export interface CasePlayer {
  /**
   * Plays and judges `spec` on `only` (a subset of the player's properties; default all of them):
   * the second run `deterministic-replay` needs happens only when it is among them.
   */
  play(spec: ScenarioSpec, only?: readonly PropertyName[], options?: PlayOptions): Promise<CaseVerdicts>;
}

/**
 * A player of `strategy`; `varied`: each run builds it with the options drawn for that run (in the
 * scenario's `strategy.options`) under its own fixed ones (option-variation.ts).
 */
export function createCasePlayer(
  strategy: StrategySpec,
  properties: readonly FuzzProperty[],
  load: LoadStrategyOptions = {},
  varied = false,
): CasePlayer {
  return createPlayer(
    async (spec) => {
      const played = strategyForRun(strategy, spec, varied);
      return judgedStrategy(await createStrategy(played, load), played);
    },
    strategy.baseDir,
    properties,
  );
}

/**
 * The same player over any source of fresh strategies (the programmatic API passes a user's
 * factory directly). `baseDir`: where a module path in a spec's own `strategy` would start.
 */
export function createPlayer(
  newStrategy: (spec: ScenarioSpec) => Promise<CompactionStrategy>,
  baseDir: string,
  properties: readonly FuzzProperty[],
): CasePlayer {
  return {
    async play(spec, only) {
      const judged = only === undefined ? properties : properties.filter((property) => only.includes(property.name));
      const needsRerun = judged.some((property) => property.needsRerun);
      const scenario = resolveScenario(spec, { file: FUZZ_CASE_FILE, baseDir });
      // Loading errors (bad module, bad options) are the user's input: they propagate (exit 2).
      // Built with the run's options, so a property reading the strategy's declarations (its
      // trigger for that maxTurns) judges the instance that played.
      const first = await newStrategy(spec);
      const second = needsRerun ? await newStrategy(spec) : null;
      const sessions = sessionsOfRun(spec);
      let result: SessionResult;
      let rerun: SessionResult | undefined;
      const later: (SessionResult | string)[] = [];
      try {
        // The digest only serves the replay comparison.
        // (A session stopped by the harness, exit or memory limit, is named for it: named-failure.ts.)
        result = namedFailure(await runSession(scenario.world, { strategy: first, traceDigest: second !== null }));
        if (second !== null)
          rerun = namedFailure(await runSession(scenario.world, { strategy: second, traceDigest: true }));
      } catch (error) {
        return worldError(judged, messageOf(error));
      }
      // The same instance plays the run's later sessions (shared-sessions.ts); one that the world
      // cannot finish ends them, and fails session-completes in that session.
      for (let session = 1; session < sessions; session += 1) {
        try {
          later.push(namedFailure(await runSession(scenario.world, { strategy: first, traceDigest: false })));
        } catch (error) {
          later.push(messageOf(error));
          break;
        }
      }
      await prepareRequestFloor(scenario.world);
      const scripted = scriptedSteps(scenario.world, result);
      const judge = (
        property: FuzzProperty,
        played: SessionResult,
        again: SessionResult | undefined,
        steps?: number,
      ): Verdict => verdictOf(property.check(scenario.world, played, again, first), steps);
      return new Map(
        judged.map((property): [PropertyName, Verdict] => {
          if (property.appliesTo !== undefined && !property.appliesTo(first)) {
            return [
              property.name,
              { status: 'not-checked', reason: `${property.name}: the strategy declares nothing it could check` },
            ];
          }
          const verdicts = [judge(property, result, rerun, scripted)];
          // A replay comparison is about two fresh instances: the later sessions are not replays.
          if (!property.needsRerun) {
            for (const session of later) {
              verdicts.push(
                typeof session === 'string'
                  ? worldErrorVerdict(property, session)
                  : judge(property, session, undefined),
              );
            }
          }
          return [property.name, sharedSessionsVerdict(verdicts)];
        }),
      );
    },
  };
}

/** A session the world could not finish (the first or a later one): session-completes fails there, the rest is not judged. */
function worldErrorVerdict(property: FuzzProperty, message: string): Verdict {
  return property.name === 'session-completes'
    ? {
        status: 'failed',
        violation: {
          property: 'session-completes',
          step: null,
          turn: null,
          message: `world-error: ${message}`,
          infeasible: null,
        },
      }
    : { status: 'not-checked', reason: `world-error: ${message}` };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function worldError(properties: readonly FuzzProperty[], message: string): CaseVerdicts {
  return new Map(
    properties.map((property): [PropertyName, Verdict] => [property.name, worldErrorVerdict(property, message)]),
  );
}
