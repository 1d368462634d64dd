/**
 * A strategy that cannot be resolved: unknown built-in name, a module that does not exist or
 * fails to import, or a default export that is neither a strategy nor a factory.
 * The CLI prints `message` alone (no stack) and exits 2.
 */
export class StrategyLoadError extends Error {
  readonly code = 'SIM_STRATEGY_LOAD';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StrategyLoadError';
  }
}
