/**
 * compaction-sim's public API (package entry "."): the ContextGuard engine, what a strategy module
 * imports. The one list of what the engine exports is its own barrel, `engine/index.ts` (explicit
 * named exports there); this entry adds nothing to it. The other entries: "./api" (simulate, gate,
 * fuzz, scenario files), "./fuzz" (property tests of a strategy) and "./adk" (the real-ADK plugin).
 */
export * from './engine/index.ts';
