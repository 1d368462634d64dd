/** One line of the bench's closing table: a target, its goal, what was measured, PASS or MISS. */
export interface TargetRow {
  readonly target: string;
  readonly goal: string;
  readonly measured: string;
  readonly pass: boolean;
}
