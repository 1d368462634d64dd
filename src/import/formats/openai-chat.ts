/**
 * OpenAI Chat Completions messages (the shape most public agent datasets use): a request body
 * `{ model?, messages, tools? }`, a bare list of messages, or JSONL with one such session per line
 * (a dataset's rows; `tools` may be a JSON string there). Assistant `tool_calls[{ id, function:
 * { name, arguments } }]` pair with `tool` messages by `tool_call_id`; the legacy `function_call`
 * / `function` role pair by position. An assistant message may carry the `usage` of the response
 * it came from (`prompt_tokens`, `completion_tokens`, `prompt_tokens_details.cached_tokens`).
 *
 * mini-swe-agent trajectories (`{ info, messages, trajectory_format }`) are this format too: each
 * assistant message keeps the raw API response it came from in `extra.response` (its `usage`
 * is the request's), the model is `info.config.model.model_name`, and the closing `exit` message
 * records why the run ended; it is never sent to the model, so it is not replayed.
 */
import type { RecordedUsageSpec, ReplayToolSpec } from '../../harness/scenario/replay-schema.ts';
import { at, argsFromJson, count, isObject, Problems, textOfBlocks, type Json } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, RecordedCall, RecordedSession, Where } from '../recorded-log.ts';

export function openaiUsage(value: unknown): RecordedUsageSpec | undefined {
  if (!isObject(value)) return undefined;
  const input = count(value['prompt_tokens']);
  if (input === undefined) return undefined;
  const output = count(value['completion_tokens']);
  const details = value['prompt_tokens_details'];
  const cached = isObject(details) ? count(details['cached_tokens']) : undefined;
  return { input, ...(output === undefined ? {} : { output }), ...(cached === undefined ? {} : { cacheRead: cached }) };
}

/** `tools: [{ type: function, function: { name, description, parameters } }]` (or a JSON string of it). */
export function openaiTools(value: unknown, where: Where, problems: Problems): ReplayToolSpec[] | undefined {
  let list = value;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      problems.add(where, 'expected the tools as a list or a JSON string of one');
      return undefined;
    }
  }
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list)) {
    problems.add(where, 'expected a list of tools');
    return undefined;
  }
  const tools: ReplayToolSpec[] = [];
  list.forEach((tool, index) => {
    const here = at(where, index);
    const fn = isObject(tool) && isObject(tool['function']) ? tool['function'] : tool;
    if (!isObject(fn) || typeof fn['name'] !== 'string') {
      problems.add(here, 'expected a tool with a name ({ type: function, function: { name, parameters } })');
      return;
    }
    tools.push({
      name: fn['name'],
      ...(typeof fn['description'] === 'string' ? { description: fn['description'] } : {}),
      ...(isObject(fn['parameters']) ? { parameters: fn['parameters'] } : {}),
    });
  });
  return tools;
}

export function messageEntries(messages: readonly unknown[], where: Where, problems: Problems): LogEntry[] {
  const entries: LogEntry[] = [];
  messages.forEach((raw, index) => {
    const here = at(where, index);
    const message = problems.object(raw, here, 'a message object');
    if (!message) return;
    const role = problems.string(message, 'role', here, 'a role (system, user, assistant or tool)');
    const text = textOfBlocks(message['content']);
    switch (role) {
      case 'system':
      case 'developer':
        entries.push({ kind: 'system', text, where: here });
        break;
      case 'user':
        entries.push({ kind: 'user', text, where: here });
        break;
      case 'assistant':
        entries.push({
          kind: 'model',
          text,
          calls: callsOf(message, here, problems),
          usage: openaiUsage(message['usage']) ?? openaiUsage(responseOf(message)?.['usage']),
          where: here,
        });
        break;
      case 'tool': {
        const id = problems.string(message, 'tool_call_id', here, 'the id of the call this result answers');
        if (id !== undefined) entries.push({ kind: 'result', id, result: text, where: here });
        break;
      }
      case 'function':
        entries.push({ kind: 'result', result: text, where: here });
        break;
      case 'exit': // mini-swe-agent's end-of-run record, not a message the model saw
      case undefined:
        break;
      default:
        problems.add(
          at(here, 'role'),
          `expected a role (system, developer, user, assistant, tool or function), got "${role}"`,
        );
    }
  });
  return entries;
}

/** The raw API response mini-swe-agent keeps beside an assistant message (`extra.response`). */
function responseOf(message: Json): Json | undefined {
  const extra = message['extra'];
  return isObject(extra) && isObject(extra['response']) ? extra['response'] : undefined;
}

/** The model a request body names, else the one a mini-swe-agent trajectory's config names. */
function modelOf(body: Json): string | undefined {
  if (typeof body['model'] === 'string') return body['model'];
  const info = body['info'];
  const config = isObject(info) ? info['config'] : undefined;
  const model = isObject(config) ? config['model'] : undefined;
  return isObject(model) && typeof model['model_name'] === 'string' ? model['model_name'] : undefined;
}

function callsOf(message: Json, where: Where, problems: Problems): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const toolCalls = message['tool_calls'];
  if (Array.isArray(toolCalls)) {
    toolCalls.forEach((raw, index) => {
      const here = at(where, 'tool_calls', index);
      const call = problems.object(raw, here, 'a tool call');
      if (!call) return;
      const id = problems.string(call, 'id', here, 'the call id');
      const fn = problems.object(call['function'], at(here, 'function'), 'the function called ({ name, arguments })');
      const name = fn ? problems.string(fn, 'name', at(here, 'function'), 'the tool name') : undefined;
      if (id === undefined || name === undefined || !fn) return;
      const args = fn['arguments'];
      calls.push({ id, name, args: typeof args === 'string' ? argsFromJson(args) : isObject(args) ? args : {} });
    });
  } else if (isObject(message['function_call'])) {
    const fn = message['function_call'];
    const name = problems.string(fn, 'name', at(where, 'function_call'), 'the tool name');
    const args = fn['arguments'];
    if (name !== undefined) calls.push({ name, args: typeof args === 'string' ? argsFromJson(args) : {} });
  }
  return calls;
}

function sessionOf(
  value: unknown,
  where: Where,
  problems: Problems,
  label: string | undefined,
): RecordedSession | undefined {
  if (Array.isArray(value))
    return {
      ...(label === undefined ? {} : { label }),
      entries: messageEntries(value, where, problems),
      notes: NOTES_NO_TOOLS,
    };
  const body = problems.object(value, where, 'a chat request ({ messages, tools? }) or a list of messages');
  if (!body) return undefined;
  const messages = problems.array(body, 'messages', where, 'the list of messages');
  if (!messages) return undefined;
  const tools = openaiTools(body['tools'], at(where, 'tools'), problems);
  return {
    ...(label === undefined ? {} : { label }),
    model: modelOf(body),
    ...(tools && tools.length > 0 ? { tools } : {}),
    entries: messageEntries(messages, at(where, 'messages'), problems),
    ...(tools && tools.length > 0 ? {} : { notes: NOTES_NO_TOOLS }),
  };
}

const NOTES_NO_TOOLS = ['The log records no tool declarations: the called tools are declared from their arguments.'];

export const openaiChat = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const sessions: RecordedSession[] = [];
  if (log.kind === 'json') {
    const session = sessionOf(log.value, { path: [] }, problems, undefined);
    if (session) sessions.push(session);
  } else {
    for (const { line, value } of log.lines) {
      const session = sessionOf(value, { line, path: [] }, problems, `line${line}`);
      if (session) sessions.push(session);
    }
  }
  return { sessions, problems: problems.list };
};
