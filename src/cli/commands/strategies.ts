/**
 * `compaction-sim strategies`: every built-in strategy `--strategy` accepts, one per line, name
 * first, then the source its behaviour comes from (the strategy catalog: ContextGuard's two and
 * the zoo of peer strategies; the API's `listStrategies()`). With `--audit`, each zoo strategy's audit record instead, read from
 * its own module (`AUDIT`): the upstream commit it follows, the date that was checked, the files and
 * lines it follows and what it leaves out.
 */
import type { Argv, CommandModule } from 'yargs';
import { listStrategies, type StrategyAudit } from '../../api/strategies.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';

/** The listing: names padded to one column, then the source. */
export function renderStrategies(strategies: readonly { readonly name: string; readonly source: string }[]): string {
  const width = Math.max(...strategies.map((s) => s.name.length));
  return strategies.map((s) => `${s.name.padEnd(width)}  ${s.source}\n`).join('');
}

/** The audit listing: per strategy, a header line (name, upstream @ commit, checked date), then what it follows and leaves out. */
export function renderAudits(audits: readonly { readonly name: string; readonly audit: StrategyAudit }[]): string {
  return audits
    .map(
      ({ name, audit }) =>
        [
          `${name}  ${audit.upstream} @ ${audit.commit}  (checked ${audit.checked})`,
          ...audit.follows.map((line) => `  follows:     ${line}`),
          ...audit.leavesOut.map((line) => `  leaves out:  ${line}`),
        ].join('\n') + '\n',
    )
    .join('\n');
}

interface StrategiesArgs {
  readonly audit: boolean;
}

const strategies: CommandModule<object, StrategiesArgs> = {
  ...COMMAND_LINES.strategies,
  builder: (yargs) =>
    (yargs as Argv<object>).option('audit', {
      type: 'boolean',
      default: false,
      describe:
        'For each zoo strategy: the upstream commit it follows, the date that was checked, and what it leaves out',
    }) as unknown as Argv<StrategiesArgs>,
  handler: (args) =>
    runCommand(async () => {
      const listing = await listStrategies({ audit: args.audit });
      process.stdout.write(
        listing.kind === 'catalog' ? renderStrategies(listing.strategies) : renderAudits(listing.audits),
      );
      return EXIT_OK;
    }),
};

export default strategies;
