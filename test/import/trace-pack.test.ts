/**
 * The trace pack: at least 20 real sessions, each naming its origin, commit, licence and
 * attribution, each loading as a replay scenario; the folder carries its licences.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/harness/scenario/index.ts';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('scenarios/traces', async () => {
  const scenarios = await loadScenarios(['scenarios/traces'], { cwd: REPO });

  it('holds at least 20 replayed sessions, each with its provenance and licence', () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(20);
    for (const scenario of scenarios) {
      const source = scenario.recorded?.source;
      expect(source, scenario.file).toMatchObject({
        format: expect.any(String),
        license: 'MIT',
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
        attribution: expect.stringContaining('SWE-agent'),
      });
      expect(source!['origin'], scenario.file).toMatch(
        new RegExp(`^https://github\\.com/SWE-agent/SWE-agent/blob/${source!['commit']}/`),
      );
      expect(scenario.world.turns.length, scenario.file).toBeGreaterThan(0);
    }
  });

  it('ships the licence texts it names', () => {
    const licenses = readFileSync(`${REPO}scenarios/traces/LICENSES`, 'utf8');
    expect(licenses).toContain('MIT License');
    expect(licenses).toContain('Copyright (c) 2024 John Yang');
    expect(existsSync(`${REPO}scenarios/traces/README.md`)).toBe(true);
  });
});
