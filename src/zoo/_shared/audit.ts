/**
 * What a zoo strategy was checked against (issue 31): the upstream commit (or package version) it
 * follows line by line, the date that check was made, the files and lines it follows, and what it
 * leaves out and why. Each module exports its own (`AUDIT`), so the record lives beside the code it
 * describes; `compaction-sim strategies --audit` prints them.
 */
export interface StrategyAudit {
  /** Repository (owner/name) or package (npm:/PyPI:name@version), or the vendor's documentation. */
  readonly upstream: string;
  /** The commit read (short hash), a package version, or "docs" for a documented server feature. */
  readonly commit: string;
  /** The day the strategy was compared with that commit (YYYY-MM-DD). */
  readonly checked: string;
  /** Files and lines the behaviour follows. */
  readonly follows: readonly string[];
  /** What is not modelled, each with why. */
  readonly leavesOut: readonly string[];
}
