#!/usr/bin/env node
/**
 * The `compaction-sim` CLI: a thin shell. Each command lives in
 * `commands/<name>.ts` and default-exports a yargs `CommandModule` whose handler calls
 * `runCommand(async () => exitCode)` (run-command.ts), which maps bad input to exit 2 with the
 * message only. This file is the package's `bin` (compiled to dist/cli/main.js).
 *
 * Start-up: only the module of the command that runs is imported; the others are registered
 * from their usage line and description (command-lines.ts), which is all `--help` shows. So
 * `compaction-sim --help` loads yargs and nothing of the simulator.
 *
 * To register a command, add its usage line to COMMAND_LINES and its module to commands/.
 */
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { packageVersion } from '../harness/package-version.ts';
import { COMMAND_LINES, repeatableOptionsOf, type CommandName } from './command-lines.ts';
import { EXIT_BAD_INPUT } from './exit-codes.ts';
import { refuseBadOptionValues } from './option-values.ts';
import { refuseRepeatedOptions } from './repeated-options.ts';

const args = hideBin(process.argv);

// A reader that stops early (`compaction-sim simulate … --format json | head`, or `2>&1 | head`)
// closes the pipe: what is left to print has nowhere to go, but the command still finishes and
// exits with its own verdict (a shell with pipefail reads it), instead of dying on an unhandled
// EPIPE (exit 1, the code of a failed scenario, with a stack trace).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    throw error;
  });
}

const cli = yargs(args)
  .scriptName('compaction-sim')
  .usage('$0 <command> [options]')
  .strict()
  .demandCommand(1, 'Choose a command.')
  .recommendCommands()
  .version(packageVersion())
  .help()
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  // Usage errors (unknown option, missing argument, bad choice): the message, a hint, exit 2.
  .fail((message, error) => usageError(message ?? error?.message ?? 'invalid usage'))
  // A single-valued option given twice: refused before the command's handler runs anything.
  .middleware(refuseRepeatedOptions(usageError, repeatableOptionsOf))
  // An option given no value (`--runs` at the end), or a number option given text (`--seed abc`).
  .middleware(refuseBadOptionValues(usageError, args));

function usageError(message: string): never {
  process.stderr.write(`compaction-sim: ${message}\nRun compaction-sim --help for usage.\n`);
  process.exit(EXIT_BAD_INPUT);
}

// The command named on the line is the first argument that is not an option (no global option takes a value).
const invoked = args.find((arg) => !arg.startsWith('-'));
for (const name of Object.keys(COMMAND_LINES) as CommandName[]) {
  if (name === invoked) cli.command(await loadCommand(name));
  else cli.command(COMMAND_LINES[name].command, COMMAND_LINES[name].describe);
}

await cli.parseAsync();

async function loadCommand(name: CommandName): Promise<CommandModule> {
  switch (name) {
    case 'simulate':
      return (await import('./commands/simulate.ts')).default as CommandModule;
    case 'gate':
      return (await import('./commands/gate.ts')).default as CommandModule;
    case 'fuzz':
      return (await import('./commands/fuzz.ts')).default as CommandModule;
    case 'verify-adk':
      return (await import('./commands/verify-adk.ts')).default as CommandModule;
    case 'strategies':
      return (await import('./commands/strategies.ts')).default as CommandModule;
    case 'compare':
      return (await import('./commands/compare.ts')).default as CommandModule;
    case 'import':
      return (await import('./commands/import.ts')).default as CommandModule;
  }
}
