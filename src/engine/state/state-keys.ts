/**
 * Session-state keys ContextGuard writes, each suffixed with the agent name so agents sharing a
 * session never see each other's summary or calibration (docs/contextguard.md §2).
 */
export const STATE_KEY_PREFIX_SUMMARY = '__context_guard_summary_';
export const STATE_KEY_PREFIX_SUMMARIZED_AT = '__context_guard_summarized_at_';
export const STATE_KEY_PREFIX_CONTENTS_AT_COMPACTION = '__context_guard_contents_at_compaction_';
export const STATE_KEY_PREFIX_REAL_TOKENS = '__context_guard_real_tokens_';
export const STATE_KEY_PREFIX_LAST_HEURISTIC = '__context_guard_last_heuristic_';

export interface StateKeys {
  /** The running summary text. */
  readonly summary: string;
  /** Diagnostic token count recorded with the summary. */
  readonly summarizedAt: string;
  /** The watermark: how many request contents the last compaction covered. */
  readonly contentsAtCompaction: string;
  /** The provider's last prompt token count. */
  readonly realTokens: string;
  /** The heuristic estimate of the last request sent. */
  readonly lastHeuristic: string;
}

/**
 * The keys of each agent name, made once: they are read and written several times a step, and a
 * freshly concatenated key must be flattened and looked up in V8's string table at every `in` or
 * property access, where a key used before is found at once. Bounded: past `KEYS_CACHE_SIZE`
 * names the cache starts over.
 */
const keysByAgent = new Map<string, StateKeys>();
const KEYS_CACHE_SIZE = 256;

export function stateKeys(agentName: string): StateKeys {
  let keys = keysByAgent.get(agentName);
  if (keys === undefined) {
    keys = Object.freeze({
      summary: STATE_KEY_PREFIX_SUMMARY + agentName,
      summarizedAt: STATE_KEY_PREFIX_SUMMARIZED_AT + agentName,
      contentsAtCompaction: STATE_KEY_PREFIX_CONTENTS_AT_COMPACTION + agentName,
      realTokens: STATE_KEY_PREFIX_REAL_TOKENS + agentName,
      lastHeuristic: STATE_KEY_PREFIX_LAST_HEURISTIC + agentName,
    });
    if (keysByAgent.size >= KEYS_CACHE_SIZE) keysByAgent.clear();
    keysByAgent.set(agentName, keys);
  }
  return keys;
}
