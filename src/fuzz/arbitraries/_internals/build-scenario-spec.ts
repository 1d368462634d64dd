/**
 * Draft → `ScenarioSpec`: the same model the scenario files use, with every size a number and
 * every default left out, so a shrunk counterexample serializes to a short, readable file.
 */
import type {
  PhaseSpec,
  ScenarioSpec,
  SessionSpec,
  ToolSpec,
  TurnGroupSpec,
  UserMessageSpec,
} from '../../../harness/scenario/scenario-schema.ts';
import { coldThresholdUserBytes } from './cold-threshold.ts';
import { plantFacts } from './plant-facts.ts';
import { warmThresholdSpec } from './warm-threshold.ts';
import { fitBudget, type SizedGroup } from './cost-budget.ts';
import type { ScenarioDraft, SizeDraft, TokenModelDraft, ToolDraft, TurnDraft, UserDraft } from './drafts.ts';
import { resolveSize, type SizeContext } from './resolve-size.ts';

/** Tool names by position in a turn (the seeds' names), so files read like the Go tests. */
const TOOL_NAMES = ['read_file', 'grep_logs', 'query_db', 'fetch_api', 'analyze'] as const;
const BURST_NAMES = ['big_fetch', 'search', 'status'] as const;
/** Default model text when a turn sets none (the Go simulator's 120 bytes). */
const DEFAULT_RESPONSE_BYTES = 120;
const MIN_WINDOW = 1_000;

export function buildScenarioSpec(draft: ScenarioDraft): ScenarioSpec {
  const spec = coldAnchored(draft);
  // The warm anchor sizes the second user message on the spec as built (warm-threshold.ts).
  const warm = draft.warmThreshold ?? null;
  const built = warm === null ? spec : (warmThresholdSpec(spec, warm)?.spec ?? spec);
  // Facts are planted last, on the session as built (plant-facts.ts); away from anchored turns.
  const facts = draft.facts ?? null;
  const anchored = warm !== null || (draft.coldThreshold ?? null) !== null;
  return facts === null ? built : plantFacts(built, facts, anchored);
}

function coldAnchored(draft: ScenarioDraft): ScenarioSpec {
  const spec = buildPlainSpec(draft);
  // The cold-threshold anchor needs the request's exact overhead, known once the spec resolves;
  // the draft is then built again with that first message, so the cost budget still holds. An
  // empty first message stays empty: under adk-go it is a feature of its own (issue 17).
  const cold = draft.coldThreshold ?? null;
  if (cold === null || draft.turns[0] === undefined || draft.turns[0].user.form === 'empty') return spec;
  const bytes = coldThresholdUserBytes(spec, cold);
  return bytes === null ? spec : buildPlainSpec(withFirstUserBytes(draft, bytes));
}

/** The draft with its first turn on its own, its user message `bytes` long (of its kind, if sized). */
function withFirstUserBytes(draft: ScenarioDraft, bytes: number): ScenarioDraft {
  const [first, ...rest] = draft.turns;
  const kind = first!.user.form === 'sized' ? first!.user.kind : null;
  const resized: TurnDraft = { ...first!, repeat: 1, user: { form: 'sized', size: { anchor: 'bytes', bytes }, kind } };
  const split = first!.repeat > 1;
  const turns = split ? [resized, { ...first!, repeat: first!.repeat - 1 }, ...rest] : [resized, ...rest];
  const phaseSwitch =
    split && draft.phaseSwitch !== null
      ? { ...draft.phaseSwitch, atGroup: draft.phaseSwitch.atGroup + 1 }
      : draft.phaseSwitch;
  return { ...draft, turns, phaseSwitch, coldThreshold: null };
}

