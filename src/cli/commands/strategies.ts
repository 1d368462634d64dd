/**
 * `compaction-sim strategies`: every built-in strategy `--strategy` accepts, one per line, name
 * first, then the source its behaviour comes from (the strategy catalog: ContextGuard's two and
 * the zoo of peer strategies).
 */
import type { CommandModule } from 'yargs';
import { STRATEGY_CATALOG } from '../../harness/strategy/strategy-catalog.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';

/** The listing: names padded to one column, then the source. */
export function renderStrategies(strategies: readonly { readonly name: string; readonly source: string }[]): string {
  const width = Math.max(...strategies.map((s) => s.name.length));
  return strategies.map((s) => `${s.name.padEnd(width)}  ${s.source}\n`).join('');
}

const strategies: CommandModule = {
  ...COMMAND_LINES.strategies,
  handler: () =>
    runCommand(async () => {
      process.stdout.write(renderStrategies(STRATEGY_CATALOG));
      return EXIT_OK;
    }),
};

export default strategies;
