/** The world's public API: explicit named exports only. */
export { runSession, runWorld } from './run-session.ts';
export type * from './world-scenario.ts';
export type * from './session-result.ts';
