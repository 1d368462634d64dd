/**
 * `npm run bench:realistic-bugs -- [--runs N] [--seeds 1,2,3] [--jobs N]`: the kill rate of fuzz
 * alone on the realistic buggy strategies (realistic-bugs/kill-rate.ts), per bug and seed.
 */
import { parseArgs } from 'node:util';
import { realisticKillRate } from './realistic-bugs/kill-rate.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '30' },
    seeds: { type: 'string', default: '1,2,3' },
    jobs: { type: 'string' },
  },
});
const seeds = values.seeds.split(',').map(Number);
const started = process.hrtime.bigint();
const rate = await realisticKillRate({
  seeds,
  runs: Number(values.runs),
  ...(values.jobs === undefined ? {} : { jobs: Number(values.jobs) }),
  onResult: (result) =>
    process.stdout.write(
      `seed ${result.seed} ${result.bug}: ${result.killedBy.length > 0 ? `killed by ${result.killedBy.join(', ')}` : 'SURVIVED'}\n`,
    ),
});
for (const [seed, holds] of rate.twinHolds) process.stdout.write(`seed ${seed}: the twin holds ${holds.join(', ')}\n`);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
process.stdout.write(
  `fuzz alone kills ${rate.killed}/${rate.total} (${(rate.rate * 100).toFixed(1)} %) at --runs ${values.runs}, seeds ${seeds.join(',')}; ${seconds.toFixed(0)} s\n`,
);
