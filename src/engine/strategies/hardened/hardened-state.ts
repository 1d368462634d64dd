/**
 * What the hardened strategy keeps in session state, per agent (its own keys: it never reads or
 * writes ContextGuard's summary, so switching strategies mid-session cannot mix them up). The
 * calibration (`__context_guard_real_tokens_*`, `__context_guard_last_heuristic_*`) is the host's,
 * shared with every strategy: ContextGuard records it around each model call.
 */
import type { CompactionContext } from '../../types.ts';
import { ledgerFrom, type CarriedLedger } from './carried-ledger.ts';

type StateContext = Pick<CompactionContext, 'agentName' | 'state'>;

const PREFIX = '__hardened_';

export interface HardenedMemory {
  /** The running summary ('' when none). Always within the summary budget it was written for. */
  readonly summary: string;
  /** What is carried forward structurally (carried-ledger.ts): the user's words and the files written. */
  readonly ledger: CarriedLedger;
  /** The ledger as rendered at the last compaction, within its budget ('' when none). */
  readonly carried: string;
  /** How many of the built request's contents the summary covers (0 when none). */
  readonly covered: number;
  /** A fingerprint of the last content the summary covers, to find the boundary again. */
  readonly boundary: string;
  /** Heuristic tokens of the contents the summary covers (what the host still builds them as). */
  readonly coveredTokens: number;
  /** The user's latest request text seen in a built request ('' when none). */
  readonly requestText: string;
  /** Model calls (before-model callbacks) so far in the session: the step counter. */
  readonly steps: number;
  /** The steps (counter values) at which the summarizer was called, newest last, a few kept. */
  readonly summarizedAt: readonly number[];
}

export function loadMemory(ctx: StateContext): HardenedMemory {
  const get = (key: string): unknown => ctx.state.get(`${PREFIX}${key}_${ctx.agentName}`);
  const text = (key: string): string => {
    const value = get(key);
    return typeof value === 'string' ? value : '';
  };
  const int = (key: string): number => {
    const value = get(key);
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
  };
  const at = get('summarized_at');
  return {
    summary: text('summary'),
    ledger: ledgerFrom(get('ledger')),
    carried: text('carried'),
    covered: int('covered'),
    boundary: text('boundary'),
    coveredTokens: int('covered_tokens'),
    requestText: text('request_text'),
    steps: int('steps'),
    summarizedAt: Array.isArray(at) ? at.filter((step): step is number => typeof step === 'number') : [],
  };
}

/** Writes only the fields given (state writes land on this step's event delta). */
export function saveMemory(ctx: StateContext, changes: Partial<HardenedMemory>): void {
  const set = (key: string, value: unknown): void => ctx.state.set(`${PREFIX}${key}_${ctx.agentName}`, value);
  if (changes.summary !== undefined) set('summary', changes.summary);
  if (changes.ledger !== undefined)
    set('ledger', {
      first: changes.ledger.first,
      userLines: [...changes.ledger.userLines],
      files: changes.ledger.files.map((entry) => [...entry]),
    });
  if (changes.carried !== undefined) set('carried', changes.carried);
  if (changes.covered !== undefined) set('covered', changes.covered);
  if (changes.boundary !== undefined) set('boundary', changes.boundary);
  if (changes.coveredTokens !== undefined) set('covered_tokens', changes.coveredTokens);
  if (changes.requestText !== undefined) set('request_text', changes.requestText);
  if (changes.steps !== undefined) set('steps', changes.steps);
  if (changes.summarizedAt !== undefined) set('summarized_at', [...changes.summarizedAt]);
}
