/**
 * ATIF, the Agent Trajectory Interchange Format (Harbor's RFC 0001, versions 1.x): `{
 * schema_version, session_id, agent: { name, version, model_name }, steps: [...] }`. A step's
 * `source` is system (the system prompt), user or agent; an agent step is one model response:
 * its `message`, its `tool_calls [{ tool_call_id, function_name, arguments }]`, and the
 * `observation.results [{ source_call_id, content }]` the environment returned, paired by id. A
 * result without `source_call_id` answers no call (an action written in the message, as
 * mini-swe-agent does): the model read it as the next user message. `metrics.prompt_tokens`
 * includes the cached tokens (`cached_tokens` is their share).
 */
import { at, count, isObject, Problems, textOfBlocks } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, RecordedCall, Where } from '../recorded-log.ts';
import { recordedTime } from '../recorded-time.ts';
import { openaiTools } from './openai-chat.ts';

export const atif = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const root: Where = { path: [] };
  const doc = problems.object(
    log.kind === 'json' ? log.value : undefined,
    root,
    'one ATIF trajectory (a JSON document)',
  );
  if (!doc) return { sessions: [], problems: problems.list };
  const version = doc['schema_version'];
  if (typeof version !== 'string' || !version.startsWith('ATIF-v1.')) {
    problems.add(at(root, 'schema_version'), `expected "ATIF-v1.<n>", got ${JSON.stringify(version ?? null)}`);
  }
  const agent = isObject(doc['agent']) ? doc['agent'] : {};
  let model = typeof agent['model_name'] === 'string' ? agent['model_name'] : undefined;
  const tools = openaiTools(agent['tool_definitions'], at(root, 'agent', 'tool_definitions'), problems);
  const steps = problems.array(doc, 'steps', root, 'the list of steps') ?? [];
  const entries: LogEntry[] = [];
  steps.forEach((raw, index) => {
    const here = at(root, 'steps', index);
    const step = problems.object(raw, here, 'a step');
    if (!step) return;
    const source = step['source'];
    const message = typeof step['message'] === 'string' ? step['message'] : textOfBlocks(step['message']);
    if (source === 'system') entries.push({ kind: 'system', text: message, where: here });
    else if (source === 'user') entries.push({ kind: 'user', text: message, where: here });
    else if (source === 'agent') {
      if (typeof step['model_name'] === 'string') model ??= step['model_name'];
      const calls: RecordedCall[] = [];
      const toolCalls = step['tool_calls'];
      if (Array.isArray(toolCalls)) {
        toolCalls.forEach((rawCall, callIndex) => {
          const callWhere = at(here, 'tool_calls', callIndex);
          const call = problems.object(rawCall, callWhere, 'a tool call');
          if (!call) return;
          const id = problems.string(call, 'tool_call_id', callWhere, 'the call id');
          const name = problems.string(call, 'function_name', callWhere, 'the tool name');
          if (id !== undefined && name !== undefined)
            calls.push({ id, name, args: isObject(call['arguments']) ? call['arguments'] : {} });
        });
      }
      const metrics = isObject(step['metrics']) ? step['metrics'] : {};
      const input = count(metrics['prompt_tokens']);
      const output = count(metrics['completion_tokens']);
      const cached = count(metrics['cached_tokens']);
      const usage =
        input === undefined
          ? undefined
          : {
              input,
              ...(output === undefined ? {} : { output }),
              ...(cached === undefined ? {} : { cacheRead: cached }),
            };
      const time = recordedTime(step['timestamp'], 'iso');
      entries.push({
        kind: 'model',
        text: message,
        calls,
        usage,
        where: here,
        ...(time === undefined ? {} : { time }),
      });
      const observation = step['observation'];
      const results = isObject(observation) && Array.isArray(observation['results']) ? observation['results'] : [];
      results.forEach((rawResult, resultIndex) => {
        const resultWhere = at(here, 'observation', 'results', resultIndex);
        const result = problems.object(rawResult, resultWhere, 'an observation result');
        if (!result) return;
        const content = typeof result['content'] === 'string' ? result['content'] : textOfBlocks(result['content']);
        const id = result['source_call_id'];
        if (typeof id === 'string') entries.push({ kind: 'result', id, result: content, where: resultWhere });
        else entries.push({ kind: 'user', text: content, where: resultWhere });
      });
    } else
      problems.add(at(here, 'source'), `expected source system, user or agent, got ${JSON.stringify(source ?? null)}`);
  });
  return { sessions: [{ model, ...(tools && tools.length > 0 ? { tools } : {}), entries }], problems: problems.list };
};
