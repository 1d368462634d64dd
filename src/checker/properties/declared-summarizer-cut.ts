/**
 * Contract check `declared-summarizer-cut` (what `summarizer-input-budget` was before it judged the
 * summarizer requests of the session): a strategy that declares how it cuts its summarizer's input (`declarations.summarizerInput`: a share
 * of the window in its own count, and the cut itself) drops history only as far as that budget
 * needs: a history that fits is sent whole, and of a history cut, the newest content dropped did
 * not fit beside what was kept. What no property of a session sees: a budget counted in bytes
 * where tokens were meant (four bytes a token) keeps a quarter of what fits, the summary loses the
 * older history, and every request still fits the window. The behaviour property
 * `summarizer-input-budget` judges the same bug on the summarizer requests the session sent; this
 * check keeps what no session can pin: the exact boundary in the strategy's own count (dropping AT
 * the budget, `>=` for `>`), on probes the session may never hold.
 *
 * Each probe is a history of 16 plain messages, alternately user and model, of one content kind
 * the scenario holds, that totals about 40 % of the window in bytes/4 (it fits a budget of 80 %)
 * and one that totals about 160 % (it must be cut), cut for windows of 8,000 and 32,000 tokens.
 * The cut is pure in (contents, window), so the probes never need the session: the verdict depends
 * only on the strategy and the kinds of text of the scenario, and a counterexample shrinks to the
 * scenario holding the kind it cuts too far. The check reads the strategy's own count, exactly: a
 * strategy is held to the budget it declares, not to the provider's count, and the histories land
 * on an 80 % budget exactly (16 messages of a tenth of the window: 8 of them are the budget), so dropping
 * while the input is AT the budget (`>=` for `>`) fails too.
 */
import type { Content } from '@google/genai';
import type { DeclaredSummarizerInput } from '../../engine/types.ts';
import { generateText } from '../../world/content/generate-text.ts';
import { deepFreeze } from '../../world/sessions/deep-freeze.ts';
import { rngFor } from '../../world/sim/prng.ts';
import type { ContentKind, WorldScenario } from '../../world/world-scenario.ts';
import { scenarioTextKinds } from './estimate-precision.ts';
import { violation, type FuzzProperty } from './property.ts';

/** The model windows each history is cut for. */
export const PROBE_WINDOWS = [8_000, 32_000] as const;
/** Messages per probe history. */
const MESSAGES = 16;
/** Each history's size, as a share of the window in bytes/4 tokens: one that fits an 80 % budget, one that does not. */
const HISTORY_SHARES = [0.4, 1.6] as const;

export const declaredSummarizerCut: FuzzProperty = {
  name: 'declared-summarizer-cut',
  kind: 'contract',
  description:
    "a strategy that declares how it cuts its summarizer's input cuts probe histories only while they exceed its declared budget, in its own count",
  expectKey: null,
  needsRerun: false,
  appliesTo: (strategy) => strategy.declarations?.summarizerInput !== undefined,
  check(scenario, _result, _rerun, strategy) {
    const declared = strategy?.declarations?.summarizerInput;
    if (declared === undefined) return null;
    let broken: string | null;
    try {
      broken = overCut(probeHistories(scenario), declared);
    } catch (error) {
      // The strategy's own code: a throw is its failure, never the fuzzer's crash.
      broken = `its declared cut threw: ${error instanceof Error ? error.message : String(error)}`;
    }
    return broken === null ? null : violation('declared-summarizer-cut', { step: null, turn: null }, broken);
  },
};

export interface ProbeHistory {
  readonly name: string;
  readonly contextWindow: number;
  readonly contents: readonly Content[];
}

/** The first probe history the declared cut drops too much of, as a sentence; null when none. */
export function overCut(histories: readonly ProbeHistory[], declared: DeclaredSummarizerInput): string | null {
  for (const { name, contextWindow, contents } of histories) {
    const budget = declared.share * contextWindow;
    const kept = new Set(declared.trim(contents, contextWindow));
    const dropped = contents.filter((content) => !kept.has(content));
    if (dropped.length === 0) continue;
    const total = declared.tokens(contents);
    const what = `a history of ${contents.length} ${name} messages (${Math.round(total)} tokens as it counts them) for a ${contextWindow}-token window`;
    if (total <= budget) {
      return `dropped ${dropped.length} of ${what}, all within its declared budget of ${Math.round(budget)} (${declared.share} of the window)`;
    }
    const newest = contents.lastIndexOf(dropped.at(-1)!);
    const withNewest = contents.filter((content, index) => kept.has(content) || index === newest);
    const room = declared.tokens(withNewest);
    if (room <= budget) {
      return (
        `cut ${what} to ${kept.size} messages (${Math.round(declared.tokens([...kept]))} tokens), although the newest one it dropped fits beside them ` +
        `(${Math.round(room)} tokens within its declared budget of ${Math.round(budget)}, ${declared.share} of the window)`
      );
    }
  }
  return null;
}

const historiesOf = new WeakMap<WorldScenario, readonly ProbeHistory[]>();

/** The probe histories of `scenario`: one kind of text each (the kinds it holds), fitting and not, per probe window. */
export function probeHistories(scenario: WorldScenario): readonly ProbeHistory[] {
  let histories = historiesOf.get(scenario);
  if (histories === undefined) {
    histories = scenarioTextKinds(scenario).flatMap((kind) =>
      PROBE_WINDOWS.flatMap((window) => HISTORY_SHARES.map((share) => history(kind, window, share))),
    );
    historiesOf.set(scenario, histories);
  }
  return histories;
}

// Fixed histories per kind, window and size, generated once per process.
const fixedHistories = new Map<string, ProbeHistory>();

function history(kind: ContentKind, contextWindow: number, share: number): ProbeHistory {
  const key = `${kind}:${contextWindow}:${share}`;
  let found = fixedHistories.get(key);
  if (found === undefined) {
    // bytes/4 tokens: each message carries its share of the history's tokens, four bytes each.
    const bytes = Math.round((4 * share * contextWindow) / MESSAGES);
    const contents: Content[] = Array.from({ length: MESSAGES }, (_, i) => ({
      role: i % 2 === 0 ? 'user' : 'model',
      parts: [
        { text: generateText({ kind, size: bytes, turn: i + 1 }, rngFor(0, 'summarizer-input-probe', kind, bytes, i)) },
      ],
    }));
    found = deepFreeze({ name: kind, contextWindow, contents });
    fixedHistories.set(key, found);
  }
  return found;
}
