import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { realSummarizerReport, sampleReport } from './sample-report.ts';
import { xmlProblems } from './xml-well-formed.ts';

const plain = { color: false };
const ESC = '\u001b[';

describe('json reporter', () => {
  const text = REPORTERS.json.render(sampleReport(), plain);
  const parsed = JSON.parse(text);

  it('holds one record per scenario with the headline fields', () => {
    expect(parsed.summary).toEqual({ total: 3, passed: 1, failed: 2 });
    expect(parsed.scenarios).toHaveLength(3);
    for (const record of parsed.scenarios) {
      for (const field of [
        'name',
        'description',
        'passed',
        'failures',
        'accepted',
        'infeasible',
        'llmSteps',
        'summarizations',
        'summarizerCalls',
        'reinjections',
        'trimmedSteps',
        'fallbacks',
        'peakRealTokens',
        'overflowSteps',
        'loops',
        'thrash',
        'settings',
        'totals',
        'steps',
      ]) {
        expect(record).toHaveProperty(field);
      }
    }
    const [passing, failing, hung] = parsed.scenarios;
    expect(passing.failures).toEqual([]);
    expect(passing.settings).toMatchObject({
      seed: 7,
      model: 'sim-model',
      contextWindow: 8000,
      strategy: { name: 'threshold', options: { maxCompactionAttempts: 3 } },
    });
    expect(passing.steps).toHaveLength(30);
    expect(passing.summarizations).toBe(passing.totals.summarizations);
    expect(failing.failures.map((f: { expectation: string }) => f.expectation)).toEqual(['noOverflow']);
    expect(failing.overflowSteps).toBe(1);
    expect(hung.llmSteps).toBeNull();
    expect(hung.steps).toEqual([]);
    expect(passing.accepted).toEqual([
      {
        property: 'no-thrash',
        strategy: 'threshold',
        reason: 'summarizes <every> turn & on purpose',
        message: 'no-thrash: 3 summarizations within 3 steps',
      },
    ]);
    expect(passing.infeasible).toEqual([
      expect.objectContaining({ property: 'no-overflow', reason: 'fixed-overhead-over-window' }),
    ]);
  });

  it('is deterministic and free of absolute paths', () => {
    expect(REPORTERS.json.render(sampleReport(), plain)).toBe(text);
    expect(text).not.toContain('/somewhere');
    expect(text).not.toMatch(/"\d{4}-\d\d-\d\dT/);
  });
});

describe('table reporter', () => {
  it('prints one row per scenario, the failures, and the closing line last', () => {
    const text = REPORTERS.table.render(sampleReport(), plain);
    const lines = text.trimEnd().split('\n');
    expect(lines.at(-1)).toBe('1 passed, 2 failed');
    expect(text).toContain('steady-threshold');
    expect(text).toContain('FAIL: noOverflow');
    expect(text).toContain('FAIL: strategy-hung');
    expect(text).toContain('strategy-hung: no result within 500 ms');
    expect(text).not.toContain(ESC);
  });

  // The verdict cell marks a pass under an acceptance `*` (first-screen.test.ts: the grouping).
  it('marks a pass with an accepted limitation and lists each one with its reason', () => {
    const text = REPORTERS.table.render(sampleReport(), plain);
    expect(text).toMatch(/steady-threshold .* PASS \(bug\)\*\n/);
    expect(text).toContain(
      'PASS (bug): reported bugs reproduced (the property broke, as its users saw):\n  - steady-threshold: no-orphans (threshold) reproduces owner/repo#42',
    );
    expect(text).toContain(
      '* Accepted limitations (tolerated, not passed) in 1 of 3 scenarios, by reason:\n  - no-thrash (threshold) in steady-threshold:\n    summarizes <every> turn & on purpose',
    );
    expect(text).toContain(
      'Infeasible, excused (no strategy could avoid them; details in report.json): no-overflow × 1 (fixed-overhead-over-window)',
    );
  });

  it('uses ANSI colour only when allowed', () => {
    expect(REPORTERS.table.render(sampleReport(), { color: true })).toContain(ESC);
  });
});

describe('markdown reporter', () => {
  const text = REPORTERS.markdown.render(sampleReport(), plain);
  /** The rows of the table that starts with `header`. */
  const rowsOf = (header: string): string[] => {
    const lines = text.split('\n');
    const start = lines.findIndex((line) => line.startsWith(header));
    const end = lines.findIndex((line, index) => index > start && line === '');
    return lines.slice(start + 2, end === -1 ? undefined : end);
  };

  it('has a heading with the counts, totals, a table row per scenario and the failures', () => {
    expect(text.split('\n')[0]).toBe('## ❌ compaction-sim: 1 passed, 2 failed');
    expect(text).toContain('| scenarios | LLM steps | summarizations | re-injections | trimmed |');
    expect(rowsOf('| scenario |')).toHaveLength(3);
    expect(text).toContain('### Failures');
    expect(text).toContain('strategy-hung: no result within 500 ms');
  });

  it("puts a failed scenario's description, escaped, above its failures", () => {
    const failures = text.slice(text.indexOf('### Failures'));
    const about = 'Replay of &lt;agent&gt;.jsonl \\| open loop: 2 requests failed &amp; were left out.';
    expect(failures).toContain(about);
    expect(failures.indexOf(about)).toBeLessThan(failures.indexOf('noOverflow: 1 step sent more than the window'));
  });

  it('shows a pass with an accepted limitation as such, and every accepted limitation with its reason', () => {
    expect(rowsOf('| scenario |')[0]).toContain('✅ pass, reproduced: `no-orphans`, accepted: `no-thrash`');
    expect(rowsOf('| scenario | property | strategy | issue |')).toEqual([
      '| `steady-threshold` | `no-orphans` | `threshold` | owner/repo#42 |',
    ]);
    expect(text).toContain('### Accepted limitations');
    expect(rowsOf('| scenario | property | strategy | reason |')).toEqual([
      '| `steady-threshold` | `no-thrash` | `threshold` | summarizes <every> turn & on purpose |',
    ]);
    expect(text).toContain(
      '### Infeasible (excused: no strategy could avoid them)\n\n- no-overflow × 1 (fixed-overhead-over-window)',
    );
  });

  it('keeps table rows intact when names contain pipes', () => {
    for (const row of rowsOf('| scenario |')) {
      expect(row.split(/(?<!\\)\|/).length).toBe(14);
    }
  });
});

describe('junit reporter', () => {
  const xml = REPORTERS.junit.render(sampleReport(), plain);

  it('is well-formed XML with one testcase per scenario', () => {
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml).toContain('<testsuites name="compaction-sim" tests="3" failures="2"');
  });

  it('carries the failures with escaped messages', () => {
    expect(xml.match(/<failure /g)).toHaveLength(2);
    expect(xml).toContain('name="overflow &lt;&amp;&gt; &quot;quoted&quot; | piped"');
    expect(xml).toContain('&amp; &lt;more&gt;');
    expect(xml).toContain('message="failed: strategy-hung"');
  });

  it('names every accepted limitation with its reason, and every infeasible violation, in the testcase output', () => {
    expect(xml).toContain('accepted no-thrash (strategy threshold): summarizes &lt;every&gt; turn &amp; on purpose');
    expect(xml).toContain('reproduced no-orphans (strategy threshold): owner/repo#42');
    expect(xml).toContain(
      'infeasible no-overflow (fixed-overhead-over-window): system prompt + tool declarations = 9000 real tokens &gt; window 8000',
    );
  });
});

