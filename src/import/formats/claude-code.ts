/**
 * Claude Code transcript JSONL (one file per session; undocumented, read as the community
 * describes it). Lines `{ type: user|assistant|system|summary|..., message, isSidechain,
 * isCompactSummary, isMeta, timestamp }`. Claude Code writes one assistant line per content block
 * of a response, all with the same `message.id` and `message.usage`: they are joined back into one
 * response, even when the results of its first calls were written between them. Sub-agent lines
 * (`isSidechain`) in a session's transcript are another conversation and are left out; a
 * sub-agent's own transcript file, all sidechain, is that conversation and is read as one. The
 * summary a compaction wrote (`isCompactSummary`) is the recorded strategy's output, not input,
 * and is left out too;
 * `system` lines with `subtype: compact_boundary` are recorded compactions
 * (`compactMetadata.trigger`, `preTokens`). An assistant line with `isApiErrorMessage` is the
 * text Claude Code wrote in place of a response when the request failed (an API error, a rate
 * limit, "Prompt is too long"; model `<synthetic>`, zero usage): no model produced it, so it is
 * no step, and only a note says how many there were and which requests were refused as too long.
 * The system prompt and tool declarations are not in the transcript.
 */
import { at, isObject, Problems, textOfBlocks, type Json } from '../read-fields.ts';
import type { FormatResult, LogEntry, ParsedLog, Where } from '../recorded-log.ts';
import { linesOf } from '../read-log.ts';
import { recordedTime } from '../recorded-time.ts';
import { anthropicBlocks, anthropicUsage, CacheLifetimeTally } from './anthropic-messages.ts';

export const claudeCode = (log: ParsedLog): FormatResult => {
  const problems = new Problems();
  const entries: LogEntry[] = [];
  let model: string | undefined;
  const failed = new FailedRequests();
  const lifetime = new CacheLifetimeTally();
  /** The assistant response being joined: its message id and the entry index. */
  let open: { id: string; index: number } | undefined;
  const lines = linesOf(log);
  const agent = subAgentOf(lines);
  for (const { line, value } of lines) {
    const where: Where = { line, path: [] };
    const row = problems.object(value, where, 'a transcript line (an object)');
    if (!row || (row['isSidechain'] === true && agent === undefined)) continue;
    const type = row['type'];
    if (type === 'system' && row['subtype'] === 'compact_boundary') {
      const meta = isObject(row['compactMetadata']) ? row['compactMetadata'] : {};
      entries.push({
        kind: 'compaction',
        ...(typeof meta['trigger'] === 'string' ? { trigger: meta['trigger'] } : {}),
        ...(typeof meta['preTokens'] === 'number' ? { preTokens: meta['preTokens'] } : {}),
        where,
      });
      open = undefined;
      continue;
    }
    if (type !== 'user' && type !== 'assistant') continue; // summary, file-history-snapshot, progress...: not conversation
    if (row['isCompactSummary'] === true) continue;
    const message = problems.object(row['message'], at(where, 'message'), 'the message ({ role, content })');
    if (!message) continue;
    if (type === 'assistant' && row['isApiErrorMessage'] === true) {
      failed.add(line, message['content'], row['errorDetails']);
      continue;
    }
    if (type === 'user') {
      const blocks = anthropicBlocks('user', message['content'], at(where, 'message'), problems);
      // A line of tool results only does not end the response being joined: with parallel calls,
      // Claude Code writes the result of the first call before the line of the next call of the
      // same response (same `message.id`), as real transcripts show.
      if (blocks.some((entry) => entry.kind !== 'result')) open = undefined;
      entries.push(...blocks);
      continue;
    }
    const modelName = message['model'];
    if (typeof modelName === 'string' && modelName !== '<synthetic>') model ??= modelName;
    lifetime.add(message['usage']);
    const [entry] = anthropicBlocks(
      'assistant',
      message['content'],
      at(where, 'message'),
      problems,
      anthropicUsage(message['usage']),
    );
    if (!entry || entry.kind !== 'model') continue;
    const time = recordedTime(row['timestamp'], 'iso');
    const id = typeof message['id'] === 'string' ? message['id'] : undefined;
    const previous = open && open.id === id ? entries[open.index] : undefined;
    if (previous && previous.kind === 'model') {
      entries[open!.index] = {
        ...previous,
        text: [previous.text, entry.text].filter((text) => text !== '').join('\n'),
        calls: [...previous.calls, ...entry.calls],
        usage: entry.usage ?? previous.usage,
      };
    } else {
      entries.push(time === undefined ? entry : { ...entry, time });
      open = id === undefined ? undefined : { id, index: entries.length - 1 };
    }
  }
  return {
    sessions: [
      {
        model,
        entries,
        ...(lifetime.lifetime ? { promptCacheLifetime: lifetime.lifetime } : {}),
        notes: [
          ...(agent === undefined
            ? []
            : [
                `A sub-agent's transcript${agent === '' ? '' : ` (agent ${agent})`}: its own conversation, with its own context, replayed as a session.`,
              ]),
          'Claude Code transcripts record neither the system prompt nor the tool declarations: requests here lack them, so recorded input tokens run higher than replayed ones.',
          ...failed.notes(),
        ],
      },
    ],
    problems: problems.list,
    recognized: lines.some(({ value }) => isObject(value) && CLAUDE_CODE_LINE_TYPES.has(value['type'] as string)),
  };
};

