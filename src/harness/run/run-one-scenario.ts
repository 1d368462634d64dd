/**
 * Runs one resolved scenario in the current thread (a task worker: never the CLI's own thread):
 * build a fresh strategy from a freshly imported module (and the real summarizer, when the run
 * has one), play the world, judge the result. Never rejects: every failure becomes data.
 */
import { namedFailure } from './named-failure.ts';
// Not the scenario/ index: a worker needs no schema, parser or zod (start-up time of every worker).
import type { ResolvedScenario } from '../scenario/resolved-scenario.ts';
import { judgeScenario } from '../scenario/verdict.ts';
import { runSession } from '../../world/index.ts';
import type { SummarizerModel } from '../../engine/types.ts';
import { builtinStrategyNames, createStrategy, isModulePath } from '../strategy/load-strategy.ts';
import {
  createRealSummarizer,
  realSummarizerFailure,
  watchSummarizer,
  type RealSummarizerConfig,
  type WatchedSummarizer,
} from './real-summarizer.ts';
import { failedRun, type RunOutput } from './scenario-outcome.ts';

export interface RunOneOptions {
  /** Summarize with this real model instead of the simulated one (null: the simulated one). */
  readonly realSummarizer?: RealSummarizerConfig | null | undefined;
  /** Hash the session's trace (default true: report.json carries it); false where nobody reads it. */
  readonly traceDigest?: boolean | undefined;
}

export async function runOneScenario(scenario: ResolvedScenario, options: RunOneOptions = {}): Promise<RunOutput> {
  let strategy: Awaited<ReturnType<typeof createStrategy>>;
  try {
    // A fresh module instance per scenario: state a module keeps never leaks from one scenario
    // into another, so verdicts do not depend on which worker played what.
    strategy = await createStrategy(scenario.strategy, { fresh: true });
  } catch (error) {
    return failedRun('strategy-load', `strategy-load: ${messageOf(error)}`);
  }
  let summarizer: SummarizerModel | undefined;
  let watched: WatchedSummarizer | undefined;
  if (options.realSummarizer) {
    try {
      watched = watchSummarizer(await createRealSummarizer(options.realSummarizer));
      summarizer = watched.model;
    } catch (error) {
      return failedRun('real-summarizer', `real-summarizer: ${messageOf(error)}`);
    }
  }
  try {
    // The digest goes into report.json (compare writes none and asks for none).
    const result = await runSession(scenario.world, { strategy, summarizer, traceDigest: options.traceDigest ?? true });
    // A stopped process.exit() or a session over the memory limit ends the session as the
    // exception that stopped it: name it for what happened.
    const session = namedFailure(result);
    const { judgedAs } = scenario.strategy;
    const identity =
      judgedAs !== undefined
        ? { name: judgedAs, builtin: true }
        : { name: strategy.name, builtin: !isModulePath(scenario.strategy.name) };
    const verdict = await judgeScenario(scenario, session, identity, builtinStrategyNames());
    // A real summarizer that failed a call fails the run: its summaries were never judged.
    const summarizerFailure =
      watched === undefined || !options.realSummarizer ? null : realSummarizerFailure(watched, options.realSummarizer);
    return {
      result: session,
      ...verdict,
      failures: summarizerFailure === null ? verdict.failures : [...verdict.failures, summarizerFailure],
    };
  } catch (error) {
    return failedRun('world-error', `world-error: ${messageOf(error)}`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
