/** Our scenario files, run through the strategy with the programmatic API (what `npm run simulate` does). */
import { simulate } from 'compaction-sim/api';
import { expect, test } from 'vitest';

test('every scenario in scenarios/ passes with keep-tail', async () => {
  const { passed, report } = await simulate({ paths: ['scenarios'], strategy: './src/keep-tail.ts', jobs: 1 });
  expect(report.scenarios.map((scenario) => [scenario.name, scenario.failures])).toEqual([
    ['roomy-128k', []],
    ['tool-heavy-16k', []],
  ]);
  expect(passed).toBe(true);
});
