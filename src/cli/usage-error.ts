/** A command-line value the CLI cannot use (bad --shard, --jobs, --strategy-options…): exit 2. */
export class UsageError extends Error {
  readonly code = 'SIM_USAGE';

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
