/**
 * A reporter renders a finished suite report to text; it never runs anything and never decides
 * an exit code (running is separate from reporting).
 */
import type { SuiteReport } from './suite-report.ts';

export interface RenderOptions {
  /** ANSI colours allowed (a TTY and no NO_COLOR): only the terminal table uses them. */
  readonly color: boolean;
}

export interface Reporter {
  readonly name: string;
  /** The file it is written to in the report dir, or null for terminal-only output. */
  readonly fileName: string | null;
  render(report: SuiteReport, options: RenderOptions): string;
}
