/**
 * `compaction-sim strategies`: every built-in strategy `--strategy` accepts, one per line, name
 * first, then the source its behaviour comes from (the strategy catalog: ContextGuard's two and
 * the zoo of peer strategies). With `--audit`, each zoo strategy's audit record instead, read from
 * its own module (`AUDIT`): the upstream commit it follows, the date that was checked, the files and
 * lines it follows and what it leaves out.
 */
import type { Argv, CommandModule } from 'yargs';
import { STRATEGY_CATALOG } from '../../harness/strategy/strategy-catalog.ts';
import type { StrategyAudit } from '../../zoo/_shared/audit.ts';
import { ZOO_STRATEGIES } from '../../zoo/zoo-strategies.ts';
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
    .map(({ name, audit }) =>
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
      describe: "For each zoo strategy: the upstream commit it follows, the date that was checked, and what it leaves out",
    }) as unknown as Argv<StrategiesArgs>,
  handler: (args) =>
    runCommand(async () => {
      if (!args.audit) {
        process.stdout.write(renderStrategies(STRATEGY_CATALOG));
        return EXIT_OK;
      }
      const audits = await Promise.all(ZOO_STRATEGIES.map(async (strategy) => ({ name: strategy.name, audit: await strategy.audit() })));
      process.stdout.write(renderAudits(audits));
      return EXIT_OK;
    }),
};

export default strategies;
