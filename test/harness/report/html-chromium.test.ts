import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../../src/harness/report/reporters.ts';
import { CHROMIUM_MISSING, findChromium, pngSize, runChromium } from './chromium.ts';
import { sampleReport } from './sample-report.ts';

const chromium = findChromium();
const inCi = process.env['CI'] !== undefined && process.env['CI'] !== '';
if (chromium === null && !inCi) console.warn(CHROMIUM_MISSING);

describe.skipIf(chromium === null && !inCi)('html report in a real browser', () => {
  const dir = mkdtempSync(join(tmpdir(), 'html-report-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, REPORTERS.html.render(sampleReport(), { color: false }));
  const url = pathToFileURL(file).href;

  it('renders a non-trivial screenshot', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const png = join(dir, 'report.png');
    runChromium(chromium, url, ['--window-size=1280,1600', `--screenshot=${png}`]);
    expect(existsSync(png)).toBe(true);
    const bytes = readFileSync(png);
    expect(pngSize(bytes)).toEqual({ width: 1280, height: 1600 });
    // A blank page compresses to a few KB; charts, tables and text make it far larger.
    expect(bytes.length).toBeGreaterThan(40_000);
  });

  it('has the chart elements in the rendered DOM', () => {
    if (chromium === null) throw new Error('chromium is required in CI (CI is set): apt-get install -y chromium');
    const dom = runChromium(chromium, url, ['--dump-dom']);
    expect(dom.match(/<svg [^>]*class="step-chart"/g)).toHaveLength(2);
    expect(dom.match(/class="window-line"/g)).toHaveLength(2);
    expect(dom.match(/class="threshold-line"/g)).toHaveLength(1);
    expect(dom.match(/class="sent-line"/g)).toHaveLength(2);
    expect(dom).toContain('class="summarization-marker"');
    expect(dom).toContain('class="overflow-band"');
    expect(dom).toContain('class="overflow-point"');
    expect(dom).toContain('1 passed, 2 failed');
  });
});
