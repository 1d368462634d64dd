/**
 * `importLogs()`: the `compaction-sim import` command as a function. Reads each log file, turns
 * it into scenario files in replay mode (one per recorded session) and writes them to `outDir`.
 * A log that cannot be imported throws a `ScenarioError` naming the file, the line (JSONL) or
 * field path, and what is missing; nothing is written for any file until every file imported.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { displayPath } from '../harness/scenario/load-scenario.ts';
import { ScenarioError } from '../harness/scenario/scenario-error.ts';
import { serializeScenario } from '../harness/scenario/serialize-scenario.ts';
import { LOG_FORMAT_NAMES, type LogFormatName } from '../import/formats/index.ts';
import { fillUnrecordedPrefix } from '../import/fill-unrecorded-prefix.ts';
import { importLog } from '../import/import-log.ts';
import { redactScenario } from '../import/redact.ts';
import { loadTokenShape } from '../import/redact-vocabulary.ts';
import type { ScenarioOptions } from '../import/to-scenario.ts';
import { API_OPTION_NAMES, OptionError, type OptionNames } from './option-error.ts';

export interface ImportLogsOptions {
  readonly files: readonly string[];
  readonly format: string;
  readonly outDir: string;
  /** Window for every session, in tokens (overrides the log's). */
  readonly contextWindow?: number;
  /** Model name when the log records none. */
  readonly model?: string;
  /** Provenance written into every scenario (a log from a public source). */
  readonly source?: ScenarioOptions['source'];
  /** Replace every text by deterministic filler of the same shape (share a scenario, not the data). */
  readonly redact?: boolean;
  /** Plant the facts each log states (goal, files edited, failed calls) for the survival probes; default true. */
  readonly facts?: boolean;
  /**
   * Size replayed requests like the recorded ones, from the calibrated model of the log's recorded
   * usage: the token model scaled by its ratio, and its overhead (what the log left out of every
   * request) as marked filler at the end of the system instruction.
   */
  readonly fillUnrecordedPrefix?: boolean;
  /** Where relative paths start (default: `process.cwd()`). */
  readonly cwd?: string;
}

export interface ImportLogsResult {
  /** The scenario files written, as paths relative to `cwd` where inside it. */
  readonly written: readonly string[];
  /**
   * Sessions with nothing to replay (a transcript of summary lines only, as an agent's project
   * folder holds beside its sessions), skipped: the log as given, the session's label in it (null:
   * the log's only session), and why. An import whose every session is such throws instead:
   * nothing would be written.
   */
  readonly skipped: readonly { readonly file: string; readonly session: string | null; readonly reason: string }[];
  /** With `fillUnrecordedPrefix`: what each written file got (same order as `written`). */
  readonly prefixes?: readonly PrefixNote[];
}

/** The unrecorded prefix added to one scenario, or why none was. */
export type PrefixNote =
  | {
      readonly kind: 'filled';
      readonly file: string;
      /** The estimated overhead, in the provider's tokens. */
      readonly tokens: number;
      /** The filler's count under the scenario's tokenizer, before the scale. */
      readonly fillerTokens: number;
      /** The token model's scale (the fitted ratio, three decimals). */
      readonly scale: number;
      readonly ratio: number;
      readonly requests: number;
      /** The model's held-out check: within ±5 % on the second half of the requests when fitted on the first. */
      readonly heldOut: 'pass' | 'fail' | 'unchecked';
    }
  | { readonly kind: 'unfilled'; readonly file: string; readonly reason: string };

/** `rollout-2025.jsonl` → `rollout-2025`; characters a file name should not hold become `-`. */
function sessionBaseName(file: string): string {
  const base = basename(file).replace(/\.(jsonl|json|traj|ndjson|txt|yaml|yml)$/i, '');
  return fileNamePart(base) || 'session';
}

const fileNamePart = (text: string): string => text.replace(/[^A-Za-z0-9._-]+/g, '-');

/**
 * One scenario name per log, distinct even where logs share a file name, as a run of agents
 * writes them (`trial-1/agent/trajectory.json`, `trial-2/agent/trajectory.json`): logs that share
 * a name take as few of their folders, nearest first, as tells them apart
 * (`trial-1-agent-trajectory`). Logs the folders cannot tell apart (`a.json` beside `a.jsonl`)
 * keep the shared name, and `freeName` numbers them in the order given. Names are compared as a
 * case-insensitive file system would. The same file given twice is one log.
 */
function sessionNames(files: readonly string[]): { file: string; name: string }[] {
  const unique = [...new Set(files)];
  const bases = unique.map(sessionBaseName);
  const folders = unique.map((file) =>
    dirname(file)
      .split(sep)
      .map(fileNamePart)
      .filter((part) => part !== '' && part !== '-'),
  );
  const names = [...bases];
  const groups = new Map<string, number[]>();
  bases.forEach((base, i) => groups.set(base.toLowerCase(), [...(groups.get(base.toLowerCase()) ?? []), i]));
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const named = (depth: number) =>
      members.map((i) => [...folders[i]!.slice(Math.max(0, folders[i]!.length - depth)), bases[i]].join('-'));
    const distinct = (depth: number) => new Set(named(depth).map((name) => name.toLowerCase())).size;
    const best = distinct(Math.max(...members.map((i) => folders[i]!.length)));
    let depth = 1;
    while (distinct(depth) < best) depth += 1;
    const chosen = best === 1 ? members.map((i) => bases[i]!) : named(depth);
    chosen.forEach((name, k) => {
      names[members[k]!] = name;
    });
  }
  return unique.map((file, i) => ({ file, name: names[i]! }));
}

