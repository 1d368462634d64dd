/**
 * Planted bug: a strategy whose count leaves out the system instruction (issue 18's survivor class
 * "estimators that undercount"), declaring the same trigger as its correct twin
 * (_internals/exact-trigger.ts). It compacts late by the system prompt's size: most such requests
 * still fit the window, so `no-overflow` rarely sees it; `declared-trigger` does.
 */
import type { StrategyFactory } from '../../engine/types.ts';
import { exactTriggerStrategy } from './_internals/exact-trigger.ts';

export const undercountSystemInstruction: StrategyFactory = () => exactTriggerStrategy({ skipSystemInstruction: true });

export default undercountSystemInstruction;
