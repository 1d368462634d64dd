/**
 * The scenario file format: ONE zod schema, the single source of truth for the loader, the
 * generated JSON Schema (`scenarios/scenario.schema.json`, editor hover docs come from the
 * `.describe()` texts) and the fuzzer. Objects are strict: an unknown key is an error, so a typo
 * never passes silently. Defaults are NOT encoded here (no `.default()`): `ScenarioSpec` stays the
 * user-written shape and `resolveScenario` fills the defaults the descriptions document.
 *
 * Messages set with `error:` are plain words starting with "expected"; the loader appends what it
 * got ("expected a positive integer, got -5").
 */
import { z } from 'zod';
import { CONTENT_KINDS } from '../../world/content/generate-text.ts';
import { ACCEPTABLE_PROPERTIES } from './acceptance.ts';
import { ACCEPTANCE_RULES, acceptanceRule } from './acceptance-rules.ts';
import { parseSteps } from './acceptance-steps.ts';
import { LIMITS } from './scenario-limits.ts';
import { replaySchema } from './replay-schema.ts';
import { factsSchema, retentionExpectation } from './facts-schema.ts';

/** `max`: the documented limit (scenario-limits.ts), with how it reads in the error. */
interface Limit {
  readonly value: number;
  readonly unit: string;
}

const positiveInt = (what: string, limit?: Limit) => {
  const base = z.int({ error: 'expected a positive integer' }).positive({ error: 'expected a positive integer' });
  return (limit ? base.max(limit.value, { error: `expected at most ${limit.value} ${limit.unit}` }) : base).describe(
    what,
  );
};

const nonNegativeInt = (what: string, limit?: Limit) => {
  const base = z
    .int({ error: 'expected a non-negative integer' })
    .nonnegative({ error: 'expected a non-negative integer' });
  return (limit ? base.max(limit.value, { error: `expected at most ${limit.value} ${limit.unit}` }) : base).describe(
    what,
  );
};

const TEXT_LIMIT: Limit = { value: LIMITS.textBytes, unit: 'bytes (64 MiB, the largest text the simulator generates)' };

const positiveNumber = (what: string) =>
  z.number({ error: 'expected a positive number' }).positive({ error: 'expected a positive number' }).describe(what);

const flag = (what: string) => z.boolean({ error: 'expected true or false' }).describe(what);
const text = (what: string) => z.string({ error: 'expected a string' }).describe(what);
const nonEmptyText = (what: string) =>
  z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty string' }).describe(what);

/** A byte size, at most LIMITS.textBytes (a text the world could not hold in memory is refused at load). */
const byteSize = (what: string) => nonNegativeInt(what, TEXT_LIMIT);

const sizeRange = z
  .strictObject({
    min: byteSize('Smallest size in bytes (inclusive).'),
    max: byteSize('Largest size in bytes (inclusive).'),
  })
  .superRefine((range, ctx) => {
    if (range.min > range.max) {
      ctx.addIssue({ code: 'custom', message: `min (${range.min}) must not be greater than max (${range.max})` });
    }
  })
  .describe(
    "A size drawn from [min, max] with the world's seeded generator (Alea), keyed by the scenario seed and the place it is used: the same seed always gives the same sizes.",
  );

const size = (what: string) =>
  z
    .union([byteSize('Size in bytes.'), sizeRange], {
      error: 'expected a size: a non-negative integer (bytes, at most 64 MiB) or { min, max }',
    })
    .describe(what);

const contentKind = z
  .enum(CONTENT_KINDS)
  .describe(
    'Kind of generated text: x ("x" repeated, Go tool responses), go-long-message (Go longMessage), ' +
      'go-analysis (Go final model text), go-system-prompt (Go system prompt), prose, json, logs, code, ' +
      'cjk (3 bytes per character), emoji (4 bytes per emoji). Sizes are exact UTF-8 bytes.',
  );

/** Exactly one of `fields` must be present; `kind` only goes with `size`. */
function oneOf(fields: readonly string[]) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const present = fields.filter((field) => value[field] !== undefined);
    if (present.length !== 1) {
      const got = present.length === 0 ? 'none' : present.join(' and ');
      ctx.addIssue({ code: 'custom', message: `expected exactly one of ${fields.join(', ')}, got ${got}` });
    }
    if (value['kind'] !== undefined && value['size'] === undefined) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: "'kind' needs 'size' (a literal 'text' has no kind)" });
    }
  };
}

