/**
 * The agent's todo list, read from state key "todos" so a summary can carry it across a compaction
 * (adk-utils-go `loadTodos`, docs/contextguard.md §9).
 */
import { TODOS_STATE_KEY } from '../constants.ts';
import type { CompactionContext } from '../types.ts';

/** One tracked task (Go `TodoItem`; JSON names `content`, `status`, `active_form`). */
export interface TodoItem {
  readonly content: string;
  readonly status: string;
  readonly activeForm?: string;
}

/**
 * Reads `state["todos"]`. Go has two shapes, `[]TodoItem` (returned as is) and `[]any` of maps
 * (string fields read, items with empty content dropped); in JS both are arrays of objects, so
 * every array goes through the second rule. `active_form` is the stored (JSON) name; `activeForm`
 * is accepted too for items written by TypeScript code. Anything else reads as no todos.
 */
export function loadTodos(ctx: Pick<CompactionContext, 'state'>): TodoItem[] {
  const value = ctx.state.get(TODOS_STATE_KEY);
  if (!Array.isArray(value)) return [];
  const items: TodoItem[] = [];
  for (const raw of value) {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue;
    const m = raw as Record<string, unknown>;
    const content = stringField(m.content);
    if (content === '') continue;
    const activeForm = stringField(m.active_form) || stringField(m.activeForm);
    items.push(
      activeForm === ''
        ? { content, status: stringField(m.status) }
        : { content, status: stringField(m.status), activeForm },
    );
  }
  return items;
}

function stringField(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
