import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../../src/harness/scenario/index.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

describe('scenarios/examples', () => {
  it('load and show the adk profile and the format features', async () => {
    const examples = await loadScenarios(['scenarios/examples'], { cwd: REPO });
    const byName = new Map(examples.map((s) => [s.name, s.world]));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(examples.every((s) => Object.keys(s.expect).length > 0)).toBe(true);

    const coding = byName.get('adk-coding-agent')!;
    expect(coding.exposeUserContent).toBe(true);
    expect(coding.phases[0]!.tokenModel).toEqual({ kind: 'tiktoken', encoding: 'o200k_base' });
    expect(coding.summarizer.reply).toBe('honour');
    expect(coding.turns.some((t) => t.sequential)).toBe(true);

    expect(byName.get('summarizer-faults')!.summarizer.faults.map((f) => f.kind)).toEqual([
      'error',
      'empty',
      'timeout',
      'oversize',
    ]);

    const switching = byName.get('model-switch-phases')!;
    expect(switching.phases.map((p) => [p.modelName, p.contextWindow, p.usageMetadata])).toEqual([
      ['gpt-4o', 128_000, true],
      ['small-16k', 16_000, false],
    ]);

    const media = byName.get('attachments-and-streaming')!;
    expect(media.phases[0]!.streamingChunks).toBe(3);
    expect(media.turns[0]!.attachments[0]!.mimeType).toBe('image/png');
    expect(media.turns[1]!.attachments).toEqual([]);
    expect(media.turns[0]!.user).toMatchObject({ kind: 'cjk' });

    expect(examples.find((s) => s.name === 'sliding-window-tool-storm')!.strategy).toMatchObject({
      name: 'sliding_window',
      options: { maxTurns: 10 },
    });
  });
});
