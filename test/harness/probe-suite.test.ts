import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeSuite, probeYaml } from '../../bench/probe-suite/generate-probes.ts';
import { loadScenarios } from '../../src/harness/scenario/index.ts';

const DIR = fileURLToPath(new URL('../../scenarios/probes', import.meta.url));

describe('scenarios/probes: the probe suite', () => {
  it('is exactly what bench/probe-suite/generate-probes.ts writes (edit the generator, then run it)', () => {
    const files = readdirSync(DIR)
      .filter((name) => name.endsWith('.yaml'))
      .sort();
    const generated = probeSuite();
    expect(files).toEqual(generated.map((item) => item.file).sort());
    // Up to the acceptances: `npm run accept:record` pins the steps where a strategy's known
    // limitation shows, which only playing the file can tell (the generator writes none).
    const upToAcceptances = (text: string) => text.split(/^accept:$/m)[0];
    for (const { file, scenario } of generated)
      expect(upToAcceptances(readFileSync(join(DIR, file), 'utf8')), file).toBe(probeYaml(scenario));
  });

  it('holds at least 30 sessions shaped like coding-agent work: the goal once at the start, constraints mid-way, files edited again, decisions reversed, errors fixed', async () => {
    const scenarios = await loadScenarios([DIR]);
    expect(scenarios.length).toBeGreaterThanOrEqual(30);
    for (const scenario of scenarios) {
      const facts = scenario.world.facts ?? [];
      const turns = scenario.world.turns.length;
      const of = (kind: string) => facts.filter((fact) => fact.kind === kind);
      expect(
        of('goal').map((fact) => fact.values.map((value) => value.site)),
        scenario.name,
      ).toEqual([[{ turn: 0, in: 'user' }]]);
      for (const constraint of of('constraint')) {
        const turn = constraint.values[0]!.site.turn;
        expect(
          turn > turns / 5 && turn < (4 * turns) / 5,
          `${scenario.name}: ${constraint.id} at turn ${turn} of ${turns}`,
        ).toBe(true);
      }
      expect(
        of('artifact').some((fact) => fact.values.length > 1),
        `${scenario.name}: a file edited again`,
      ).toBe(true);
      expect(
        of('decision').every((fact) => fact.values.length === 2),
        `${scenario.name}: decisions reversed`,
      ).toBe(true);
      expect(of('error').length, scenario.name).toBeGreaterThan(0);
      expect(
        of('error').every((fact) => fact.values[1]?.site.in === 'response'),
        `${scenario.name}: errors fixed in an answer`,
      ).toBe(true);
      expect(of('next-step').length, scenario.name).toBe(1);
      // Artifacts live in the results of edit_file, the middle call of a sequential read-edit-test chain.
      for (const artifact of of('artifact')) {
        for (const value of artifact.values) {
          const turn = scenario.world.turns[value.site.turn]!;
          expect(
            value.site.in === 'tool' && turn.sequential && turn.toolCalls[value.site.call]?.name === 'edit_file',
            `${scenario.name}: ${artifact.id}`,
          ).toBe(true);
        }
      }
    }
  });
});
