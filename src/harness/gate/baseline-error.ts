/** A baseline file that exists but cannot be used (unreadable, not JSON, wrong shape): exit 2. */
export class BaselineError extends Error {
  readonly code = 'SIM_BASELINE_INVALID';

  constructor(message: string) {
    super(message);
    this.name = 'BaselineError';
  }
}
