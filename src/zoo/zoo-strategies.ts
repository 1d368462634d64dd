/**
 * The strategy zoo: peer agents' compaction, one module each (zoo.md), by the name `--strategy`
 * and scenario files use, with the source each was read from.
 */
import type { StrategyFactory } from '../engine/types.ts';
import { ADK_JS_ANCHORED, adkJsAnchoredStrategy } from './adk-js-anchored.ts';
import { ADK_JS_TOKEN_BASED, adkJsTokenBasedStrategy } from './adk-js-token-based.ts';
import { ADK_JS_TRUNCATING, adkJsTruncatingStrategy } from './adk-js-truncating.ts';
import { ADK_PYTHON_SLIDING_WINDOW, adkPythonSlidingWindowStrategy } from './adk-python-sliding-window.ts';
import { ADK_PYTHON_TOKEN_THRESHOLD, adkPythonTokenThresholdStrategy } from './adk-python-token-threshold.ts';
import { ANTHROPIC_CLEAR_TOOL_USES, anthropicClearToolUsesStrategy } from './anthropic-clear-tool-uses.ts';
import { ANTHROPIC_COMPACT, anthropicCompactStrategy } from './anthropic-compact.ts';
import { CLINE_SDK, clineSdkStrategy } from './cline-sdk.ts';
import { CODEX_LOCAL, codexLocalStrategy } from './codex-local.ts';
import { CRUSH, crushStrategy } from './crush.ts';
import { GEMINI_CLI, geminiCliStrategy } from './gemini-cli.ts';
import { GOAT, goatStrategy } from './goat.ts';
import { LANGCHAIN_SUMMARIZATION, langchainSummarizationStrategy } from './langchain-summarization.ts';
import { OPENCODE_CLASSIC, opencodeClassicStrategy } from './opencode-classic.ts';
import { OPENCODE_TAIL, opencodeTailStrategy } from './opencode-tail.ts';
import { PI, piStrategy } from './pi.ts';

export interface ZooStrategy {
  readonly name: string;
  readonly factory: StrategyFactory;
  /** Repository, path and commit (or package and version) it was read from. */
  readonly source: string;
}

export const ZOO_STRATEGIES: readonly ZooStrategy[] = Object.freeze([
  { name: CRUSH, factory: crushStrategy, source: 'charmbracelet/crush internal/agent/agent.go @37f36e93' },
  { name: OPENCODE_CLASSIC, factory: opencodeClassicStrategy, source: 'anomalyco/opencode packages/opencode/src/session/compaction.ts @fd78ec63' },
  { name: OPENCODE_TAIL, factory: opencodeTailStrategy, source: 'anomalyco/opencode PR #21822 + #23491, compaction.ts [index copies]' },
  { name: CODEX_LOCAL, factory: codexLocalStrategy, source: 'openai/codex codex-rs/core/src/compact.rs @c3756006' },
  { name: ADK_PYTHON_SLIDING_WINDOW, factory: adkPythonSlidingWindowStrategy, source: 'google/adk-python src/google/adk/apps/compaction.py [index]' },
  { name: ADK_PYTHON_TOKEN_THRESHOLD, factory: adkPythonTokenThresholdStrategy, source: 'google/adk-python apps/compaction.py, flows/llm_flows/compaction.py [index] (a88e864)' },
  { name: ADK_JS_TOKEN_BASED, factory: adkJsTokenBasedStrategy, source: 'npm @google/adk@2.0.0 dist/esm/context/token_based_context_compactor.js' },
  { name: ADK_JS_TRUNCATING, factory: adkJsTruncatingStrategy, source: 'npm @google/adk@2.0.0 dist/esm/context/truncating_context_compactor.js' },
  { name: ADK_JS_ANCHORED, factory: adkJsAnchoredStrategy, source: 'npm @google/adk@2.0.0 dist/esm/context/anchored_context_compactor.js' },
  { name: LANGCHAIN_SUMMARIZATION, factory: langchainSummarizationStrategy, source: 'PyPI langchain 1.4.2 langchain/agents/middleware/summarization.py' },
  { name: GEMINI_CLI, factory: geminiCliStrategy, source: 'google-gemini/gemini-cli packages/core/src/context/chatCompressionService.ts @5411f113' },
  { name: CLINE_SDK, factory: clineSdkStrategy, source: 'cline/cline sdk/packages/core/src/extensions/context/compaction.ts @21cb8d25' },
  { name: PI, factory: piStrategy, source: 'badlogic/pi-mono packages/coding-agent/src/core/compaction/compaction.ts @83378aad' },
  { name: GOAT, factory: goatStrategy, source: 'jack-phare/goat pkg/context/ @dd706f5f' },
  { name: ANTHROPIC_CLEAR_TOOL_USES, factory: anthropicClearToolUsesStrategy, source: 'Anthropic API clear_tool_uses_20250919 (docs.claude.com context-editing), emulated' },
  { name: ANTHROPIC_COMPACT, factory: anthropicCompactStrategy, source: 'Anthropic API compact_20260112 (platform.claude.com compaction), emulated' },
]);