const generatedText = z
  .strictObject({
    text: text('Literal text, used verbatim ({i} is replaced by the turn index where turns use it).').optional(),
    size: size('Generate text of exactly this many UTF-8 bytes.').optional(),
    kind: contentKind.optional(),
  })
  .superRefine(oneOf(['text', 'size']));

const userText = z
  .strictObject({
    text: text('Literal user message; {i} = 0-based turn index within the phase.').optional(),
    longMessage: positiveInt(
      "The Go simulator's longMessage(i, n): a Kubernetes question of exactly n bytes.",
      TEXT_LIMIT,
    ).optional(),
    size: size('Generate a user message of exactly this many UTF-8 bytes.').optional(),
    kind: contentKind.optional(),
  })
  .superRefine(oneOf(['text', 'longMessage', 'size']));

const userMessage = z
  .union([text('Literal user message; {i} = 0-based turn index within the phase.'), userText], {
    error: 'expected a user message: a string, { longMessage }, { size, kind } or { text }',
  })
  .describe(
    'The user message of each turn: a literal ("Turn {i}: ..."), { longMessage: n }, { size, kind } or { text }.',
  );

const modelResponse = z
  .union([byteSize('Size in bytes.'), generatedText], {
    error: 'expected a model response: a size in bytes, { size, kind } or { text }',
  })
  .describe(
    'The model\'s final text of the turn. A number is a size in bytes (go-compat: the body of "Turn i analysis: ..."). Default 120 bytes.',
  );

const attachment = z
  .strictObject({
    mimeType: z
      .string({ error: 'expected a MIME type such as image/png' })
      .regex(/^[\w.+-]+\/[\w.+-]+$/, { error: 'expected a MIME type such as image/png' })
      .describe('MIME type of the inline data, e.g. image/png.'),
    size: size('Raw bytes (sent base64-encoded as inline data, zero-filled like the Go simulator).'),
  })
  .describe('Inline data attached to the user message.');

const tool = z
  .strictObject({
    name: nonEmptyText('Tool name; {k} = repeat index (from `from`), {i} = turn index.'),
    size: size('Response size in bytes (the function response is { [responseKey]: <text> }).').optional(),
    text: text('Literal response text instead of a generated one.').optional(),
    kind: contentKind.optional(),
    repeat: positiveInt('Call this tool n times, named with {k} = from, from+1, ... (e.g. "tool_{k}").', {
      value: LIMITS.callsPerTurn,
      unit: 'calls',
    }).optional(),
    from: nonNegativeInt('First {k} of a repeat (default 1).').optional(),
    responseKey: nonEmptyText('Key of the function response object (default "result").').optional(),
    args: z
      .record(z.string(), z.unknown(), { error: 'expected an object of arguments' })
      .describe('Arguments the model passes (go-compat default { param: "value" }, adk default {}).')
      .optional(),
  })
  .superRefine((value, ctx) => {
    oneOf(['size', 'text'])(value, ctx);
    if (value.from !== undefined && value.repeat === undefined) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: "'from' needs 'repeat'" });
    }
  })
  .describe('One function call the model makes, and the response the tool returns.')
  .meta({ id: 'toolCall' });

const turnOverrides = {
  user: userMessage.optional(),
  attachments: z
    .array(attachment, { error: 'expected a list of attachments' })
    .describe('Inline data sent with the user message (default none).')
    .optional(),
  sequential: flag(
    'true: one call per LLM step (a chain); false (default): all calls in one response (parallel).',
  ).optional(),
  tools: z
    .array(tool, { error: 'expected a list of tools' })
    .describe('Tool calls of the turn (default none).')
    .optional(),
  response: modelResponse.optional(),
  unanswered: flag(
    'true: this turn may end without a model answer, on purpose (e.g. a strategy that stops the turn by design). ' +
      "Otherwise (default false) every turn must get one: the model is called for it and the turn ends with the model's final response (the universal model-answers property).",
  ).optional(),
};

