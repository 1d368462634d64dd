/**
 * Headless Chromium for the HTML report tests (Debian's `chromium` package). Locally, a missing
 * browser skips those tests with a message; in CI (`CI` set) it is a failure, so CI cannot pass
 * without really rendering the report.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export function findChromium(): string | null {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    for (const name of NAMES) {
      const candidate = join(dir, name);
      if (dir !== '' && existsSync(candidate)) return candidate;
    }
  }
  return null;
}

export const CHROMIUM_MISSING =
  'chromium is not installed: HTML rendering tests skipped (apt-get install -y chromium; in CI they fail instead)';

/** Runs headless Chromium on a file URL with the extra `args`; returns its stdout. */
export function runChromium(binary: string, url: string, args: readonly string[]): string {
  const profile = mkdtempSync(join(tmpdir(), 'chromium-profile-'));
  const result = spawnSync(
    binary,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--hide-scrollbars',
      `--user-data-dir=${profile}`,
      ...args,
      url,
    ],
    { encoding: 'utf8', timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) throw new Error(`chromium exited with ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23). */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = png.subarray(0, 8).toString('hex');
  if (signature !== '89504e470d0a1a0a') throw new Error('not a PNG file');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Opens `html` in headless Chromium at `width` × `height` with `measure` added at the end of its
 * body: the body of a function run on load that returns what to measure (plain data). Returns
 * that data. The report pages have no script of their own; this one is added to a copy.
 */
export function measurePage<T>(binary: string, html: string, measure: string, width: number, height: number): T {
  const dir = mkdtempSync(join(tmpdir(), 'measured-page-'));
  const file = join(dir, 'page.html');
  const script = `<script>
addEventListener('load', () => {
  const out = (() => {${measure}})();
  const pre = document.createElement('pre');
  pre.id = 'measured';
  pre.textContent = btoa(JSON.stringify(out));
  document.body.append(pre);
});
</script>`;
  writeFileSync(file, html.replace('</body>', `${script}</body>`));
  const dom = runChromium(binary, pathToFileURL(file).href, [`--window-size=${width},${height}`, '--dump-dom']);
  const encoded = /<pre id="measured">([A-Za-z0-9+/=]+)<\/pre>/.exec(dom)?.[1];
  if (encoded === undefined) throw new Error('the measuring script did not run');
  return JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as T;
}
