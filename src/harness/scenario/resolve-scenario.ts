/**
 * `ScenarioSpec` (what a file says) → `ResolvedScenario` (what the world plays; one per
 * independent session when the file has `sessions`): profile defaults, phases, repeat groups,
 * rules, `{i}`/`{k}` templates and seeded sizes. Pure: the same
 * spec and options always give the same result. Invalid specs throw a `ScenarioError` whose
 * issues carry field paths (the loader adds line numbers).
 */
import { basename, extname } from 'node:path';
import type { SummarizerSpec, TextSpec, WorldProvider, WorldScenario, WorldTurn } from '../../world/world-scenario.ts';
import type { Expectations } from './expectations.ts';
import { GO_SUMMARY_TEXT, profileDefaults, type ProfileDefaults } from './profiles.ts';
import type { ResolvedScenario } from './resolved-scenario.ts';
import { resolvePhases } from './resolve-phases.ts';
import { resolveSystemPrompt } from './resolve-text.ts';
import { recordedToolsOf, resolveReplayTurns } from './resolve-replay.ts';
import { resolvePhaseTurns } from './resolve-turns.ts';
import { resolveFacts } from './resolve-facts.ts';
import { independentSessionSpec, issueInSession, sessionScenarioName } from './independent-sessions.ts';
import { issue, ScenarioError, type ScenarioIssue } from './scenario-error.ts';
import { LIMITS, sessionLimitIssues } from './scenario-limits.ts';
import { scenarioSchema, type ScenarioSpec } from './scenario-schema.ts';
import { convertZodIssues } from './zod-issues.ts';
import { resolveAcceptance } from './resolve-acceptance.ts';

export interface ResolveOptions {
  /** The scenario file as it should appear in ids and messages. */
  readonly file: string;
  /** Folder module paths in `strategy.name` are relative to (the file's folder, absolute). */
  readonly baseDir: string;
}

export const DEFAULT_SEED = 1;
/** adk-js 2.0.0 `maxLlmCalls` default (RunConfig): the bound on steps per invocation. */
export const DEFAULT_MAX_LLM_CALLS_PER_TURN = 500;
export const DEFAULT_THRASH = { count: 3, withinSteps: 5 } as const;
export const DEFAULT_EXCEED_FACTOR = 3;

/** Validates `spec` against the schema (callers such as the fuzzer may hand in anything). */
function validated(spec: unknown, file: string): ScenarioSpec {
  const parsed = scenarioSchema.safeParse(spec, { reportInput: true });
  if (parsed.success) return parsed.data;
  throw new ScenarioError('SIM_SCENARIO_INVALID', file, convertZodIssues(scenarioSchema, parsed.error.issues));
}

function summarizerOf(spec: ScenarioSpec, profile: ProfileDefaults): SummarizerSpec {
  const s = spec.summarizer ?? {};
  return {
    reply: s.reply ?? 'fixed',
    text: s.text ?? GO_SUMMARY_TEXT,
    exceedFactor: s.exceedFactor ?? DEFAULT_EXCEED_FACTOR,
    contextWindow: s.contextWindow ?? profile.summarizerWindow,
    faults: (s.faults ?? []).map((fault) => ({ kind: fault.kind, calls: fault.calls })),
    ...(s.retention === undefined ? {} : { retention: s.retention }),
    ...(spec.session?.textSource === 'corpus' ? { textSource: 'corpus' as const } : {}),
  };
}

function thrashOf(spec: ScenarioSpec, issues: ScenarioIssue[]): WorldScenario['thrash'] {
  const count = spec.thrash?.count ?? DEFAULT_THRASH.count;
  const withinSteps = spec.thrash?.withinSteps ?? DEFAULT_THRASH.withinSteps;
  if (count > withinSteps)
    issues.push(issue(['thrash'], `count (${count}) must not exceed withinSteps (${withinSteps})`));
  return { count, withinSteps };
}

