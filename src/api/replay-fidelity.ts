/**
 * `replayFidelity()`: plays each replay scenario with no compaction (the requests the log
 * recorded) and sets the world's request sizes beside the recorded input tokens, per file; also
 * where the recorded agent compacted and how large the request was there without compaction.
 * Scenarios without a replay block are skipped.
 */
import type { CompactionStrategy } from '../engine/types.ts';
import { loadScenarios } from '../harness/scenario/load-scenarios.ts';
import { MIN_CALIBRATION_REQUESTS, type Calibration } from '../import/calibrate-usage.ts';
import type { TokenFit } from '../import/fit-token-model.ts';
import { usageFidelity, USAGE_BAR, USAGE_TOLERANCE, type UsageFidelity } from '../import/usage-fidelity.ts';
import { priceOf, withCacheLifetime } from '../pricing/model-prices.ts';
import { priceRecordedUsage, type RecordedCost } from '../pricing/price-recorded-usage.ts';
import { runSession } from '../world/run-session.ts';

export interface ReplayFidelityOptions {
  /** Scenario files or folders, relative to `cwd`. */
  readonly paths: readonly string[];
  readonly cwd?: string;
}

export interface FileFidelity extends UsageFidelity {
  readonly file: string;
  readonly scenario: string;
  /** The session ended early (a world error): the rows cover the steps played. */
  readonly failure: string | null;
  readonly model: string;
  /** What the recorded requests cost at the model's prices (null: no price for the model). */
  readonly cost: (RecordedCost & { readonly source: string; readonly checked: string }) | null;
}

/** Sends every request as built: the recorded session's own requests. */
const NO_COMPACTION: CompactionStrategy = { name: 'no-compaction', compact: () => undefined };

export async function replayFidelity(options: ReplayFidelityOptions): Promise<FileFidelity[]> {
  const scenarios = await loadScenarios(options.paths, { cwd: options.cwd ?? process.cwd() });
  const results: FileFidelity[] = [];
  for (const scenario of scenarios) {
    if (!scenario.recorded) continue;
    // The recorded requests carried no planted fact statements: the check plays the log without them.
    const { facts: _planted, ...recorded } = scenario.world;
    const outcome = await runSession(recorded, { strategy: NO_COMPACTION });
    const model = scenario.world.phases[0]!.modelName;
    const listed = priceOf(model);
    const price = listed && withCacheLifetime(listed, scenario.world.promptCacheLifetime ?? '5m');
    const usage = scenario.world.turns.flatMap((turn) => turn.replay?.usage ?? []);
    results.push({
      file: scenario.file,
      scenario: scenario.name,
      failure: outcome.failure?.message ?? null,
      model,
      cost:
        price && usage.some((u) => u !== null)
          ? { ...priceRecordedUsage(usage, price), source: price.source, checked: price.checked }
          : null,
      ...usageFidelity(scenario.world, outcome.steps, scenario.recorded.compactions),
    });
  }
  return results;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)} %`;

const model = (fit: TokenFit): string => {
  const overhead = Math.round(fit.overhead);
  return `${fit.ratio.toFixed(3)} × our count ${overhead < 0 ? '−' : '+'} ${Math.abs(overhead)}`;
};
const requests = (n: number): string => `${n} request${n === 1 ? '' : 's'}`;

/** The calibrated model's lines: the fit, the requests left out, the held-out check against the bar. */
function renderCalibration(calibration: Calibration): string[] {
  if (calibration.kind === 'no-usage') return [];
  const left =
    calibration.afterCompaction === 0
      ? ''
      : `; ${requests(calibration.afterCompaction)} left out: the recorded agent had compacted before them`;
  const fitted =
    calibration.fit === null
      ? `  calibrated token model: undetermined (${requests(calibration.requests)}, fewer than two sizes${left})`
      : `  calibrated token model: recorded ≈ ${model(calibration.fit)} (Theil–Sen on ${requests(calibration.requests)}${left})`;
  if (calibration.kind === 'too-few')
    return [
      fitted,
      `  held out: too few requests to hold any out (${calibration.requests}; ${MIN_CALIBRATION_REQUESTS} needed): unchecked`,
    ];
  const held = calibration.heldOut;
  if (held === null)
    return [
      fitted,
      '  held out: the first half of the requests are all one size, so no model is fitted on them: unchecked',
    ];
  return [
    fitted,
    `  held out: fitted on the first ${requests(held.training)} (${model(held.fit)}), ${held.within}/${held.checked} of the other ${held.checked} within ±${USAGE_TOLERANCE * 100} % (${percent(held.share)}; bar ${USAGE_BAR * 100} %): ${held.passed ? 'pass' : 'FAIL'}`,
  ];
}

/** One section per file: the ±5 % share against the 95 % bar, the calibrated model and its held-out check, the recorded compactions. */
export function renderFidelity(files: readonly FileFidelity[]): string {
  const lines: string[] = [];
  for (const file of files) {
    lines.push(`${file.file}:`);
    if (file.requests === 0) lines.push('  no request carries recorded usage: nothing to check');
    else {
      const verdict = file.passed ? 'pass' : 'FAIL';
      lines.push(
        `  request size vs recorded input tokens: ${file.within}/${file.requests} within ±${USAGE_TOLERANCE * 100} % (${percent(file.share!)}; bar ${USAGE_BAR * 100} %): ${verdict}`,
      );
      lines.push(...renderCalibration(file.calibration));
    }
    if (file.cost) {
      const hits = file.cost.cacheHitRate === null ? '' : `, cache hit rate ${percent(file.cost.cacheHitRate)}`;
      lines.push(
        `  recorded cost: $${file.cost.usd.toFixed(4)} over ${file.cost.requests} requests${hits} (${file.model} prices read ${file.cost.checked}: ${file.cost.source})`,
      );
    } else if (file.requests > 0) lines.push(`  recorded cost: no price for '${file.model}' in the price table`);
    for (const point of file.compactions) {
      const recorded = point.preTokens === undefined ? 'size not recorded' : `${point.preTokens} tokens recorded`;
      const replay =
        point.replayTokens === null ? 'not reached' : `${point.replayTokens} tokens in the replay without compaction`;
      lines.push(
        `  recorded compaction (${point.trigger ?? 'trigger not recorded'}) before turn ${point.turn}, call ${point.call ?? 0}: ${recorded}; ${replay}`,
      );
    }
    if (file.failure) lines.push(`  the replay stopped early: ${file.failure}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
