import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import type { ScenarioSpec } from '../../src/harness/scenario/scenario-schema.ts';
import { importLog, type ImportLogOptions } from '../../src/import/import-log.ts';
import type { LogFormatName } from '../../src/import/formats/index.ts';
import { formatScenarioIssues } from '../../src/harness/scenario/scenario-error.ts';

export const LOGS = fileURLToPath(new URL('../fixtures/logs/', import.meta.url));

export function fixture(name: string): string {
  return readFileSync(`${LOGS}${name}`, 'utf8');
}

/** Imports a fixture; the scenarios it gives must load back from their YAML. */
export function importOk(name: string, format: LogFormatName, extra: Partial<ImportLogOptions> = {}): ScenarioSpec[] {
  const result = importLog(fixture(name), { format, file: name, name: 'session', ...extra });
  if (result.kind === 'invalid') throw new Error(formatScenarioIssues(name, result.issues));
  for (const { name: scenarioName, spec } of result.scenarios)
    loadScenarioSource(serializeScenario(spec), `${scenarioName}.yaml`, '/');
  return result.scenarios.map((s) => s.spec);
}

/** Imports a fixture that must fail; returns its formatted problems, one per line. */
export function importProblems(name: string, format: LogFormatName, extra: Partial<ImportLogOptions> = {}): string[] {
  const result = importLog(fixture(name), { format, file: name, name: 'session', ...extra });
  expect(result.kind).toBe('invalid');
  if (result.kind !== 'invalid') return [];
  return formatScenarioIssues(name, result.issues)
    .split('\n')
    .map((line) => line.trim());
}

const T0 = Date.parse('2026-03-02T10:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

/**
 * A Claude Code transcript: a long task, a Read, then the final answer `pauseMs` after the first
 * response; both responses report `usage` (Anthropic's usage object).
 */
export function claudeCodeTranscript(pauseMs: number, usage: Record<string, unknown>): string {
  const lines = [
    {
      type: 'user',
      message: { role: 'user', content: `Review this. ${'alpha beta gamma delta '.repeat(600)}` },
      timestamp: iso(0),
    },
    {
      type: 'assistant',
      message: {
        id: 'm1',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'a.ts' } }],
        usage,
      },
      timestamp: iso(2_000),
    },
    {
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'export const a = 1;' }] },
      timestamp: iso(2_500),
    },
    {
      type: 'assistant',
      message: {
        id: 'm2',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'text', text: 'Done.' }],
        usage,
      },
      timestamp: iso(2_000 + pauseMs),
    },
  ];
  return lines.map((line) => JSON.stringify(line)).join('\n');
}
