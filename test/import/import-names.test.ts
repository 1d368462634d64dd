import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { importLogs } from '../../src/api/import-logs.ts';
import { tempDir } from '../cli/run-cli.ts';
import { LOGS } from './helpers.ts';

/** An openai-chat session whose only user message is `ask`: which log a scenario came from. */
const session = (ask: string) =>
  JSON.stringify({
    model: 'gpt-4o',
    messages: [
      { role: 'user', content: ask },
      { role: 'assistant', content: `answer to ${ask}` },
    ],
  });

/** Writes each `[relative path, ask]` under a fresh folder; returns the folder. */
function logs(entries: readonly (readonly [string, string])[]): string {
  const root = tempDir('import-names');
  for (const [path, ask] of entries) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), session(ask));
  }
  return root;
}

/** Imports the logs (paths relative to `root`); returns each written file's name and the user message it replays. */
async function imported(root: string, files: readonly string[]) {
  const { written } = await importLogs({ files, format: 'openai-chat', outDir: 'out', cwd: root });
  return written.map((path) => {
    const spec = parse(readFileSync(join(root, path), 'utf8')) as {
      name: string;
      replay: { turns: { user: string }[] };
    };
    return [path, spec.name, spec.replay.turns[0]!.user];
  });
}

describe('import: one scenario file per log of a folder, whatever the logs are called', () => {
  it('names logs that share a file name by the folders that tell them apart, instead of writing one over the other', async () => {
    const root = logs([
      ['runs/trial-1/agent/trajectory.json', 'first'],
      ['runs/trial-2/agent/trajectory.json', 'second'],
      ['runs/trial-3/other.json', 'third'],
    ]);
    expect(
      await imported(root, [
        'runs/trial-1/agent/trajectory.json',
        'runs/trial-2/agent/trajectory.json',
        'runs/trial-3/other.json',
      ]),
    ).toEqual([
      ['out/trial-1-agent-trajectory.yaml', 'trial-1-agent-trajectory', 'first'],
      ['out/trial-2-agent-trajectory.yaml', 'trial-2-agent-trajectory', 'second'],
      ['out/other.yaml', 'other', 'third'],
    ]);
  });

  it('numbers, in the order given, logs no folder tells apart (a.json beside a.jsonl, or names differing in case)', async () => {
    const root = logs([
      ['x/a.json', 'json'],
      ['x/a.jsonl', 'jsonl'],
      ['y/A.json', 'other folder'],
    ]);
    expect(await imported(root, ['x/a.json', 'x/a.jsonl', 'y/A.json'])).toEqual([
      ['out/x-a.yaml', 'x-a', 'json'],
      ['out/x-a-2.yaml', 'x-a-2', 'jsonl'],
      ['out/y-A.yaml', 'y-A', 'other folder'],
    ]);
  });

  it('imports a log given twice once, and leaves a name no other log shares as it was', async () => {
    const root = logs([['one/session.json', 'only']]);
    expect(await imported(root, ['one/session.json', './one/session.json'])).toEqual([
      ['out/session.yaml', 'session', 'only'],
    ]);
  });

  it('refuses to write a scenario over the log it comes from (a YAML cassette imported into its own folder), writing nothing', async () => {
    const root = tempDir('import-names');
    const cassette = readFileSync(join(LOGS, 'anthropic-messages-cassette.yaml'), 'utf8');
    writeFileSync(join(root, 'recorded.yaml'), cassette);
    writeFileSync(join(root, 'other.json'), session('kept apart'));
    await expect(
      importLogs({ files: ['other.json', 'recorded.yaml'], format: 'anthropic-messages', outDir: '.', cwd: root }),
    ).rejects.toThrow(
      'outDir: recorded.yaml is a log being imported, and its scenario would be written over it: choose another folder',
    );
    expect(readFileSync(join(root, 'recorded.yaml'), 'utf8')).toBe(cassette);
    expect(existsSync(join(root, 'other.yaml'))).toBe(false);
  });

  it("skips a log with nothing to replay (a project folder's summary-only transcript) and says so; alone, it is an error", async () => {
    const root = tempDir('import-names');
    writeFileSync(join(root, 'session.jsonl'), readFileSync(join(LOGS, 'claude-code-realistic.jsonl'), 'utf8'));
    writeFileSync(
      join(root, 'stub.jsonl'),
      `${JSON.stringify({ type: 'summary', summary: 'Old chat', leafUuid: 'x' })}\n`,
    );
    const both = await importLogs({
      files: ['session.jsonl', 'stub.jsonl'],
      format: 'claude-code',
      outDir: 'out',
      cwd: root,
    });
    expect(both.written).toEqual(['out/session.yaml']);
    expect(both.skipped).toEqual([
      { file: 'stub.jsonl', session: null, reason: 'no model response: the log records no turn to replay' },
    ]);
    await expect(
      importLogs({ files: ['stub.jsonl'], format: 'claude-code', outDir: 'alone', cwd: root }),
    ).rejects.toThrow('stub.jsonl: no model response: the log records no turn to replay');
    expect(existsSync(join(root, 'alone'))).toBe(false);
  });
});
