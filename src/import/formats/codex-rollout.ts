/**
 * Codex CLI rollout JSONL (`~/.codex/sessions/.../rollout-*.jsonl`; undocumented, its layout
 * changed across versions). Lines `{ timestamp, type, payload }`:
 * - `session_meta`: the session (its `instructions` / `base_instructions.text` are the system prompt);
 * - `turn_context`: the model of the turns that follow;
 * - `response_item`: what the model saw and said: `message` (role user / developer / system /
 *   assistant, content blocks with `text`), `function_call { name, arguments, call_id }` and
 *   `custom_tool_call { name, input, call_id }`, their `*_output { call_id, output }`;
 *   `local_shell_call { call_id, action }` (the Responses API's built-in shell, which Codex answers
 *   with a `function_call_output`, as codex-rs pairs them) is a call to `local_shell` whose
 *   arguments are the action (`{ type: exec, command, … }`); one without a `call_id` (optional in
 *   codex-rs) can get no output and is not replayed; `reasoning` (encrypted) is not replayed
 *   either. Consecutive assistant items are one model response;
 * - `event_msg` `token_count`: `info.last_token_usage { input_tokens, cached_input_tokens,
 *   output_tokens }` of the request just answered, and `info.model_context_window`;
 * - `compacted`: a compaction the agent made (its replacement history is its output, not replayed).
 */
import { at, argsFromJson, count, isObject, Problems, textOfBlocks, type Json } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, RecordedCall, Where } from '../recorded-log.ts';
import { linesOf } from '../read-log.ts';
import { recordedTime } from '../recorded-time.ts';

function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isObject(output) && typeof output['content'] === 'string') return output['content'];
  return textOfBlocks(output);
}

export const codexRollout = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const entries: LogEntry[] = [];
  let model: string | undefined;
  let window: number | undefined;
  /** The model response being built from consecutive assistant items. */
  let response: { texts: string[]; calls: RecordedCall[]; where: Where; index: number } | undefined;
  const flush = (): void => {
    response = undefined;
  };
  const modelEntry = (where: Where, time: number | undefined): NonNullable<typeof response> => {
    if (!response) {
      response = { texts: [], calls: [], where, index: entries.length };
      entries.push({ kind: 'model', text: '', calls: [], where, ...(time === undefined ? {} : { time }) });
    }
    return response;
  };
  const update = (): void => {
    if (!response) return;
    const previous = entries[response.index];
    if (previous?.kind === 'model')
      entries[response.index] = { ...previous, text: response.texts.join('\n'), calls: [...response.calls] };
  };

  for (const { line, value } of linesOf(log)) {
    const where: Where = { line, path: [] };
    const row = problems.object(value, where, 'a rollout line ({ timestamp, type, payload })');
    if (!row) continue;
    const payload = isObject(row['payload']) ? row['payload'] : undefined;
    const type = row['type'];
    if (type === 'session_meta' && payload) {
      const base = payload['base_instructions'];
      const instructions =
        typeof payload['instructions'] === 'string'
          ? payload['instructions']
          : isObject(base) && typeof base['text'] === 'string'
            ? base['text']
            : undefined;
      if (instructions)
        entries.push({ kind: 'system', text: instructions, where: at(where, 'payload', 'instructions') });
      continue;
    }
    if (type === 'turn_context' && payload) {
      if (typeof payload['model'] === 'string') model ??= payload['model'];
      continue;
    }
    if (type === 'compacted') {
      flush();
      entries.push({ kind: 'compaction', where });
      continue;
    }
    if (type === 'event_msg' && payload?.['type'] === 'token_count') {
      const info = isObject(payload['info']) ? payload['info'] : undefined;
      window ??= count(info?.['model_context_window']);
      const last = isObject(info?.['last_token_usage']) ? (info['last_token_usage'] as Json) : undefined;
      const input = count(last?.['input_tokens']);
      // The usage of the request just answered: the latest model response that has none yet.
      const target = [...entries].reverse().find((entry) => entry.kind === 'model');
      if (input !== undefined && target?.kind === 'model' && target.usage === undefined) {
        const output = count(last?.['output_tokens']);
        const cached = count(last?.['cached_input_tokens']);
        const index = entries.lastIndexOf(target);
        entries[index] = {
          ...target,
          usage: {
            input,
            ...(output === undefined ? {} : { output }),
            ...(cached === undefined ? {} : { cacheRead: cached }),
          },
        };
      }
      continue;
    }
    if (type !== 'response_item') continue;
    if (!payload) {
      problems.add(at(where, 'payload'), 'missing (expected the response item)');
      continue;
    }
    const here = at(where, 'payload');
    switch (payload['type']) {
      case 'message': {
        const role = payload['role'];
        const text = textOfBlocks(payload['content']);
        if (role === 'assistant') {
          modelEntry(here, recordedTime(row['timestamp'], 'iso')).texts.push(text);
          update();
        } else if (role === 'user') {
          flush();
          entries.push({ kind: 'user', text, where: here });
        } else if (role === 'developer' || role === 'system') {
          flush();
          entries.push({ kind: 'system', text, where: here });
        }
        break;
      }
      case 'function_call':
      case 'custom_tool_call': {
        const name = problems.string(payload, 'name', here, 'the tool name');
        const id = problems.string(payload, 'call_id', here, 'the call id');
        if (name === undefined || id === undefined) break;
        const raw = payload['type'] === 'function_call' ? payload['arguments'] : payload['input'];
        const args =
          typeof raw === 'string'
            ? payload['type'] === 'function_call'
              ? argsFromJson(raw)
              : { input: raw }
            : isObject(raw)
              ? raw
              : {};
        modelEntry(here, recordedTime(row['timestamp'], 'iso')).calls.push({ id, name, args });
        update();
        break;
      }
      case 'local_shell_call': {
        const id = payload['call_id'];
        if (typeof id !== 'string' || id === '') break;
        const action = payload['action'];
        modelEntry(here, recordedTime(row['timestamp'], 'iso')).calls.push({
          id,
          name: 'local_shell',
          args: isObject(action) ? action : {},
        });
        update();
        break;
      }
      case 'function_call_output':
      case 'custom_tool_call_output': {
        flush();
        const id = problems.string(payload, 'call_id', here, 'the id of the call it answers');
        if (id !== undefined) entries.push({ kind: 'result', id, result: outputText(payload['output']), where: here });
        break;
      }
      default:
        // reasoning (encrypted), web_search_call, ...: not replayed.
        break;
    }
  }
  return {
    sessions: [
      {
        model,
        ...(window === undefined ? {} : { contextWindow: window }),
        entries,
        notes: [
          'Codex rollouts record no tool declarations, and the reasoning items are encrypted: neither is replayed.',
        ],
      },
    ],
    problems: problems.list,
    recognized: linesOf(log).some(({ value }) => isObject(value) && ROLLOUT_LINE_TYPES.has(value['type'] as string)),
  };
};

/** The line types of a Codex rollout: what marks a log as one (a rollout opened and closed holds only its session_meta). */
const ROLLOUT_LINE_TYPES: ReadonlySet<string> = new Set([
  'session_meta',
  'turn_context',
  'response_item',
  'event_msg',
  'compacted',
]);
