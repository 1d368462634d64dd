/**
 * A shrunk failure as a scenario file: the generated spec plus a name, a description (property,
 * violation, fast-check seed and path, how to replay), the strategy it failed with and an
 * `expect` block asserting the violated property, so `simulate` fails on it the same way.
 */
import { basename, extname, join, resolve } from 'node:path';
import { displayPath, type ExpectSpec, type ScenarioSpec } from '../../harness/scenario/index.ts';
import { isModulePath, strategyNameFrom } from '../../harness/strategy/module-path.ts';
import { propertyByName } from '../../checker/properties/index.ts';
import type { ShrunkFailure } from './shrink-failure.ts';

/**
 * How replay lines start: the installed package's command, which works wherever compaction-sim is
 * installed (a user's project has no `npm run simulate` script).
 */
export const REPLAY_COMMAND = 'npx compaction-sim';

export interface FuzzStrategy {
  /** As the user typed it (a built-in name, or a module path relative to `cwd`). */
  readonly name: string;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface CounterexampleFile {
  /** Path of the file, relative to cwd when inside it, `/` separators. */
  readonly file: string;
  readonly spec: ScenarioSpec;
  /** `npx compaction-sim simulate <file> --strategy <name>`: fails the same way. */
  readonly simulateCommand: string;
  /** `npx compaction-sim fuzz ... --seed S --path P`: replays the shrunk counterexample inside the fuzzer. */
  readonly fuzzCommand: string;
  /** Differential counterexamples: `simulate <file> --strategy <reference>`, where the property holds. */
  readonly referenceCommand?: string;
}

/**
 * A differential counterexample (`fuzz --against`): the property fails for the strategy where
 * `reference` holds it on this scenario; `outcome` says how it holds there (passes, is excused, or
 * breaks it only later in the conversation: `failsLater`).
 */
export interface AgainstReference {
  readonly reference: FuzzStrategy;
  readonly outcome: string;
  readonly failsLater?: boolean;
}

/**
 * How the run's strategy options were chosen (arbitraries/strategy-options.ts): `drawn`, the
 * options drawn for this run (the file and its `simulate` commands play them, under the user's
 * own); `vary` false when the run turned drawing off (its fuzz replay must too, or the same path
 * names another value).
 */
export interface OptionVariation {
  readonly vary: boolean;
  readonly drawn: Readonly<Record<string, unknown>>;
}

export const NO_VARIATION: OptionVariation = { vary: true, drawn: {} };

export function counterexampleFile(
  failure: ShrunkFailure,
  strategy: FuzzStrategy,
  outDir: string,
  cwd: string,
  against?: AgainstReference,
  variation: OptionVariation = NO_VARIATION,
): CounterexampleFile {
  const [own, other] =
    against === undefined ? [strategyLabel(strategy.name), ''] : strategyLabels(strategy.name, against.reference.name);
  const vs = against === undefined ? '' : `-vs-${slug(other)}`;
  const name = `${failure.property}.${slug(own)}${vs}.seed-${failure.seed}`;
  const file = displayPath(join(outDir, `${name}.yaml`), cwd);
  // What this run played: the user's options over the drawn ones (simulate replaces a file's
  // options with --strategy-options, so the command carries them all).
  const played = withDrawn(strategy, variation);
  const simulateCommand = `${REPLAY_COMMAND} simulate ${file} --strategy ${strategy.name}${optionsFlag(played)}`;
  const againstFlags =
    against === undefined
      ? ''
      : ` --against ${against.reference.name}${optionsFlag(against.reference, '--against-options')}`;
  // The fuzz replay draws the same options again from the path: only the user's own are given.
  const fuzzCommand =
    `${REPLAY_COMMAND} fuzz --strategy ${strategy.name}${optionsFlag(strategy)}${againstFlags}${variation.vary ? '' : ' --no-vary-options'} --seed ${failure.seed} ` +
    `--property ${failure.property} --path ${failure.path}`;
  const { name: _generated, strategy: _drawn, ...generated } = failure.spec;
  const referenceCommand =
    against === undefined
      ? undefined
      : `${REPLAY_COMMAND} simulate ${file} --strategy ${against.reference.name}${optionsFlag(withDrawn(against.reference, variation))}`;
  const description =
    (referenceCommand === undefined
      ? describe(failure, strategy, simulateCommand, fuzzCommand)
      : describeDifference(failure, strategy, against!, referenceCommand, simulateCommand, fuzzCommand)) +
    drawnLine(variation);
  const spec: ScenarioSpec = {
    name,
    description,
    ...generated,
    strategy: { name: strategyNameFrom(strategy.name, resolve(cwd, outDir), cwd), ...optionsEntry(played) },
    // A differential file asserts nothing strict: the universal check fails the property for the
    // strategy and holds it for the reference, infeasible included (a strict key fails both there).
    expect: against === undefined ? expectFor(failure) : {},
  };
  return { file, spec, simulateCommand, fuzzCommand, ...(referenceCommand === undefined ? {} : { referenceCommand }) };
}

/** The `expect` block that makes `simulate` fail on this property; {} for what it always checks. */
export function expectFor(failure: ShrunkFailure): ExpectSpec {
  const key = propertyByName(failure.property).expectKey;
  return key === null ? {} : { [key]: true };
}

function describe(
  failure: ShrunkFailure,
  strategy: FuzzStrategy,
  simulateCommand: string,
  fuzzCommand: string,
): string {
  return (
    `Fuzz counterexample: ${failure.property} failed for strategy ${strategy.name}.\n` +
    `${failure.violation.message}\n` +
    `fast-check seed ${failure.seed}, path ${failure.path} (shrunk ${failure.shrinks} times).\n` +
    unchecked(failure) +
    `Replay: ${simulateCommand}\n` +
    `Replay the fuzz run: ${fuzzCommand}\n`
  );
}

function describeDifference(
  failure: ShrunkFailure,
  strategy: FuzzStrategy,
  against: AgainstReference,
  referenceCommand: string,
  simulateCommand: string,
  fuzzCommand: string,
): string {
  const reference = against.reference;
  const where =
    against.failsLater === true
      ? `fails for strategy ${strategy.name} at step ${failure.violation.step}, where ${reference.name} still holds it (${reference.name} breaks it later in the same conversation)`
      : `fails for strategy ${strategy.name} and holds for ${reference.name} on this scenario`;
  const referenceReplay =
    against.failsLater === true
      ? `${failure.property} breaks later than with ${strategy.name}`
      : `${failure.property} holds; it may fail other properties here`;
  return (
    `Differential fuzz counterexample: ${failure.property} ${where}.\n` +
    `${strategy.name}: ${failure.violation.message}\n` +
    `${reference.name}: ${against.outcome}\n` +
    `fast-check seed ${failure.seed}, path ${failure.path} (shrunk ${failure.shrinks} times while the difference persisted).\n` +
    unchecked(failure) +
    `Replay (${failure.property} fails): ${simulateCommand}\n` +
    `Replay the reference (${referenceReplay}): ${referenceCommand}\n` +
    `Replay both in the fuzzer: ${fuzzCommand}\n`
  );
}

function unchecked(failure: ShrunkFailure): string {
  if (failure.property === 'deterministic-replay')
    return 'simulate plays a scenario once, so it cannot show this failure: replay it with the fuzz command.\n';
  if (failure.property === 'declared-trigger')
    return 'simulate does not judge declared triggers: replay it with the fuzz command.\n';
  if (failure.property === 'estimate-precision')
    return 'simulate does not judge declared estimators: replay it with the fuzz command.\n';
  return '';
}

/** A strategy as a short label: a built-in name, or a module's file name without extension. */
export function strategyLabel(name: string): string {
  return isModulePath(name) ? basename(name, extname(name)) : name;
}

/**
 * Two strategies compared with each other, labelled so they read apart: their short labels, or,
 * when those are the same (a strategy against the base branch's copy of it: `./my-strategy.ts`
 * against `./base/my-strategy.ts`), their module paths without `./` and extension.
 */
export function strategyLabels(mine: string, reference: string): [string, string] {
  const short: [string, string] = [strategyLabel(mine), strategyLabel(reference)];
  if (short[0] !== short[1] || mine === reference) return short;
  const long = (name: string) => name.replace(/^\.\//, '').replace(/\.[cm]?[jt]s$/, '');
  return [long(mine), long(reference)];
}

export function slug(label: string): string {
  return label.replace(/[^A-Za-z0-9_-]+/g, '-');
}

export function optionsEntry(strategy: FuzzStrategy): { options?: Record<string, unknown> } {
  return Object.keys(strategy.options).length === 0 ? {} : { options: { ...strategy.options } };
}

export function optionsFlag(strategy: FuzzStrategy, flag = '--strategy-options'): string {
  return Object.keys(strategy.options).length === 0 ? '' : ` ${flag} '${JSON.stringify(strategy.options)}'`;
}

export function withDrawn(strategy: FuzzStrategy, variation: OptionVariation): FuzzStrategy {
  return { name: strategy.name, options: { ...variation.drawn, ...strategy.options } };
}

export function drawnLine(variation: OptionVariation): string {
  const drawn = Object.entries(variation.drawn);
  if (drawn.length === 0) return '';
  return `Strategy options drawn for this run (shrunk towards the defaults): ${drawn.map(([option, value]) => `${option} ${JSON.stringify(value)}`).join(', ')}.\n`;
}
