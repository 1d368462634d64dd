/**
 * Each command's usage line and one-line description, apart from its module: `compaction-sim
 * --help` lists them all while main.ts imports only the module of the command that runs (a
 * command module pulls in the scenario loader, the world or fast-check, which `--help` never needs).
 * Each command module takes its `command` and `describe` from here.
 */
export const COMMAND_LINES = {
  simulate: {
    command: 'simulate <paths..>',
    describe: 'Run scenario files through a compaction strategy and report what happened',
  },
  gate: {
    command: 'gate [paths..]',
    describe: 'Run every scenario and compare with the committed baseline (CI regression gate)',
  },
  fuzz: {
    command: 'fuzz',
    describe:
      'Property-based fuzzing of a strategy: generated scenarios, shrunk counterexamples written as scenario files',
  },
  'verify-adk': {
    command: 'verify-adk [paths..]',
    describe: 'Play scenarios in the world and in the real @google/adk runtime and compare them step by step',
  },
  strategies: {
    command: 'strategies',
    describe: 'List the built-in strategies (name and source), for --strategy',
  },
  compare: {
    command: 'compare [paths..]',
    describe:
      'Play the same suites (and the same fuzzed corpus) through several strategies: a league table and the museum matrix',
  },
  import: {
    command: 'import <files..>',
    describe: 'Turn recorded agent sessions (logs in one of several formats) into scenario files that replay them',
  },
} as const;

export type CommandName = keyof typeof COMMAND_LINES;

/**
 * The options a command takes more than once although they are not yargs arrays (an array option
 * swallows the positional paths after it). Every other option not declared as an array is
 * single-valued, and giving it twice is a usage error (repeated-options.ts).
 */
export const REPEATABLE_OPTIONS: Readonly<Partial<Record<CommandName, readonly string[]>>> = {
  compare: ['strategy', 'strategy-options'],
};

export function repeatableOptionsOf(command: string | undefined): readonly string[] {
  return command !== undefined && Object.hasOwn(REPEATABLE_OPTIONS, command)
    ? REPEATABLE_OPTIONS[command as CommandName]!
    : [];
}
