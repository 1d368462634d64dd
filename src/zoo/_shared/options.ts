/**
 * Reading a zoo strategy's plain options (scenario files, `--strategy-options`): every key must be
 * known and of the right kind, named as the peer names it; anything else is a
 * `StrategyOptionsError` naming the option and what was expected (never a silent default).
 */
import { StrategyOptionsError } from '../../engine/strategies/strategy-options.ts';

export type OptionSpec =
  | { readonly kind: 'integer'; readonly min: number; readonly meaning: string }
  | { readonly kind: 'number'; readonly min: number; readonly max?: number; readonly meaning: string }
  | { readonly kind: 'boolean'; readonly meaning: string }
  | { readonly kind: 'string'; readonly values?: readonly string[]; readonly meaning: string }
  | { readonly kind: 'strings'; readonly meaning: string }
  | { readonly kind: 'json'; readonly meaning: string };

type ValueOf<S extends OptionSpec> = S['kind'] extends 'integer' | 'number'
  ? number
  : S['kind'] extends 'boolean'
    ? boolean
    : S['kind'] extends 'string'
      ? string
      : S['kind'] extends 'strings'
        ? readonly string[]
        : unknown;

export type ReadOptions<S extends Record<string, OptionSpec>> = { readonly [K in keyof S]?: ValueOf<S[K]> };

export function readOptions<S extends Record<string, OptionSpec>>(
  strategy: string,
  options: unknown,
  spec: S,
): ReadOptions<S> {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options))
    throw new StrategyOptionsError(`${strategy}: options must be an object, got ${describe(options)}`);
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options as Record<string, unknown>)) {
    const option = spec[key];
    if (!option)
      throw new StrategyOptionsError(
        `${strategy}: unknown option "${key}"; expected one of: ${Object.keys(spec).join(', ') || '(none)'}`,
      );
    if (value === undefined) continue;
    const problem = check(option, value);
    if (problem)
      throw new StrategyOptionsError(
        `${strategy}: option "${key}" (${option.meaning}) must be ${problem}, got ${describe(value)}`,
      );
    result[key] = value;
  }
  return result as ReadOptions<S>;
}

function check(option: OptionSpec, value: unknown): string | null {
  switch (option.kind) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= option.min
        ? null
        : `an integer >= ${option.min}`;
    case 'number': {
      const range =
        option.max === undefined ? `a number >= ${option.min}` : `a number from ${option.min} to ${option.max}`;
      return typeof value === 'number' &&
        Number.isFinite(value) &&
        value >= option.min &&
        (option.max === undefined || value <= option.max)
        ? null
        : range;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'true or false';
    case 'string':
      if (typeof value !== 'string') return 'a string';
      return option.values === undefined || option.values.includes(value)
        ? null
        : `one of ${option.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'strings':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? null : 'a list of strings';
    case 'json':
      return null;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(describe).join(', ')}]`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return String(value);
}