describe('html reporter', () => {
  const html = REPORTERS.html.render(sampleReport(), plain);

  it("shows each scenario's description under its heading, escaped; none for a scenario without one", () => {
    expect(html).toContain(
      '<p class="description">Replay of &lt;agent&gt;.jsonl | open loop: 2 requests failed &amp; were left out.</p>',
    );
    expect(html.match(/class="description"/g)).toHaveLength(1);
  });

  it('is self-contained: no external scripts, stylesheets or images', () => {
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('charts each completed scenario with window, threshold (threshold strategy only), summarizations and overflows', () => {
    expect(html.match(/<svg class="step-chart"/g)).toHaveLength(2);
    expect(html.match(/class="threshold-line"/g)).toHaveLength(1);
    expect(html.match(/class="window-line"/g)).toHaveLength(2);
    expect(html).toContain('class="summarization-marker"');
    expect(html.match(/class="overflow-band"/g)).toHaveLength(1);
    expect(html).toContain('No step data: the session did not complete.');
    expect(html).toContain('overflow &lt;&amp;&gt; &quot;quoted&quot;');
  });

  it('shows a pass with accepted limitations apart, with each reason, and the infeasible violations', () => {
    expect(html).toContain(
      '<span class="pill accepted" title="a reported bug reproduced, as expected">pass, reproduced: no-orphans</span>',
    );
    expect(html).toContain(
      '<ul class="reproduced"><li><b>no-orphans</b> broke for <b>threshold</b>, reproducing owner/repo#42',
    );
    expect(html).toContain(
      '<ul class="accepted"><li><b>no-thrash</b> accepted for <b>threshold</b>: summarizes &lt;every&gt; turn &amp; on purpose',
    );
    expect(html).toContain('<ul class="infeasible"><li><b>no-overflow</b> infeasible (fixed-overhead-over-window)');
  });

  it('draws the threshold at window minus the ContextGuard buffer', () => {
    // 8000-token window: buffer 1600, threshold 6400 → labelled 6.4k.
    expect(html).toContain('threshold 6.4k');
    expect(html).toContain('window 8k');
  });
});

describe('a real-summarizer run', () => {
  const report = realSummarizerReport();
  const BANNER =
    'Real summarizer gemini-2.5-flash wrote the summaries: results are not deterministic, and expectations that depend on the simulated summary may fail.';

  it('is marked in report.json, with the full texts in the step records; a simulated run carries no such field', () => {
    const parsed = JSON.parse(REPORTERS.json.render(report, plain));
    expect(Object.keys(parsed).slice(0, 2)).toEqual(['schemaVersion', 'realSummarizer']);
    expect(parsed.realSummarizer).toEqual({
      model: 'gemini-2.5-flash',
      timeoutMs: 30_000,
      note: expect.stringContaining('not deterministic'),
    });
    expect(parsed.scenarios[0].settings.realSummarizer).toEqual({
      model: 'gemini-2.5-flash',
      faultsNotApplied: [{ kind: 'oversize', calls: [2, 3] }],
    });
    const calls = parsed.scenarios[0].steps.flatMap((step: { summarizerCalls: unknown[] }) => step.summarizerCalls);
    expect(calls[0].summary).toMatch(/^The user <asked> \| to check pods\.\nNext: read (logs ){200}TAIL$/);
    const simulated = REPORTERS.json.render(sampleReport(), plain);
    expect(simulated).toContain('"summarizerCalls": [\n');
    expect(simulated).not.toMatch(/realSummarizer|"summary": "|"failure":/);
  });

  it('table: the banner first, one line per summary cut at 100 characters, the closing line last', () => {
    const text = REPORTERS.table.render(report, plain);
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(BANNER);
    expect(lines.at(-1)).toBe('1 passed, 0 failed');
    expect(text).toContain(
      'Summaries by gemini-2.5-flash (in full in report.json):\nreal-run\n  (scenario faults not applied to the real model: oversize on calls 2, 3)\n',
    );
    const first = lines.find((line) => line.includes('ok: The user'))!;
    expect(first).toMatch(
      /^ {2}step \d+ \(turn \d+\), ok: The user <asked> \| to check pods\. Next: read logs logs .*…$/,
    );
    expect(first.length - first.indexOf('ok: ') - 'ok: '.length).toBe(100);
    expect(text).toMatch(/step \d+ \(turn \d+\), error: \{"error":\{"code":429,"message":"quota exhausted"\}\}\n/);
    expect(text).toMatch(/step \d+ \(turn \d+\), empty: the model answered no text\n/);
    expect(text).toMatch(/step \d+ \(turn \d+\), ok: Short summary\.\n/);
    expect(text).not.toContain('TAIL');
  });

  it('markdown: the banner under the heading, summaries escaped and cut at 600 characters', () => {
    const text = REPORTERS.markdown.render(report, plain);
    expect(text.split('\n')[2]).toBe(`> ⚠️ ${BANNER}`);
    expect(text).toContain('### Summaries by `gemini-2.5-flash`');
    expect(text).toContain('_scenario faults not applied to the real model: oversize on calls 2, 3_');
    const item = text.split('\n').find((line) => line.includes('ok: The user'))!;
    expect(item).toMatch(/ok: The user &lt;asked&gt; \\\| to check pods\. Next: read logs .*…$/);
    expect(text).not.toContain('TAIL');
  });

  it('html: the banner in the header and every summary in full, escaped', () => {
    const html = REPORTERS.html.render(report, plain);
    expect(html).toContain(`<div class="real-summarizer">${BANNER}</div>`);
    expect(html).toContain('<h3>Summaries by gemini-2.5-flash</h3>');
    expect(html).toContain(`<pre>The user &lt;asked&gt; | to check pods.\nNext: read ${'logs '.repeat(200)}TAIL</pre>`);
    expect(html).toContain('scenario faults not applied to the real model: oversize on calls 2, 3');
    expect(html).not.toMatch(/<script|<link|src=|url\(/i);
  });

  it('junit: well-formed, with the model as a suite property', () => {
    const xml = REPORTERS.junit.render(report, plain);
    expect(xmlProblems(xml)).toEqual([]);
    expect(xml).toContain('<property name="realSummarizer" value="gemini-2.5-flash"/>');
  });
});
