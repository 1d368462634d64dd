/**
 * The `replay` block of a scenario file: a session as a log recorded it (what `compaction-sim
 * import` writes). Kept in its own zod objects so the scenario schema only gains one field.
 *
 * Replay is OPEN LOOP: the recorded model responses (texts, calls with their ids and arguments,
 * grouped as the model sent them) and the recorded tool results are played back in order,
 * whatever the strategy under test kept in the request. What a different context would have made
 * the model do is not simulated.
 */
import { z } from 'zod';

const count = (what: string) =>
  z
    .int({ error: 'expected a non-negative integer' })
    .nonnegative({ error: 'expected a non-negative integer' })
    .describe(what);

const recordedUsage = z
  .strictObject({
    input: count('Input tokens of the request as the provider counted them, cached ones included.'),
    output: count('Output tokens of the response.').optional(),
    cacheRead: count("Input tokens read from the provider's prompt cache (part of `input`).").optional(),
    cacheWrite: count("Input tokens written to the provider's prompt cache (part of `input`).").optional(),
  })
  .describe(
    "What the log recorded about this model request (the ground truth the replay's request sizes are checked against).",
  );

const replayCall = z
  .strictObject({
    id: z
      .string({ error: 'expected a string' })
      .min(1, { error: 'expected a non-empty string' })
      .describe('The call id the log recorded.')
      .optional(),
    name: z
      .string({ error: 'expected a string' })
      .min(1, { error: 'expected a non-empty string' })
      .describe('Tool name.'),
    args: z
      .record(z.string(), z.unknown(), { error: 'expected an object of arguments' })
      .describe('Arguments as recorded (default {}).')
      .optional(),
    result: z
      .union([z.string(), z.record(z.string(), z.unknown())], {
        error: 'expected the tool result: a string or an object',
      })
      .describe(
        "The tool's result as recorded: a string is sent as { result: <string> } (adk-js wraps a non-object result so), an object verbatim.",
      ),
  })
  .describe('One recorded function call and the result the tool returned.');

const replayStep = z
  .strictObject({
    text: z
      .string({ error: 'expected a string' })
      .describe('What the model said in this response (default nothing).')
      .optional(),
    calls: z
      .array(replayCall, { error: 'expected a list of calls' })
      .describe(
        'The calls of this response, as the model grouped them (several = parallel calls). None: the response ends the turn.',
      )
      .optional(),
    usage: recordedUsage.optional(),
    pauseMs: z
      .int({ error: 'expected a positive integer (milliseconds)' })
      .positive({ error: 'expected a positive integer (milliseconds)' })
      .describe(
        "Milliseconds between the previous recorded model response and this one, from the log's timestamps (the tools ran, the user typed): replay advances the world's clock by it before this request, so a prompt cache can expire (absent: no time recorded).",
      )
      .optional(),
  })
  .describe('One recorded model response.');

const replayTurn = z
  .strictObject({
    user: z.string({ error: 'expected a string' }).describe('The user message that opened the turn.'),
    steps: z
      .array(replayStep, { error: 'expected a list of model responses' })
      .min(1, { error: 'expected at least one model response' })
      .describe(
        "The model's responses in the turn, in order. Only the last may end without calls; if the log's last response made calls, the turn ends with an empty text.",
      ),
  })
  .superRefine((turn, ctx) => {
    turn.steps.forEach((step, index) => {
      if (index < turn.steps.length - 1 && (step.calls ?? []).length === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps', index, 'calls'],
          message: 'expected calls: only the last response of a turn may end it without calls',
        });
      }
    });
  })
  .describe('One recorded turn: a user message and the model responses it led to.');

const recordedTool = z
  .strictObject({
    name: z.string({ error: 'expected a string' }).min(1, { error: 'expected a non-empty string' }),
    description: z.string({ error: 'expected a string' }).optional(),
    parameters: z
      .record(z.string(), z.unknown(), { error: 'expected a JSON Schema object' })
      .describe('JSON Schema of the arguments.')
      .optional(),
  })
  .describe('A tool declaration as the log recorded it, sent verbatim on every request.');

const recordedCompaction = z
  .strictObject({
    turn: count('0-based index of the replayed turn whose request came first after the recorded agent compacted.'),
    call: count('0-based model call within that turn that came first after the compaction (default 0).').optional(),
    trigger: z
      .string({ error: 'expected a string' })
      .describe('What triggered it, as recorded (auto, manual, ...).')
      .optional(),
    preTokens: count('Tokens the recorded agent counted just before compacting.').optional(),
  })
  .describe('A compaction the recorded agent made (shown beside what the strategy under test did; never replayed).');

const source = z
  .strictObject({
    format: z.string({ error: 'expected a string' }).describe('The log format it was imported from.'),
    file: z.string({ error: 'expected a string' }).describe('The log file (as given to import).').optional(),
    origin: z
      .string({ error: 'expected a string' })
      .describe('Where the log comes from (a URL, a repository and path).')
      .optional(),
    commit: z.string({ error: 'expected a string' }).optional(),
    license: z.string({ error: 'expected a string' }).optional(),
    attribution: z.string({ error: 'expected a string' }).optional(),
  })
  .describe('Provenance of the recorded session.');

export const replaySchema = z
  .strictObject({
    source: source.optional(),
    tools: z
      .array(recordedTool, { error: 'expected a list of tool declarations' })
      .describe('The recorded tool declarations (default none).')
      .optional(),
    turns: z.array(replayTurn, { error: 'expected a list of turns' }).min(1, { error: 'expected at least one turn' }),
    compactions: z
      .array(recordedCompaction, { error: 'expected a list of compactions' })
      .describe('Compactions the recorded agent made.')
      .optional(),
  })
  .describe(
    'A recorded session played back OPEN LOOP (instead of `turns`, `phases` or `sessions`): the recorded model responses and tool ' +
      'results come in order whatever the strategy keeps; the strategy only decides what each request carries. Written by `compaction-sim import`.',
  );

export type ReplaySpec = z.infer<typeof replaySchema>;
export type ReplayTurnSpec = z.infer<typeof replayTurn>;
export type ReplayStepSpec = z.infer<typeof replayStep>;
export type ReplayCallSpec = z.infer<typeof replayCall>;
export type RecordedUsageSpec = z.infer<typeof recordedUsage>;
export type RecordedCompactionSpec = z.infer<typeof recordedCompaction>;
export type ReplayToolSpec = z.infer<typeof recordedTool>;
