import { describe, expect, it } from 'vitest';
import {
  deterministicReplay,
  eventsImmutable,
  noLoop,
  noOrphans,
  sessionCompletes,
  summarizerInputFits,
  userRequestPreserved,
} from '../../src/checker/properties/index.ts';
import { session, step, summarizerCall, world } from './helpers/session-fixtures.ts';

describe('no-orphans', () => {
  it('holds when every sent request is pair-complete', () => {
    expect(noOrphans.check(world(), session([step(0), step(1)]))).toBeNull();
  });

  it('names the first step that sent an orphan', () => {
    const v = noOrphans.check(
      world(),
      session([step(0), step(1, { orphanCalls: 2, label: 'tool-results' }), step(2, { orphanResponses: 1 })]),
    );
    expect(v?.step).toBe(1);
    expect(v?.message).toContain('step 1 (turn 1, tool-results)');
    expect(v?.message).toContain('2 function call(s) without a response');
    expect(v?.infeasible).toBeNull();
  });

  it('ignores short-circuited steps (nothing was sent)', () => {
    expect(noOrphans.check(world(), session([step(0, { orphanCalls: 1, shortCircuited: true })]))).toBeNull();
  });
});

describe('no-loop', () => {
  it('holds when every summarization shrinks the request', () => {
    const shrunk = step(3, { summarizerCalls: [summarizerCall()], realBefore: 7_000, realAfter: 400 });
    expect(noLoop.check(world(), session([step(0), shrunk]))).toBeNull();
  });

  it('fails on a summarization that does not make the request smaller', () => {
    const grown = step(2, { summarizerCalls: [summarizerCall()], realBefore: 300, realAfter: 300 });
    const v = noLoop.check(world(), session([step(0), step(1), grown]));
    expect(v?.step).toBe(2);
    expect(v?.message).toContain('from 300 to 300 real tokens');
  });

  it('does not judge steps without a summarization, even when they grow', () => {
    expect(noLoop.check(world(), session([step(0, { realBefore: 100, realAfter: 900 })]))).toBeNull();
  });
});

describe('user-request-preserved', () => {
  const lost = session([step(0), step(1, { userRequestPresent: false })]);

  it('fails when the host exposes user content and the request is gone', () => {
    const v = userRequestPreserved.check(world({ exposeUserContent: true }), lost);
    expect(v?.step).toBe(1);
    expect(v?.infeasible).toBeNull();
  });

  it('fails too when the host hides the user content from callbacks (go-compat): the built request carries the message, a strategy can keep it', () => {
    const v = userRequestPreserved.check(world({ exposeUserContent: false }), lost);
    expect(v?.step).toBe(1);
    expect(v?.infeasible).toBeNull();
  });

  it('holds when every step carries it', () => {
    expect(userRequestPreserved.check(world({ exposeUserContent: false }), session([step(0), step(1)]))).toBeNull();
  });
});

describe('summarizer-input-fits', () => {
  it('fails on the first call above the summarizer window', () => {
    const calls = [
      summarizerCall({ inputRealTokens: 100 }),
      summarizerCall({ inputRealTokens: 9_001, contextWindow: 9_000 }),
    ];
    const v = summarizerInputFits.check(world(), session([step(0), step(1, { summarizerCalls: calls })]));
    expect(v?.step).toBe(1);
    expect(v?.message).toContain('summarizer call 2 sent 9001 real tokens to a 9000-token summarizer window');
  });

  it('holds at exactly the window', () => {
    const calls = [summarizerCall({ inputRealTokens: 9_000, contextWindow: 9_000 })];
    expect(summarizerInputFits.check(world(), session([step(0, { summarizerCalls: calls })]))).toBeNull();
  });
});

describe('events-immutable and session-completes', () => {
  it('split the failure kinds between them', () => {
    const mutated = session([step(0), step(1)], {
      failure: { kind: 'events-mutated', message: 'event 3 changed', step: 1 },
    });
    const threw = session([step(0)], { failure: { kind: 'strategy-threw', message: 'boom', step: 0 } });
    expect(eventsImmutable.check(world(), mutated)?.message).toBe('step 1: event 3 changed');
    expect(sessionCompletes.check(world(), mutated)).toBeNull();
    expect(sessionCompletes.check(world(), threw)?.message).toBe('step 0: strategy-threw: boom');
    expect(eventsImmutable.check(world(), threw)).toBeNull();
  });
});

describe('deterministic-replay', () => {
  it('holds when the digests match', () => {
    const a = session([step(0)]);
    expect(deterministicReplay.check(world(), a, session([step(0)]))).toBeNull();
  });

  it('names the first step where two runs diverge', () => {
    const a = session([step(0), step(1), step(2)], { traceDigest: 'a' });
    const b = session([step(0), step(1, { realAfter: 1_234 }), step(2)], { traceDigest: 'b' });
    const v = deterministicReplay.check(world(), a, b);
    expect(v?.step).toBe(1);
    expect(v?.message).toContain('diverge at step 1');
  });

  it('refuses to judge without the second run', () => {
    expect(() => deterministicReplay.check(world(), session([step(0)]))).toThrow(/second run/);
  });
});
