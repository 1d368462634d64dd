/**
 * `verify-adk` over many scenario files: load them (same loader, filter and order as `simulate`),
 * verify each, and count the verdicts. In this thread, one after another (the deterministic
 * environment is global), or, with `isolation` (what the CLI uses), in sandboxed worker threads
 * under a watchdog, so the strategy under test never runs in the caller's thread.
 */
import { isolationFailures } from '../../harness/run/isolation-failures.ts';
import type { RealSummarizerConfig } from '../../harness/run/real-summarizer.ts';
import { siblingModule } from '../../harness/run/worker-entry.ts';
import { WorkerPool } from '../../harness/run/worker-pool.ts';
import { loadScenarios, type ResolvedScenario } from '../../harness/scenario/index.ts';
import { verifyScenario, type ScenarioVerification, type VerifyOptions } from './verify-scenario.ts';
import type { VerifyTask } from './verify-worker.ts';

export interface VerifyIsolation {
  readonly jobs: number;
  /** Watchdog of one scenario's verification (both runs). */
  readonly timeoutMs: number;
  /** The real summarizer, built in each worker (an object cannot cross into one). */
  readonly realSummarizer?: RealSummarizerConfig | undefined;
}

export interface VerifySuiteOptions extends VerifyOptions {
  readonly paths: readonly string[];
  readonly filter?: string | undefined;
  /** Verify in sandboxed worker threads (then `realSummarizer` must be given here, as a config). */
  readonly isolation?: VerifyIsolation | undefined;
  /** Called after each scenario (progress on stderr). */
  readonly onScenario?: (verification: ScenarioVerification, index: number, total: number) => void;
}

const VERIFY_WORKER = siblingModule('./verify-worker', import.meta.url);

export interface VerifySuiteReport {
  readonly scenarios: readonly ScenarioVerification[];
  readonly summary: {
    readonly passed: number;
    readonly failed: number;
    readonly skipped: number;
    readonly measured: number;
  };
}

export async function verifySuite(options: VerifySuiteOptions): Promise<VerifySuiteReport> {
  const scenarios = await loadScenarios([...options.paths], { filter: options.filter });
  return summarize(await verifyResolved(scenarios, options));
}

/** Verifies scenarios already resolved (files, or the fuzzer's generated ones: verify-fuzz.ts). */
export async function verifyResolved(
  scenarios: readonly ResolvedScenario[],
  options: Omit<VerifySuiteOptions, 'paths' | 'filter'>,
): Promise<ScenarioVerification[]> {
  return options.isolation === undefined
    ? verifyHere(scenarios, options)
    : verifyIsolated(scenarios, options, options.isolation);
}

/** Verdicts counted. */
export function summarize(verifications: readonly ScenarioVerification[]): VerifySuiteReport {
  const count = (verdict: ScenarioVerification['verdict']) => verifications.filter((v) => v.verdict === verdict).length;
  return {
    scenarios: verifications,
    summary: { passed: count('pass'), failed: count('fail'), skipped: count('skipped'), measured: count('measured') },
  };
}

async function verifyHere(
  scenarios: readonly ResolvedScenario[],
  options: Omit<VerifySuiteOptions, 'paths' | 'filter'>,
): Promise<ScenarioVerification[]> {
  const verifications: ScenarioVerification[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const verification = await verifyScenario(scenario, options);
    verifications.push(verification);
    options.onScenario?.(verification, index, scenarios.length);
  }
  return verifications;
}

async function verifyIsolated(
  scenarios: readonly ResolvedScenario[],
  options: Omit<VerifySuiteOptions, 'paths' | 'filter'>,
  isolation: VerifyIsolation,
): Promise<ScenarioVerification[]> {
  if (options.realSummarizer !== undefined)
    throw new Error('verifySuite: with isolation, give the real summarizer as isolation.realSummarizer (a config)');
  const tasks = scenarios.map(
    (scenario): VerifyTask => ({
      scenario: options.strategyOverride
        ? { ...scenario, strategy: options.strategyOverride(scenario.strategy) }
        : scenario,
      tokenBased: options.tokenBased ?? null,
      realSummarizer: isolation.realSummarizer ?? null,
    }),
  );
  const pool = new WorkerPool<VerifyTask, ScenarioVerification>({
    entry: VERIFY_WORKER,
    jobs: isolation.jobs,
    timeoutMs: isolation.timeoutMs,
    // What a strategy prints goes to stderr, never into the report on stdout.
    onOutput: (index, text) => process.stderr.write(`[${scenarios[index]?.name ?? 'strategy'}] ${text}`),
  });
  let done = 0;
  try {
    const outcomes = await pool.run(tasks, {
      onOutcome: (index, outcome) =>
        options.onScenario?.(verificationOf(scenarios[index]!, outcome), done++, scenarios.length),
    });
    return outcomes.map((outcome, index) => verificationOf(scenarios[index]!, outcome));
  } finally {
    pool.close();
  }
}

/** A task's outcome as a verification: what the sandbox saw, a hang or a dead worker fail it. */
function verificationOf(
  scenario: ResolvedScenario,
  outcome: Parameters<typeof isolationFailures>[0],
): ScenarioVerification {
  const failures = isolationFailures(outcome);
  if (outcome.status === 'done' && failures.length === 0) return outcome.output as ScenarioVerification;
  return {
    id: scenario.id,
    name: scenario.name,
    verdict: 'fail',
    reason: failures.map((failure) => failure.message).join('; '),
    stepsCompared: 0,
    difference: null,
    world: null,
    adk: null,
    adkTokenBased: null,
  };
}
