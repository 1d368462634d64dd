/**
 * The `compaction-sim` CLI: a thin shell (style.md §2.1). Each command lives in
 * `commands/<name>.ts` and default-exports a yargs `CommandModule` whose handler calls
 * `runCommand(async () => exitCode)` (run-command.ts), which maps bad input to exit 2 with the
 * message only.
 *
 * To register a command, add its file name to COMMANDS: that one line is all main.ts needs.
 */
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { EXIT_BAD_INPUT } from './exit-codes.ts';
import { toolVersion } from './tool-version.ts';

const COMMANDS = [
  'simulate',
  'gate',
  'fuzz',
  'verify-adk',
  'strategies',
];

const modules = await Promise.all(
  COMMANDS.map(async (name) => ((await import(`./commands/${name}.ts`)) as { default: CommandModule }).default),
);

const cli = yargs(hideBin(process.argv))
  .scriptName('compaction-sim')
  .usage('$0 <command> [options]')
  .strict()
  .demandCommand(1, 'Choose a command.')
  .recommendCommands()
  .version(toolVersion())
  .help()
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  // Usage errors (unknown option, missing argument, bad choice): the message, a hint, exit 2.
  .fail((message, error) => {
    process.stderr.write(`compaction-sim: ${message ?? error?.message ?? 'invalid usage'}\nRun compaction-sim --help for usage.\n`);
    process.exit(EXIT_BAD_INPUT);
  });

for (const command of modules) cli.command(command);

await cli.parseAsync();
