/**
 * Anthropic Messages API: a request body `{ model, system, tools, messages }` (the full history
 * the last request carried), optionally with the `response` it got, or a list (JSON array or
 * JSONL) of `{ request, response }` exchanges of one session as a proxy logs them: the session is
 * the last request's messages plus its response, and each exchange's `response.usage` is the usage
 * of the assistant message at that request's length. Content blocks: `text`, `tool_use { id,
 * name, input }` and `tool_result { tool_use_id, content }` (text or blocks); `thinking` and
 * images are not replayed. Usage input = `input_tokens` + `cache_creation_input_tokens` +
 * `cache_read_input_tokens` (Anthropic reports the three apart).
 *
 * A recording cassette (vcrpy / pytest-recording: `{ interactions: [{ request, response }] }`, as
 * agent frameworks commit their recorded API calls) is read as the same list of exchanges: each
 * side's body is `parsed_body`, or `body` as a JSON string (or `{ string }`); token-counting calls
 * (`/v1/messages/count_tokens`) are skipped, and a call to any other endpoint, or a response that
 * is not a JSON message (a streamed one), is reported. Every request must continue the one before
 * it (its messages start with the previous request's, `cache_control` markers aside, since agents
 * move them between requests): a log of several sessions is reported, never merged.
 */
import type { RecordedUsageSpec, ReplayToolSpec } from '../../harness/scenario/replay-schema.ts';
import { at, count, isObject, Problems, textOfBlocks, type Json } from '../read-fields.ts';
import {
  type FormatResult,
  type LogEntry,
  type ParsedLog,
  type PromptCacheLifetime,
  type RecordedCall,
  type Where,
  whereText,
} from '../recorded-log.ts';

export function anthropicUsage(value: unknown): RecordedUsageSpec | undefined {
  if (!isObject(value)) return undefined;
  const input = count(value['input_tokens']);
  if (input === undefined) return undefined;
  const write = count(value['cache_creation_input_tokens']) ?? 0;
  const read = count(value['cache_read_input_tokens']) ?? 0;
  const output = count(value['output_tokens']);
  return {
    input: input + write + read,
    ...(output === undefined ? {} : { output }),
    ...(read > 0 ? { cacheRead: read } : {}),
    ...(write > 0 ? { cacheWrite: write } : {}),
  };
}

/**
 * The cache lifetime an agent wrote with: Anthropic's usage splits cache writes into
 * `cache_creation.ephemeral_5m_input_tokens` and `ephemeral_1h_input_tokens` (Claude Code writes
 * with the one-hour lifetime). Tallied over a session's usages: '1h' when most written tokens
 * were written for an hour, undefined when the log does not split them (the 5-minute default).
 */
export class CacheLifetimeTally {
  #fiveMinutes = 0;
  #oneHour = 0;

  add(usage: unknown): void {
    if (!isObject(usage) || !isObject(usage['cache_creation'])) return;
    this.#fiveMinutes += count(usage['cache_creation']['ephemeral_5m_input_tokens']) ?? 0;
    this.#oneHour += count(usage['cache_creation']['ephemeral_1h_input_tokens']) ?? 0;
  }

  get lifetime(): PromptCacheLifetime | undefined {
    return this.#oneHour > this.#fiveMinutes ? '1h' : undefined;
  }
}

/** Blocks of one message → its text, calls and results (results are entries of their own). */
export function anthropicBlocks(
  role: 'user' | 'assistant',
  content: unknown,
  where: Where,
  problems: Problems,
  usage?: RecordedUsageSpec,
): LogEntry[] {
  if (typeof content === 'string')
    return [
      role === 'user'
        ? { kind: 'user', text: content, where }
        : { kind: 'model', text: content, calls: [], usage, where },
    ];
  if (!Array.isArray(content)) {
    problems.add(at(where, 'content'), 'expected the content: a string or a list of blocks');
    return [];
  }
  const texts: string[] = [];
  const calls: RecordedCall[] = [];
  const results: LogEntry[] = [];
  content.forEach((raw, index) => {
    const here = at(where, 'content', index);
    const block = problems.object(raw, here, 'a content block');
    if (!block) return;
    switch (block['type']) {
      case 'text':
        if (typeof block['text'] === 'string') texts.push(block['text']);
        break;
      case 'tool_use': {
        const id = problems.string(block, 'id', here, 'the tool_use id');
        const name = problems.string(block, 'name', here, 'the tool name');
        if (id !== undefined && name !== undefined)
          calls.push({ id, name, args: isObject(block['input']) ? block['input'] : {} });
        break;
      }
      case 'tool_result': {
        const id = problems.string(block, 'tool_use_id', here, 'the id of the tool_use it answers');
        const text = textOfBlocks(block['content']);
        const result = block['is_error'] === true ? { error: text } : text;
        if (id !== undefined) results.push({ kind: 'result', id, result, where: here });
        break;
      }
      default:
        // thinking, redacted_thinking, images, documents: not replayed (unknown blocks are ignored).
        break;
    }
  });
  const text = texts.join('\n');
  if (role === 'assistant') return [{ kind: 'model', text, calls, usage, where }];
  return [...results, ...(text === '' && results.length > 0 ? [] : [{ kind: 'user' as const, text, where }])];
}