const addition = z
  .strictObject({
    tools: z
      .array(tool, { error: 'expected a list of tools' })
      .describe("Tool calls appended after the turn's own (those of the group, or of the replacing rule that matched).")
      .optional(),
    attachments: z
      .array(attachment, { error: 'expected a list of attachments' })
      .describe("Inline data appended after the user message's own attachments.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.tools === undefined && value.attachments === undefined) {
      ctx.addIssue({ code: 'custom', message: 'expected tools, attachments or both to add to the turn' });
    }
  })
  .describe(
    'What an adding rule appends to the turn. Every matching adding rule applies, in order, so rules combine (tools every 6th turn and an attachment every 4th turn: both on turn 12).',
  );

/** The fields a replacing rule sets (`add` is the other kind of rule). */
const REPLACING_FIELDS = ['user', 'attachments', 'sequential', 'tools', 'response', 'unanswered'] as const;

const rule = z
  .strictObject({
    every: positiveInt('Matches turns where (i - offset) % every == 0 and i >= offset.').optional(),
    offset: nonNegativeInt('Offset for `every` (default 0).').optional(),
    turns: z
      .tuple([nonNegativeInt('First turn.'), nonNegativeInt('Last turn.')], {
        error: 'expected [first, last]',
      })
      .describe('Matches turns i with first <= i <= last.')
      .optional(),
    odd: z.literal(true, { error: 'expected true' }).describe('Matches odd turns.').optional(),
    even: z.literal(true, { error: 'expected true' }).describe('Matches even turns.').optional(),
    ...turnOverrides,
    add: addition.optional(),
  })
  .superRefine((value, ctx) => {
    const conditions = ['every', 'turns', 'odd', 'even'] as const;
    if (!conditions.some((c) => value[c] !== undefined)) {
      ctx.addIssue({ code: 'custom', message: 'a rule needs a condition: every, turns, odd or even' });
    }
    if (value.offset !== undefined && value.every === undefined) {
      ctx.addIssue({ code: 'custom', path: ['offset'], message: "'offset' needs 'every'" });
    }
    if (value.odd && value.even) {
      ctx.addIssue({ code: 'custom', path: ['even'], message: "'odd' and 'even' exclude each other" });
    }
    if (value.turns && value.turns[0] > value.turns[1]) {
      ctx.addIssue({
        code: 'custom',
        path: ['turns'],
        message: `first turn (${value.turns[0]}) must not be after last (${value.turns[1]})`,
      });
    }
    const replaced = REPLACING_FIELDS.filter((field) => value[field] !== undefined);
    if (value.add !== undefined && replaced.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['add'],
        message: `a rule either replaces fields (${replaced.join(', ')}) or adds to the turn (add), not both: split it into two rules`,
      });
    }
  })
  .describe(
    'A per-turn rule; its conditions combine with AND; i = turn index within the phase. A replacing rule sets user, tools, ' +
      'attachments, sequential or response: the FIRST matching replacing rule wins (Go if/else-if chains). An adding rule ' +
      '(add) appends tools and attachments: EVERY matching adding rule applies, in order, after the replacement.',
  );

const turnGroup = z
  .strictObject({
    repeat: positiveInt('How many turns this entry produces (default 1).', {
      value: LIMITS.turns,
      unit: 'turns',
    }).optional(),
    ...turnOverrides,
    user: userMessage,
    rules: z
      .array(rule, { error: 'expected a list of rules' })
      .describe(
        'Per-turn rules: the first matching replacing rule (user, tools, sequential, response, attachments) wins; every matching adding rule (add) appends its tools and attachments.',
      )
      .optional(),
  })
  .describe('One or more turns (repeat) sharing a template.')
  .meta({ id: 'turnGroup' });

const turns = z
  .array(turnGroup, { error: 'expected a list of turns' })
  .min(1, { error: 'expected at least one turn' })
  .describe('The turns, in order. Each entry produces `repeat` turns.');

const tokenModel = z
  .strictObject({
    ratio: positiveNumber("real tokens = floor(heuristic × ratio): the seeds' model.").optional(),
    tokenizer: z
      .enum(['o200k_base', 'cl100k_base'])
      .describe('Count real tokens with this BPE tokenizer (js-tiktoken).')
      .optional(),
    scale: positiveNumber(
      "With tokenizer: real tokens = floor(tokenizer's count × scale), a provider whose tokenizer counts that much more (calibrated from recorded usage at import).",
    ).optional(),
  })
  .superRefine(oneOf(['ratio', 'tokenizer']))
  .superRefine((value, ctx) => {
    if (value.scale !== undefined && value.tokenizer === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['scale'],
        message: "'scale' needs 'tokenizer' (a ratio model scales by its ratio)",
      });
  })
  .describe('What the provider really counts (default { ratio: 2.0 }).');

