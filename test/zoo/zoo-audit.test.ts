/**
 * Every zoo strategy carries its audit record in its own module (issue 31): the upstream it
 * follows, a pinned commit or version, the day that was checked, what it follows and what it
 * leaves out. `compaction-sim strategies --audit` prints these; a module without one fails here.
 */
import { describe, expect, it } from 'vitest';
import { ZOO_STRATEGIES } from '../../src/zoo/zoo-strategies.ts';

describe('zoo audit records', () => {
  it('every zoo strategy names its upstream, a commit or version, the date checked, what it follows and leaves out', async () => {
    for (const strategy of ZOO_STRATEGIES) {
      const audit = await strategy.audit();
      expect(audit.upstream, strategy.name).toMatch(/\S/);
      expect(audit.commit, strategy.name).toMatch(/\S/);
      expect(audit.checked, strategy.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(audit.follows.length, strategy.name).toBeGreaterThan(0);
      expect(audit.leavesOut.length, strategy.name).toBeGreaterThan(0);
    }
  });

  it('each generation of a peer is its own strategy, pinned to its own commit', async () => {
    const commit = async (name: string) => (await ZOO_STRATEGIES.find((s) => s.name === name)!.audit()).commit;
    expect(await commit('gemini-cli')).toBe('5411f113');
    expect(await commit('gemini-cli-2026-01')).toBe('1182168bd9');
    expect(await commit('opencode-tail')).toBe('31e22f65');
    expect(await commit('opencode-tail-2026-04')).toBe('v1.14.34');
    expect(await commit('opencode')).toBe('fd78ec63');
  });
});
