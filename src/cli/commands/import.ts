/**
 * `compaction-sim import <files..> --from <format> --out <dir>`: recorded agent sessions → scenario
 * files in replay mode (a thin shell over `importLogs`, src/api). Exit 0 when every file imported;
 * a bad or partial log is exit 2 with the file, the line (JSONL) or field path, and what is missing.
 */
import type { Argv, CommandModule } from 'yargs';
import { importLogs } from '../../api/import-logs.ts';
import { renderFidelity, replayFidelity } from '../../api/replay-fidelity.ts';
import { LOG_FORMAT_NAMES } from '../../import/formats/index.ts';
import { COMMAND_LINES } from '../command-lines.ts';
import { EXIT_OK } from '../exit-codes.ts';
import { runCommand } from '../run-command.ts';
import { CLI_OPTION_NAMES } from '../option-names.ts';

interface ImportArgs {
  readonly files: string[];
  readonly from: string;
  readonly out: string;
  readonly window?: number | undefined;
  readonly model?: string | undefined;
  readonly check: boolean;
  readonly redact: boolean;
  readonly facts: boolean;
  readonly fillUnrecordedPrefix: boolean;
  readonly origin?: string | undefined;
  readonly commit?: string | undefined;
  readonly license?: string | undefined;
  readonly attribution?: string | undefined;
}

const importCommand: CommandModule<object, ImportArgs> = {
  ...COMMAND_LINES.import,
  builder: (yargs) =>
    (yargs as Argv<object>)
      .positional('files', { type: 'string', array: true, describe: 'Log files to import' })
      .option('from', { choices: LOG_FORMAT_NAMES, demandOption: true, describe: 'The log format' })
      .option('out', { type: 'string', demandOption: true, describe: 'Folder the scenario files are written to' })
      .option('window', {
        type: 'number',
        describe: 'Context window in tokens (for logs that record none, or to replay into another window)',
      })
      .option('model', { type: 'string', describe: 'Model name for logs that record none' })
      .option('origin', {
        type: 'string',
        describe: 'Provenance written into each scenario: where the log comes from (URL)',
      })
      .option('commit', { type: 'string', describe: 'Provenance: the commit of the source the log was taken from' })
      .option('license', { type: 'string', describe: 'Provenance: the licence the log is distributed under' })
      .option('attribution', { type: 'string', describe: 'Provenance: who to credit' })
      .option('redact', {
        type: 'boolean',
        default: false,
        describe:
          'Replace every text by deterministic filler of the same shape (lengths, kinds, JSON structure), to share a scenario without its data',
      })
      .option('facts', {
        type: 'boolean',
        default: true,
        describe:
          'Plant the facts each log states (goal = first user message, files edited, failed calls) for the survival probes (--no-facts to leave them out)',
      })
      .option('fill-unrecorded-prefix', {
        type: 'boolean',
        default: false,
        describe:
          'Size replayed requests like the recorded ones from the calibrated model of the recorded usage: tokens counted × its ratio, and what the log left out of every request (system prompt, tool declarations) as marked filler in the system instruction',
      })
      .option('check', {
        type: 'boolean',
        default: true,
        describe:
          'Replay each session without compaction and compare request sizes with the recorded input tokens (--no-check to skip)',
      }) as unknown as Argv<ImportArgs>,
  handler: (args) =>
    runCommand(async () => {
      const { written, skipped, prefixes } = await importLogs(
        {
          files: args.files,
          format: args.from,
          outDir: args.out,
          ...(args.window === undefined ? {} : { contextWindow: args.window }),
          ...(args.model === undefined ? {} : { model: args.model }),
          redact: args.redact,
          facts: args.facts,
          fillUnrecordedPrefix: args.fillUnrecordedPrefix,
          source: {
            ...(args.origin === undefined ? {} : { origin: args.origin }),
            ...(args.commit === undefined ? {} : { commit: args.commit }),
            ...(args.license === undefined ? {} : { license: args.license }),
            ...(args.attribution === undefined ? {} : { attribution: args.attribution }),
          },
        },
        CLI_OPTION_NAMES,
      );
      for (const file of written) process.stdout.write(`wrote ${file}\n`);
      for (const { file, session, reason } of skipped)
        process.stdout.write(`skipped ${file}${session === null ? '' : ` (${session})`}: ${reason}\n`);
      for (const prefix of prefixes ?? [])
        process.stdout.write(
          prefix.kind === 'filled'
            ? `${prefix.file}: sized like the recorded requests: tokens counted × ${prefix.scale.toFixed(3)} and ${prefix.fillerTokens} tokens of unrecorded-prefix filler (recorded ≈ ${prefix.ratio.toFixed(3)} × our count + ${prefix.tokens}, fitted on ${prefix.requests} requests, held-out check: ${prefix.heldOut}; the size check below is no longer independent of the usage it was fitted on)\n`
            : `${prefix.file}: no unrecorded prefix filled: ${prefix.reason}\n`,
        );
      // Recorded usage as ground truth: the imported sessions replayed without compaction.
      if (args.check) process.stdout.write(renderFidelity(await replayFidelity({ paths: written })));
      return EXIT_OK;
    }),
};

export default importCommand;
