/**
 * `import --fill-unrecorded-prefix`: sizes a replay like the recorded requests. Logs that leave
 * out the system prompt and the tool declarations (Claude Code, Codex, ADK sessions) replay
 * requests tens of thousands of tokens smaller than the ones the provider billed, so a strategy
 * that triggers at a share of the window triggers much later than the recorded agent did. The
 * session is replayed without compaction, the calibrated token model is fitted on its recorded
 * usage (`usageFidelity`: recorded ≈ ratio × ours + overhead), and the scenario gets both
 * parameters: the token model counts with its tokenizer scaled by the ratio (`tokenModel.scale`),
 * and the system instruction ends with overhead / ratio tokens of marked filler
 * (`unrecordedPrefixText`), so that each replayed request costs ratio × (ours + filler) ≈ the
 * model's prediction of the recorded size, early (where the prefix dominates) and late (where the
 * ratio does, and where strategies trigger). The replay is then only as close as the model is:
 * its held-out check says how close that is.
 */
import { resolveScenarios } from '../harness/scenario/resolve-scenario.ts';
import type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
import { runSession } from '../world/run-session.ts';
import { MIN_CALIBRATION_REQUESTS, type HeldOutCheck } from './calibrate-usage.ts';
import type { TokenFit } from './fit-token-model.ts';
import { unrecordedPrefixText } from './unrecorded-prefix-text.ts';
import type { TokenShape } from './redact-vocabulary.ts';
import { usageFidelity } from './usage-fidelity.ts';

export type PrefixFill =
  | {
      readonly kind: 'filled';
      readonly spec: ScenarioSpec;
      /** The overhead in the provider's tokens (the fit's, rounded). */
      readonly tokens: number;
      /** The filler's own count under the tokenizer (tokens / scale). */
      readonly fillerTokens: number;
      /** The token model's scale: the fit's ratio, to three decimals. */
      readonly scale: number;
      readonly fit: TokenFit;
      /** Requests the model was fitted on. */
      readonly requests: number;
      /** The model's held-out check (null: the first half's requests were all one size). */
      readonly heldOut: HeldOutCheck | null;
    }
  /** Nothing added, and why (no usage, too few requests to fit and check a model on, an overhead of zero or less). */
  | { readonly kind: 'unfilled'; readonly spec: ScenarioSpec; readonly reason: string };

export async function fillUnrecordedPrefix(spec: ScenarioSpec, name: string, shape: TokenShape): Promise<PrefixFill> {
  const [scenario] = resolveScenarios(spec, { file: `${name}.yaml`, baseDir: '.' });
  // The recorded requests carried no planted fact statements: the fit plays the log without them.
  const { facts: _planted, ...world } = scenario!.world;
  const outcome = await runSession(world, { strategy: { name: 'no-compaction', compact: () => undefined } });
  const { calibration } = usageFidelity(world, outcome.steps, scenario!.recorded?.compactions ?? []);
  if (calibration.kind === 'no-usage') return { kind: 'unfilled', spec, reason: 'the log records no usage' };
  // A line through two or three requests says little about the rest: fill only from a fit that could be checked.
  if (calibration.kind === 'too-few')
    return {
      kind: 'unfilled',
      spec,
      reason: `${calibration.requests} request(s) with usage before any recorded compaction, too few to estimate the prefix (${MIN_CALIBRATION_REQUESTS} needed)`,
    };
  const tokens = Math.round(calibration.fit.overhead);
  if (tokens <= 0)
    return {
      kind: 'unfilled',
      spec,
      reason: `the fitted overhead is ${tokens} tokens: the log records the whole request`,
    };
  const session = spec.session ?? {};
  const recorded =
    session.systemPrompt !== undefined && typeof session.systemPrompt === 'object'
      ? session.systemPrompt.text
      : undefined;
  if (session.systemPrompt !== undefined && recorded === undefined)
    return { kind: 'unfilled', spec, reason: 'the system prompt is a generated size, not recorded text' };
  // Three decimals, as printed; the filler is counted before the scale applies.
  const scale = Math.round(calibration.fit.ratio * 1000) / 1000;
  if (!(scale > 0))
    return { kind: 'unfilled', spec, reason: `the fitted ratio is ${scale}: no token model counts that way` };
  const fillerTokens = Math.round(tokens / scale);
  const filler = unrecordedPrefixText(fillerTokens, shape);
  const tokenizer = session.tokenModel?.tokenizer;
  if (tokenizer === undefined)
    return { kind: 'unfilled', spec, reason: 'the scenario counts with a ratio model, not a tokenizer' };
  const note = `Sized like the recorded requests from its recorded usage (recorded ≈ ${scale.toFixed(3)} × our count + ${tokens}, on ${calibration.requests} requests): tokens are counted with ${tokenizer} × ${scale.toFixed(3)}, and the system instruction ends with ${fillerTokens} tokens of filler (${tokens} once scaled) standing for what the log left out (system prompt, tool declarations, provider framing), not recorded text.`;
  return {
    kind: 'filled',
    spec: {
      ...spec,
      description: [spec.description, note].filter((text) => text !== undefined && text !== '').join(' '),
      session: {
        ...session,
        tokenModel: { tokenizer, scale },
        systemPrompt: { text: recorded === undefined ? filler : `${recorded}\n\n${filler}` },
      },
    },
    tokens,
    fillerTokens,
    scale,
    fit: calibration.fit,
    requests: calibration.requests,
    heldOut: calibration.heldOut,
  };
}
