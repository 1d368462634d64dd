/**
 * Bad options, found by the one validation the API and the command line share. Each check names
 * the option in its caller's words: the API's callers read `jobs`, `shard.index`, `reportDir`; the
 * command line passes its flags (`--jobs`, `--shard`, `--report-dir`) as `OptionNames`, so both
 * get the same rule with the same sentence. An `OptionError` is a `RangeError` (what the API threw
 * before the command line shared its checks), and it is bad input: the command line exits 2.
 */
export class OptionError extends RangeError {
  readonly code = 'SIM_OPTION';

  constructor(message: string) {
    super(message);
    this.name = 'OptionError';
  }
}

/** How an option is named in messages: its API name in, the caller's word out. */
export type OptionNames = (option: string) => string;

/** The API's own names (the option's key in the options object). */
export const API_OPTION_NAMES: OptionNames = (option) => option;
