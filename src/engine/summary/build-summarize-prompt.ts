/**
 * The user prompt sent to the summarizer (adk-utils-go `buildSummarizePrompt`, docs/contextguard.md §9): a request,
 * the previous summary if any, a transcript (text verbatim; tool calls and results as one-line
 * markers, their payloads omitted), and the todo list if any.
 */
import type { Content } from '@google/genai';
import type { TodoItem } from '../state/load-todos.ts';

export function buildSummarizePrompt(
  contents: readonly (Content | undefined | null)[],
  previousSummary: string,
  todos: readonly TodoItem[] = [],
): string {
  const out: string[] = ['Provide a detailed summary of the following conversation.', '\n\n'];
  if (previousSummary !== '') {
    out.push('[Previous summary for context]\n', previousSummary, '\n[End previous summary]\n\n');
    out.push('Incorporate the previous summary into your new summary, updating any information that has changed.\n\n');
  }
  out.push('[Conversation to summarize]\n');
  for (const content of contents) {
    if (!content) continue;
    const role = content.role || 'unknown';
    for (const part of content.parts ?? []) {
      if (!part) continue;
      if (typeof part.text === 'string' && part.text !== '') out.push(role, ': ', part.text, '\n');
      if (part.functionCall) out.push(role, ': [called tool: ', part.functionCall.name ?? '', ']\n');
      if (part.functionResponse) out.push(role, ': [tool ', part.functionResponse.name ?? '', ' returned a result]\n');
    }
  }
  out.push('[End of conversation]\n');
  if (todos.length > 0) {
    out.push('\n[Current todo list]\n');
    for (const todo of todos) out.push(`- [${todo.status}] ${todo.content}\n`);
    out.push('[End todo list]\n\n');
    out.push('Include these tasks and their statuses in your summary under a dedicated "## Todo List" section. ');
    out.push('Instruct the resuming assistant to restore them using the `todos` tool to continue tracking progress.\n');
  }
  return out.join('');
}
