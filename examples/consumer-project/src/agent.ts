/**
 * The same strategy guarding a real @google/adk agent: ContextGuard runs it before every model
 * call, with the summary, watermark and calibration kept in session state.
 */
import { InMemorySessionService, LlmAgent, Runner } from '@google/adk';
import { ContextGuardPlugin } from 'compaction-sim/adk';
import keepTail from './keep-tail.ts';

export function createRunner(): Runner {
  const agent = new LlmAgent({
    name: 'assistant',
    model: 'gemini-2.5-flash',
    instruction: 'You are a helpful assistant.',
  });
  const contextGuard = new ContextGuardPlugin().add('assistant', { strategy: keepTail({ keep: 12 }) });
  return new Runner({
    appName: 'my-app',
    agent,
    sessionService: new InMemorySessionService(),
    plugins: [contextGuard],
  });
}
