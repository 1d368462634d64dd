/**
 * Event actions and their merge (adk-js 2.0.0 `events/event_actions.js`; adk-go
 * `base_flow.go` `mergeEventActions`). The two ports merge parallel tool results differently:
 * adk-js is a shallow `Object.assign`, last writer wins per top-level key; adk-go deep-merges
 * nested state maps, ORs the booleans and keeps the last non-empty transfer target.
 */
import type { CompactionRecord } from '../../engine/hook-types.ts';

export interface EventActions {
  stateDelta: Record<string, unknown>;
  artifactDelta: Record<string, number>;
  requestedAuthConfigs: Record<string, unknown>;
  requestedToolConfirmations: Record<string, unknown>;
  skipSummarization?: boolean;
  transferToAgent?: string;
  escalate?: boolean;
  /**
   * A compaction record (docs/peer-strategies.md X4; adk-python `EventActions.compaction`): set only on the events
   * a strategy's hooks append. The contents builder projects them (engine `projectCompactionRecords`).
   */
  compaction?: CompactionRecord;
}

/** adk-js `createEventActions`: empty maps, overridden by what is given. */
export function createEventActions(state: Partial<EventActions> = {}): EventActions {
  return {
    stateDelta: {},
    artifactDelta: {},
    requestedAuthConfigs: {},
    requestedToolConfirmations: {},
    ...state,
  };
}

/** adk-js `mergeEventActions`: shallow, last defined value wins. */
export function mergeEventActions(sources: readonly (Partial<EventActions> | undefined)[]): EventActions {
  const result = createEventActions();
  for (const source of sources) {
    if (!source) continue;
    if (source.stateDelta) Object.assign(result.stateDelta, source.stateDelta);
    if (source.artifactDelta) Object.assign(result.artifactDelta, source.artifactDelta);
    if (source.requestedAuthConfigs) Object.assign(result.requestedAuthConfigs, source.requestedAuthConfigs);
    if (source.requestedToolConfirmations)
      Object.assign(result.requestedToolConfirmations, source.requestedToolConfirmations);
    if (source.skipSummarization !== undefined) result.skipSummarization = source.skipSummarization;
    if (source.transferToAgent !== undefined) result.transferToAgent = source.transferToAgent;
    if (source.escalate !== undefined) result.escalate = source.escalate;
  }
  return result;
}

/**
 * adk-go `mergeEventActions`: StateDelta deep-merged (nested maps merge key by key), artifact
 * versions take the max, SkipSummarization/Escalate ORed, TransferToAgent last non-empty,
 * requested confirmations unioned.
 */
export function mergeEventActionsDeep(sources: readonly (Partial<EventActions> | undefined)[]): EventActions {
  const result = createEventActions();
  for (const source of sources) {
    if (!source) continue;
    if (source.stateDelta) deepMergeInto(result.stateDelta, source.stateDelta);
    for (const [name, version] of Object.entries(source.artifactDelta ?? {})) {
      result.artifactDelta[name] = Math.max(result.artifactDelta[name] ?? version, version);
    }
    Object.assign(result.requestedAuthConfigs, source.requestedAuthConfigs ?? {});
    Object.assign(result.requestedToolConfirmations, source.requestedToolConfirmations ?? {});
    if (source.skipSummarization) result.skipSummarization = true;
    if (source.escalate) result.escalate = true;
    if (source.transferToAgent) result.transferToAgent = source.transferToAgent;
  }
  return result;
}

function deepMergeInto(target: Record<string, unknown>, source: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isPlainMap(existing) && isPlainMap(value)) {
      const merged = { ...existing };
      deepMergeInto(merged, value);
      target[key] = merged;
    } else {
      target[key] = value;
    }
  }
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
