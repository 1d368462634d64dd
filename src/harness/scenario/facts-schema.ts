/**
 * The `facts` field of a scenario file (issue 29), in its own zod object: facts planted where they
 * occur in the session, probed on every later request; and `expect.retention`, the share of each
 * kind that must survive to the end of the session.
 */
import { z } from 'zod';
import { FACT_KINDS } from '../../world/facts/fact-types.ts';
import { RETENTION_BOUND } from './retention-bound.ts';

const turn = z
  .int({ error: 'expected a non-negative integer' })
  .nonnegative({ error: 'expected a non-negative integer' })
  .describe('0-based turn in the whole session (phases continue the count).');

const site = z
  .strictObject({
    turn,
    in: z
      .enum(['user', 'tool', 'response'], { error: 'expected user, tool or response' })
      .describe("Where in the turn: the user's message, a tool result (`call`), or the model's final text."),
    call: z
      .int({ error: 'expected a non-negative integer' })
      .nonnegative({ error: 'expected a non-negative integer' })
      .describe(
        "With `in: tool`: which of the turn's tool calls (0-based, in the order the turn lists them, repeats expanded); its result carries the fact. In a sequential turn call k is made on the turn's step k.",
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.in === 'tool' && value.call === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['call'],
        message: "'in: tool' needs 'call' (which tool call's result carries the fact)",
      });
    if (value.in !== 'tool' && value.call !== undefined)
      ctx.addIssue({ code: 'custom', path: ['call'], message: "'call' goes only with 'in: tool'" });
  })
  .describe('Where a value is planted: its statement is appended, on a line of its own, to the text generated there.');

const text = z
  .string({ error: 'expected a string' })
  .min(1, { error: 'expected a non-empty string' })
  .refine((value) => !value.includes('\n'), { error: 'expected one line (no line breaks)' });

const update = z
  .strictObject({
    text: text.describe('The new value, e.g. "src/db.ts: pool of 20 connections".'),
    at: site,
  })
  .describe('A later value that supersedes the one before (the file edited again, the decision reversed).');

/** The most recovery calls one need may make (a re-read loop is bounded: the script must end). */
export const MAX_NEED_ATTEMPTS = 8;

const need = z
  .strictObject({
    turn: turn.describe(
      "0-based turn whose work needs the fact (after the turn of the fact's newest value); before that turn's first scripted reply the agent checks its request for the fact.",
    ),
    tool: z
      .string({ error: 'expected a tool name' })
      .regex(/^[A-Za-z_][\w.-]*$/, {
        error: 'expected a tool name (letters, digits, _ . -, not starting with a digit)',
      })
      .describe(
        'The tool the agent calls to recover the fact (re-read the file, re-run the command). Default: the call whose result carries the newest value, again with the same arguments.',
      )
      .optional(),
    args: z
      .record(z.string(), z.unknown(), { error: 'expected an object of arguments' })
      .describe('Arguments of the recovery call (default: those of the call that carried the newest value, else none).')
      .optional(),
    attempts: z
      .int({ error: `expected an integer from 1 to ${MAX_NEED_ATTEMPTS}` })
      .min(1, { error: `expected an integer from 1 to ${MAX_NEED_ATTEMPTS}` })
      .max(MAX_NEED_ATTEMPTS, { error: `expected an integer from 1 to ${MAX_NEED_ATTEMPTS}` })
      .describe(
        'Recovery calls at most for this need (default 3): when the strategy drops the re-read before the next request, the agent re-reads again, a re-read loop.',
      )
      .optional(),
  })
  .describe(
    'Forgetting has a price (opt-in): when the fact is missing from the request of the turn that needs it (lost, or stale), the agent first recovers it with a tool call whose result is the newest value, so the recovery costs steps and tokens.',
  );

export const factSchema = z
  .strictObject({
    id: z
      .string({ error: 'expected a string' })
      .regex(/^[A-Za-z0-9][\w.-]*$/, {
        error: 'expected an id of letters, digits, _ . - (starting with a letter or digit)',
      })
      .describe('Unique id of the fact (reports name it).'),
    kind: z
      .enum(FACT_KINDS, { error: `expected one of ${FACT_KINDS.join(', ')}` })
      .describe(
        'goal (what the session is for), constraint (a rule the agent must keep), artifact (a file or object and its latest state), ' +
          'decision, error (an error and how it was resolved), next-step.',
      ),
    text: text.describe(
      'The fact as the agent reads it; a unique marker [FACT-XXXXXXXX], drawn from the seed, follows it.',
    ),
    at: site,
    updates: z
      .array(update, { error: 'expected a list of updates ({ text, at })' })
      .describe('Later values, in session order.')
      .optional(),
    need: need.optional(),
  })
  .describe(
    'A fact planted in the session and probed on every later request: kept verbatim, carried by a summary, stale or lost.',
  );

export const factsSchema = z
  .array(factSchema, { error: 'expected a list of facts' })
  .describe(
    'Facts planted where they occur (issue 29: what survives a compaction). Each is probed on every request sent after it is planted.',
  );

/** ">= 0.9", "> 0.5", "== 1" (RETENTION_BOUND), or a number (at least that share). */
const share = z.union(
  [
    z
      .number({ error: 'expected a share between 0 and 1' })
      .min(0, { error: 'expected a share between 0 and 1' })
      .max(1, { error: 'expected a share between 0 and 1' }),
    z.string({ error: 'expected a share' }).regex(RETENTION_BOUND, {
      error: 'expected a bound such as ">= 0.9" (>=, >, <=, <, == and a share between 0 and 1)',
    }),
  ],
  { error: 'expected a share between 0 and 1 (at least that much) or a bound such as ">= 0.9"' },
);

export const retentionExpectation = z
  .partialRecord(z.enum(FACT_KINDS), share, { error: 'expected { <kind>: share }' })
  .describe(
    'Share of each kind of planted fact retained (kept or in a summary) on the last request: a number is a minimum (goal: 1.0), a string a bound (artifact: ">= 0.9").',
  );

export type FactSpec = z.infer<typeof factSchema>;
export type RetentionExpectation = z.infer<typeof retentionExpectation>;
