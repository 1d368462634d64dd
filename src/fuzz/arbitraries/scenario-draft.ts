/**
 * A whole session draft: window, token model, usage metadata (on, off, late), system prompt and
 * tool declarations, 1 to 6 turn groups (up to 300 turns), streaming, a mid-session switch and a
 * summarizer with faults. Every optional feature shrinks to "absent", so a counterexample keeps
 * only what its failure needs.
 */
import fc from 'fast-check';
import type { ScenarioDraft, UsageDraft } from './_internals/drafts.ts';
import { sometimes } from './_internals/sometimes.ts';
import { contextWindowArbitrary } from './context-window.ts';
import { factsDraftArbitrary } from './facts.ts';
import { phaseSwitchDraftArbitrary } from './phase-switch.ts';
import { summarizerDraftArbitrary } from './summarizer.ts';
import { systemPromptDraftArbitrary } from './system-prompt.ts';
import { tokenModelDraftArbitrary } from './token-model.ts';
import { toolDeclarationsArbitrary } from './tool-declarations.ts';
import { turnGroupDraftArbitrary } from './turn-group.ts';

export function scenarioDraftArbitrary(): fc.Arbitrary<ScenarioDraft> {
  return fc.record({
    seed: fc.integer({ min: 1, max: 999 }),
    profile: fc.constantFrom('adk' as const, 'go-compat' as const),
    flavour: fc.oneof(
      { withCrossShrink: true },
      { arbitrary: fc.constant('adk-js' as const), weight: 4 },
      { arbitrary: fc.constant('adk-go' as const), weight: 1 },
    ),
    contextWindow: contextWindowArbitrary(),
    tokenModel: tokenModelDraftArbitrary(),
    usage: usageArbitrary(),
    streaming: sometimes(fc.integer({ min: 1, max: 3 }), 15).map((chunks) => chunks ?? 0),
    systemPrompt: systemPromptDraftArbitrary(),
    toolDeclarations: toolDeclarationsArbitrary(),
    turns: fc.array(turnGroupDraftArbitrary(), { minLength: 1, maxLength: 6 }),
    phaseSwitch: phaseSwitchDraftArbitrary(),
    summarizer: summarizerDraftArbitrary(),
    // Now and then the first request exactly on ContextGuard's threshold as it counts it (cold-threshold.ts).
    coldThreshold: sometimes(
      fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.constantFrom(1, -1), weight: 1 }),
      10,
    ),
    // Now and then the second turn's first request exactly on it as counted after calibration
    // (warm-threshold.ts). Drawn last, so every other field draws as before.
    warmThreshold: sometimes(
      fc.oneof({ arbitrary: fc.constant(0), weight: 2 }, { arbitrary: fc.constantFrom(1, -1), weight: 1 }),
      15,
    ),
    // Planted facts (issue 29: goal-preserved and retention in every fuzz run). Drawn last, as above.
    facts: factsDraftArbitrary(),
  });
}

function usageArbitrary(): fc.Arbitrary<UsageDraft> {
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant('on' as const), weight: 7 },
    { arbitrary: fc.constant('off' as const), weight: 2 },
    { arbitrary: fc.constant('late' as const), weight: 2 },
  );
}
