/**
 * What every request of a scenario must carry, in real tokens: the floor no strategy can go
 * under. Measured by the world's own request builder and token model (see `measure-floor.ts`),
 * so the analysis counts exactly what the provider would.
 */
export interface RequestFloor {
  /** System instruction + tool declarations of a request in `turn` (nothing a strategy may drop). */
  overheadRealTokens(turn: number): number;
  /** The turn's user content alone (text + attachments): the request must carry it, verbatim or quoted. */
  userRealTokens(turn: number): number;
}