export function anthropicTools(value: unknown, where: Where, problems: Problems): ReplayToolSpec[] {
  if (!Array.isArray(value)) return [];
  const tools: ReplayToolSpec[] = [];
  value.forEach((raw, index) => {
    if (!isObject(raw) || typeof raw['name'] !== 'string') {
      problems.add(at(where, index), 'expected a tool with a name');
      return;
    }
    // Server tools (web_search, bash_20250124...) have a type and no schema: declared by name.
    tools.push({
      name: raw['name'],
      ...(typeof raw['description'] === 'string' ? { description: raw['description'] } : {}),
      ...(isObject(raw['input_schema']) ? { parameters: raw['input_schema'] } : {}),
    });
  });
  return tools;
}

export function systemText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const text = textOfBlocks(value);
  return text === '' ? undefined : text;
}

function messagesOf(
  request: Json,
  where: Where,
  problems: Problems,
  usageAt: Map<number, RecordedUsageSpec>,
): LogEntry[] {
  const messages = problems.array(request, 'messages', where, 'the list of messages');
  if (!messages) return [];
  const entries: LogEntry[] = [];
  const system = systemText(request['system']);
  if (system !== undefined) entries.push({ kind: 'system', text: system, where: at(where, 'system') });
  messages.forEach((raw, index) => {
    const here = at(where, 'messages', index);
    const message = problems.object(raw, here, 'a message');
    if (!message) return;
    const role = message['role'];
    if (role !== 'user' && role !== 'assistant') {
      problems.add(at(here, 'role'), `expected role user or assistant, got ${JSON.stringify(role)}`);
      return;
    }
    entries.push(...anthropicBlocks(role, message['content'], here, problems, usageAt.get(index)));
  });
  return entries;
}

/** A cassette side's body: `parsed_body`, or `body` as JSON text (vcrpy writes `{ string }`). */
function recordedBody(side: Json, where: Where, problems: Problems, what: string): Json | undefined {
  if (isObject(side['parsed_body'])) return side['parsed_body'];
  const raw = side['body'];
  const text = isObject(raw) ? raw['string'] : raw;
  if (typeof text === 'string') {
    try {
      const value: unknown = JSON.parse(text);
      if (isObject(value)) return value;
    } catch {
      // reported below
    }
  }
  problems.add(
    at(where, 'body'),
    `expected ${what} as a JSON object (parsed_body, or body as JSON text; a streamed response is not read)`,
  );
  return undefined;
}

/** A cassette's interactions → the Messages exchanges it recorded (token counting skipped, other calls reported). */
function cassetteExchanges(interactions: unknown[], problems: Problems): { value: unknown; where: Where }[] {
  const exchanges: { value: unknown; where: Where }[] = [];
  interactions.forEach((raw, index) => {
    const where: Where = { path: ['interactions', index] };
    const interaction = problems.object(raw, where, 'a recorded interaction { request, response }');
    if (!interaction) return;
    const request = problems.object(interaction['request'], at(where, 'request'), 'the recorded request');
    const response = problems.object(interaction['response'], at(where, 'response'), 'the recorded response');
    if (!request || !response) return;
    const uri = typeof request['uri'] === 'string' ? request['uri'] : '';
    const path = uri.replace(/^[a-z]+:\/\/[^/]+/, '').replace(/\?.*$/, '');
    if (path.endsWith('/v1/messages/count_tokens')) return;
    if (!path.endsWith('/v1/messages')) {
      problems.add(
        at(where, 'request', 'uri'),
        `expected a call to the Messages API (/v1/messages), got ${JSON.stringify(uri)}`,
      );
      return;
    }
    const requestBody = recordedBody(request, at(where, 'request'), problems, 'the request body');
    const responseBody = recordedBody(response, at(where, 'response'), problems, 'the response body');
    if (requestBody && responseBody) exchanges.push({ value: { request: requestBody, response: responseBody }, where });
  });
  return exchanges;
}