function buildPlainSpec(draft: ScenarioDraft): ScenarioSpec {
  const context = sizeContext(draft);
  const systemPromptBytes =
    draft.systemPrompt === null ? null : resolveSize(draft.systemPrompt, { ...context, overheadTokens: 0 });
  const sized = draft.turns.map((turn) => sizeGroup(turn, context));
  const tokenizer =
    !('ratio' in draft.tokenModel) ||
    (draft.phaseSwitch?.tokenModel != null && !('ratio' in draft.phaseSwitch.tokenModel));
  const budget = fitBudget(
    sized,
    4 * context.overheadTokens,
    tokenizer,
    resolveSize({ anchor: 'window', percent: 100 }, context),
  );
  const scale = (bytes: number) => scaleBytes(bytes, budget.sizeScale);
  const groups = draft.turns.map((turn, i) => turnGroupSpec(turn, budget.repeats[i]!, context, scale));

  const session: SessionSpec = {
    contextWindow: draft.contextWindow,
    ...(systemPromptBytes === null || scale(systemPromptBytes) === 0 ? {} : { systemPrompt: scale(systemPromptBytes) }),
    ...(draft.toolDeclarations === null ? {} : { tools: { ...draft.toolDeclarations } }),
    ...(draft.usage === 'off' ? { usageMetadata: false } : {}),
    ...(isDefaultTokenModel(draft.tokenModel) ? {} : { tokenModel: { ...draft.tokenModel } }),
    ...(draft.streaming > 0 ? { streaming: draft.streaming } : {}),
    // Realistic texts as windows over per-kind corpora: a fuzz run generates thousands of texts,
    // word by word they cost a quarter of its CPU (issue 32); the file replays them the same way.
    textSource: 'corpus',
  };
  return {
    name: 'fuzz-case',
    seed: draft.seed,
    ...(draft.profile === 'adk' ? {} : { profile: draft.profile }),
    ...(draft.flavour === 'adk-js' ? {} : { flavour: draft.flavour }),
    session,
    ...summarizerSpec(draft),
    ...turnsOrPhases(draft, groups),
  };
}

function sizeContext(draft: ScenarioDraft): SizeContext {
  const ratio = 'ratio' in draft.tokenModel ? draft.tokenModel.ratio : 1;
  const systemBytes =
    draft.systemPrompt === null
      ? 0
      : resolveSize(draft.systemPrompt, { contextWindow: draft.contextWindow, ratio, overheadTokens: 0 });
  // makeMCPTools declarations cost about 0.28 heuristic tokens per schema byte (docs/contextguard.md §10 table).
  const toolTokens =
    draft.toolDeclarations === null
      ? 0
      : Math.round(draft.toolDeclarations.count * draft.toolDeclarations.schemaSize * 0.28);
  return { contextWindow: draft.contextWindow, ratio, overheadTokens: Math.floor(systemBytes / 4) + toolTokens };
}

function sizeGroup(turn: TurnDraft, context: SizeContext): SizedGroup {
  const bytes = (size: SizeDraft) => resolveSize(size, context);
  const toolBytes = turn.tools.reduce((sum, tool) => sum + bytes(tool.size) * tool.repeat, 0);
  const userBytes =
    turn.user.form === 'empty' ? 0 : turn.user.form === 'literal' ? turn.user.text.length : bytes(turn.user.size);
  const attachmentBytes = turn.attachments.reduce((sum, a) => sum + bytes(a.size), 0);
  const responseBytes = turn.response === null ? DEFAULT_RESPONSE_BYTES : bytes(turn.response);
  // A burst turn carries the burst tools instead of the group's: budget for the larger of the two.
  const burstBytes =
    turn.burst === null ? 0 : turn.burst.tools.reduce((sum, tool) => sum + bytes(tool.size) * tool.repeat, 0);
  const calls = turn.tools.reduce((sum, tool) => sum + tool.repeat, 0);
  const toolSteps = calls === 0 ? 0 : turn.sequential ? calls : 1;
  return {
    repeat: turn.repeat,
    turnBytes: userBytes + Math.max(toolBytes, burstBytes) + attachmentBytes + responseBytes,
    turnSteps: 1 + toolSteps,
  };
}

function turnGroupSpec(
  turn: TurnDraft,
  repeat: number,
  context: SizeContext,
  scale: (bytes: number) => number,
): TurnGroupSpec {
  const bytes = (size: SizeDraft) => scale(resolveSize(size, context));
  const tools = turn.tools.map((tool, j) => toolSpec(tool, TOOL_NAMES[j % TOOL_NAMES.length]!, j, bytes));
  return {
    ...(repeat > 1 ? { repeat } : {}),
    user: userSpec(turn.user, bytes),
    ...(turn.attachments.length === 0
      ? {}
      : { attachments: turn.attachments.map((a) => ({ mimeType: a.mimeType, size: bytes(a.size) })) }),
    ...(tools.length > 0 && turn.sequential ? { sequential: true } : {}),
    ...(tools.length === 0 ? {} : { tools }),
    ...(turn.response === null ? {} : { response: bytes(turn.response) }),
    ...(turn.burst === null
      ? {}
      : {
          rules: [
            {
              every: turn.burst.every,
              tools: turn.burst.tools.map((tool, j) => toolSpec(tool, BURST_NAMES[j % BURST_NAMES.length]!, j, bytes)),
            },
          ],
        }),
  };
}

