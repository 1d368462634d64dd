/**
 * The museum proven both ways (issue 31): every piece breaks its property with the peer as
 * reported (played by the strategy and options its file names), and holds it with the upstream
 * fix applied — expressed as the peer's option or generation that carries the fix. A piece whose
 * fix is not upstream (or not modelled) says so in its description ("Not fixed at the commit
 * modelled"), so it cannot pass for a proven one. Every file in scenarios/museum needs a row here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSuite, type ScenarioOutcome } from '../../src/harness/run/run-suite.ts';
import { ROOT } from '../cli/run-cli.ts';

const MUSEUM = 'scenarios/museum';

type Proof =
  | {
      readonly kind: 'fixed';
      /** The upstream change the fix stands for. */
      readonly upstream: string;
      readonly strategy: string;
      readonly options: Readonly<Record<string, unknown>>;
      /** Other properties the fixed peer still breaks here (named, so nothing passes unnoticed). */
      readonly stillBreaks?: readonly string[];
    }
  | { readonly kind: 'not-fixed'; readonly why: string };

const notFixed = (why: string): Proof => ({ kind: 'not-fixed', why });

const PROOFS: Readonly<Record<string, Proof>> = {
  'aider-current-turn-never-summarized.yaml': notFixed(
    'by design at @5dc9490b: the chat-history budget covers finished turns only (#3493 closed as a question)',
  ),
  'adk-js-anchored-summed-prompt-counts.yaml': {
    kind: 'fixed',
    upstream: 'google/adk-js PR #474 (TokenBasedContextCompactor reads the latest count; in @google/adk 2.0.0)',
    strategy: 'adk-js-token-based',
    options: {},
  },
  'cline-sdk-compaction-skipped.yaml': {
    kind: 'fixed',
    upstream: 'cline/cline PR #12317 (26037b17ac): assistant messages are cut boundaries; the generation of @21cb8d25',
    strategy: 'cline-sdk',
    options: { enabled: true, strategy: 'agentic', generation: '2026-08' },
    // The fixed cut summarizes the single typed task away with the rest of the turn.
    stillBreaks: ['user-request-preserved'],
  },
  'claude-code-refill-thrash.yaml': notFixed(
    'anthropics/claude-code#82131 is open; the breaker (CLI >= 2.1.89) ends the turn after the thrash, it does not prevent it',
  ),
  'codex-compaction-grows-context.yaml': notFixed('local-compaction symptom; no upstream fix of the local algorithm'),
  'codex-compaction-request-overflows.yaml': notFixed(
    'the remote mechanism is codex-remote-compaction-window-full; the local drop-one-item retry is unchanged at @c3756006',
  ),
  'codex-empty-summary.yaml': notFixed(
    'local-compaction symptom; the report is the remote v2 output, not modelled (codex-remote emulates v1 and holds here)',
  ),
  'codex-remote-compaction-window-full.yaml': notFixed(
    'the remote path at @c3756006; the move of compaction to the normal turn endpoint is not modelled',
  ),
  'codex-goal-lost-after-compaction.yaml': notFixed(
    'local-compaction symptom; the 20k user-message budget and the re-summarized summary are unchanged at @c3756006',
  ),
  'codex-overhead-loop.yaml': notFixed('a hypothesis for the report, shown with the local algorithm'),
  'crush-1m-overshoot.yaml': notFixed('no fix at @37f36e93'),
  'crush-cache-write-blind-spot.yaml': {
    kind: 'fixed',
    upstream: 'charmbracelet/crush PR #3841 (open): cache-creation tokens counted',
    strategy: 'crush',
    options: { count_cache_writes: true },
  },
  'crush-root-goal-lost.yaml': notFixed('no fix at @37f36e93'),
  'crush-uncapped-tool-result.yaml': notFixed('no fix at @37f36e93'),
  'gemini-cli-compresses-every-turn.yaml': notFixed(
    'PR #16826 closed; PR #23946 (open) trades the thrash for an overflow',
  ),
  'goose-compaction-fails-without-tool-responses.yaml': notFixed(
    'the summarizer input is the whole conversation at @475968db (mod.rs do_compact); PR #10500 only skips the identical retries and rewords the error',
  ),
  'goose-no-check-in-tool-loop.yaml': notFixed(
    'no mid-turn check in agent.rs @475968db (the threshold is read once, before the reply loop); PRs #11681 and #11903 (re-check after tool responses) were open when read',
  ),
  'langchain-error-as-summary.yaml': {
    kind: 'fixed',
    upstream: 'langchain-ai/langchain PR #39268: a failed summary raises instead of becoming the summary',
    strategy: 'langchain-summarization',
    options: {
      trigger: ['tokens', 20000],
      keep: ['messages', 10],
      trim_tokens_to_summarize: 40000,
      error_as_summary: false,
    },
    // 1.4.2 raises the summarizer's error: the run ends there (the history is not wiped).
    stillBreaks: ['strategy-threw'],
  },
  'langchain-goal-outside-trim-window.yaml': notFixed('not fixed in langchain 1.4.2'),
  'letta-full-window-trigger.yaml': {
    kind: 'fixed',
    upstream: 'letta-ai/letta PR #9897 (ede5cd2e): the 90 % trigger for every model again, as at @56ba9c25',
    strategy: 'letta',
    options: { trigger: '0.9' },
  },
  'openclaw-cjk-undercount.yaml': {
    kind: 'fixed',
    upstream: 'openclaw/openclaw PR #114386: a CJK-aware estimator for compaction accounting',
    strategy: 'pi',
    options: { estimator: 'cjk-aware' },
  },
  'openai-agents-count-not-tokens.yaml': notFixed(
    'openai/openai-agents-python#3126 was declined; the count-based default is unchanged at @583fede1',
  ),
  'opencode-1m-refusal-not-overflow.yaml': notFixed(
    'anomalyco/opencode#50574 is open; no overflow pattern can match a 400 that names no overflow (the classifier is played with overflow words in test/zoo/opencode-misread.test.ts)',
  ),
  'opencode-ollama-error-read-as-overflow.yaml': notFixed(
    'anomalyco/opencode#49965 is open; the remedy is configuration (num_ctx equal to limit.context), played in test/zoo/opencode-misread.test.ts',
  ),
  'opencode-empty-summary-lands.yaml': notFixed(
    'no check at @31e22f65; PR #42063 (reject empty summaries) was closed unmerged',
  ),
  'opencode-irreducible-overhead.yaml': notFixed('no fix at @fd78ec63'),
  'opencode-late-trigger.yaml': notFixed('no fix at @fd78ec63'),
  'opencode-session-too-large-to-compact.yaml': {
    kind: 'fixed',
    upstream: 'the tail generation (sst/opencode @31e22f65): the head only, tool outputs cut to 2,000 characters',
    strategy: 'opencode-tail',
    options: {},
    // The turn that carries the request does not fit the tail and is split: its user message is
    // summarized away (the "goal lost after auto-compaction" users report, anomalyco/opencode#41358).
    stillBreaks: ['user-request-preserved'],
  },
  'pi-no-check-between-tool-rounds.yaml': notFixed(
    'no mid-turn check at @83378aad; #7821 and #5512 were closed without a change',
  ),
  'pi-summarizer-blow-up.yaml': notFixed('no fix at @83378aad'),
  'strands-summarizing-single-result-overflow.yaml': notFixed(
    'PR #3723 (open) would cut the oversized block; not in @1232230d',
  ),
};