const phaseSettings = {
  model: nonEmptyText('Model name (keys the model registry; default "sim-model").').optional(),
  contextWindow: positiveInt(
    'Context window in tokens. Required unless the model is a well-known ID in the model registry.',
  ).optional(),
  usageMetadata: flag('Model responses carry usageMetadata.promptTokenCount (default true).').optional(),
  tokenModel: tokenModel.optional(),
  streaming: nonNegativeInt('Partial streaming chunks per model response (default 0).', {
    value: LIMITS.streamingChunks,
    unit: 'chunks',
  }).optional(),
};

const httpStatus = z
  .int({ error: 'expected an HTTP status (an integer from 400 to 599)' })
  .min(400, { error: 'expected an HTTP status from 400 to 599' })
  .max(599, { error: 'expected an HTTP status from 400 to 599' })
  .describe('The HTTP status of the error (400 Bad Request, 413 Payload Too Large, 500, ...).');

const providerRefusal = z
  .strictObject({
    status: httpStatus,
    message: nonEmptyText(
      "The provider's error text, as its SDK reports it; {prompt} and {limit} become the request's tokens and the limit (e.g. Ollama: 'request ({prompt} tokens) exceeds the available context size ({limit} tokens), try increasing it').",
    ),
  })
  .describe(
    "What the provider's refusal looks like: thrown as a plain provider error carrying this status and text (not the engine's typed overflow error), so each strategy classifies it by its own rules. Default: the typed error with Gemini's text.",
  );

const providerError = z
  .strictObject({
    call: positiveInt('The 1-based model call of the session that fails (refused calls and retries count).', {
      value: LIMITS.llmCallsPerTurn * LIMITS.turns,
      unit: 'calls',
    }),
    status: httpStatus,
    message: nonEmptyText("The provider's error text, as its SDK reports it."),
  })
  .describe(
    'A provider error that is not about size (a transient 500, a runner that stopped, an empty-body 400): that call fails with this status and text, once, whatever the request holds.',
  );

const providerSpec = z
  .strictObject({
    limit: positiveInt(
      "The provider's real limit: it refuses a request its count puts above this many tokens, even below the window the strategy is told (an Ollama num_ctx smaller than the agent's configured window; a gateway refusing a 1M model at 940k). Default: the phase's window. Overflow is still judged against the window; a turn refused below it is judged by model-answers.",
    ).optional(),
    refusal: providerRefusal.optional(),
    errors: z
      .array(providerError, { error: 'expected a list of provider errors' })
      .max(LIMITS.providerErrors, { error: `expected at most ${LIMITS.providerErrors} provider errors` })
      .superRefine((errors, ctx) => {
        const seen = new Set<number>();
        errors.forEach((error, i) => {
          if (seen.has(error.call))
            ctx.addIssue({ code: 'custom', path: [i, 'call'], message: `call ${error.call} is listed twice` });
          seen.add(error.call);
        });
      })
      .describe('Errors the provider answers given model calls with, whatever their size (default none).')
      .optional(),
  })
  .describe(
    'The provider as it really is, when it differs from what the strategy is told. Setting it makes the provider refuse over its limit (refuseOverWindow is implied).',
  );

