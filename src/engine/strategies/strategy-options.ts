/**
 * Validation of the plain options object a {@link StrategyFactory} receives (from a scenario file,
 * the CLI or code). Unknown keys and wrong types are errors with a message naming the option and
 * what was expected, never a silent default.
 */

/** A strategy was given options it cannot use. */
export class StrategyOptionsError extends Error {
  readonly code = 'ENGINE_STRATEGY_OPTIONS_INVALID';
  constructor(message: string) {
    super(message);
    this.name = 'StrategyOptionsError';
  }
}

/** Description of one accepted option: an integer with a lower bound. */
export interface IntegerOptionSpec {
  readonly min: number;
  /** What the option means, used in error messages. */
  readonly meaning: string;
}

/**
 * Checks `options` against `spec` and returns the integer values that were set. `undefined` and
 * `null` options mean "all defaults".
 */
export function readIntegerOptions<K extends string>(
  strategyName: string,
  options: unknown,
  spec: Readonly<Record<K, IntegerOptionSpec>>,
): Partial<Record<K, number>> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new StrategyOptionsError(`${strategyName}: options must be an object, got ${describe(options)}`);
  }
  const allowed = Object.keys(spec) as K[];
  const result: Partial<Record<K, number>> = {};
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    if (!allowed.includes(key as K)) {
      const list = allowed.length > 0 ? allowed.join(', ') : '(none)';
      throw new StrategyOptionsError(`${strategyName}: unknown option "${key}"; expected one of: ${list}`);
    }
    if (value === undefined) continue;
    const { min, meaning } = spec[key as K];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      throw new StrategyOptionsError(
        `${strategyName}: option "${key}" (${meaning}) must be an integer >= ${min}, got ${describe(value)}`,
      );
    }
    result[key as K] = value;
  }
  return result;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
