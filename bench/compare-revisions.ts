/**
 * Is this working tree's world faster or slower than another revision's? On a shared machine a
 * suite pass drifts by ±20% from one minute to the next, so timing the two versions one after the
 * other measures the machine, not the change. This plays both in ONE process, alternating whole
 * passes of the suite (A B, B A, A B, ...), timed in this process's own CPU time, and reports the
 * median of the per-round ratios: drift hits both sides of a round alike.
 *
 *   npx tsx bench/compare-revisions.ts <git revision> [paths..] [--rounds N] [--matched | --simulate]
 *     (default scenarios/stress scenarios/brutal, adk-js flavour, 30 rounds of which the first 4
 *      are warm-up; full measuring, or with --matched what the adk-js bench's "measuring matched"
 *      side plays: `measure: false`, or with --simulate what `simulate` plays: full measuring and
 *      the trace digest)
 *
 * The other revision is checked out into a temporary git worktree (removed afterwards) that
 * borrows this tree's node_modules, so both sides run on the same dependencies; its modules are
 * separate instances (their caches are their own). Both sides share one heap, so one side's
 * garbage can land in the other's pass; alternating the order each round spreads that evenly.
 * Nothing here feeds back into results.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { benchTable } from './bench-table.ts';
import { cpuMs, intOption, median, positionalArgs } from './bench-timing.ts';

const DEFAULT_PATHS = ['scenarios/stress', 'scenarios/brutal'];
const DEFAULT_ROUNDS = 30;
const WARMUP_ROUNDS = 4;

type SuitePass = () => Promise<number>;

/** What the world measures: `measure: false`, full measuring, or full measuring and the trace digest (as `simulate` plays). */
export type Measuring = 'matched' | 'full' | 'simulate';

/** A function that plays the suite once with the world found under `root` and returns its total ms. */
async function suiteUnder(root: string, paths: readonly string[], measuring: Measuring): Promise<SuitePass> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const { loadScenarios } = await load('src/harness/scenario/index.ts');
  const { createStrategy } = await load('src/harness/strategy/load-strategy.ts');
  const { runSession } = await load('src/world/index.ts');
  const all = await loadScenarios(paths.map((path) => resolve(path)));
  const scenarios = all.filter((scenario: { world: { flavour: string } }) => scenario.world.flavour === 'adk-js');
  if (scenarios.length === 0) throw new Error(`no adk-js scenarios under ${paths.join(' ')}`);
  return async () => {
    let total = 0;
    for (const scenario of scenarios) {
      const strategy = await createStrategy(scenario.strategy);
      const start = cpuMs();
      await runSession(scenario.world, {
        strategy,
        measure: measuring !== 'matched',
        traceDigest: measuring === 'simulate',
      });
      total += cpuMs() - start;
    }
    return total;
  };
}

export interface RevisionComparison {
  readonly revision: string;
  readonly rounds: number;
  readonly measuring: Measuring;
  /** Median suite CPU ms over the timed rounds. */
  readonly baseMs: number;
  readonly workMs: number;
  /** Per-round work/base ratios of the timed rounds, sorted. */
  readonly ratios: readonly number[];
}

export async function compareRevisions(
  revision: string,
  paths: readonly string[],
  rounds: number,
  measuring: Measuring = 'full',
): Promise<RevisionComparison> {
  const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  let commit: string;
  try {
    commit = execFileSync('git', ['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch {
    throw new Error(`not a commit in this repository: ${revision}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'compaction-sim-rev-'));
  const tree = join(dir, 'tree');
  execFileSync('git', ['worktree', 'add', '--detach', '--quiet', tree, commit], { cwd: top, stdio: 'pipe' });
  try {
    symlinkSync(join(top, 'node_modules'), join(tree, 'node_modules'), 'dir');
    const base = await suiteUnder(tree, paths, measuring);
    const work = await suiteUnder(top, paths, measuring);
    const baseTimes: number[] = [];
    const workTimes: number[] = [];
    for (let round = 0; round < WARMUP_ROUNDS + rounds; round += 1) {
      const [first, second] = round % 2 === 0 ? [base, work] : [work, base];
      const a = await first();
      const b = await second();
      if (round < WARMUP_ROUNDS) continue;
      baseTimes.push(round % 2 === 0 ? a : b);
      workTimes.push(round % 2 === 0 ? b : a);
    }
    const ratios = workTimes.map((ms, i) => ms / baseTimes[i]!).sort((x, y) => x - y);
    return {
      revision: `${revision} (${commit.slice(0, 7)})`,
      rounds,
      measuring,
      baseMs: median(baseTimes),
      workMs: median(workTimes),
      ratios,
    };
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: top, stdio: 'pipe' });
    rmSync(dir, { recursive: true, force: true });
  }
}

export function renderComparison(result: RevisionComparison): string {
  const { ratios } = result;
  const quartile = (q: number) => ratios[Math.min(ratios.length - 1, Math.floor(q * ratios.length))]!;
  const table = benchTable(['side', 'suite CPU ms (median)']);
  table.push([`base: ${result.revision}`, result.baseMs.toFixed(0)]);
  table.push(['work: this tree', result.workMs.toFixed(0)]);
  const ratio = median(ratios);
  const verdict =
    ratio < 1 ? `${((1 - ratio) * 100).toFixed(0)}% less time` : `${((ratio - 1) * 100).toFixed(0)}% more time`;
  return [
    `World (${{ matched: 'measuring matched', full: 'full measuring', simulate: 'as simulate plays: full measuring and the trace digest' }[result.measuring]}): this tree against ${result.revision}, ${result.rounds} rounds in one process, alternating`,
    table.toString(),
    `work / base per round: median ${ratio.toFixed(3)} (${verdict}), middle half ${quartile(0.25).toFixed(3)}-${quartile(0.75).toFixed(3)}`,
  ].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const argv = process.argv.slice(2);
    const rounds = intOption(argv, 'rounds', DEFAULT_ROUNDS);
    const [revision, ...paths] = positionalArgs(argv, ['rounds']);
    if (!revision)
      throw new Error(
        'usage: npx tsx bench/compare-revisions.ts <git revision> [paths..] [--rounds N] [--matched | --simulate]',
      );
    const measuring: Measuring = argv.includes('--matched')
      ? 'matched'
      : argv.includes('--simulate')
        ? 'simulate'
        : 'full';
    console.log(
      renderComparison(await compareRevisions(revision, paths.length > 0 ? paths : DEFAULT_PATHS, rounds, measuring)),
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`compare-revisions: ${message.split('\n')[0]}`);
    process.exitCode = 2;
  }
}