const session = z
  .strictObject({
    ...phaseSettings,
    agentName: nonEmptyText('Agent name (default "test-agent" for go-compat, "assistant" for adk).').optional(),
    systemPrompt: z
      .union([byteSize('Size in bytes.'), generatedText], {
        error: 'expected a system prompt: a size in bytes, { size, kind } or { text }',
      })
      .describe(
        "System instruction: bytes of the profile's kind (go-compat: go-system-prompt, adk: prose), { size, kind } or { text }. Default none.",
      )
      .optional(),
    tools: z
      .strictObject({
        count: positiveInt('Number of declarations.', { value: LIMITS.toolDeclarations, unit: 'declarations' }),
        schemaSize: positiveInt('Approximate schema size per tool in bytes.', {
          value: LIMITS.schemaBytes,
          unit: 'bytes (1 MiB)',
        }),
      })
      .describe('MCP-style tool declarations on every request (Go makeMCPTools(count, schemaSize)). Default none.')
      .optional(),
    declareCalledTools: flag(
      'Declare every tool the agent calls, as adk-js does (default: false for go-compat, true for adk).',
    ).optional(),
    exposeUserContent: flag(
      "The invocation's user content reaches callbacks, as in real ADK (default: false for go-compat, true for adk).",
    ).optional(),
    maxLlmCallsPerTurn: positiveInt('Safety bound on LLM steps per turn (default 500, adk-js maxLlmCalls).', {
      value: LIMITS.llmCallsPerTurn,
      unit: 'steps',
    }).optional(),
    promptCache: z
      .enum(['none', 'prefix'])
      .describe(
        'How the provider reports prompt caching in the usage strategies see: prefix = the prefix shared with the last answered request is a cache read, the rest a cache write (Anthropic-style); none (default) = all input.',
      )
      .optional(),
    promptCacheLifetime: z
      .enum(['5m', '1h'])
      .describe(
        "How long the provider keeps a cached prompt prefix, for pricing: 5m (default) or 1h. Anthropic bills one-hour cache writes at 2x the input price (5-minute ones at 1.25x); OpenAI and Gemini charge nothing for writing, so only the lifetime changes. `import` sets 1h when the log's cache writes are mostly one-hour writes (Claude Code).",
      )
      .optional(),
    refuseOverWindow: flag(
      'The provider refuses a request above the window with a context-overflow error, reporting no usage, instead of answering it; strategies may recover (onModelError). Default false: it answers everything and the overflow is measured.',
    ).optional(),
    provider: providerSpec.optional(),
    textSource: z
      .enum(['words', 'corpus'])
      .describe(
        'How realistic kinds (prose, json, logs, code, cjk, emoji) are generated: words (default) = word by word from the seed; corpus = a seeded window over a per-kind corpus built once per process, the honour/exceed replies of the simulated summarizer included (what fuzz-generated scenarios use: cheaper, same look, other texts).',
      )
      .optional(),
  })
  .describe('The agent session.');

const phase = z
  .strictObject({
    name: nonEmptyText('Phase name (unique).'),
    ...phaseSettings,
    turns,
  })
  .describe('A named phase with its own turns and session overrides; {i} restarts at 0 in each phase.')
  .meta({ id: 'phase' });

const phases = z
  .array(phase, { error: 'expected a list of phases' })
  .min(1, { error: 'expected at least one phase' })
  .describe('Alternative to `turns`: named phases, each with its own turns and session overrides.');

/** `turns` xor `phases`, and unique phase names (a file, or one of its sessions). */
function turnsOrPhases(
  value: { turns?: unknown; phases?: readonly { name: string }[] | undefined },
  ctx: z.RefinementCtx,
  alternatives = "'turns' or 'phases'",
): void {
  if ((value.turns === undefined) === (value.phases === undefined)) {
    ctx.addIssue({ code: 'custom', message: `expected exactly one of ${alternatives}` });
  }
  const names = new Set<string>();
  value.phases?.forEach((p, index) => {
    if (names.has(p.name))
      ctx.addIssue({ code: 'custom', path: ['phases', index, 'name'], message: `duplicate phase name '${p.name}'` });
    names.add(p.name);
  });
}

const strategy = z
  .strictObject({
    name: nonEmptyText(
      'threshold | sliding_window | a module path (relative to this file) whose default export is a StrategyFactory.',
    ).optional(),
    options: z
      .record(z.string(), z.unknown(), { error: 'expected an object of options' })
      .describe('Passed to the strategy factory as-is.')
      .optional(),
  })
  .describe('The compaction strategy under test (default { name: threshold }).');

const summarizerFault = z.strictObject({
  kind: z
    .enum(['error', 'empty', 'timeout', 'oversize'])
    .describe('error: rejects; empty: no text; timeout: never answers; oversize: reply exceedFactor × larger.'),
  calls: z
    .union(
      [
        z.literal('all'),
        z
          .array(positiveInt('1-based call number.'), { error: 'expected a list of call numbers' })
          .min(1, { error: 'expected at least one call number' }),
      ],
      { error: 'expected "all" or a list of 1-based call numbers' },
    )
    .describe('Which summarizer calls (1-based) fail, or "all".'),
});

