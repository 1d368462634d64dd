/**
 * The CLI's commands as yargs sees them, in process: each command module's declared options, and a
 * parse of a command line with the CLI's middleware that tells whether the handler was reached.
 * Shared by the tests of the checks main.ts runs before any handler.
 */
import yargs, { type Argv, type CommandModule, type MiddlewareFunction } from 'yargs';
import { COMMAND_LINES, type CommandName } from '../../src/cli/command-lines.ts';
import type { DeclaredOptions } from '../../src/cli/repeated-options.ts';

const MODULES: Record<CommandName, () => Promise<{ default: unknown }>> = {
  simulate: () => import('../../src/cli/commands/simulate.ts'),
  gate: () => import('../../src/cli/commands/gate.ts'),
  fuzz: () => import('../../src/cli/commands/fuzz.ts'),
  'verify-adk': () => import('../../src/cli/commands/verify-adk.ts'),
  strategies: () => import('../../src/cli/commands/strategies.ts'),
  compare: () => import('../../src/cli/commands/compare.ts'),
  import: () => import('../../src/cli/commands/import.ts'),
};

export const COMMAND_NAMES = Object.keys(COMMAND_LINES) as CommandName[];

export interface Declared extends DeclaredOptions {
  readonly boolean: readonly string[];
  readonly number: readonly string[];
  readonly choices: Readonly<Record<string, readonly unknown[]>>;
}

/** What a middleware under test throws instead of exiting. */
export class Refused extends Error {}

/** The `refuse` callback the checks get in tests: throws `Refused` where main.ts exits. */
export function refuse(message: string): never {
  throw new Refused(message);
}

export async function commandModule(name: CommandName): Promise<CommandModule> {
  return (await MODULES[name]()).default as CommandModule;
}

/** The options a command declares, as yargs sees them once its builder ran. */
export function declaredOptions(module: CommandModule): Declared {
  const builder = module.builder as ((y: Argv) => Argv) | undefined;
  const built = builder === undefined ? yargs([]) : builder(yargs([]));
  return (built as unknown as { getOptions(): Declared }).getOptions();
}

/** Options a command requires (yargs `demandOption`), with a valid value. */
const REQUIRED: Partial<Record<CommandName, Readonly<Record<string, string>>>> = {
  import: { from: 'openai-chat', out: 'imported' },
};

/** What a command line needs before the option under test: its positionals and required options (but `flag`). */
export function leadingArgs(name: CommandName, flag: string): string[] {
  const required = Object.entries(REQUIRED[name] ?? {})
    .filter(([option]) => option !== flag)
    .flatMap(([option, given]) => [`--${option}`, given]);
  return [...(COMMAND_LINES[name].command.includes('<') ? ['scenarios'] : []), ...required];
}

/** Parses `args` as main.ts does; resolves to 'ran' when the handler was reached, or rejects with the refusal. */
export async function parse(module: CommandModule, args: string[], middleware: MiddlewareFunction): Promise<'ran'> {
  let ran = false;
  await yargs(args)
    .strict()
    .exitProcess(false)
    .command({
      ...module,
      handler: () => {
        ran = true;
      },
    })
    .fail((message, error) => {
      throw error ?? new Error(message);
    })
    .middleware(middleware)
    .parseAsync();
  if (!ran) throw new Error('the handler was not reached');
  return 'ran';
}
