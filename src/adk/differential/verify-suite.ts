/**
 * `verify-adk` over many scenario files: load them (same loader, filter and order as `simulate`),
 * verify each in turn (runs never overlap: the deterministic environment is process-global), and
 * count the verdicts.
 */
import { loadScenarios } from '../../harness/scenario/index.ts';
import { verifyScenario, type ScenarioVerification, type VerifyOptions } from './verify-scenario.ts';

export interface VerifySuiteOptions extends VerifyOptions {
  readonly paths: readonly string[];
  readonly filter?: string | undefined;
  /** Called after each scenario (progress on stderr). */
  readonly onScenario?: (verification: ScenarioVerification, index: number, total: number) => void;
}

export interface VerifySuiteReport {
  readonly scenarios: readonly ScenarioVerification[];
  readonly summary: { readonly passed: number; readonly failed: number; readonly skipped: number; readonly measured: number };
}

export async function verifySuite(options: VerifySuiteOptions): Promise<VerifySuiteReport> {
  const scenarios = await loadScenarios([...options.paths], { filter: options.filter });
  const verifications: ScenarioVerification[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    const verification = await verifyScenario(scenario, options);
    verifications.push(verification);
    options.onScenario?.(verification, index, scenarios.length);
  }
  const count = (verdict: ScenarioVerification['verdict']) => verifications.filter((v) => v.verdict === verdict).length;
  return {
    scenarios: verifications,
    summary: { passed: count('pass'), failed: count('fail'), skipped: count('skipped'), measured: count('measured') },
  };
}
