/**
 * ADK sessions as adk-python / adk-js / adk-go store and serve them: `{ id, appName, userId,
 * events: [...] }` (or a bare list of events), camelCase over REST (`usageMetadata`,
 * `functionCall`) or snake_case from Python dumps (`usage_metadata`, `function_call`). An event
 * authored by `user` is a user message or, when its parts are `functionResponse`s, the tool
 * results; any other author is the agent: its text and `functionCall { id, name, args }` parts
 * are one model response (parallel calls share one event), with `usageMetadata.promptTokenCount`
 * the input of its request. Partial (streaming) events and thoughts are not replayed; an event
 * whose `actions.compaction` is set is a recorded compaction.
 *
 * Ids: ADK gives each call an `adk-…` id when the model sent none, but sessions recorded by early
 * adk-python releases (its own test fixtures among them) store calls and responses without ids.
 * The Gemini API pairs such a response with the call by name, in the order the calls were made;
 * the importer does the same, and only when both sides lack an id and the names agree: a response
 * without id for a call that has one, or whose name is not the next id-less call's, is reported.
 */
import type { RecordedUsageSpec } from '../../harness/scenario/replay-schema.ts';
import { at, count, isObject, Problems, type Json } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, RecordedCall, RecordedSession, Where } from '../recorded-log.ts';
import { recordedTime, stampModelEntries } from '../recorded-time.ts';

/** `value[camel] ?? value[snake]`: ADK serializes both ways. */
export function field(value: Json, camel: string): unknown {
  if (value[camel] !== undefined) return value[camel];
  return value[camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)];
}

export function geminiUsage(value: unknown): RecordedUsageSpec | undefined {
  if (!isObject(value)) return undefined;
  const input = count(field(value, 'promptTokenCount'));
  if (input === undefined) return undefined;
  const output = count(field(value, 'candidatesTokenCount'));
  const cached = count(field(value, 'cachedContentTokenCount'));
  return { input, ...(output === undefined ? {} : { output }), ...(cached === undefined ? {} : { cacheRead: cached }) };
}

/** The names of the last model response's calls that had no id, in order, not yet answered. */
export interface IdlessCalls {
  names: string[];
}

/** One genai `Content` (role user or model) → entries. */
export function contentEntries(
  content: Json,
  isUser: boolean,
  where: Where,
  problems: Problems,
  usage?: RecordedUsageSpec,
  idless?: IdlessCalls,
): LogEntry[] {
  const parts = problems.array(content, 'parts', where, 'the content parts');
  if (!parts) return [];
  const texts: string[] = [];
  const calls: RecordedCall[] = [];
  const results: LogEntry[] = [];
  let responses = 0; // function responses read, paired or reported
  parts.forEach((raw, index) => {
    const here = at(where, 'parts', index);
    const part = problems.object(raw, here, 'a part');
    if (!part || part['thought'] === true) return;
    if (typeof part['text'] === 'string') texts.push(part['text']);
    const call = field(part, 'functionCall');
    if (isObject(call)) {
      const name = problems.string(call, 'name', at(here, 'functionCall'), 'the tool name');
      const id = typeof call['id'] === 'string' ? call['id'] : undefined;
      if (id === undefined && idless === undefined)
        problems.add(
          at(here, 'functionCall', 'id'),
          "missing 'id' (expected the call id that pairs the call with its response)",
        );
      if (name !== undefined && (id !== undefined || idless !== undefined)) {
        calls.push({ ...(id === undefined ? {} : { id }), name, args: isObject(call['args']) ? call['args'] : {} });
        if (id === undefined) idless?.names.push(name);
      }
    }
    const response = field(part, 'functionResponse');
    if (isObject(response)) {
      responses += 1;
      const body = response['response'];
      const result = isObject(body) ? body : { result: body ?? null };
      if (typeof response['id'] === 'string') results.push({ kind: 'result', id: response['id'], result, where: here });
      else if (idless !== undefined && idless.names.length > 0 && idless.names[0] === response['name']) {
        idless.names.shift();
        results.push({ kind: 'result', result, where: here });
      } else
        problems.add(
          at(here, 'functionResponse', 'id'),
          idless !== undefined && idless.names.length > 0
            ? `missing 'id' and named ${JSON.stringify(response['name'] ?? null)}, not "${idless.names[0]}" (a response without id answers the next call without id of the same name)`
            : "missing 'id' (expected the id of the call it answers)",
        );
    }
  });
  const text = texts.join('');
  if (!isUser) return [{ kind: 'model', text, calls, usage, where }];
  return [...results, ...(responses > 0 && text === '' ? [] : [{ kind: 'user' as const, text, where }])];
}

