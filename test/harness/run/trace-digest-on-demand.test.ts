/**
 * The trace digest is computed where a report reads it (simulate and gate: report.json) and not
 * where nobody does (compare passes `traceDigest: false`): hashing every event, request and state
 * is a fifth or more of a session's time.
 */
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../../src/harness/run/run-suite.ts';

const FILE = 'scenarios/brutal/8k-empty-tool-responses.yaml';

describe('trace digest on demand', () => {
  it('is in every outcome by default, and absent when the caller asks for none, with nothing else changed', async () => {
    const digested = await runSuite({ paths: [FILE], jobs: 1, timeoutMs: 60_000 });
    const plain = await runSuite({ paths: [FILE], jobs: 1, timeoutMs: 60_000, traceDigest: false });
    expect(digested.outcomes[0]!.result!.traceDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(plain.outcomes[0]!.result!.traceDigest).toBeUndefined();
    const { traceDigest: _digest, ...rest } = digested.outcomes[0]!.result!;
    expect(JSON.stringify(plain.outcomes[0]!.result)).toBe(JSON.stringify(rest));
    expect(plain.outcomes[0]!.failures).toEqual(digested.outcomes[0]!.failures);
  });
});
