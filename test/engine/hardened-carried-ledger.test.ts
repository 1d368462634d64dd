/**
 * What `hardened` carries forward past every compaction (carried-ledger.ts, issue 29): the user's
 * first message and later lines, and the latest result line of each file written, read from the
 * contents' structure alone. End to end, on the probe suite: README "What survives a compaction".
 */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { hardenedStrategy } from '../../src/engine/index.ts';
import {
  EMPTY_LEDGER,
  foldIntoLedger,
  ledgerFrom,
  renderLedger,
} from '../../src/engine/strategies/hardened/carried-ledger.ts';
import { SUMMARY_PREFIX } from '../../src/engine/summary/summary-content.ts';
import { makeContext, MemoryState, ScriptedSummarizer, textContent } from './fixtures.ts';

const call = (name: string, id: string, args: Record<string, unknown> = {}): Content => ({
  role: 'model',
  parts: [{ functionCall: { name, id, args } }],
});
const result = (name: string, id: string, text: string): Content => ({
  role: 'user',
  parts: [{ functionResponse: { name, id, response: { result: text } } }],
});
const filler = (bytes: number): string => 'lorem ipsum '.repeat(Math.ceil(bytes / 12)).slice(0, bytes);

describe('carried ledger', () => {
  it('keeps the first user message whole and each later line once, boilerplate repeats collapsed to the newest', () => {
    const ledger = foldIntoLedger(EMPTY_LEDGER, [
      textContent('user', 'Please migrate billing to Postgres.\nGoal: no downtime'),
      textContent('model', 'On it.'),
      textContent('user', 'Turn 1: carry on'),
      textContent('user', 'Turn 2: carry on\nConstraint: never push to main'),
      textContent('user', 'Turn 3: carry on'),
    ]);
    expect(ledger.first).toBe('Please migrate billing to Postgres.\nGoal: no downtime');
    expect(ledger.userLines).toEqual(['Constraint: never push to main', 'Turn 3: carry on']);
  });

  it("does not take a summary, a continuation or a host nudge for the user's words", () => {
    const ledger = foldIntoLedger(EMPTY_LEDGER, [
      textContent('user', `${SUMMARY_PREFIX}\nearlier work`),
      textContent('user', 'Continue processing previous requests as instructed.'),
      textContent('user', 'The real request'),
    ]);
    expect(ledger.first).toBe('The real request');
    expect(ledger.userLines).toEqual([]);
  });

  it('keeps the latest line of each file a write-like tool touched; reads are not artifacts', () => {
    let ledger = foldIntoLedger(EMPTY_LEDGER, [
      call('read_file', 'r1'),
      result('read_file', 'r1', 'src/db.ts: export const pool = 10'),
      call('edit_file', 'e1'),
      result('edit_file', 'e1', '[\n  {"id": 1}\n]\nsrc/db.ts edit 1: pool of 10'),
      call('edit_file', 'e2'),
      result('edit_file', 'e2', 'package.json edit 1: eslint pinned'),
    ]);
    expect(ledger.files).toEqual([
      ['src/db.ts', 'src/db.ts edit 1: pool of 10'],
      ['package.json', 'package.json edit 1: eslint pinned'],
    ]);
    ledger = foldIntoLedger(ledger, [
      call('edit_file', 'e3'),
      result('edit_file', 'e3', 'src/db.ts edit 2: pool of 20'),
    ]);
    // Superseded: one entry per file, the newest value, moved to the end (most recently written).
    expect(ledger.files).toEqual([
      ['package.json', 'package.json edit 1: eslint pinned'],
      ['src/db.ts', 'src/db.ts edit 2: pool of 20'],
    ]);
  });

  it("names the file from the call's arguments when the result names none", () => {
    const ledger = foldIntoLedger(EMPTY_LEDGER, [
      call('write_file', 'w1', { path: 'notes/plan.md' }),
      result('write_file', 'w1', 'ok\nwrote 42 lines'),
    ]);
    expect(ledger.files).toEqual([['notes/plan.md', 'notes/plan.md: wrote 42 lines']]);
  });

  it('renders within its budget: the first message first, then the newest lines', () => {
    const ledger = {
      first: 'Goal: ship it',
      userLines: Array.from({ length: 20 }, (_, i) => `note ${'x'.repeat(i)} number-${i}`),
      files: [['a.ts', 'a.ts edit 1: done'] as const],
    };
    const text = renderLedger(ledger, 60);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(240);
    expect(text).toContain('Goal: ship it');
    expect(text).toContain('number-19');
    expect(text).not.toContain('number-0\n');
    expect(renderLedger(EMPTY_LEDGER, 1000)).toBe('');
    expect(renderLedger(ledger, 1000)).toContain('a.ts edit 1: done');
  });

  it('reads back from state what it wrote, and anything malformed as empty', () => {
    const ledger = foldIntoLedger(EMPTY_LEDGER, [
      textContent('user', 'Goal'),
      call('edit_file', 'e'),
      result('edit_file', 'e', 'x.ts: y'),
    ]);
    expect(ledgerFrom(JSON.parse(JSON.stringify(ledger)))).toEqual(ledger);
    expect(ledgerFrom('nonsense')).toEqual(EMPTY_LEDGER);
    expect(ledgerFrom({ first: 3, userLines: [1, 'a'], files: [['p']] })).toEqual({
      first: '',
      userLines: ['a'],
      files: [],
    });
  });
});

describe('hardened carries the goal and the artifact trail through chained summaries', () => {
  it('the first message, a later constraint and the newest edit reach the request after summaries that forget them', async () => {
    // A summarizer that keeps nothing of what it is sent: what survives is what hardened carried.
    const summarizer = new ScriptedSummarizer([
      'Work continues.',
      'Work continues.',
      'Work continues.',
      'Work continues.',
      'Work continues.',
      'Work continues.',
    ]);
    const state = new MemoryState();
    const strategy = hardenedStrategy();
    const contents: Content[] = [textContent('user', 'Goal: migrate billing to Postgres without downtime')];
    let request = { contents: contents.slice() };
    for (let turn = 1; turn <= 40; turn += 1) {
      contents.push(
        textContent('user', turn === 5 ? `Turn ${turn}: go on\nConstraint: never push to main` : `Turn ${turn}: go on`),
      );
      contents.push(call('read_file', `r${turn}`), result('read_file', `r${turn}`, filler(3_000)));
      // The file is edited on the first 20 turns only: its newest value is long folded by the end.
      if (turn <= 20)
        contents.push(
          call('edit_file', `e${turn}`),
          result('edit_file', `e${turn}`, `src/db.ts edit ${turn}: pool of ${turn * 10}`),
        );
      contents.push(textContent('model', `Turn ${turn} done.`));
      request = { contents: contents.slice() };
      await strategy.compact(makeContext({ contextWindow: 8_000, summarizer, state }), request);
    }
    expect(summarizer.calls).toBeGreaterThan(1);
    const sent = JSON.stringify(request.contents);
    expect(request.contents.length).toBeLessThan(contents.length);
    expect(sent).toContain('Goal: migrate billing to Postgres without downtime');
    expect(sent).toContain('Constraint: never push to main');
    expect(sent).not.toContain('Turn 21: go on');
    expect(sent).toContain('src/db.ts edit 20: pool of 200');
    expect(sent).not.toContain('src/db.ts edit 19: pool of 190');
  });
});
