/** The world's measure of what a compaction covered (measure/compaction-coverage.ts), over plain data. */
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  CompactionCoverage,
  probeOf,
  historyTextsOf,
  quotedRunsOf,
  SummaryLines,
  requestTextsOf,
} from '../../src/world/measure/compaction-coverage.ts';
import { HistoryKeys, type KeyedHistory } from '../../src/world/measure/history-keys.ts';
import { ContentSource } from '../../src/world/request-contents/content-source.ts';
import { sourceListOf } from '../../src/world/request-contents/content-source-list.ts';

const text = (role: string, value: string): Content => ({ role, parts: [{ text: value }] });
/** A built history of its own lineage (so the coverage looks at every content of it), with these keys. */
const keyedAs = (contents: readonly Content[], keys: readonly string[]): KeyedHistory => ({
  lineage: {},
  stable: contents.length,
  length: contents.length,
  keyAt: (index) => keys[index]!,
  contentAt: (index) => contents[index]!,
});
const keyedBy = (keyOf: (content: Content) => string, contents: readonly Content[]): KeyedHistory =>
  keyedAs(contents, contents.map(keyOf));
/** One token per character: easy to read. */
const count = (contents: readonly Content[]): number =>
  contents.reduce(
    (sum, content) => sum + (content.parts ?? []).reduce((n, part) => n + (part.text?.length ?? 0), 0),
    0,
  );

