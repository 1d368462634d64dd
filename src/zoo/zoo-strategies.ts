/**
 * The strategy zoo: peer agents' compaction, one module each (docs/peer-strategies.md), by the name `--strategy`
 * and scenario files use, with the source each was read from. A module is imported when its
 * strategy is first built, not with this list: a run that plays ContextGuard (or the strategies
 * command, which lists names and sources) does not load sixteen peers' code in every thread
 * (about 20 ms of CPU each). test/zoo/zoo-smoke.test.ts checks each name against the strategy its
 * module builds.
 */
import type { StrategyFactory } from '../engine/types.ts';
import type { StrategyAudit } from './_shared/audit.ts';

export interface ZooStrategy {
  readonly name: string;
  /** Imports the strategy's module and gives its factory. */
  readonly load: () => Promise<StrategyFactory>;
  /** Repository, path and commit (or package and version) it was read from. */
  readonly source: string;
  /** The module's audit record (upstream commit, date checked, what it leaves out); imports the module. */
  readonly audit: () => Promise<StrategyAudit>;
}

export const ZOO_STRATEGIES: readonly ZooStrategy[] = Object.freeze([
  {
    name: 'crush',
    load: async () => (await import('./crush.ts')).crushStrategy,
    source: 'charmbracelet/crush internal/agent/agent.go @37f36e93',
    audit: async () => (await import('./crush.ts')).AUDIT,
  },
  {
    name: 'opencode',
    load: async () => (await import('./opencode-classic.ts')).opencodeClassicStrategy,
    source: 'anomalyco/opencode packages/opencode/src/session/compaction.ts @fd78ec63',
    audit: async () => (await import('./opencode-classic.ts')).AUDIT,
  },
  {
    name: 'opencode-tail',
    load: async () => (await import('./opencode-tail.ts')).opencodeTailStrategy,
    source: 'sst/opencode packages/opencode/src/session/compaction.ts + overflow.ts @31e22f65',
    audit: async () => (await import('./opencode-tail.ts')).AUDIT,
  },
  {
    name: 'opencode-tail-2026-04',
    load: async () => (await import('./opencode-tail.ts')).opencodeTail2026_04Strategy,
    source:
      'anomalyco/opencode v1.14.34 (npm opencode-linux-x64@1.14.34, bundled compaction.ts / overflow.ts / error.ts): the April 2026 tail generation of PR #21822',
    audit: async () => (await import('./opencode-tail.ts')).AUDIT_2026_04,
  },
  {
    name: 'codex',
    load: async () => (await import('./codex-local.ts')).codexLocalStrategy,
    source: 'openai/codex codex-rs/core/src/compact.rs @c3756006',
    audit: async () => (await import('./codex-local.ts')).AUDIT,
  },
  {
    name: 'codex-remote',
    load: async () => (await import('./codex-remote.ts')).codexRemoteStrategy,
    source:
      'openai/codex codex-rs/core/src/compact_remote.rs @c3756006 (read in the fork snapshot surflabom/codex), the server emulated',
    audit: async () => (await import('./codex-remote.ts')).AUDIT,
  },
  {
    name: 'adk-python-sliding-window',
    load: async () => (await import('./adk-python-sliding-window.ts')).adkPythonSlidingWindowStrategy,
    source: 'google/adk-python src/google/adk/apps/compaction.py @bb2efb6b',
    audit: async () => (await import('./adk-python-sliding-window.ts')).AUDIT,
  },
  {
    name: 'adk-python-token-threshold',
    load: async () => (await import('./adk-python-token-threshold.ts')).adkPythonTokenThresholdStrategy,
    source: 'google/adk-python apps/compaction.py, flows/llm_flows/compaction.py @bb2efb6b',
    audit: async () => (await import('./adk-python-token-threshold.ts')).AUDIT,
  },
  {
    name: 'adk-js-token-based',
    load: async () => (await import('./adk-js-token-based.ts')).adkJsTokenBasedStrategy,
    source: 'npm @google/adk@2.0.0 dist/esm/context/token_based_context_compactor.js',
    audit: async () => (await import('./adk-js-token-based.ts')).AUDIT,
  },
  {
    name: 'adk-js-truncating',
    load: async () => (await import('./adk-js-truncating.ts')).adkJsTruncatingStrategy,
    source: 'npm @google/adk@2.0.0 dist/esm/context/truncating_context_compactor.js',
    audit: async () => (await import('./adk-js-truncating.ts')).AUDIT,
  },
  {
    name: 'adk-js-anchored',
    load: async () => (await import('./adk-js-anchored.ts')).adkJsAnchoredStrategy,
    source: 'npm @google/adk@2.0.0 dist/esm/context/anchored_context_compactor.js',
    audit: async () => (await import('./adk-js-anchored.ts')).AUDIT,
  },
  {
    name: 'langchain-summarization',
    load: async () => (await import('./langchain-summarization.ts')).langchainSummarizationStrategy,
    source: 'PyPI langchain 1.4.2 langchain/agents/middleware/summarization.py',
    audit: async () => (await import('./langchain-summarization.ts')).AUDIT,
  },
  {
    name: 'gemini-cli',
    load: async () => (await import('./gemini-cli.ts')).geminiCliStrategy,
    source:
      'google-gemini/gemini-cli packages/core/src/context/chatCompressionService.ts + toolOutputMaskingService.ts @5411f113',
    audit: async () => (await import('./gemini-cli.ts')).AUDIT,
  },
  {
    name: 'gemini-cli-2026-01',
    load: async () => (await import('./gemini-cli.ts')).geminiCli2026_01Strategy,
    source:
      'google-gemini/gemini-cli packages/core/src/services/chatCompressionService.ts @1182168bd9 (the January 2026 generation)',
    audit: async () => (await import('./gemini-cli.ts')).AUDIT_2026_01,
  },
  {
    name: 'cline-sdk',
    load: async () => (await import('./cline-sdk.ts')).clineSdkStrategy,
    source: 'cline/cline sdk/packages/core/src/extensions/context/compaction.ts @21cb8d25',
    audit: async () => (await import('./cline-sdk.ts')).AUDIT,
  },
  {
    name: 'pi',
    load: async () => (await import('./pi.ts')).piStrategy,
    source: 'badlogic/pi-mono packages/coding-agent/src/core/compaction/compaction.ts @83378aad',
    audit: async () => (await import('./pi.ts')).AUDIT,
  },
  {
    name: 'goat',
    load: async () => (await import('./goat.ts')).goatStrategy,
    source: 'jack-phare/goat pkg/context/ @dd706f5f',
    audit: async () => (await import('./goat.ts')).AUDIT,
  },
  {
    name: 'anthropic-clear-tool-uses',
    load: async () => (await import('./anthropic-clear-tool-uses.ts')).anthropicClearToolUsesStrategy,
    source: 'Anthropic API clear_tool_uses_20250919 (docs.claude.com context-editing), emulated',
    audit: async () => (await import('./anthropic-clear-tool-uses.ts')).AUDIT,
  },
  {
    name: 'anthropic-compact',
    load: async () => (await import('./anthropic-compact.ts')).anthropicCompactStrategy,
    source: 'Anthropic API compact_20260112 (platform.claude.com compaction), emulated',
    audit: async () => (await import('./anthropic-compact.ts')).AUDIT,
  },
  {
    name: 'claude-code',
    load: async () => (await import('./claude-code.ts')).claudeCodeStrategy,
    source:
      'Claude Code auto-compaction as documented (code.claude.com docs, Agent SDK compact_boundary; closed source)',
    audit: async () => (await import('./claude-code.ts')).AUDIT,
  },
  {
    name: 'strands-sliding-window',
    load: async () => (await import('./strands-sliding-window.ts')).strandsSlidingWindowStrategy,
    source:
      'strands-agents/sdk-python src/strands/agent/conversation_manager/sliding_window_conversation_manager.py @1232230d',
    audit: async () => (await import('./strands-sliding-window.ts')).AUDIT,
  },
  {
    name: 'strands-summarizing',
    load: async () => (await import('./strands-summarizing.ts')).strandsSummarizingStrategy,
    source:
      'strands-agents/sdk-python src/strands/agent/conversation_manager/summarizing_conversation_manager.py @1232230d',
    audit: async () => (await import('./strands-summarizing.ts')).AUDIT,
  },
  {
    name: 'goose',
    load: async () => (await import('./goose.ts')).gooseStrategy,
    source: 'block/goose @475968db context_mgmt/mod.rs + agents/agent.rs (main, read in full in a fork snapshot)',
    audit: async () => (await import('./goose.ts')).AUDIT,
  },
  {
    name: 'openai-agents-compaction',
    load: async () => (await import('./openai-agents-compaction.ts')).openaiAgentsCompactionStrategy,
    source:
      'openai/openai-agents-python src/agents/memory/openai_responses_compaction_session.py @583fede1, the server emulated',
    audit: async () => (await import('./openai-agents-compaction.ts')).AUDIT,
  },
  {
    name: 'aider',
    load: async () => (await import('./aider.ts')).aiderStrategy,
    source: 'Aider-AI/aider aider/history.py (ChatSummary) @5dc9490b',
    audit: async () => (await import('./aider.ts')).AUDIT,
  },
  {
    name: 'langmem-summarize',
    load: async () => (await import('./langmem-summarize.ts')).langmemSummarizeStrategy,
    source: 'langchain-ai/langmem src/langmem/short_term/summarization.py (summarize_messages) @b5dbe4aa',
    audit: async () => (await import('./langmem-summarize.ts')).AUDIT,
  },
  {
    name: 'letta',
    load: async () => (await import('./letta.ts')).lettaStrategy,
    source: 'letta-ai/letta letta/services/summarizer/summarizer_sliding_window.py + compact.py @56ba9c25',
    audit: async () => (await import('./letta.ts')).AUDIT,
  },
  {
    name: 'openhands-amortized-forgetting',
    load: async () => (await import('./openhands-amortized-forgetting.ts')).openhandsAmortizedForgettingStrategy,
    source: 'All-Hands-AI/OpenHands openhands/memory/condenser/impl/amortized_forgetting_condenser.py @156d0686',
    audit: async () => (await import('./openhands-amortized-forgetting.ts')).AUDIT,
  },
  {
    name: 'openhands-llm-summarizing',
    load: async () => (await import('./openhands-llm-summarizing.ts')).openhandsLlmSummarizingStrategy,
    source: 'All-Hands-AI/OpenHands openhands/memory/condenser/impl/llm_summarizing_condenser.py @156d0686',
    audit: async () => (await import('./openhands-llm-summarizing.ts')).AUDIT,
  },
  {
    name: 'openhands-observation-masking',
    load: async () => (await import('./openhands-observation-masking.ts')).openhandsObservationMaskingStrategy,
    source: 'All-Hands-AI/OpenHands openhands/memory/condenser/impl/observation_masking_condenser.py @156d0686',
    audit: async () => (await import('./openhands-observation-masking.ts')).AUDIT,
  },
]);
