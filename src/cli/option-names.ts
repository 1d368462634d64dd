/**
 * The command line's names for the API's options: the API checks every option once
 * (src/api/option-error.ts) and names it in its caller's words, so a bad `jobs` reads
 * `--jobs must be an integer >= 1` here. An option without a flag keeps its API name.
 */
import type { OptionNames } from '../api/option-error.ts';

const FLAGS: Readonly<Record<string, string>> = {
  runs: '--runs',
  seed: '--seed',
  maxShrinks: '--max-shrinks',
  jobs: '--jobs',
  timeoutMs: '--timeout',
  maxMemoryMb: '--max-memory',
  replaySample: '--replay-sample',
  property: '--property',
  path: '--path',
  shard: '--shard',
  baseline: '--baseline',
  updateBaseline: '--update-baseline',
  merge: '--merge',
  reportFile: '--json',
  against: '--against',
  againstOptions: '--against-options',
  outDir: '--out',
  reportDir: '--report-dir',
  fuzzRuns: '--fuzz-runs',
  filter: '--filter',
  contextWindow: '--window',
  acceptFile: '--accept',
  strategyOptions: '--strategy-options',
  judgedAs: '--judged-as',
};

export const CLI_OPTION_NAMES: OptionNames = (option) => FLAGS[option] ?? option;