const summarizer = z
  .strictObject({
    reply: z
      .enum(['fixed', 'honour', 'exceed'])
      .describe(
        'fixed: always `text`; honour: fills maxOutputTokens; exceed: exceedFactor × maxOutputTokens (default fixed).',
      )
      .optional(),
    text: text("Reply for `fixed` (default the seeds' 120-byte summary).").optional(),
    exceedFactor: positiveNumber('Factor for exceed and oversize (default 3).').optional(),
    contextWindow: positiveInt(
      "The summarizer's own window; larger requests are rejected and the strategy falls back (default: adk: the agent model's window in the current phase; go-compat: none, the Go simulator's mock summarizer answers whatever it is sent).",
    ).optional(),
    faults: z
      .array(summarizerFault, { error: 'expected a list of faults' })
      .describe('Injected summarizer failures.')
      .optional(),
    retention: z
      .enum(['extractive', 'structured', 'lossy'])
      .describe(
        'How it keeps the planted facts it is sent (only text with facts is affected): extractive keeps all that fit its budget; structured (default) keeps what its prompt asks for and half of the rest, a tenth fading per re-summarization; lossy forgets some of what it is asked for and most of the rest.',
      )
      .optional(),
  })
  .describe('The model the strategy summarizes with.');

const thrash = z
  .strictObject({
    count: positiveInt('Summarizations that make a thrash (default 3).').optional(),
    withinSteps: positiveInt('Window of consecutive LLM steps (default 5).').optional(),
  })
  .describe('What counts as thrash (default 3 summarizations within 5 steps).');

const countRange = (what: string) =>
  z
    .strictObject({
      min: nonNegativeInt('At least this many.').optional(),
      max: nonNegativeInt('At most this many.').optional(),
    })
    .superRefine((range, ctx) => {
      if (range.min === undefined && range.max === undefined)
        ctx.addIssue({ code: 'custom', message: 'expected min, max or both' });
      if (range.min !== undefined && range.max !== undefined && range.min > range.max) {
        ctx.addIssue({ code: 'custom', message: `min (${range.min}) must not be greater than max (${range.max})` });
      }
    })
    .describe(what);

const expect = z
  .strictObject({
    noOverflow: flag(
      'No request is sent above the window (strict: even an overflow no strategy could avoid fails it).',
    ).optional(),
    // Replaced by the top-level `accept` list; kept here only to say so when an old file uses it.
    knownLimitation: z.unknown().optional(),
    noLoop: flag('Every summarization made the request smaller.').optional(),
    noThrash: flag('No `thrash.count` summarizations within `thrash.withinSteps` steps.').optional(),
    noOrphans: flag('No orphaned function call or response in any sent request.').optional(),
    userRequestPreserved: flag(
      'The latest user request is present verbatim or in the continuation at every step.',
    ).optional(),
    summarizerInputFits: flag(
      "Every summarizer call fits the summarizer's window (needs a window: the adk profile, or summarizer.contextWindow).",
    ).optional(),
    goalPreserved: flag(
      'Every planted goal and constraint fact reaches every request sent after it, verbatim or in a summary (strict: even where they could not fit).',
    ).optional(),
    summarizations: countRange('Steps in which the summarizer was called.').optional(),
    compactedSteps: countRange('Steps whose request got smaller (the Go simulator\'s "compactions").').optional(),
    summarizerCalls: countRange('Summarizer calls in the whole session.').optional(),
    warnings: countRange(
      'Warnings the strategy reported (`ctx.warn`: ContextGuard warns when a summary fails, when it retries, when there is nothing to compact) in the whole session.',
    ).optional(),
    summarizerInputTokens: countRange(
      "Tokens sent to the summarizer in the whole session, as ContextGuard's heuristic counts them: what summarizing cost, and what it was given (which contents, which earlier summary).",
    ).optional(),
    maxPeakPercent: positiveNumber('Peak real tokens as % of the window must not exceed this.').optional(),
    retention: retentionExpectation.optional(),
    appliesTo: z
      .array(nonEmptyText('A strategy name.'), { error: 'expected a list of strategy names' })
      .min(1, { error: 'expected at least one strategy name' })
      .describe(
        'The strategies these expectations are about (built-in names, or the `name` a module strategy reports); for any other strategy they are not checked (the universal properties always are). Default: every strategy.',
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.knownLimitation !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['knownLimitation'],
        message:
          "'knownLimitation' was replaced by the top-level 'accept' list: accept: [{ strategy: <name>, property: no-overflow, reason: \"...\" }]",
      });
    }
  })
  .describe(
    "What must hold beyond the universal properties, which every scenario checks for every strategy (no-overflow, no-loop, no-thrash, no-orphans, user-request-preserved, summarizer-input-fits, summarizer-input-budget, no-summary-growth, model-answers, goal-preserved, with the fuzzer's infeasibility rules; the strategy never throwing, hanging, exiting or mutating events). A key set to true here is strict: it fails even on a violation no strategy could avoid.",
  );

