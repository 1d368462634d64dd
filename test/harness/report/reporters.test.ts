import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { sampleReport } from './sample-report.ts';
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
      for (const field of ['name', 'passed', 'failures', 'llmSteps', 'summarizations', 'summarizerCalls', 'reinjections', 'fallbacks', 'peakRealTokens', 'overflowSteps', 'loops', 'thrash', 'settings', 'totals', 'steps']) {
        expect(record).toHaveProperty(field);
      }
    }
    const [passing, failing, hung] = parsed.scenarios;
    expect(passing.failures).toEqual([]);
    expect(passing.settings).toMatchObject({ seed: 7, model: 'sim-model', contextWindow: 8000, strategy: { name: 'threshold', options: { maxCompactionAttempts: 3 } } });
    expect(passing.steps).toHaveLength(30);
    expect(passing.summarizations).toBe(passing.totals.summarizations);
    expect(failing.failures.map((f: { expectation: string }) => f.expectation)).toEqual(['noOverflow']);
    expect(failing.overflowSteps).toBe(1);
    expect(hung.llmSteps).toBeNull();
    expect(hung.steps).toEqual([]);
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

  it('uses ANSI colour only when allowed', () => {
    expect(REPORTERS.table.render(sampleReport(), { color: true })).toContain(ESC);
  });
});

describe('markdown reporter', () => {
  const text = REPORTERS.markdown.render(sampleReport(), plain);

  it('has a heading with the counts, totals, a table row per scenario and the failures', () => {
    expect(text.split('\n')[0]).toBe('## ❌ compaction-sim: 1 passed, 2 failed');
    expect(text).toContain('| scenarios | LLM steps |');
    const rows = text.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows).toHaveLength(3);
    expect(text).toContain('### Failures');
    expect(text).toContain('strategy-hung: no result within 500 ms');
  });

  it('keeps table rows intact when names contain pipes', () => {
    for (const row of text.split('\n').filter((line) => line.startsWith('| `'))) {
      expect(row.split(/(?<!\\)\|/).length).toBe(13);
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
});

describe('html reporter', () => {
  const html = REPORTERS.html.render(sampleReport(), plain);

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

  it('draws the threshold at window minus the ContextGuard buffer', () => {
    // 8000-token window: buffer 1600, threshold 6400 → labelled 6.4k.
    expect(html).toContain('threshold 6.4k');
    expect(html).toContain('window 8k');
  });
});
