/**
 * Step labels, as the Go simulator names its `runLLMStep` calls: `user` (the step answering the
 * user message), `tool-results` (after parallel tools), `tool-chain-<k>` (after the k-th
 * sequential tool), and `retry` for any model call beyond the turn's script.
 */
import type { WorldTurn } from '../world-scenario.ts';

export function stepLabel(turn: WorldTurn, stepInTurn: number): string {
  if (stepInTurn === 0) return 'user';
  const calls = turn.toolCalls.length;
  if (calls > 0 && !turn.sequential && stepInTurn === 1) return 'tool-results';
  if (calls > 0 && turn.sequential && stepInTurn <= calls) return `tool-chain-${stepInTurn - 1}`;
  return 'retry';
}