export const pinnedSteps = z
  .string({ error: 'expected the violating steps as text, e.g. "3-5, 9"' })
  .superRefine((value, ctx) => {
    const parsed = parseSteps(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.message });
  })
  .describe(
    'The LLM steps where the violation was recorded ("3-5, 9"; "end" for after the last step): the acceptance tolerates the ' +
      'violation at these steps only, so a strategy (or a fork judged as this one) that violates the property elsewhere fails. ' +
      'Recorded with `npm run accept:record`; an acceptance without steps tolerates nothing until they are recorded.',
  );

/** The fields an acceptance entry has in a scenario file and in an `--accept` file. */
export const acceptanceFields = {
  rule: nonEmptyText(
    'A named acceptance rule (strategy, property and reason written once for every scenario that shows it); exclusive with strategy, property and reason.',
  ).optional(),
  strategy: nonEmptyText(
    'The strategy this acceptance is for: a built-in name (threshold, sliding_window) or the `name` a module strategy reports. It never applies to another strategy.',
  ).optional(),
  property: z.enum(ACCEPTABLE_PROPERTIES).describe('The universal property whose violation is tolerated.').optional(),
  reason: nonEmptyText('Why it is tolerated; shown in every report.').optional(),
};

/** Either a rule, or strategy, property and reason. */
export function checkAcceptance(
  value: {
    readonly rule?: string | undefined;
    readonly strategy?: string | undefined;
    readonly property?: string | undefined;
    readonly reason?: string | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  const own = ['strategy', 'property', 'reason'] as const;
  if (value.rule !== undefined) {
    for (const key of own) {
      if (value[key] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `'${key}' comes from rule '${value.rule}': give either rule or strategy, property and reason`,
        });
    }
    if (acceptanceRule(value.rule) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['rule'],
        message: `unknown acceptance rule '${value.rule}' (known: ${Object.keys(ACCEPTANCE_RULES).join(', ')})`,
      });
    }
    return;
  }
  for (const key of own) {
    if (value[key] === undefined)
      ctx.addIssue({ code: 'custom', path: [key], message: `missing ${key} (or name a rule)` });
  }
}

const acceptance = z
  .strictObject({ ...acceptanceFields, steps: pinnedSteps.optional() })
  .superRefine(checkAcceptance)
  .describe(
    'A known limitation: a violation of `property` by `strategy` at the recorded `steps` is tolerated and reported with its reason ' +
      'instead of failing the scenario; an acceptance that matches no violation of its strategy fails the scenario (stale).',
  );

const reproduction = z
  .strictObject({
    strategy: nonEmptyText(
      'The strategy whose known bug this scenario reproduces (a built-in name, or the `name` a module strategy reports). For any other strategy the entry does not apply.',
    ),
    property: z.enum(ACCEPTABLE_PROPERTIES).describe('The universal property its users saw break.'),
    issue: nonEmptyText('Where the bug was reported, e.g. "charmbracelet/crush#3620".'),
  })
  .describe(
    'A reported bug this scenario reproduces: played by `strategy`, `property` must be violated (the scenario fails if the bug does not reproduce), and the violation is reported as reproduced, not as a failure.',
  );

const independentSession = z
  .strictObject({
    name: nonEmptyText(
      'Session name, unique in the file; the session is reported as "<scenario name>/<session name>".',
    ),
    description: text("What this session is about (default: the file's description).").optional(),
    session: session
      .optional()
      .describe("Settings of this session; each field overrides the file's `session` field of the same name."),
    turns: turns.optional(),
    phases: phases.optional(),
    expect: expect
      .optional()
      .describe("What must hold in this session; each field overrides the file's `expect` field of the same name."),
  })
  .superRefine((value, ctx) => turnsOrPhases(value, ctx))
  .describe(
    'One independent session: fresh history, state and strategy, played and reported on its own (its own row, figures and verdict).',
  );