/** `name`, or `name-2`, `-3`… when a scenario of this import already took it (compared as `sessionNames` does). */
function freeName(name: string, taken: Set<string>): string {
  let free = name;
  for (let n = 2; taken.has(free.toLowerCase()); n += 1) free = `${name}-${n}`;
  taken.add(free.toLowerCase());
  return free;
}

/** `names`: how options are named in messages (the command line passes its flags). */
export async function importLogs(
  options: ImportLogsOptions,
  names: OptionNames = API_OPTION_NAMES,
): Promise<ImportLogsResult> {
  const cwd = options.cwd ?? process.cwd();
  if (options.contextWindow !== undefined && !(Number.isInteger(options.contextWindow) && options.contextWindow > 0)) {
    throw new OptionError(
      `${names('contextWindow')}: expected a positive integer (tokens), got ${String(options.contextWindow)}`,
    );
  }
  if (!(LOG_FORMAT_NAMES as readonly string[]).includes(options.format)) {
    throw new ScenarioError('SIM_SCENARIO_INVALID', null, [
      {
        path: null,
        line: null,
        column: null,
        message: `unknown log format '${options.format}': expected one of ${LOG_FORMAT_NAMES.join(', ')}`,
      },
    ]);
  }
  const outputs: { path: string; text: string; prefix?: PrefixNote }[] = [];
  const skipped: { file: string; session: string | null; reason: string }[] = [];
  const taken = new Set<string>();
  const logs = options.files.map((file) => resolve(cwd, file));
  for (const { file, name: logName } of sessionNames(logs)) {
    const shown = displayPath(file, cwd);
    let text: string;
    try {
      text = await readFile(resolve(cwd, file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ScenarioError('SIM_SCENARIO_NOT_FOUND', shown, [
        {
          path: null,
          line: null,
          column: null,
          message: code === 'ENOENT' ? 'no such file' : `cannot be read (${code})`,
        },
      ]);
    }
    const result = importLog(text, {
      format: options.format as LogFormatName,
      // Only the file's name goes into the scenario: a shared scenario should not carry the user's folders.
      file: basename(file),
      name: logName,
      contextWindow: options.contextWindow,
      model: options.model,
      source: options.source,
      facts: options.facts,
    });
    if (result.kind === 'invalid') throw new ScenarioError('SIM_SCENARIO_INVALID', shown, result.issues);
    for (const { label, reason } of result.empty) skipped.push({ file: shown, session: label, reason });
    for (const scenario of result.scenarios) {
      const name = freeName(scenario.name, taken);
      const spec = name === scenario.name ? scenario.spec : { ...scenario.spec, name };
      // Redacted words keep their token count under the scenario's own tokenizer (a ratio model counts bytes).
      const tokenizer = spec.session?.tokenModel?.tokenizer;
      const redacted =
        options.redact === true
          ? redactScenario(spec, tokenizer === undefined ? undefined : await loadTokenShape(tokenizer))
          : spec;
      const path = join(resolve(cwd, options.outDir), `${name}.yaml`);
      if (options.fillUnrecordedPrefix !== true) {
        outputs.push({ path, text: serializeScenario(redacted) });
        continue;
      }
      // Imported scenarios always count with a tokenizer (toScenario): its vocabulary makes the filler.
      const fill = await fillUnrecordedPrefix(redacted, name, await loadTokenShape(tokenizer ?? 'o200k_base'));
      const file = displayPath(path, cwd);
      const prefix: PrefixNote =
        fill.kind === 'filled'
          ? {
              kind: 'filled',
              file,
              tokens: fill.tokens,
              fillerTokens: fill.fillerTokens,
              scale: fill.scale,
              ratio: fill.fit.ratio,
              requests: fill.requests,
              heldOut: fill.heldOut === null ? 'unchecked' : fill.heldOut.passed ? 'pass' : 'fail',
            }
          : { kind: 'unfilled', file, reason: fill.reason };
      outputs.push({ path, text: serializeScenario(fill.spec), prefix });
    }
  }
  if (outputs.length === 0) {
    const [first] = skipped;
    throw new ScenarioError('SIM_SCENARIO_INVALID', skipped.length === 1 ? first!.file : null, [
      {
        path: null,
        line: null,
        column: null,
        message:
          skipped.length === 1
            ? first!.reason
            : `no session to replay in any of the ${skipped.length} sessions given (${first!.reason})`,
      },
    ]);
  }
  // A cassette is YAML: imported into its own folder, its scenario would take the log's own path.
  const overwritten = outputs.find((output) => logs.includes(output.path));
  if (overwritten)
    throw new OptionError(
      `${names('outDir')}: ${displayPath(overwritten.path, cwd)} is a log being imported, and its scenario would be written over it: choose another folder`,
    );
  await mkdir(resolve(cwd, options.outDir), { recursive: true });
  for (const output of outputs) await writeFile(output.path, output.text);
  const written = outputs.map((output) => displayPath(output.path, cwd));
  if (options.fillUnrecordedPrefix !== true) return { written, skipped };
  return {
    written,
    skipped,
    prefixes: outputs.flatMap((output) => (output.prefix === undefined ? [] : [output.prefix])),
  };
}