/** A message list without `cache_control` markers (agents move them from request to request). */
const withoutCacheMarkers = (value: unknown): string =>
  JSON.stringify(value, (key, inner: unknown) => (key === 'cache_control' ? undefined : inner));

export const anthropicMessages = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const exchanges: { value: unknown; where: Where }[] =
    log.kind === 'jsonl'
      ? log.lines.map(({ line, value }) => ({ value, where: { line, path: [] } }))
      : Array.isArray(log.value)
        ? log.value.map((value, index) => ({ value, where: { path: [index] } }))
        : isObject(log.value) && Array.isArray(log.value['interactions'])
          ? cassetteExchanges(log.value['interactions'], problems)
          : [{ value: log.value, where: { path: [] } }];
  const usageAt = new Map<number, RecordedUsageSpec>();
  const lifetime = new CacheLifetimeTally();
  const refused: string[] = [];
  let last: { request: Json; response: Json | undefined; where: Where; exchange: Where } | undefined;
  for (const { value, where } of exchanges) {
    const body = problems.object(value, where, 'a request body or a { request, response } exchange');
    if (!body) continue;
    const request = isObject(body['request']) ? body['request'] : body;
    const requestWhere = isObject(body['request']) ? at(where, 'request') : where;
    const recorded = isObject(body['response']) ? body['response'] : undefined;
    const error = recorded === undefined ? undefined : errorOf(recorded);
    if (error !== undefined) refused.push(`${whereText(where)}: ${error}`);
    // An error answer is no response: the request stands as the log's last word, unanswered.
    const response = error === undefined ? recorded : undefined;
    const messages = request['messages'];
    const earlier = last?.request['messages'];
    if (
      Array.isArray(messages) &&
      Array.isArray(earlier) &&
      withoutCacheMarkers(messages.slice(0, earlier.length)) !== withoutCacheMarkers(earlier)
    )
      problems.add(
        at(requestWhere, 'messages'),
        "this request does not continue the previous one (its messages do not start with the previous request's): the log holds several sessions, or its agent rewrote the history, so the session cannot be rebuilt",
      );
    const usage = anthropicUsage(response?.['usage']);
    lifetime.add(response?.['usage']);
    if (usage && Array.isArray(messages)) usageAt.set(messages.length, usage);
    last = { request, response, where: requestWhere, exchange: where };
  }
  if (!last) return { sessions: [], problems: problems.list };
  const entries = messagesOf(last.request, last.where, problems, usageAt);
  const messageCount = Array.isArray(last.request['messages']) ? last.request['messages'].length : 0;
  if (last.response)
    entries.push(
      ...anthropicBlocks(
        'assistant',
        last.response['content'],
        at(last.exchange, 'response'),
        problems,
        usageAt.get(messageCount),
      ),
    );
  const tools = anthropicTools(last.request['tools'], at(last.where, 'tools'), problems);
  return {
    sessions: [
      {
        ...(typeof last.request['model'] === 'string' ? { model: last.request['model'] } : {}),
        ...(tools.length > 0 ? { tools } : {}),
        entries,
        ...(lifetime.lifetime ? { promptCacheLifetime: lifetime.lifetime } : {}),
        ...(refused.length === 0
          ? {}
          : {
              notes: [
                `The provider answered ${refused.length === 1 ? 'one request' : `${refused.length} requests`} with an error, not a message (${refused.join('; ')}).`,
              ],
            }),
      },
    ],
    problems: problems.list,
  };
};

/**
 * The error an API answered with instead of a message (`{ type: 'error', error: { type, message } }`,
 * as the Messages API returns one), as "type: message"; undefined for a message.
 */
function errorOf(response: Json): string | undefined {
  const error = response['error'];
  if (response['type'] !== 'error' && !(isObject(error) && response['content'] === undefined)) return undefined;
  if (!isObject(error)) return typeof error === 'string' ? error : 'an error';
  const parts = [error['type'], error['message']].filter((part): part is string => typeof part === 'string');
  return parts.length === 0 ? 'an error' : parts.join(': ');
}