export const scenarioSchema = z
  .strictObject({
    $schema: text('JSON Schema reference for editors (ignored).').optional(),
    name: nonEmptyText('Scenario name (default: file name without extension).').optional(),
    description: text('What the scenario is about.').optional(),
    seed: nonNegativeInt('Seed every random choice derives from (default 1).').optional(),
    profile: z
      .enum(['go-compat', 'adk'])
      .describe("go-compat: the Go simulator's conventions; adk (default): real ADK conventions.")
      .optional(),
    flavour: z
      .enum(['adk-js', 'adk-go'])
      .describe("Which ADK port's step loop to mirror where they differ (default adk-js).")
      .optional(),
    session: session.optional(),
    strategy: strategy.optional(),
    summarizer: summarizer.optional(),
    thrash: thrash.optional(),
    turns: turns.optional(),
    phases: phases.optional(),
    sessions: z
      .array(independentSession, { error: 'expected a list of sessions' })
      .min(1, { error: 'expected at least one session' })
      .describe(
        'Alternative to `turns` and `phases`: several independent sessions in one file (the Go tests that call simulateSession ' +
          "more than once). Each starts from nothing; the file's other fields are shared, and a session's `session` and " +
          "`expect` fields override the file's.",
      )
      .optional(),
    replay: replaySchema.optional(),
    expect: expect.optional(),
    facts: factsSchema.optional(),
    accept: z
      .array(acceptance, {
        error: 'expected a list of acceptances ({ strategy, property, reason, steps } or { rule, steps })',
      })
      .describe('Known limitations tolerated for named strategies; each is reported with its reason.')
      .optional(),
    reproduces: z
      .array(reproduction, { error: 'expected a list of reproductions ({ strategy, property, issue })' })
      .describe(
        'Reported bugs this scenario reproduces (a museum of bugs): each must break its property when its strategy plays.',
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.replay !== undefined) {
      for (const given of ['turns', 'phases', 'sessions'] as const) {
        if (value[given] !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: [given],
            message: `'${given}' and 'replay' exclude each other: a replayed session plays its recorded turns`,
          });
      }
    } else if (value.sessions === undefined) turnsOrPhases(value, ctx, "'turns', 'phases' or 'sessions'");
    else if (value.turns !== undefined || value.phases !== undefined) {
      const given = value.turns !== undefined ? 'turns' : 'phases';
      ctx.addIssue({
        code: 'custom',
        path: [given],
        message: `'${given}' and 'sessions' exclude each other: give each session its own ${given}`,
      });
    }
    const names = new Set<string>();
    value.sessions?.forEach((entry, index) => {
      if (names.has(entry.name))
        ctx.addIssue({
          code: 'custom',
          path: ['sessions', index, 'name'],
          message: `duplicate session name '${entry.name}'`,
        });
      names.add(entry.name);
    });
    const t = value.thrash;
    if (t?.count !== undefined && t.withinSteps !== undefined && t.count > t.withinSteps) {
      ctx.addIssue({
        code: 'custom',
        path: ['thrash'],
        message: `count (${t.count}) must not exceed withinSteps (${t.withinSteps})`,
      });
    }
  })
  .describe(
    'A compaction-sim scenario: one session an agent runs through a compaction strategy (or several independent ones), and what must hold.',
  );

/** The user-written shape of a scenario file (mostly optional fields; defaults live in resolveScenario). */
export type ScenarioSpec = z.infer<typeof scenarioSchema>;
export type TurnGroupSpec = z.infer<typeof turnGroup>;
export type RuleSpec = z.infer<typeof rule>;
export type ToolSpec = z.infer<typeof tool>;
export type SizeSpec = z.infer<ReturnType<typeof size>>;
export type UserMessageSpec = z.infer<typeof userMessage>;
export type ModelResponseSpec = z.infer<typeof modelResponse>;
export type GeneratedTextSpec = z.infer<typeof generatedText>;
export type AttachmentSpecInput = z.infer<typeof attachment>;
export type TokenModelInput = z.infer<typeof tokenModel>;
export type PhaseSpec = z.infer<typeof phase>;
export type IndependentSessionSpec = z.infer<typeof independentSession>;
export type SessionSpec = z.infer<typeof session>;
export type ExpectSpec = z.infer<typeof expect>;
type AcceptanceSpec = z.infer<typeof acceptance>;
type ReproductionSpec = z.infer<typeof reproduction>;
