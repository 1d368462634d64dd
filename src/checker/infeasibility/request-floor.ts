/**
 * What every request of a scenario must carry, in real tokens: the floor no strategy can go
 * under. Measured by the world's own pieces and token model (see `measure-floor.ts`), each as one
 * whole request, so the analysis counts exactly what the provider would for the smallest request
 * a strategy could send.
 */
export interface RequestFloor {
  /** Real tokens of a request in `turn` holding only the system instruction and tool declarations. */
  overheadRealTokens(turn: number): number;
  /**
   * Real tokens of the smallest request in `turn` that carries the user's request: the overhead
   * plus one user content holding exactly the text of the turn's message (attachments may be
   * dropped; a quote in a continuation is larger). The overhead alone when the message is empty.
   */
  carryingRequestRealTokens(turn: number): number;
}