function userSpec(user: UserDraft, bytes: (size: SizeDraft) => number): UserMessageSpec {
  switch (user.form) {
    case 'empty':
      return { size: 0 };
    case 'literal':
      return user.text;
    case 'sized':
      return user.kind === null ? { size: bytes(user.size) } : { size: bytes(user.size), kind: user.kind };
    case 'long-message':
      return { longMessage: Math.max(1, bytes(user.size)) };
  }
}

function toolSpec(tool: ToolDraft, base: string, position: number, bytes: (size: SizeDraft) => number): ToolSpec {
  // Names repeat after the fifth tool: suffix the position so every call of a turn stays distinct.
  const name = position < TOOL_NAMES.length ? base : `${base}_${position}`;
  return {
    name: tool.repeat > 1 ? `${name}_{k}` : name,
    ...(tool.repeat > 1 ? { repeat: tool.repeat } : {}),
    size: bytes(tool.size),
    ...(tool.kind === null ? {} : { kind: tool.kind }),
  };
}

function summarizerSpec(draft: ScenarioDraft): { summarizer?: NonNullable<ScenarioSpec['summarizer']> } {
  const s = draft.summarizer;
  const needsFactor = s.reply === 'exceed' || s.faults.some((f) => f.kind === 'oversize');
  const spec = {
    ...(s.reply === 'fixed' ? {} : { reply: s.reply }),
    ...(needsFactor && s.exceedFactor !== null ? { exceedFactor: s.exceedFactor } : {}),
    ...(s.windowPercent === null
      ? {}
      : { contextWindow: Math.max(100, Math.floor((draft.contextWindow * s.windowPercent) / 100)) }),
    ...(s.faults.length === 0
      ? {}
      : {
          faults: s.faults.map((f) => ({ kind: f.kind, calls: f.calls === 'all' ? ('all' as const) : [...f.calls] })),
        }),
  };
  return Object.keys(spec).length === 0 ? {} : { summarizer: spec };
}

/** One phase (`turns:`) unless usage arrives late or something switches mid-session. */
function turnsOrPhases(draft: ScenarioDraft, groups: readonly TurnGroupSpec[]): Pick<ScenarioSpec, 'turns' | 'phases'> {
  const change = draft.phaseSwitch;
  if (draft.usage !== 'late' && change === null) return { turns: [...groups] };
  const [before, after] = splitGroups(groups, change?.atGroup ?? 1);
  const first: PhaseSpec = {
    name: 'before',
    ...(draft.usage === 'late' ? { usageMetadata: false } : {}),
    turns: before,
  };
  const second: PhaseSpec = {
    name: 'after',
    ...(draft.usage === 'late' ? { usageMetadata: true } : {}),
    ...(change?.tokenModel ? { tokenModel: { ...change.tokenModel } } : {}),
    ...(change?.windowPercent
      ? {
          model: 'switched-model',
          contextWindow: Math.max(MIN_WINDOW, Math.floor((draft.contextWindow * change.windowPercent) / 100)),
        }
      : {}),
    ...(change?.streaming ? { streaming: change.streaming } : {}),
    turns: after,
  };
  return { phases: [first, second] };
}

/** Splits at `at` (clamped so both phases have turns); a single group is split by its repeat, or played twice. */
function splitGroups(groups: readonly TurnGroupSpec[], at: number): [TurnGroupSpec[], TurnGroupSpec[]] {
  if (groups.length >= 2) {
    const cut = Math.min(Math.max(1, at), groups.length - 1);
    return [groups.slice(0, cut), groups.slice(cut)];
  }
  const only = groups[0]!;
  const repeat = only.repeat ?? 1;
  if (repeat < 2) return [[only], [only]];
  const head = Math.ceil(repeat / 2);
  return [[withRepeat(only, head)], [withRepeat(only, repeat - head)]];
}

function withRepeat(group: TurnGroupSpec, repeat: number): TurnGroupSpec {
  const { repeat: _dropped, ...rest } = group;
  return repeat > 1 ? { repeat, ...rest } : rest;
}

function isDefaultTokenModel(model: TokenModelDraft): boolean {
  return 'ratio' in model && model.ratio === 2;
}

function scaleBytes(bytes: number, factor: number): number {
  if (factor >= 1) return bytes;
  return Math.floor((bytes * factor) / 100) * 100;
}
