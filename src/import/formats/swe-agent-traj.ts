/**
 * SWE-agent trajectory files (`*.traj`): `{ history, trajectory, info, replay_config?, environment? }`.
 * `history` is the message list the model was sent, OpenAI-style: `system`, `user`, `assistant`
 * (with `tool_calls` when the agent used function calling, else the action is written in the
 * text) and `tool` messages that name their call in `tool_call_ids`. Without function calling,
 * each observation is the next user message, as the model read it. The model's name comes from
 * `replay_config.agent.model.name` when the file has it; `info.model_stats` holds only totals
 * (tokens sent over the whole run), so no request carries usage.
 */
import { at, isObject, Problems, type Json } from '../read-fields.ts';
import type { FormatResult, ParsedLog, Where } from '../recorded-log.ts';
import { messageEntries } from './openai-chat.ts';

function modelOf(doc: Json): string | undefined {
  let config: unknown = doc['replay_config'];
  if (typeof config === 'string') {
    try {
      config = JSON.parse(config);
    } catch {
      return undefined;
    }
  }
  const agent = isObject(config) ? config['agent'] : undefined;
  const model = isObject(agent) ? agent['model'] : undefined;
  return isObject(model) && typeof model['name'] === 'string' ? model['name'] : undefined;
}

export const sweAgentTraj = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const root: Where = { path: [] };
  const doc = problems.object(
    log.kind === 'json' ? log.value : undefined,
    root,
    'one SWE-agent trajectory (a JSON document with history)',
  );
  if (!doc) return { sessions: [], problems: problems.list };
  const history = problems.array(doc, 'history', root, 'the message history');
  if (!history) return { sessions: [], problems: problems.list };
  // SWE-agent's tool messages name their call in a list: one call per observation. A message left
  // out stays a hole (forEach skips it), so every path keeps its index in the file.
  const messages: unknown[] = new Array<unknown>(history.length);
  history.forEach((raw, index) => {
    if (!isObject(raw) || raw['role'] !== 'tool' || raw['tool_call_id'] !== undefined) {
      messages[index] = raw;
      return;
    }
    const ids = raw['tool_call_ids'];
    if (Array.isArray(ids) && ids.length === 1 && typeof ids[0] === 'string')
      messages[index] = { ...raw, tool_call_id: ids[0] };
    else
      problems.add(
        at(root, 'history', index, 'tool_call_ids'),
        `expected the one call this observation answers, got ${Array.isArray(ids) ? `${ids.length} ids` : 'none'}`,
      );
  });
  const entries = messageEntries(messages, at(root, 'history'), problems);
  return {
    sessions: [
      {
        model: modelOf(doc),
        entries,
        notes: [
          'SWE-agent trajectories record the tools in the system prompt (or in a config this file does not hold): no declarations are replayed; no request carries usage.',
        ],
      },
    ],
    problems: problems.list,
  };
};
