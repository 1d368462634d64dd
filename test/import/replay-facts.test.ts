/**
 * Facts extracted on import (issue 30): goal = the first user message, artifacts = the files the
 * agent edited (each format's edit tools), errors = the calls the log records as failed; derived
 * from the replay block alone, planted where the recorded content is, and probed there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CompactionStrategy } from '../../src/engine/types.ts';
import { loadScenarioSource } from '../../src/harness/scenario/index.ts';
import type { ReplaySpec } from '../../src/harness/scenario/replay-schema.ts';
import { serializeScenario } from '../../src/harness/scenario/serialize-scenario.ts';
import { factsOfReplay, withReplayFacts } from '../../src/import/replay-facts.ts';
import { callFailure, editedFiles, patchedFiles } from '../../src/import/tool-effects.ts';
import { runSession } from '../../src/world/run-session.ts';
import { importOk } from './helpers.ts';

const PACK = join(import.meta.dirname, '../../scenarios/traces');

function replay(format: string, turns: ReplaySpec['turns']): ReplaySpec {
  return { source: { format }, turns };
}

describe('facts of a replay', () => {
  it('Claude Code: the goal, each file written or edited (later edits are updates), each is_error result', () => {
    const facts = factsOfReplay(
      replay('claude-code', [
        { user: '', steps: [{ text: 'hello' }] },
        {
          user: 'Add a retry\nto the client',
          steps: [
            {
              calls: [
                { name: 'Read', args: { file_path: 'src/a.ts' }, result: 'code' },
                { name: 'Write', args: { file_path: 'src/a.ts', content: 'x' }, result: 'ok' },
              ],
            },
            {
              calls: [
                { name: 'Bash', args: { command: 'npm test' }, result: { error: '\nExit code 1\nFAIL a.test.ts' } },
              ],
            },
            {
              calls: [
                { name: 'Edit', args: { file_path: 'src/b.ts' }, result: { error: 'String not found' } },
                { name: 'MultiEdit', args: { file_path: 'src/a.ts', edits: [] }, result: 'ok' },
                { name: 'NotebookEdit', args: { notebook_path: 'n.ipynb' }, result: 'ok' },
              ],
            },
            { text: 'done' },
          ],
        },
      ]),
    );
    expect(facts).toEqual([
      { id: 'goal', kind: 'goal', text: 'Goal: Add a retry to the client', at: { turn: 1, in: 'user' } },
      {
        id: 'artifact-1',
        kind: 'artifact',
        text: 'src/a.ts edited (Write)',
        at: { turn: 1, in: 'tool', call: 1 },
        updates: [{ text: 'src/a.ts edited again (MultiEdit, edit 2)', at: { turn: 1, in: 'tool', call: 4 } }],
      },
      {
        id: 'artifact-2',
        kind: 'artifact',
        text: 'n.ipynb edited (NotebookEdit)',
        at: { turn: 1, in: 'tool', call: 5 },
      },
      { id: 'error-1', kind: 'error', text: 'Bash failed: Exit code 1', at: { turn: 1, in: 'tool', call: 2 } },
      { id: 'error-2', kind: 'error', text: 'Edit failed: String not found', at: { turn: 1, in: 'tool', call: 3 } },
    ]);
  });

  it('Codex: the files of apply_patch (own tool or through a shell), and the recorded non-zero exit codes', () => {
    const patch =
      '*** Begin Patch\n*** Add File: new.py\n+x\n*** Update File: old.py\n*** Move to: moved.py\n@@\n-a\n+b\n*** End Patch';
    expect(patchedFiles(patch)).toEqual(['new.py', 'old.py', 'moved.py']);
    expect(patchedFiles('*** Update File: x.py')).toEqual([]); // not a patch
    const edits = (name: string, args: Record<string, unknown>) =>
      editedFiles({ name, args, result: 'Success.' }, 'codex-rollout', {});
    expect(edits('apply_patch', { input: patch })).toEqual(['new.py', 'old.py', 'moved.py']);
    expect(edits('shell', { command: ['apply_patch', patch] })).toEqual(['new.py', 'old.py', 'moved.py']);
    expect(edits('shell', { command: ['cat', 'old.py'] })).toEqual([]);
    const failed = (result: string) => callFailure({ name: 'shell', result }, 'codex-rollout');
    expect(failed('Exit code: 1\nWall time: 0.1 seconds\nOutput:\nboom')).toBe('exit code 1');
    expect(failed('Exit code: 0\nWall time: 0.1 seconds\nOutput:\nok')).toBeUndefined();
    expect(failed('Chunk ID: ab\nWall time: 1 seconds\nProcess exited with code 2\nOutput:\n')).toBe('exit code 2');
    expect(failed('{"output":"x","metadata":{"exit_code":127,"duration_seconds":0.1}}')).toBe('exit code 127');
    expect(failed('{"output":"x","metadata":{"exit_code":0}}')).toBeUndefined();
    // Only Codex records its exit status in the output text: another format's result is not read for one.
    expect(callFailure({ name: 'bash', result: 'Exit code: 1' }, 'openai-chat')).toBeUndefined();
  });

  it('SWE-agent: create names the file it opens, edit and insert change the file the observation says is open', () => {
    const facts = factsOfReplay(
      replay('swe-agent-traj', [
        {
          user: 'Fix the bug',
          steps: [
            {
              calls: [
                {
                  name: 'create',
                  args: { filename: 'repro.py' },
                  result: '[File: repro.py (1 lines total)]\n(Open file: /repo/repro.py)',
                },
                { name: 'edit', args: { replacement_text: 'x' }, result: 'File updated.\n(Open file: /repo/repro.py)' },
                {
                  name: 'open',
                  args: { path: 'src/f.py' },
                  result: '[File: /repo/src/f.py (99 lines total)]\n(Open file: /repo/src/f.py)',
                },
                {
                  name: 'edit',
                  args: { search: 'a', replace: 'b' },
                  result: 'Text replaced.\n(Open file: /repo/src/f.py)',
                },
                { name: 'bash', args: { command: 'python repro.py' }, result: 'ok\n(Open file: /repo/src/f.py)' },
              ],
            },
            { text: 'fixed' },
          ],
        },
      ]),
    );
    expect(facts.filter((fact) => fact.kind === 'artifact')).toEqual([
      {
        id: 'artifact-1',
        kind: 'artifact',
        text: '/repo/repro.py edited (create)',
        at: { turn: 0, in: 'tool', call: 0 },
        updates: [{ text: '/repo/repro.py edited again (edit, edit 2)', at: { turn: 0, in: 'tool', call: 1 } }],
      },
      {
        id: 'artifact-2',
        kind: 'artifact',
        text: '/repo/src/f.py edited (edit)',
        at: { turn: 0, in: 'tool', call: 3 },
      },
    ]);
  });

  it('generic write-like tools with a path argument; an editor command that only views is no edit', () => {
    const edited = (name: string, args: Record<string, unknown>) =>
      editedFiles({ name, args, result: 'ok' }, 'openai-chat', {});
    expect(edited('write_file', { path: 'a.md' })).toEqual(['a.md']);
    expect(edited('str_replace_editor', { command: 'str_replace', path: 'b.py' })).toEqual(['b.py']);
    expect(edited('str_replace_editor', { command: 'view', path: 'b.py' })).toEqual([]);
    expect(edited('read_file', { path: 'a.md' })).toEqual([]);
    expect(edited('write_file', { content: 'no path' })).toEqual([]);
  });

  it('a fact text is one line of at most 160 characters', () => {
    const [goal] = factsOfReplay(
      replay('openai-chat', [{ user: `${'word '.repeat(100)}\nmore`, steps: [{ text: 'ok' }] }]),
    );
    expect(goal!.text.length).toBeLessThanOrEqual(160);
    expect(goal!.text).not.toContain('\n');
  });
});

describe('facts on import', () => {
  it('import writes the facts the log states, and --no-facts leaves them out', () => {
    const [spec] = importOk('codex-rollout-realistic.jsonl', 'codex-rollout');
    expect(spec!.facts).toEqual(factsOfReplay(spec!.replay!));
    expect(spec!.facts!.map((fact) => fact.kind)).toContain('artifact');
    expect(spec!.facts![0]).toMatchObject({ id: 'goal', at: { in: 'user' } });
    const [bare] = importOk('codex-rollout-realistic.jsonl', 'codex-rollout', { facts: false });
    expect(bare!.facts).toBeUndefined();
  });

  it('every trace pack file carries exactly the facts its replay states (rewrite: scripts/derive-pack-facts.ts)', () => {
    for (const folder of readdirSync(PACK, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
      for (const file of readdirSync(join(PACK, folder.name)).filter((name) => name.endsWith('.yaml'))) {
        const spec = parse(readFileSync(join(PACK, folder.name, file), 'utf8')) as Record<string, unknown>;
        expect(spec['facts'], `${folder.name}/${file}`).toEqual(withReplayFacts(spec)['facts']);
        expect((spec['facts'] as unknown[]).length, `${folder.name}/${file}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('imported facts are probed where the recorded content is', () => {
  const text = readFileSync(join(PACK, 'codex-rollout/agtrace-codex_session.yaml'), 'utf8');
  const scenario = loadScenarioSource(text, 'agtrace-codex_session.yaml', PACK);
  /** Drops every tool result of the request (what a strategy cutting observations does). */
  const dropResults: CompactionStrategy = {
    name: 'drop-results',
    compact(_ctx, request) {
      request.contents = request.contents.filter((content) => !content.parts?.some((part) => part.functionResponse));
    },
  };

  it('the marker of the edited file sits in the recorded result of the apply_patch call, and only there', async () => {
    let last: Content[] = [];
    const keepAll: CompactionStrategy = {
      name: 'keep-all',
      compact(_ctx, request) {
        last = structuredClone(request.contents);
      },
    };
    const result = await runSession(scenario.world, { strategy: keepAll });
    const artifact = scenario.world.facts!.find((fact) => fact.id === 'artifact-1')!;
    const marker = artifact.values[0]!.marker;
    const carriers = last.filter((content) => JSON.stringify(content).includes(marker));
    expect(carriers).toHaveLength(1);
    expect(carriers[0]!.parts![0]!.functionResponse!.name).toBe('apply_patch');
    expect(result.retention!.byKind).toMatchObject({
      goal: { retained: 1 },
      artifact: { retained: 1 },
      error: { retained: 2 },
    });
  });

  it('a strategy that cuts the tool results loses the artifact and the errors, and keeps the goal', async () => {
    const result = await runSession(scenario.world, { strategy: dropResults });
    expect(result.retention!.byKind).toMatchObject({
      goal: { facts: 1, retained: 1 },
      artifact: { facts: 1, retained: 0 },
      error: { facts: 2, retained: 0 },
    });
  });

  it('serialized and loaded again, an imported scenario plants the same markers', () => {
    const again = loadScenarioSource(serializeScenario(parse(text)), 'again.yaml', PACK);
    expect(again.world.facts).toEqual(scenario.world.facts);
  });
});