describe('compaction coverage', () => {
  const a = text('user', 'the first request of the user, long enough');
  const b = text('model', 'the model answered at some length here');
  const c = text('user', 'the second request, also long enough');
  /** A history content's key (history-keys.ts gives the world's): here its text, unique in these tests. */
  const keyOf = (content: Content): string => content.parts![0]!.text!;
  const built = (...contents: Content[]) => keyedBy(keyOf, contents);

  it('counts each history content as newly covered once, the summary as what is not a copy, and what never reached the summarizer', () => {
    const coverage = new CompactionCoverage();
    const summary = text('user', 'SUMMARY of it all');
    const first = coverage.observe(
      {
        built: built(a, b, c),
        sent: [
          { key: undefined, content: summary },
          { key: keyOf(c), content: c },
        ],
        summarizerTexts: [`Summarize:\nuser: ${b.parts![0]!.text}`],
        replies: ['SUMMARY'],
        count,
      },
      true,
    )!;
    // a never reached the summarizer; b did; c is kept.
    expect(first).toEqual({
      summaryTokens: 17,
      replyTokens: 7,
      replyCarriedTokens: 0,
      newlyCovered: 2,
      newlyCoveredTokens: count([a, b]),
      quotedTokens: 0,
      leftOutOfSummarizer: 1,
      newestLeftOutTokens: count([a]),
    });
    // Next step: a and b stay covered (not newly), c is now covered and restated in a continuation
    // (a content quoting it that holds no summarizer reply): credited whole, its framing with it.
    const continuation = text('user', `continue with: ${c.parts![0]!.text}`);
    const second = coverage.observe(
      {
        built: built(a, b, c),
        sent: [
          { key: undefined, content: summary },
          { key: undefined, content: continuation },
        ],
        summarizerTexts: [''],
        replies: [],
        count,
      },
      true,
    )!;
    expect(second).toMatchObject({
      newlyCovered: 1,
      newlyCoveredTokens: count([c]),
      quotedTokens: count([continuation]),
      leftOutOfSummarizer: 0,
      replyTokens: 0,
    });
    // A step that did not summarize notes what it covers and reports nothing.
    expect(
      coverage.observe({ built: built(a, b, c), sent: [], summarizerTexts: [], replies: [], count }, false),
    ).toBeUndefined();
  });

  it('recognises a content by a plain run of its text, never by one shorter than 16 characters', () => {
    expect(probeOf(text('user', '\u001b[33mprivate argument is not set, the key'))).toBe(
      '[33mprivate argument is not set, the key',
    );
    expect(probeOf(text('user', 'short "quoted" bit'))).toBeNull();
    expect(probeOf(text('user', 'x'.repeat(100)))).toBe('x'.repeat(64));
    expect(probeOf({ role: 'model', parts: [{ functionCall: { name: 'read_file', args: {} } }] })).toBeNull();
    expect(
      requestTextsOf({
        contents: [text('user', 'hello'), { role: 'user', parts: [{ text: 'a' }, { text: '' }, { text: 'b' }] }],
        config: { systemInstruction: { parts: [{ text: 'sys' }] } },
      }),
    ).toEqual(['sys', 'hello', 'a', 'b']);
  });

  describe('quoted fragments of history', () => {
    const userLine =
      'please keep the public API of the parser stable, then rename the internal helpers and finally run the whole suite before you push';
    const history = [
      userLine,
      JSON.stringify({ result: 'src/app.ts: wrote 42 lines ("strict" mode on)\nsrc/lib.ts: unchanged' }),
      'src/app.ts: wrote 42 lines ("strict" mode on)\nsrc/lib.ts: unchanged',
    ];
    const head = userLine.slice(0, 40);
    const tail = userLine.slice(-40);

    it('credits a line cut to its start and end around an elision mark, each run in order', () => {
      for (const mark of [' […] ', '...', ' [...] ', ' <snip> ', ' [truncated 57 chars] ', ' … '])
        expect(quotedRunsOf([`Said: x\n- ${head}${mark}${tail}`], history, ''), mark).toEqual([`- ${head}`, tail]);
      // A prefix or a suffix alone.
      expect(quotedRunsOf([`${head}...`], history, '')).toEqual([head]);
      expect(quotedRunsOf([`[…] ${tail}`], history, '')).toEqual([tail]);
    });

    it('answers the same with the lines it met on earlier steps remembered as without', () => {
      const memo = new SummaryLines();
      const summaries = [
        [`Said: x\n- ${head} […] ${tail}`],
        [`Said: x\n- ${head} […] ${tail}`, `${head}...\nnew words of this step`],
        ['- src/app.ts: wrote 42 lines ("strict" mode on)', `[…] ${tail}`],
      ];
      const covered = [history, history.slice(1), [userLine], history.slice(0, 1).concat(history[2]!)];
      for (const texts of summaries)
        for (const texts2 of covered)
          for (const whole of ['', userLine])
            expect(quotedRunsOf(texts, texts2, whole, memo)).toEqual(quotedRunsOf(texts, texts2, whole));
      expect(memo.distinctLines(['a\nb\na', 'b\nc']).map((line) => line.whole.pieces[0])).toEqual(['a', 'b', 'c']);
    });

    it("credits a tool output's line as written, not as its JSON escapes it", () => {
      expect(
        quotedRunsOf(['- src/app.ts: wrote 42 lines ("strict" mode on)'], history.slice(0, 1).concat(history[2]!), ''),
      ).toEqual(['- src/app.ts: wrote 42 lines ("strict" mode on)']);
    });

    it('credits nothing that is not a verbatim run of one covered content, in order, of 16 characters or more', () => {
      // The summary's own words around a mark.
      expect(quotedRunsOf(['the user wants things done […] and more things later'], history, '')).toEqual([]);
      // Runs shorter than 16 characters.
      expect(quotedRunsOf([`${head.slice(0, 12)} […] ${tail.slice(-12)}`], history, '')).toEqual([]);
      // End before start: only the first run is found in order.
      expect(quotedRunsOf([`${tail} […] ${head}`], history, '')).toEqual([tail]);
      // Already quoted whole: not again.
      expect(quotedRunsOf([`${head} […] ${tail}`], history, userLine)).toEqual([]);
    });

    it('counts a cut quote of newly covered history as quoted tokens (the old measure credited none)', () => {
      const coverage = new CompactionCoverage();
      const user = text('user', userLine);
      const answer = text('model', 'the model answered at some length here');
      const ledger = text('user', `[Carried]\n- ${head} […] ${tail}\nsummary words`);
      const step = coverage.observe(
        {
          built: built(user, answer),
          sent: [{ key: undefined, content: ledger }],
          summarizerTexts: [userLine],
          replies: ['summary words'],
          count,
        },
        true,
      )!;
      expect(step.quotedTokens).toBe(`- ${head}\n${tail}`.length);
    });
  });

  describe('quote measures worked out when first read', () => {
    const userLine =
      'please keep the public API of the parser stable, then rename the internal helpers and finally run the whole suite before you push';
    const head = userLine.slice(0, 40);
    const tail = userLine.slice(-40);
    const reply = 'the summarizer wrote these summary words';
    const ledgerText = `[Carried]\n- ${head} […] ${tail}\n${reply}`;
    const observeOne = (user: Content, ledger: Content, counted: (contents: readonly Content[]) => number) =>
      new CompactionCoverage().observe(
        {
          built: keyedBy(keyOf, [user, text('model', 'the model answered at some length here')]),
          sent: [{ key: undefined, content: ledger }],
          summarizerTexts: [userLine],
          replies: [reply],
          count: counted,
        },
        true,
      )!;
    const quoted = `- ${head}\n${tail}`.length;

    it('searches the summary for quotes only when a quote measure is read, and once', () => {
      const counted: string[] = [];
      const spy = (contents: readonly Content[]) => {
        for (const content of contents) counted.push(content.parts?.[0]?.text ?? '');
        return count(contents);
      };
      const user = Object.freeze({
        role: 'user',
        parts: Object.freeze([Object.freeze({ text: userLine })]),
      }) as Content;
      const step = observeOne(user, text('user', ledgerText), spy);
      expect(counted).not.toContain(`- ${head}\n${tail}`);
      expect(step.quotedTokens).toBe(quoted);
      expect(counted.filter((counted) => counted === `- ${head}\n${tail}`)).toHaveLength(1);
      expect(step.quotedTokens).toBe(quoted);
      expect(step.replyCarriedTokens).toBe(reply.length);
      expect(counted.filter((counted) => counted === `- ${head}\n${tail}`)).toHaveLength(1);
      // A report lists the fields in their declared order.
      expect(Object.keys(step)).toEqual([
        'summaryTokens',
        'replyTokens',
        'replyCarriedTokens',
        'newlyCovered',
        'newlyCoveredTokens',
        'quotedTokens',
        'leftOutOfSummarizer',
        'newestLeftOutTokens',
      ]);
      expect(JSON.parse(JSON.stringify(step))).toEqual({ ...step });
    });

    it("keeps nothing of the step but the quote measures' inputs, and lets them go once read", async () => {
      // A closure made inside `observe` would keep the whole call alive (the step's contents, its
      // summarizer requests) for as long as the record lives.
      setFlagsFromString('--expose-gc');
      const gc = runInNewContext('gc') as () => void;
      let user: Content | undefined = Object.freeze({
        role: 'user',
        parts: Object.freeze([Object.freeze({ text: userLine })]),
      }) as Content;
      const covered = new WeakRef(user);
      let summarizerTexts: string[] | undefined = [userLine, 'a summarizer request of this step'];
      const request = new WeakRef(summarizerTexts);
      const step = new CompactionCoverage().observe(
        {
          built: keyedBy(keyOf, [user, text('model', 'the model answered at some length here')]),
          sent: [{ key: undefined, content: text('user', ledgerText) }],
          summarizerTexts,
          replies: [reply],
          count,
        },
        true,
      )!;
      summarizerTexts = undefined;
      user = undefined;
      const collect = async () => {
        await new Promise((resolve) => setImmediate(resolve));
        gc();
      };
      await collect();
      expect(request.deref()).toBeUndefined();
      // The covered content is an input until the measures are read, and let go after.
      expect(covered.deref()).toBeDefined();
      expect(step.quotedTokens).toBe(quoted);
      await collect();
      expect(covered.deref()).toBeUndefined();
      expect(step.quotedTokens).toBe(quoted);
    });

    it('measures what the step showed, though a content that was not frozen, or the summary sent, changed before the read', () => {
      const user = text('user', userLine);
      const ledger = text('user', ledgerText);
      const step = observeOne(user, ledger, count);
      user.parts![0]!.text = 'something else entirely, with none of the words the ledger quotes at all';
      ledger.parts![0]!.text = 'a ledger rewritten after the step';
      expect(step.quotedTokens).toBe(quoted);
      expect(step.replyCarriedTokens).toBe(reply.length);
    });
  });

  it('credits a restatement of newly covered history whole, but not a summary that holds the reply, and measures what it carries of the reply', () => {
    const reply = 'the summarizer wrote this reply about the whole session';
    const request = text('user', 'please rename the parser helpers and run the suite');
    const observe = (sent: Content[]) =>
      new CompactionCoverage().observe(
        {
          built: keyedBy((content) => content.parts![0]!.text!, [request]),
          sent: sent.map((content) => ({ key: undefined, content })),
          summarizerTexts: [''],
          replies: [reply],
          count,
        },
        true,
      )!;
    const continuation = text('user', `[The user's current request is: ${request.parts![0]!.text}. Go on.]`);
    // Apart: the continuation is credited whole; the summary carries the reply.
    const apart = observe([text('user', `Summary: ${reply}`), continuation]);
    expect(apart.quotedTokens).toBe(count([continuation]));
    expect(apart.replyCarriedTokens).toBe(`Summary: ${reply}`.length);
    // In one content with the reply: only the quoted history is credited, not the framing.
    const together = observe([text('user', `Summary: ${reply}\n${continuation.parts![0]!.text}`)]);
    expect(together.quotedTokens).toBe(count([request]));
    // A reply sent only in part: what is carried, not the whole reply.
    expect(observe([text('user', `Summary: ${reply.slice(0, 30)} […]`)]).replyCarriedTokens).toBe(
      `Summary: ${reply.slice(0, 30)}`.length,
    );
  });

  it('knows a history content by its session event whichever copy the request holds: equal copies share a key, repeats are told apart by rank', () => {
    const keys = new HistoryKeys();
    const first = keys.keysOf([text('user', 'carry on'), text('model', 'ok'), text('user', 'carry on')]);
    const again = keys.keysOf([
      structuredClone(text('user', 'carry on')),
      structuredClone(text('model', 'ok')),
      structuredClone(text('user', 'carry on')),
      text('model', 'new'),
    ]);
    expect(again.slice(0, 3)).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(keys.keysOf([text('user', 'carry on!')])[0]).not.toBe(first[0]);
  });

  it('knows long texts by what they hold, not by which string object holds them', () => {
    const keys = new HistoryKeys();
    const long = (seed: string, tail: string) => `${seed.repeat(400)}${tail}`;
    const output = (value: string): Content => ({
      role: 'user',
      parts: [{ functionResponse: { name: 'read_file', response: { result: value } } }],
    });
    // Equal texts built apart (two string objects) share a key; texts of one length that differ
    // only at their end, or only in where a long text sits, do not.
    const first = keys.keysOf([output(long('ab', 'x')), text('model', long('cd', 'y'))]);
    const again = keys.keysOf([output(`${['a', 'b'].join('').repeat(400)}x`), text('model', long('cd', 'y'))]);
    expect(again).toEqual(first);
    const other = keys.keysOf([output(long('ab', 'z')), text('user', long('cd', 'y')), output(long('cd', 'y'))]);
    expect(other[0]).not.toBe(first[0]);
    expect(other[1]).not.toBe(first[1]);
    expect(other[2]).not.toBe(first[0]);
  });

  it('keys a history that extends the last one as a fresh keyer would, and reads again a prefix content that could change', () => {
    const frozen = (role: string, body: string) => deepFreezeForTest(text(role, body));
    const a = frozen('user', 'carry on');
    const b = frozen('model', 'ok');
    const c = frozen('user', 'carry on');
    const d = frozen('model', 'more');
    const steps = [
      [a, b],
      [a, b, c],
      [a, b, c, d],
      [d, c, b, a, b],
      [b, c],
      [b, c, a],
    ];
    const keeping = new HistoryKeys();
    for (const history of steps) expect(keeping.keysOf(history)).toEqual(new HistoryKeys().keysOf(history));
    // A content that is not frozen may change between steps: its key follows what it holds now.
    const open = text('user', 'draft');
    const mutable = new HistoryKeys();
    mutable.keysOf([open]);
    open.parts![0]!.text = 'final';
    expect(mutable.keysOf([open, b])).toEqual(new HistoryKeys().keysOf([text('user', 'final'), b]));
  });

  it('observes a growing history as it would the whole history afresh on every step (model-based)', () => {
    // One coverage follows the fast builder's append-only sources step to step (looking only at
    // what it has not covered yet); the other is handed every step's history as a new lineage, so
    // it looks at every content, as the coverage did before it was incremental.
    const step = fc.record({
      grow: fc.array(fc.nat({ max: 5 }), { maxLength: 4 }),
      extra: fc.boolean(),
      kept: fc.array(fc.nat({ max: 40 }), { maxLength: 6 }),
      summary: fc.boolean(),
      summarized: fc.boolean(),
      rebuild: fc.boolean(),
    });
    const bodies = ['carry on please, as before', 'the model answered at some length', 'a tool said this and that'];
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const pool = Array.from(
          { length: 6 },
          (_, i) => new ContentSource(text(i % 2 ? 'model' : 'user', bodies[i % 3]!)),
        );
        let sources: ContentSource[] = [];
        const keys = new HistoryKeys();
        const following = new CompactionCoverage();
        const afresh = new CompactionCoverage();
        for (const s of steps) {
          // Mostly the same array grown (the fast builder); sometimes an equal new array (a rebuild).
          if (s.rebuild) sources = sources.slice();
          for (const i of s.grow) sources.push(pool[i]!);
          const extra = s.extra ? new ContentSource(text('user', 'continue, the turn goes on')) : undefined;
          const history = keys.historyOf({ ...sourceListOf(sources), extra, length: sources.length });
          const sent: { key: string | undefined; content: Content }[] = [];
          if (s.summary) sent.push({ key: undefined, content: text('user', 'SUMMARY of what came before') });
          for (const k of s.kept)
            if (history.length > 0) {
              const at = k % history.length;
              sent.push({ key: history.keyAt(at), content: history.contentAt(at) });
            }
          const whole = Array.from({ length: history.length }, (_, i) => history.contentAt(i));
          const wholeKeys = Array.from({ length: history.length }, (_, i) => history.keyAt(i));
          const fresh = keyedAs(whole, wholeKeys);
          const input = { sent, summarizerTexts: [], replies: ['SUMMARY'], count };
          const a = following.observe({ ...input, built: history }, s.summarized);
          const b = afresh.observe({ ...input, built: fresh }, s.summarized);
          expect(a === undefined ? undefined : { ...a }).toEqual(b === undefined ? undefined : { ...b });
        }
      }),
    );
  });
});

