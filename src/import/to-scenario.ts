/**
 * One recorded session → a scenario file's spec in replay mode: the recorded model, its window
 * (the `--window` given, else the one the log recorded, else the registry's for a well-known
 * model: never a guess), the recorded system prompt and declarations, and the replay block.
 */
import { knownContextWindow } from '../harness/scenario/known-context-window.ts';
import type { ReplaySpec } from '../harness/scenario/replay-schema.ts';
import type { ScenarioSpec } from '../harness/scenario/scenario-schema.ts';
import { buildReplay } from './build-replay.ts';
import { factsOfReplay } from './replay-facts.ts';
import type { LogProblem, RecordedSession } from './recorded-log.ts';

export interface ScenarioOptions {
  readonly name: string;
  readonly format: string;
  /** The log file as given (provenance). */
  readonly file: string;
  /** Window for every session, in tokens (overrides the log's). */
  readonly contextWindow?: number | undefined;
  /** Model name when the log records none. */
  readonly model?: string | undefined;
  /** Provenance of a log from a public source: origin, commit, licence, attribution. */
  readonly source?: Omit<NonNullable<ReplaySpec['source']>, 'format' | 'file'> | undefined;
  /** Plant the facts the log states (goal, files edited, failed calls: `factsOfReplay`); default true. */
  readonly facts?: boolean | undefined;
}

export type ScenarioBuild =
  | { readonly kind: 'ok'; readonly spec: ScenarioSpec }
  /** A readable session with nothing to replay (no model response): skipped, not an error. */
  | { readonly kind: 'empty'; readonly reason: string }
  | { readonly kind: 'invalid'; readonly problems: readonly LogProblem[] };

/** Unknown models are counted with o200k_base (GPT-4o's tokenizer); the recorded usage says how far off that is. */
const TOKENIZER = 'o200k_base' as const;

export function toScenario(session: RecordedSession, options: ScenarioOptions): ScenarioBuild {
  const built = buildReplay(session.entries);
  if (built.turns.length === 0 && built.problems.length === 0)
    return { kind: 'empty', reason: 'no model response: the log records no turn to replay' };
  const problems = [...built.problems];
  const model = session.model ?? options.model;
  const window = options.contextWindow ?? session.contextWindow ?? (model === undefined ? null : windowOfModel(model));
  if (window === null) {
    const message =
      model === undefined
        ? 'the log records no model and no context window: pass --window <tokens>'
        : `the log records no context window and '${model}' is not a well-known model: pass --window <tokens>`;
    problems.push({ where: { path: [] }, message });
  }
  if (problems.length > 0) return { kind: 'invalid', problems };
  const tools = session.tools ?? [];
  const notes = [
    ...(session.notes ?? []),
    ...built.notes,
    ...(options.contextWindow === undefined
      ? []
      : [`The window (${options.contextWindow} tokens) was chosen at import, not recorded.`]),
    ...(session.promptCacheLifetime === '1h'
      ? ["The log's cache writes are one-hour writes, so the session is priced with that lifetime."]
      : []),
  ];
  const replay: ReplaySpec = {
    source: { format: options.format, file: options.file, ...options.source },
    ...(tools.length === 0 ? {} : { tools: [...tools] }),
    turns: built.turns,
    ...(built.compactions.length === 0 ? {} : { compactions: built.compactions }),
  };
  const facts = options.facts === false ? [] : factsOfReplay(replay);
  const spec: ScenarioSpec = {
    name: options.name,
    description: [
      `Replay of ${options.file} (${options.format}), open loop: the recorded responses and tool results play back whatever the strategy keeps.`,
      ...notes,
    ].join(' '),
    session: {
      model: model ?? 'unrecorded-model',
      contextWindow: window!,
      tokenModel: { tokenizer: TOKENIZER },
      ...(built.systemPrompt === undefined ? {} : { systemPrompt: { text: built.systemPrompt } }),
      // The recorded declarations are the tools; without them, declare the called ones as adk-js would.
      declareCalledTools: tools.length === 0,
      ...(session.promptCacheLifetime === undefined ? {} : { promptCacheLifetime: session.promptCacheLifetime }),
    },
    ...(facts.length === 0 ? {} : { facts }),
    replay,
  };
  return { kind: 'ok', spec };
}

/** The registry's window for `model`, or for it without a release date (`gpt-4o-2024-08-06` is a `gpt-4o`). */
export function windowOfModel(model: string): number | null {
  return knownContextWindow(model) ?? knownContextWindow(model.replace(/-(\d{4}-\d{2}-\d{2}|\d{8})$/, ''));
}