describe('SWE-agent actions written in the text', () => {
  it('an edit changes the file open before it, a create the file open after it; planted in the observation', () => {
    const facts = factsOfReplay(
      replay('swe-agent-traj', [
        { user: 'Fix it\n(Open file: n/a)', steps: [{ text: 'Reproduce first.\n```\ncreate repro.py\n```' }] },
        {
          user: '[File: /repo/repro.py (1 lines total)]\n(Open file: /repo/repro.py)',
          steps: [{ text: 'Paste.\n```\nedit 1:1\nprint(1)\nend_of_edit\n```' }],
        },
        { user: 'File updated.\n(Open file: /repo/repro.py)', steps: [{ text: '```\npython repro.py\n```' }] },
        { user: '1\n(Open file: /repo/repro.py)', steps: [{ text: '```\nsubmit\n```' }] },
      ]),
    );
    expect(facts.filter((fact) => fact.kind === 'artifact')).toEqual([
      {
        id: 'artifact-1',
        kind: 'artifact',
        text: '/repo/repro.py edited (create)',
        at: { turn: 1, in: 'user' },
        updates: [{ text: '/repo/repro.py edited again (edit, edit 2)', at: { turn: 2, in: 'user' } }],
      },
    ]);
  });
});

describe('the recorded-usage check and planted facts', () => {
  it('replays the log without the planted statements: the recorded requests had none', async () => {
    const { replayFidelity } = await import('../../src/api/replay-fidelity.ts');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { stringify } = await import('yaml');
    const file = join(PACK, 'codex-rollout/agtrace-codex_session.yaml');
    const spec = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(spec['facts']).toBeDefined();
    const { facts: _facts, ...bare } = spec;
    const dir = mkdtempSync(join(tmpdir(), 'fidelity-'));
    writeFileSync(join(dir, 'bare.yaml'), stringify(bare));
    const [withFacts] = await replayFidelity({ paths: [file] });
    const [without] = await replayFidelity({ paths: [join(dir, 'bare.yaml')] });
    expect(withFacts!.rows.length).toBeGreaterThan(0);
    expect(withFacts!.rows).toEqual(without!.rows);
  });
});