function deepFreezeForTest<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const field of Object.values(value)) deepFreezeForTest(field);
    Object.freeze(value);
  }
  return value;
}

describe('history texts searched as parts', () => {
  it('finds every run without a line break of the joined history text in one of its parts', () => {
    // Each alphabet mixes plain letters with one kind of character JSON escapes (or not), so that
    // long lines holding one of them are common.
    const alphabets = [['"'], ['\\'], ['\t', '\u0001'], ['\n'], ['é', '字', '\ud83d\ude00'], ['\ud800']];
    const long = fc.oneof(
      ...alphabets.map((special) =>
        fc.string({ maxLength: 60, size: 'max', unit: fc.constantFrom('a', 'b', ' ', ...special) }),
      ),
    );
    const value = fc.oneof(long, fc.array(long, { maxLength: 3 }), fc.jsonValue({ maxDepth: 3 }));
    const response = fc.dictionary(fc.string({ maxLength: 4 }), value, { maxKeys: 4 });
    fc.assert(
      fc.property(long, fc.array(response, { maxLength: 3 }), (body, responses) => {
        const content: Content = {
          role: 'user',
          parts: [
            { text: body },
            // Frozen, as the session service stores them: only then may a string be left to the JSON.
            ...responses.map((payload) => ({
              functionResponse: { name: 'tool', response: deepFreezeForTest(payload) as never },
            })),
          ],
        };
        const texts = historyTextsOf(content);
        // A run without a line break lies within one line of the joined text: each line is in a part.
        for (const line of texts.joined().split('\n'))
          if (line.length >= 16) expect(texts.parts.some((part) => part.includes(line))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the strings of a payload not proven to be written by JSON as it is (a toJSON, not frozen)', () => {
    const line = 'a plain line of tool output, long enough to be a quote';
    const custom = { nested: { toJSON: () => 'replaced', value: line } };
    const texts = historyTextsOf({ role: 'user', parts: [{ functionResponse: { name: 'tool', response: custom } }] });
    expect(texts.parts).toContain(line);
    const unfrozen = historyTextsOf({
      role: 'user',
      parts: [{ functionResponse: { name: 'tool', response: { result: line } } }],
    });
    expect(unfrozen.parts).toContain(line);
    const plain = historyTextsOf({
      role: 'user',
      parts: [{ functionResponse: { name: 'tool', response: deepFreezeForTest({ result: line }) } }],
    });
    expect(plain.parts).not.toContain(line);
    expect(plain.parts.some((part) => part.includes(line))).toBe(true);
  });
});