/** The line types a Claude Code transcript holds (conversation or bookkeeping): what marks a log as one. */
const CLAUDE_CODE_LINE_TYPES: ReadonlySet<string> = new Set([
  'user',
  'assistant',
  'system',
  'summary',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'custom-title',
]);

/**
 * A sub-agent's own transcript file (`agent-<id>.jsonl`, beside the session or under
 * `<session>/subagents/`): every conversation line is a sidechain, so the file has no main thread
 * and its sidechain is the conversation. Returns the agent's id ('' when the lines name none), or
 * undefined for a session's transcript, whose inline sidechain lines are another conversation.
 */
function subAgentOf(lines: readonly { readonly value: unknown }[]): string | undefined {
  const conversation = lines
    .map(({ value }) => value)
    .filter((row) => isObject(row) && (row['type'] === 'user' || row['type'] === 'assistant')) as Json[];
  if (conversation.length === 0 || conversation.some((row) => row['isSidechain'] !== true)) return undefined;
  const id = conversation.find((row) => typeof row['agentId'] === 'string')?.['agentId'];
  return typeof id === 'string' ? id : '';
}

/**
 * The requests a transcript records as failed (`isApiErrorMessage` lines), for the scenario's
 * notes. Claude Code's text for a request over the window starts "Prompt is too long"; its
 * `errorDetails`, where written, carries the provider's "prompt is too long: N tokens > M".
 */
class FailedRequests {
  readonly #lines: number[] = [];
  readonly #tooLong: string[] = [];

  add(line: number, content: unknown, details: unknown): void {
    this.#lines.push(line);
    const text = textOfBlocks(content);
    if (!/^prompt is too long/i.test(text.trim())) return;
    const sizes = typeof details === 'string' ? /(\d+)\s*tokens?\s*>\s*(\d+)/i.exec(details) : null;
    this.#tooLong.push(sizes ? `line ${line}: ${sizes[1]} tokens > ${sizes[2]}` : `line ${line}`);
  }

  notes(): string[] {
    if (this.#lines.length === 0) return [];
    const lines = this.#lines.map((line) => `line ${line}`).join(', ');
    const count = this.#lines.length === 1 ? 'One request' : `${this.#lines.length} requests`;
    const tooLong =
      this.#tooLong.length === 0
        ? ''
        : ` The provider refused ${this.#tooLong.length === 1 ? 'one' : this.#tooLong.length} as too long for the window (${this.#tooLong.join('; ')}): the recorded agent overflowed there.`;
    return [
      `${count} failed in the recorded session (${lines}): Claude Code wrote an error text in place of the response, which no model produced, so the replay leaves it out.${tooLong}`,
    ];
  }
}
