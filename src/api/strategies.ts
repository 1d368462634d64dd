/**
 * `listStrategies()`: the `compaction-sim strategies` command as a function. The built-in
 * strategies a `strategy` option accepts (name and the source its behaviour comes from:
 * ContextGuard's two and the zoo of peer strategies), or with `audit`, each zoo strategy's audit
 * record read from its own module: the upstream commit it follows, the date that was checked,
 * the files and lines it follows and what it leaves out.
 */
import { STRATEGY_CATALOG } from '../harness/strategy/strategy-catalog.ts';
import type { StrategyAudit } from '../zoo/_shared/audit.ts';
import { ZOO_STRATEGIES } from '../zoo/zoo-strategies.ts';

export type StrategyListing =
  | { readonly kind: 'catalog'; readonly strategies: readonly { readonly name: string; readonly source: string }[] }
  | { readonly kind: 'audits'; readonly audits: readonly { readonly name: string; readonly audit: StrategyAudit }[] };

export async function listStrategies(options: { readonly audit?: boolean } = {}): Promise<StrategyListing> {
  if (options.audit !== true)
    return { kind: 'catalog', strategies: STRATEGY_CATALOG.map(({ name, source }) => ({ name, source })) };
  const audits = await Promise.all(
    ZOO_STRATEGIES.map(async (strategy) => ({ name: strategy.name, audit: await strategy.audit() })),
  );
  return { kind: 'audits', audits };
}

export type { StrategyAudit };