function turnsOf(
  groups: ReturnType<typeof resolvePhases>['turnGroups'],
  profile: ProfileDefaults,
  seed: number,
): WorldTurn[] {
  const turns: WorldTurn[] = [];
  groups.forEach((phaseGroups, phase) => {
    turns.push(...resolvePhaseTurns(phaseGroups, { profile, seed, phase, firstIndex: turns.length }));
  });
  return turns;
}

/**
 * Every scenario a file holds: itself, or one per entry of its `sessions` (each resolved as if it
 * were a file of its own, with the issues it raises placed in the file).
 */
export function resolveScenarios(input: ScenarioSpec, options: ResolveOptions): ResolvedScenario[] {
  const spec = validated(input, options.file);
  const name = spec.name ?? basename(options.file, extname(options.file));
  if (spec.sessions === undefined) return [resolveOneSession(spec, name, options)];
  const resolved: ResolvedScenario[] = [];
  const issues: ScenarioIssue[] = [];
  spec.sessions.forEach((entry, index) => {
    try {
      const session = independentSessionSpec(spec, entry, name);
      const one = resolveOneSession(session, sessionScenarioName(name, entry), options);
      // The file's acceptances are shared by its sessions: one that fires in another session is not stale here.
      resolved.push({ ...one, accept: one.accept.map((acceptance) => ({ ...acceptance, sharedBySessions: true })) });
    } catch (error) {
      if (!(error instanceof ScenarioError)) throw error;
      for (const item of error.issues.map((found) => issueInSession(found, entry, index))) {
        // A problem in a shared field is the same for every session: report it once.
        const same = issues.some(
          (known) => known.message === item.message && JSON.stringify(known.path) === JSON.stringify(item.path),
        );
        if (!same) issues.push(item);
      }
    }
  });
  if (issues.length > 0) throw new ScenarioError('SIM_SCENARIO_INVALID', options.file, issues);
  return resolved;
}

/** A file that holds exactly one session (every file without `sessions`, and what the fuzzer generates). */
export function resolveScenario(input: ScenarioSpec, options: ResolveOptions): ResolvedScenario {
  const all = resolveScenarios(input, options);
  if (all.length !== 1) {
    throw new ScenarioError('SIM_SCENARIO_INVALID', options.file, [
      issue(
        ['sessions'],
        `expected one session, got ${all.length} independent sessions: load the file with loadScenarios`,
      ),
    ]);
  }
  return all[0]!;
}

