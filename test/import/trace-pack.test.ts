/**
 * The trace pack: at least 20 real sessions from 8 formats, one folder per format, each
 * session naming its origin (a GitHub file at a fixed commit), commit, licence and attribution,
 * each loading as a replay scenario; the folder carries the licence texts it names; the sessions
 * from logs that record usage keep it, so the ±5 % request-size check has something to compare.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/harness/scenario/index.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PACK = `${REPO}scenarios/traces/`;

/** Each licence a session may name, and a line of its text that LICENSES must then hold. */
const LICENCE_TEXTS: Record<string, readonly string[]> = {
  MIT: ['MIT License'],
  'Apache-2.0': ['Apache License', 'Version 2.0, January 2004'],
  'MIT OR Apache-2.0': ['MIT License', 'Apache License'],
};

/** Every folder of the pack: one per format, each holding at least one real session. */
const FOLDERS = [
  'adk-session',
  'adk-spans',
  'anthropic-messages',
  'atif',
  'claude-code',
  'codex-rollout',
  'openai-chat',
  'swe-agent',
];

/** The folders whose format records each request's input tokens. */
const WITH_USAGE = new Set(['adk-spans', 'anthropic-messages', 'claude-code', 'codex-rollout']);

const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('scenarios/traces', async () => {
  const scenarios = await loadScenarios(['scenarios/traces'], { cwd: REPO });
  const folders = readdirSync(PACK).filter((name) => statSync(`${PACK}${name}`).isDirectory());
  const licenses = readFileSync(`${PACK}LICENSES`, 'utf8');
  const folderOf = (file: string): string => file.split('/')[2]!;

  it('holds at least 20 replayed sessions from 8 formats, one folder per format, none empty', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(20);
    expect([...folders].sort()).toEqual(FOLDERS);
    for (const folder of FOLDERS)
      expect(scenarios.filter((scenario) => folderOf(scenario.file) === folder).length, folder).toBeGreaterThan(0);
    const formats = folders.map((folder) => {
      const inFolder = scenarios.filter((scenario) => folderOf(scenario.file) === folder);
      const named = new Set(inFolder.map((scenario) => scenario.recorded?.source?.['format']));
      expect([...named], folder).toEqual([expect.stringMatching(new RegExp(`^${folder}`))]);
      return [...named][0];
    });
    expect(new Set(formats).size).toBe(folders.length);
    expect(scenarios.every((scenario) => folders.includes(folderOf(scenario.file)))).toBe(true);
  });

  it('names, for every session, its origin at a fixed commit, the commit, a known licence and an attribution', () => {
    for (const scenario of scenarios) {
      const source = scenario.recorded?.source;
      expect(source, scenario.file).toMatchObject({
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
        license: expect.any(String),
        attribution: expect.stringMatching(/\S/),
      });
      expect(Object.keys(LICENCE_TEXTS), scenario.file).toContain(source!['license']);
      expect(source!['origin'], scenario.file).toMatch(
        new RegExp(`^https://github\\.com/[\\w.-]+/[\\w.-]+/blob/${source!['commit']}/\\S+$`),
      );
      expect(scenario.world.turns.length, scenario.file).toBeGreaterThan(0);
    }
  });

  it('ships the licence texts and the repositories at the commits its sessions name', () => {
    for (const scenario of scenarios) {
      const source = scenario.recorded!.source!;
      const [, owner, repo] = /^https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\//.exec(source['origin']!)!;
      expect(licenses, scenario.file).toContain(`https://github.com/${owner}/${repo} at commit ${source['commit']}`);
      for (const text of LICENCE_TEXTS[source['license']!]!) expect(licenses, scenario.file).toContain(text);
      // The copyright line of the attribution (after the project's name), as LICENSES wraps it.
      expect(flat(licenses), scenario.file).toContain(flat(source['attribution']!.replace(/^[^,]*, /, '')));
    }
    expect(licenses).toContain('Copyright (c) 2024 John Yang');
    expect(existsSync(`${PACK}README.md`)).toBe(true);
  });

  it('keeps the recorded input tokens of every request in the logs that record them, and the recorded compaction', () => {
    for (const scenario of scenarios.filter((s) => WITH_USAGE.has(folderOf(s.file)))) {
      const usage = scenario.world.turns.flatMap((turn) => turn.replay?.usage ?? []);
      expect(usage.filter((u) => u !== null && u.inputTokens > 0).length, scenario.file).toBeGreaterThan(0);
    }
    const compacted = scenarios.find((s) => s.name === 'spotter-258c7280');
    expect(compacted?.recorded?.compactions).toEqual([{ turn: 1, call: 71, trigger: 'auto', preTokens: 167094 }]);
  });
});
