/**
 * Builds WorldScenarios with the Go simulator's conventions (docs/contextguard.md §10): user text or
 * `longMessage`, tool responses `"x" × size` under key "result" with args {param: "value"}, the
 * `Turn %d analysis:` model text (default 120-byte body), the system-prompt filler, makeMCPTools
 * declarations, no user content exposed, the fixed 120-byte summary from a summarizer with no window
 * of its own (it answers whatever it is sent), no called-tool declarations.
 */
import type { Flavour, TextSpec, WorldScenario, WorldTurn } from '../world-scenario.ts';

export const GO_FIXED_SUMMARY =
  'Summary: conversation involved investigating issues with tools. Key decisions were made. Specific next steps identified.';

export interface GoSessionConfig {
  readonly name?: string;
  readonly contextWindow: number;
  readonly systemPromptSize: number;
  readonly modelName: string;
  readonly hasUsageMetadata: boolean;
  readonly tokenRatio: number;
  readonly tools?: { readonly count: number; readonly schemaSize: number };
  readonly flavour?: Flavour;
  readonly seed?: number;
}

export interface GoTurn {
  /** A literal (with `%d` replaced by the turn index) or `{ longMessage: n }`. */
  readonly user: string | { readonly longMessage: number };
  readonly toolCalls?: readonly { readonly name: string; readonly size: number }[];
  readonly responseSize?: number;
  readonly sequential?: boolean;
  readonly attachments?: readonly { readonly mimeType: string; readonly size: number }[];
}

export function goScenario(cfg: GoSessionConfig, turns: readonly GoTurn[]): WorldScenario {
  return {
    name: cfg.name ?? 'go-session',
    seed: cfg.seed ?? 1,
    flavour: cfg.flavour ?? 'adk-js',
    agentName: 'test-agent',
    systemPrompt: cfg.systemPromptSize > 0 ? { kind: 'go-system-prompt', size: cfg.systemPromptSize } : null,
    toolDeclarations: cfg.tools ?? null,
    declareCalledTools: false,
    exposeUserContent: false,
    // The Go simulator's mockLLM ignores its input and always answers: no window of its own (docs/contextguard.md §10).
    summarizer: { reply: 'fixed', text: GO_FIXED_SUMMARY, exceedFactor: 3, contextWindow: 'none', faults: [] },
    phases: [
      {
        name: 'main',
        modelName: cfg.modelName,
        contextWindow: cfg.contextWindow,
        usageMetadata: cfg.hasUsageMetadata,
        tokenModel: { kind: 'ratio', ratio: cfg.tokenRatio },
        streamingChunks: 0,
      },
    ],
    turns: turns.map((turn, i) => goTurn(turn, i)),
    thrash: { count: 3, withinSteps: 5 },
    maxLlmCallsPerTurn: 500,
  };
}

function goTurn(turn: GoTurn, i: number): WorldTurn {
  const user: TextSpec =
    typeof turn.user === 'string'
      ? { text: turn.user.replace('%d', String(i)) }
      : { kind: 'go-long-message', size: turn.user.longMessage, turn: i };
  return {
    index: i,
    phase: 0,
    user,
    attachments: turn.attachments ?? [],
    toolCalls: (turn.toolCalls ?? []).map((call) => ({
      name: call.name,
      response: { kind: 'x', size: call.size },
      responseKey: 'result',
      args: { param: 'value' },
    })),
    sequential: turn.sequential ?? false,
    modelResponse: {
      kind: 'go-analysis',
      size: turn.responseSize && turn.responseSize > 0 ? turn.responseSize : 120,
      turn: i,
    },
  };
}

/** `n` turns produced by `make(i)`. */
export function turnsOf(n: number, make: (i: number) => GoTurn): GoTurn[] {
  return Array.from({ length: n }, (_, i) => make(i));
}