/** A session document (`{ events }` or a list of events) → its events, each with where it is. */
function eventsOf(value: unknown, where: Where, problems: Problems): { value: unknown; where: Where }[] | undefined {
  if (Array.isArray(value)) return value.map((event, index) => ({ value: event, where: at(where, index) }));
  if (!isObject(value)) {
    problems.add(where, 'expected an ADK session ({ events }) or a list of events');
    return undefined;
  }
  const events = problems.array(value, 'events', where, 'the session events');
  return events?.map((event, index) => ({ value: event, where: at(where, 'events', index) }));
}

function sessionOf(events: readonly { value: unknown; where: Where }[], problems: Problems): RecordedSession {
  const entries: LogEntry[] = [];
  let model: string | undefined;
  let idless: IdlessCalls = { names: [] };
  for (const { value: raw, where: here } of events) {
    const event = problems.object(raw, here, 'an event');
    if (!event || event['partial'] === true) continue;
    const actions = event['actions'];
    if (isObject(actions) && isObject(actions['compaction'])) {
      entries.push({ kind: 'compaction', trigger: 'adk', where: here });
      continue;
    }
    const author = problems.string(event, 'author', here, 'the author (user or the agent name)');
    const content = event['content'];
    if (author === undefined || !isObject(content)) continue; // an event without content (state deltas, transfers) says nothing to the model
    const version = field(event, 'modelVersion');
    if (typeof version === 'string') model ??= version;
    // A function response event is authored by the agent with role user: the content's role says who speaks.
    const isUser = content['role'] === undefined ? author === 'user' : content['role'] === 'user';
    if (!isUser) idless = { names: [] }; // responses answer the model response just before them
    entries.push(
      ...stampModelEntries(
        contentEntries(
          content,
          isUser,
          at(here, 'content'),
          problems,
          geminiUsage(field(event, 'usageMetadata')),
          idless,
        ),
        recordedTime(event['timestamp'], 'seconds'),
      ),
    );
  }
  return {
    model,
    entries,
    notes: ['ADK sessions record neither the instruction nor the tool declarations: requests here lack them.'],
  };
}

export const adkSession = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  if (log.kind === 'json') {
    const events = eventsOf(log.value, { path: [] }, problems);
    return {
      sessions: events ? [sessionOf(events, problems)] : [],
      problems: problems.list,
      recognized: isStoredSession(log.value),
    };
  }
  // JSONL of events (one event per line) is one session; JSONL of sessions is one session per line.
  if (log.lines.every(({ value }) => isObject(value) && value['events'] === undefined)) {
    return {
      sessions: [
        sessionOf(
          log.lines.map(({ line, value }) => ({ value, where: { line, path: [] } })),
          problems,
        ),
      ],
      problems: problems.list,
    };
  }
  const sessions: RecordedSession[] = [];
  for (const { line, value } of log.lines) {
    const events = eventsOf(value, { line, path: [] }, problems);
    if (events) sessions.push({ ...sessionOf(events, problems), label: `line${line}` });
  }
  return { sessions, problems: problems.list, recognized: log.lines.some(({ value }) => isStoredSession(value)) };
};

/**
 * A session as ADK's services store it (`{ id, appName, userId, events }`, or snake_case): a
 * session never used holds no event, and is an empty log of this format, not a log of another.
 */
function isStoredSession(value: unknown): boolean {
  return (
    isObject(value) &&
    Array.isArray(value['events']) &&
    ['appName', 'app_name', 'userId', 'user_id'].some((key) => typeof value[key] === 'string')
  );
}
