/**
 * OpenTelemetry spans from ADK's tracing (adk-python / adk-js): an OTLP JSON export
 * (`resourceSpans[].scopeSpans[].spans[]`, attributes as `[{ key, value: { stringValue } }]`), a
 * list of spans with attributes as an object (ADK's dev server trace view), or one span per JSONL
 * line. The model-call spans carry `gcp.vertex.agent.llm_request` (the request as JSON: model,
 * config with the system instruction and tool declarations, contents) and
 * `gcp.vertex.agent.llm_response`; `gen_ai.usage.input_tokens` (or the response's usage metadata)
 * is the request's input. Spans are grouped by `gcp.vertex.agent.session_id` and ordered by start
 * time; a session is the last request's contents plus its response, and each earlier span's usage
 * belongs to the model content at its request's length. A request that does not continue the
 * previous one (its agent compacted, or the spans are from different sessions) is reported: the
 * spans hold what the model saw after compaction, not the history before it.
 *
 * A trace as Langfuse serves and exports it (`{ trace, observations }`) is read too: Langfuse
 * ingests ADK's spans over OpenTelemetry and keeps each span's attributes, verbatim, under
 * `attributes` in the observation's `metadata` (a JSON string), with its `startTime` as an ISO
 * date. ADK also stamps its tool spans with `gcp.vertex.agent.llm_request` set to `{}` (adk-python's
 * tracing writes that placeholder on `execute_tool` spans); a span whose request is that empty
 * object is not a model call and is left out.
 */
import type { RecordedUsageSpec, ReplayToolSpec } from '../../harness/scenario/replay-schema.ts';
import { at, count, isObject, Problems, textOfBlocks, type Json } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, RecordedSession, Where } from '../recorded-log.ts';
import { stampModelEntries } from '../recorded-time.ts';
import { contentEntries, field, geminiUsage, type IdlessCalls } from './adk-session.ts';

const REQUEST = 'gcp.vertex.agent.llm_request';
const RESPONSE = 'gcp.vertex.agent.llm_response';

interface Span {
  readonly where: Where;
  readonly start: number;
  readonly attributes: Json;
}

/** OTLP `[{ key, value: { stringValue | intValue | ... } }]` or a plain object → a plain object. */
function attributesOf(raw: unknown): Json {
  if (isObject(raw)) return raw;
  const out: Json = {};
  if (!Array.isArray(raw)) return out;
  for (const item of raw) {
    if (!isObject(item) || typeof item['key'] !== 'string' || !isObject(item['value'])) continue;
    const value = item['value'];
    const scalar = value['stringValue'] ?? value['intValue'] ?? value['doubleValue'] ?? value['boolValue'];
    out[item['key']] = typeof scalar === 'string' && value['intValue'] !== undefined ? Number(scalar) : scalar;
  }
  return out;
}

/** A Langfuse observation's `metadata` (JSON text or an object) → the span attributes it kept. */
function langfuseAttributes(metadata: unknown): Json {
  let value: unknown = metadata;
  if (typeof metadata === 'string') {
    try {
      value = JSON.parse(metadata);
    } catch {
      return {};
    }
  }
  return isObject(value) && isObject(value['attributes']) ? value['attributes'] : {};
}

function spansOf(log: ParsedLog): Span[] {
  const spans: Span[] = [];
  const add = (raw: unknown, where: Where): void => {
    if (!isObject(raw)) return;
    const start = Number(raw['startTimeUnixNano'] ?? raw['start_time'] ?? raw['startTime'] ?? 0);
    spans.push({ where, start: Number.isFinite(start) ? start : 0, attributes: attributesOf(raw['attributes']) });
  };
  const walk = (value: unknown, where: Where): void => {
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, at(where, index)));
    else if (isObject(value) && Array.isArray(value['observations']) && !Array.isArray(value['resourceSpans'])) {
      // A Langfuse trace export: the span attributes live in each observation's metadata.
      value['observations'].forEach((raw, index) => {
        if (!isObject(raw)) return;
        const started = typeof raw['startTime'] === 'string' ? Date.parse(raw['startTime']) : Number.NaN;
        spans.push({
          where: at(where, 'observations', index, 'metadata'),
          start: Number.isFinite(started) ? started * 1e6 : 0,
          attributes: langfuseAttributes(raw['metadata']),
        });
      });
    } else if (isObject(value) && Array.isArray(value['resourceSpans'])) {
      value['resourceSpans'].forEach((resource, r) => {
        const scopes = isObject(resource) && Array.isArray(resource['scopeSpans']) ? resource['scopeSpans'] : [];
        scopes.forEach((scope, s) => {
          const list = isObject(scope) && Array.isArray(scope['spans']) ? scope['spans'] : [];
          list.forEach((span, i) => add(span, at(where, 'resourceSpans', r, 'scopeSpans', s, 'spans', i)));
        });
      });
    } else add(value, where);
  };
  if (log.kind === 'json') walk(log.value, { path: [] });
  else for (const { line, value } of log.lines) walk(value, { line, path: [] });
  return spans;
}

function parseJson(text: unknown, where: Where, problems: Problems, what: string): Json | undefined {
  if (isObject(text)) return text;
  if (typeof text !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return value;
  } catch {
    // reported below
  }
  problems.add(where, `expected ${what} as JSON`);
  return undefined;
}

