import { loadScenarios } from './src/harness/scenario/index.ts';
import { createStrategy } from './src/harness/strategy/load-strategy.ts';
import { runSession } from './src/world/index.ts';
import { SessionRecorder } from './src/world/measure/step-recorder.ts';
const acc: Record<string, number> = {};
const proto = SessionRecorder.prototype as any;
for (const m of ['onStepStart','onModelRequest','onEventAppended','onStepEnd','countPromptTokens']) {
  const orig = proto[m];
  proto[m] = function (...a: any[]) { const t = performance.now(); try { return orig.apply(this, a); } finally { acc[m] = (acc[m] ?? 0) + performance.now() - t; } };
}
const scenarios = (await loadScenarios(['scenarios/stress','scenarios/brutal'])).filter((s) => s.world.flavour === 'adk-js');
const passes = Number(process.argv[2] ?? 20);
let total = 0;
for (let p = 0; p < passes; p++) {
  if (p === 3) { total = 0; for (const k in acc) acc[k] = 0; }
  const t = performance.now();
  for (const s of scenarios) {
    const st = await createStrategy(s.strategy);
    const strategy = { name: st.name, compact: async (c: any, r: any) => { const t0 = performance.now(); try { return await st.compact(c, r); } finally { acc.strategy = (acc.strategy ?? 0) + performance.now() - t0; } },
      ...(st.afterModel ? { afterModel: async (c: any, r: any) => { const t0 = performance.now(); try { return await st.afterModel!(c, r); } finally { acc.strategy = (acc.strategy ?? 0) + performance.now() - t0; } } } : {}) };
    await runSession(s.world, { strategy });
  }
  total += performance.now() - t;
}
const n = passes - 3;
console.log('per pass total', (total / n).toFixed(0));
for (const [k, v] of Object.entries(acc)) console.log(k.padEnd(20), (v / n).toFixed(1), (100 * v / total).toFixed(1) + '%');