/** One session of a validated spec, named `name`. */
function resolveOneSession(spec: ScenarioSpec, name: string, options: ResolveOptions): ResolvedScenario {
  const profile = profileDefaults(spec.profile ?? 'adk');
  const seed = spec.seed ?? DEFAULT_SEED;
  const session = spec.session ?? {};
  const { phases, turnGroups, issues: phaseIssues } = resolvePhases(spec);
  const issues = [...phaseIssues];
  const thrash = thrashOf(spec, issues);
  // Counted before the turns are built, so a file asking for millions of turns is refused at once.
  const turnCount = spec.replay?.turns.length ?? turnGroups.flat().reduce((sum, group) => sum + (group.repeat ?? 1), 0);
  if (turnCount > LIMITS.turns)
    issues.push(issue([], `the scenario has ${turnCount} turns: expected at most ${LIMITS.turns}`));
  const summarizer = summarizerOf(spec, profile);
  if (spec.expect?.summarizerInputFits !== undefined && summarizer.contextWindow === 'none') {
    issues.push(
      issue(
        ['expect', 'summarizerInputFits'],
        "the go-compat profile's summarizer has no window of its own (like the Go simulator's mock, it answers whatever it is sent), " +
          'so nothing can exceed it: set summarizer.contextWindow, or drop summarizerInputFits',
      ),
    );
  }
  if (issues.length > 0) throw new ScenarioError('SIM_SCENARIO_INVALID', options.file, issues);
  const corpus = session.textSource === 'corpus';
  const resolvedTurns = spec.replay ? resolveReplayTurns(spec.replay) : turnsOf(turnGroups, profile, seed);
  const turns = corpus ? resolvedTurns.map(turnFromCorpus) : resolvedTurns;
  const facts = resolveFacts(spec.facts ?? [], turns, seed, issues);
  if (issues.length > 0) throw new ScenarioError('SIM_SCENARIO_INVALID', options.file, issues);

  const world: WorldScenario = {
    name,
    seed,
    flavour: spec.flavour ?? 'adk-js',
    agentName: session.agentName ?? profile.agentName,
    systemPrompt: fromCorpusIf(
      corpus,
      resolveSystemPrompt(session.systemPrompt, { profile, seed, i: 0, label: 'systemPrompt' }),
    ),
    toolDeclarations: session.tools ? { count: session.tools.count, schemaSize: session.tools.schemaSize } : null,
    declareCalledTools: session.declareCalledTools ?? profile.declareCalledTools,
    exposeUserContent: session.exposeUserContent ?? profile.exposeUserContent,
    summarizer,
    phases,
    turns,
    thrash,
    maxLlmCallsPerTurn: session.maxLlmCallsPerTurn ?? DEFAULT_MAX_LLM_CALLS_PER_TURN,
    ...(session.refuseOverWindow === true ? { refuseOverWindow: true } : {}),
    ...(session.promptCacheLifetime === '1h' ? { promptCacheLifetime: '1h' as const } : {}),
    ...(session.provider ? { provider: providerOf(session.provider) } : {}),
    ...(session.promptCache === 'prefix' ? { promptCache: 'prefix' as const } : {}),
    ...(spec.replay?.tools ? { recordedTools: recordedToolsOf(spec.replay) } : {}),
    ...(facts.length > 0 ? { facts } : {}),
  };
  const limitIssues = sessionLimitIssues(world);
  if (limitIssues.length > 0) throw new ScenarioError('SIM_SCENARIO_INVALID', options.file, limitIssues);
  const expect: Expectations = spec.expect ?? {};
  return {
    id: `${options.file}#${name}`,
    file: options.file,
    name,
    description: spec.description ?? '',
    world,
    strategy: {
      name: spec.strategy?.name ?? 'threshold',
      options: { ...spec.strategy?.options },
      baseDir: options.baseDir,
    },
    expect,
    accept: (spec.accept ?? []).map(resolveAcceptance),
    reproduces: spec.reproduces ?? [],
    ...(spec.replay
      ? {
          recorded: {
            compactions: spec.replay.compactions ?? [],
            ...(spec.replay.source ? { source: spec.replay.source } : {}),
          },
        }
      : {}),
  };
}

/** `session.textSource: corpus`: every generated text of the turn is a corpus window (content/corpus-text.ts). */
function turnFromCorpus(turn: WorldTurn): WorldTurn {
  return {
    ...turn,
    user: fromCorpus(turn.user),
    modelResponse: fromCorpus(turn.modelResponse),
    toolCalls: turn.toolCalls.map((call) => ({ ...call, response: fromCorpus(call.response) })),
  };
}

function fromCorpusIf(corpus: boolean, spec: TextSpec | null): TextSpec | null {
  return corpus && spec !== null ? fromCorpus(spec) : spec;
}

function fromCorpus(spec: TextSpec): TextSpec {
  return 'kind' in spec ? { ...spec, source: 'corpus' } : spec;
}

/** `session.provider` as the world takes it (only the fields the file gives). */
function providerOf(spec: NonNullable<NonNullable<ScenarioSpec['session']>['provider']>): WorldProvider {
  return {
    ...(spec.limit === undefined ? {} : { limit: spec.limit }),
    ...(spec.refusal ? { refusal: { status: spec.refusal.status, message: spec.refusal.message } } : {}),
    ...(spec.errors && spec.errors.length > 0
      ? { errors: spec.errors.map(({ call, status, message }) => ({ call, status, message })) }
      : {}),
  };
}
