/**
 * `hardened` over every suite in scenarios/ (seeds, regressions, examples, adk quirks, and the
 * museum when present): every scenario passes on the universal properties with no accepted
 * limitation, where the faithful ContextGuard port needs several. The probe suite (issue 29)
 * included: since hardened carries the user's words and the artifact trail forward verbatim
 * (docs/contextguard.md §11), goal-preserved holds there too (it failed in 21 of 36 sessions before).
 */
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../../src/harness/run/run-suite.ts';
import { ROOT } from '../../cli/run-cli.ts';

describe('hardened on every suite', () => {
  it('passes every scenario, needs no acceptance, and never overflows where it could fit', async () => {
    const run = await runSuite({ paths: ['scenarios'], strategy: 'hardened', jobs: 2, timeoutMs: 120_000, cwd: ROOT });
    const failures = run.outcomes.flatMap((outcome) =>
      outcome.failures.map((failure) => ({
        id: outcome.scenario.id,
        expectation: failure.expectation,
        message: failure.message,
      })),
    );
    // No known false positive left: no-summary-growth credits the history hardened's carried
    // ledger quotes (whole, line by line or cut), its continuations and the part of the reply it
    // sends (it failed twelve of these sessions before).
    // KNOWN LIMITATION, pinned so a change either way shows: a provider whose real limit is below
    // the window the strategy is told, refusing in its own words (the two misread museum pieces,
    // docs/known-bugs.md #33). hardened recognises only the typed overflow error, so it neither
    // compacts below the provider's real limit nor recovers, and the turn ends on the refusal.
    const KNOWN = [
      'scenarios/museum/opencode-1m-refusal-not-overflow.yaml#museum_Opencode_1mRefusalNotOverflow',
      'scenarios/museum/opencode-ollama-error-read-as-overflow.yaml#museum_Opencode_OllamaErrorReadAsOverflow',
    ];
    // KNOWN LIMITATION, pinned likewise: a real SWE-agent session replayed in its stated 8k window
    // whose third observation alone nearly fills it (8,639 tokens built, ~160 left once it is
    // kept): hardened's head (the carried ledger with the user's first message, then the summary)
    // gives way so the request fits, and the goal's statement goes with it (found when the trace
    // pack began planting the goal; docs/contextguard.md §11 carries the ledger only while there is room).
    const KNOWN_GOAL = ['scenarios/traces/swe-agent/ctf-forensics-flash.yaml#ctf-forensics-flash'];
    const known = failures.filter(
      (f) =>
        (f.expectation === 'model-answers' && KNOWN.includes(f.id)) ||
        (f.expectation === 'goal-preserved' && KNOWN_GOAL.includes(f.id)),
    );
    expect(
      known
        .filter((f) => f.expectation === 'model-answers')
        .map((f) => f.id)
        .sort(),
    ).toEqual(KNOWN);
    expect(known.filter((f) => f.expectation === 'goal-preserved').map((f) => f.id)).toEqual(KNOWN_GOAL);
    expect(failures.filter((f) => !known.includes(f)).map((f) => `${f.id}: ${f.expectation}: ${f.message}`)).toEqual(
      [],
    );
    expect(run.outcomes.filter((outcome) => outcome.scenario.file.startsWith('scenarios/probes/')).length).toBe(39);
    expect(run.outcomes.flatMap((outcome) => outcome.accepted)).toEqual([]);
    expect(run.outcomes.length).toBeGreaterThanOrEqual(70);
  }, 600_000);
});