const files = readdirSync(join(ROOT, MUSEUM))
  .filter((f) => f.endsWith('.yaml'))
  .sort();

describe('the museum, proven both ways', () => {
  let asReported: ReadonlyMap<string, ScenarioOutcome>;
  const fixedRuns = new Map<string, ScenarioOutcome>();

  beforeAll(async () => {
    const run = await runSuite({ paths: [MUSEUM], jobs: 2, timeoutMs: 120_000, cwd: ROOT });
    asReported = new Map(run.outcomes.map((o) => [o.scenario.file.split('/').at(-1)!, o]));
    for (const [file, proof] of Object.entries(PROOFS)) {
      if (proof.kind !== 'fixed') continue;
      const fixed = await runSuite({
        paths: [`${MUSEUM}/${file}`],
        strategy: proof.strategy,
        strategyOptions: { ...proof.options },
        jobs: 1,
        timeoutMs: 120_000,
        cwd: ROOT,
      });
      fixedRuns.set(file, fixed.outcomes[0]!);
    }
  }, 600_000);

  it('has a row for every museum piece, and no row without a piece', () => {
    expect(Object.keys(PROOFS).sort()).toEqual(files);
  });

  it.each(files)('%s: the bug reproduces with the peer as reported', (file) => {
    const outcome = asReported.get(file)!;
    expect(outcome.failures, file).toEqual([]);
    expect(outcome.reproduced.map((r) => r.property).sort()).toEqual(
      outcome.scenario.reproduces.map((r) => r.property).sort(),
    );
  });

  it.each(files)('%s: the property holds with the upstream fix, or the piece says it is not fixed', (file) => {
    const proof = PROOFS[file]!;
    const scenario = asReported.get(file)!.scenario;
    if (proof.kind === 'not-fixed') {
      expect(scenario.description, file).toMatch(/Not fixed (at the commit|in the release) modelled/);
      return;
    }
    const outcome = fixedRuns.get(file)!;
    const properties = new Set<string>(scenario.reproduces.map((r) => r.property));
    expect(outcome.reproduced, file).toEqual([]);
    // The fixed peer breaks none of the reported properties; anything else it breaks is named in the row.
    // An acceptance pins the peer as reported: with the fix it may match nothing (stale), which is the point.
    const broken = outcome.failures
      .map((f) => f.expectation)
      .filter((e) => e !== 'reproduces' && e !== 'stale-acceptance');
    expect(
      broken.filter((e) => properties.has(e)),
      file,
    ).toEqual([]);
    expect([...new Set(broken)].sort(), file).toEqual([...(proof.stillBreaks ?? [])].sort());
    expect(scenario.description, file).not.toMatch(/Not fixed (at the commit|in the release) modelled/);
  });
});