function toolsOf(config: Json): ReplayToolSpec[] {
  const tools: ReplayToolSpec[] = [];
  const list = config['tools'];
  if (!Array.isArray(list)) return tools;
  for (const tool of list) {
    const declarations = isObject(tool) ? field(tool, 'functionDeclarations') : undefined;
    if (!Array.isArray(declarations)) continue;
    for (const declaration of declarations) {
      if (!isObject(declaration) || typeof declaration['name'] !== 'string') continue;
      const parameters = field(declaration, 'parametersJsonSchema') ?? declaration['parameters'];
      tools.push({
        name: declaration['name'],
        ...(typeof declaration['description'] === 'string' ? { description: declaration['description'] } : {}),
        ...(isObject(parameters) ? { parameters } : {}),
      });
    }
  }
  return tools;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function sessionOf(spans: readonly Span[], problems: Problems, label: string | undefined): RecordedSession | undefined {
  const calls = spans
    .map((span) => ({
      span,
      request: parseJson(
        span.attributes[REQUEST],
        at(span.where, 'attributes', REQUEST),
        problems,
        'the model request',
      ),
    }))
    .filter((call): call is { span: Span; request: Json } => call.request !== undefined)
    .sort((a, b) => a.span.start - b.span.start);
  const last = calls[calls.length - 1];
  if (!last) return undefined;
  const usageAt = new Map<number, RecordedUsageSpec>();
  /** When each request was sent (the span's start, epoch ms), by the index of the response it got. */
  const timeAt = new Map<number, number>();
  let previous: unknown[] = [];
  for (const { span, request } of calls) {
    const contents = Array.isArray(request['contents']) ? request['contents'] : [];
    if (span.start > 0) timeAt.set(contents.length, Math.round(span.start / 1e6));
    if (!same(contents.slice(0, previous.length), previous)) {
      problems.add(
        at(span.where, 'attributes', REQUEST, 'contents'),
        'this request does not continue the previous one (its agent compacted, or the spans mix sessions): spans hold only what the model saw after a compaction, so the session cannot be rebuilt',
      );
    }
    previous = contents;
    const response = parseJson(
      span.attributes[RESPONSE],
      at(span.where, 'attributes', RESPONSE),
      problems,
      'the model response',
    );
    const input = count(span.attributes['gen_ai.usage.input_tokens']);
    const output = count(span.attributes['gen_ai.usage.output_tokens']);
    const usage =
      input !== undefined
        ? { input, ...(output === undefined ? {} : { output }) }
        : geminiUsage(response ? field(response, 'usageMetadata') : undefined);
    if (usage) usageAt.set(contents.length, usage);
    if (response && isObject(response['content'])) previous = [...contents, response['content']];
  }
  const contents = Array.isArray(last.request['contents']) ? [...last.request['contents']] : [];
  const response = parseJson(
    last.span.attributes[RESPONSE],
    at(last.span.where, 'attributes', RESPONSE),
    new Problems(),
    'the model response',
  );
  if (response && isObject(response['content'])) contents.push(response['content']);
  const config = isObject(last.request['config']) ? last.request['config'] : {};
  const entries: LogEntry[] = [];
  const instruction = field(config, 'systemInstruction');
  const system =
    typeof instruction === 'string'
      ? instruction
      : isObject(instruction)
        ? textOfBlocks(instruction['parts'])
        : undefined;
  if (system)
    entries.push({ kind: 'system', text: system, where: at(last.span.where, 'attributes', REQUEST, 'config') });
  const base = at(last.span.where, 'attributes', REQUEST, 'contents');
  // ADK takes its own `adk-…` call ids out of a request before sending it (the model never saw
  // them), so the contents a span recorded pair calls and responses by name, in order, as the
  // Gemini API does; a side that does carry an id still pairs by id.
  let idless: IdlessCalls = { names: [] };
  contents.forEach((content, index) => {
    if (!isObject(content)) return;
    const isUser = content['role'] !== 'model';
    if (!isUser) idless = { names: [] };
    entries.push(
      ...stampModelEntries(
        contentEntries(content, isUser, at(base, index), problems, usageAt.get(index), idless),
        timeAt.get(index),
      ),
    );
  });
  const tools = toolsOf(config);
  const model = typeof last.request['model'] === 'string' ? last.request['model'] : undefined;
  return { ...(label === undefined ? {} : { label }), model, ...(tools.length > 0 ? { tools } : {}), entries };
}

/** The `{}` ADK writes as the request of a span that is not a model call (its tool spans). */
function isPlaceholder(request: unknown): boolean {
  if (isObject(request)) return Object.keys(request).length === 0;
  return typeof request === 'string' && request.trim() === '{}';
}

export const adkSpans = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const spans = spansOf(log).filter(
    (span) => span.attributes[REQUEST] !== undefined && !isPlaceholder(span.attributes[REQUEST]),
  );
  if (spans.length === 0) {
    problems.add(
      { path: [] },
      `no model-call span: expected spans with the attribute ${REQUEST} (ADK captures it unless message capture is turned off)`,
    );
    return { sessions: [], problems: problems.list };
  }
  const bySession = new Map<string, Span[]>();
  for (const span of spans) {
    const id = String(span.attributes['gcp.vertex.agent.session_id'] ?? '');
    bySession.set(id, [...(bySession.get(id) ?? []), span]);
  }
  const sessions: RecordedSession[] = [];
  const labelled = bySession.size > 1;
  [...bySession.entries()].forEach(([id, group], index) => {
    const session = sessionOf(group, problems, labelled ? (id === '' ? `session${index + 1}` : id) : undefined);
    if (session) sessions.push(session);
  });
  return { sessions, problems: problems.list };
};
