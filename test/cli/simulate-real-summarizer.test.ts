/**
 * `simulate --real-summarizer` end to end, in a child process, against a loopback server
 * (127.0.0.1 only, never the internet) that speaks the Gemini REST `generateContent` API, reached
 * through the genai SDK's GOOGLE_GEMINI_BASE_URL: a real summary lands in every report, and an
 * error status (a bad key among them), a slow answer, a closed port and an empty answer each
 * become a failed call the strategy falls back on while the run completes; a call the real model
 * failed (not an empty answer, not a scripted fault) fails the run. Without a key (or with a bad timeout) it is bad input, and
 * gate and fuzz refuse the option.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it, type ExpectStatic } from 'vitest';
import { FIXTURES, runCli, STACK_LINE, tempDir, type CliResult } from './run-cli.ts';

const FIXTURE = `${FIXTURES}/real-summarizer/compacts.yaml`;
const MODEL = 'gemini-2.5-flash';

interface SeenRequest {
  readonly url: string;
  readonly apiKey: string | undefined;
  /** The text of the summarize prompt (the engine's single user content). */
  readonly prompt: string;
  readonly maxOutputTokens: unknown;
}

/** Answers request number `n` (1-based); may leave `res` open to play a slow model. */
type Behaviour = (n: number, res: ServerResponse) => void;

interface CallJson {
  outcome: string;
  outputTokens: number;
  summary?: string;
  failure?: string;
}
interface ReportJson {
  realSummarizer?: { model: string; timeoutMs: number; note: string };
  scenarios: {
    name: string;
    passed: boolean;
    failures: { expectation: string; message: string }[];
    summarizerCalls: number;
    fallbacks: number;
    settings: { realSummarizer?: { model: string; faultsNotApplied: unknown[] } };
    totals: { summarizerOverflows: number };
    steps: { summarizerCalls: CallJson[] }[];
  }[];
}

interface RealRun extends CliResult {
  readonly seen: readonly SeenRequest[];
  readonly dir: string;
  readonly report: ReportJson | null;
  readonly calls: readonly CallJson[];
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** stderr but its closing line, where the reports went (which simulate prints after writing them). */
function stderrBeyondReportsLine(run: RealRun): string {
  return run.stderr.replace(
    `Reports in ${run.dir}/: open ${run.dir}/report.html; also report.json, report.md, junit.xml, run-meta.json.\n`,
    '',
  );
}

/**
 * A run in which the model never gave a usable summary: every call fell back, the run completed,
 * and its exit code is `code` (1 when a real call failed: that fails the run). Returns its scenario.
 */
function expectFallbackOnEveryCall(run: RealRun, expect: ExpectStatic, code = 0): ReportJson['scenarios'][number] {
  expect(stderrBeyondReportsLine(run)).toBe('');
  expect(run.code).toBe(code);
  const [scenario] = run.report!.scenarios;
  expect(scenario!.summarizerCalls).toBeGreaterThanOrEqual(2);
  expect(scenario!.fallbacks).toBe(scenario!.summarizerCalls);
  return scenario!;
}

/** The scenario failed as real-summarizer-failed, with this first failure, and the table says so. */
function expectRealSummarizerFailed(run: RealRun, expect: ExpectStatic, first: RegExp): void {
  const [scenario] = run.report!.scenarios;
  expect(scenario!.passed).toBe(false);
  const failure = scenario!.failures.find((item) => item.expectation === 'real-summarizer-failed');
  expect(failure?.message).toMatch(
    new RegExp(
      `^real-summarizer-failed: \\d+ of \\d+ calls to ${MODEL.replace(/\./g, '\\.')} failed \\(first: ${first.source}`,
    ),
  );
  expect(failure?.message).toContain("so this run says nothing of the model's summaries");
  expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed');
}

const answer = (text: string) => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
});

/** Runs simulate on the fixture with a real summarizer served by a fresh loopback server. */
async function simulateReal(behaviour: Behaviour, extraArgs: readonly string[] = []): Promise<RealRun> {
  const seen: SeenRequest[] = [];
  const open = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as {
        contents?: { parts?: { text?: string }[] }[];
        generationConfig?: { maxOutputTokens?: unknown };
      };
      const header = req.headers['x-goog-api-key'];
      seen.push({
        url: req.url ?? '',
        apiKey: typeof header === 'string' ? header : undefined,
        prompt: body.contents?.[0]?.parts?.[0]?.text ?? '',
        maxOutputTokens: body.generationConfig?.maxOutputTokens,
      });
      behaviour(seen.length, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = tempDir('real-summarizer');
  try {
    const port = (server.address() as AddressInfo).port;
    const result = await runCli(['simulate', FIXTURE, '--real-summarizer', MODEL, '--report-dir', dir, ...extraArgs], {
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
    });
    let report: ReportJson | null = null;
    try {
      report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ReportJson;
    } catch {
      // no report: the assertions on `code` say why
    }
    const calls = report?.scenarios[0]?.steps.flatMap((step) => step.summarizerCalls) ?? [];
    return { ...result, seen, dir, report, calls };
  } finally {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

const readReport = (run: RealRun, file: string) => readFileSync(join(run.dir, file), 'utf8');

// Child processes: run side by side (each assertion uses its test's own `expect`).
describe.concurrent('simulate --real-summarizer (loopback Gemini API)', () => {
  it('puts the summaries the model wrote in every report, one request per summarizer call', async ({ expect }) => {
    const text = (n: number) =>
      `Loopback summary #${n}: the user ran turns with tools a and b; <keep> the latest request | ${'detail '.repeat(30)}END${n}`;
    const run = await simulateReal((n, res) => json(res, 200, answer(text(n))));
    expect(stderrBeyondReportsLine(run)).toBe('');
    expect(run.code).toBe(0);
    const report = run.report!;
    expect(report.realSummarizer).toEqual({
      model: MODEL,
      timeoutMs: 60_000,
      note: expect.stringContaining('not deterministic'),
    });
    const [scenario] = report.scenarios;
    expect(scenario!.settings.realSummarizer).toEqual({ model: MODEL, faultsNotApplied: [] });
    // Every summarizer call reached the model (none overflowed the summarizer's window), each once.
    expect(scenario!.totals.summarizerOverflows).toBe(0);
    expect(scenario!.summarizerCalls).toBeGreaterThanOrEqual(2);
    expect(run.seen).toHaveLength(scenario!.summarizerCalls);
    expect(scenario!.fallbacks).toBe(0);
    for (const request of run.seen) {
      expect(request.url).toMatch(/\/models\/gemini-2\.5-flash:generateContent$/);
      expect(request.apiKey).toBe('test-key');
      expect(request.maxOutputTokens).toEqual(expect.any(Number));
    }
    // Full texts in report.json, in call order.
    expect(run.calls.map((call) => [call.outcome, call.summary, call.failure])).toEqual(
      run.seen.map((_, i) => ['ok', text(i + 1), undefined]),
    );
    // The strategy really used them: the next summarization starts from the previous real summary.
    expect(run.seen[1]!.prompt).toContain('Loopback summary #1');
    // The terminal table names the model and shows each summary cut to one line.
    expect(run.stdout.split('\n')[0]).toBe(
      `Real summarizer ${MODEL} wrote the summaries: results are not deterministic, and expectations that depend on the simulated summary may fail.`,
    );
    expect(run.stdout).toMatch(/step \d+ \(turn \d+\), ok: Loopback summary #1: the user ran turns .*…\n/);
    expect(run.stdout).not.toContain('END1');
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
    // Markdown (escaped, cut), HTML (escaped, in full), JUnit (marked).
    const markdown = readReport(run, 'report.md');
    expect(markdown).toContain(`> ⚠️ Real summarizer ${MODEL} wrote the summaries`);
    expect(markdown).toContain('### Summaries by `gemini-2.5-flash`');
    expect(markdown).toContain(
      'ok: Loopback summary #2: the user ran turns with tools a and b; &lt;keep&gt; the latest request \\| detail',
    );
    const html = readReport(run, 'report.html');
    expect(html).toContain(`Real summarizer ${MODEL} wrote the summaries`);
    expect(html).toContain(
      `<pre>Loopback summary #2: the user ran turns with tools a and b; &lt;keep&gt; the latest request | ${'detail '.repeat(30)}END2</pre>`,
    );
    expect(readReport(run, 'junit.xml')).toContain(`<property name="realSummarizer" value="${MODEL}"/>`);
  });

  it('an error status: each call fails, the strategy falls back to its mechanical summary, the run completes and fails', async ({
    expect,
  }) => {
    const run = await simulateReal((n, res) =>
      n === 1
        ? json(res, 429, { error: { code: 429, message: 'quota exhausted', status: 'RESOURCE_EXHAUSTED' } })
        : json(res, 500, { error: { code: 500, message: 'internal failure', status: 'INTERNAL' } }),
    );
    const scenario = expectFallbackOnEveryCall(run, expect, 1);
    expectRealSummarizerFailed(run, expect, /.*quota exhausted/);
    expect(run.seen).toHaveLength(scenario.summarizerCalls);
    expect(run.calls.map((call) => call.outcome)).toEqual(run.seen.map(() => 'error'));
    expect(run.calls[0]!.failure).toMatch(/quota exhausted/);
    expect(run.calls[1]!.failure).toMatch(/internal failure/);
    expect(run.calls.every((call) => call.summary === undefined)).toBe(true);
    // The engine's fallback summary (the first 200 bytes of each message, role-prefixed) was stored
    // and carried into the next summarization.
    expect(run.seen[1]!.prompt).toMatch(/user: Turn 0: go\n/);
    expect(run.stdout).toMatch(/step \d+ \(turn \d+\), error: .*quota exhausted/);
  });

  it('a slow answer: the call times out after --summarizer-timeout, the strategy falls back, the run completes and fails', async ({
    expect,
  }) => {
    // Never answers: the summarizer's own timeout (200 ms) must end each call.
    const run = await simulateReal(() => undefined, ['--summarizer-timeout', '200']);
    const scenario = expectFallbackOnEveryCall(run, expect, 1);
    expectRealSummarizerFailed(run, expect, /summarizer gemini-2\.5-flash did not answer within 200 ms/);
    expect(run.report!.realSummarizer?.timeoutMs).toBe(200);
    // A call aborted at 200 ms on a busy machine may not have reached the server at all: at most one request per call.
    expect(run.seen.length).toBeGreaterThanOrEqual(1);
    expect(run.seen.length).toBeLessThanOrEqual(scenario.summarizerCalls);
    expect(run.calls.map((call) => call.outcome)).toEqual(run.calls.map(() => 'timeout'));
    for (const call of run.calls) expect(call.failure).toBe(`summarizer ${MODEL} did not answer within 200 ms`);
    expect(run.stdout).toMatch(
      /step \d+ \(turn \d+\), timeout: summarizer gemini-2\.5-flash did not answer within 200 ms/,
    );
  });

  it('an empty answer (no candidates, or no text): the engine uses its fallback summary', async ({ expect }) => {
    const run = await simulateReal((n, res) =>
      json(
        res,
        200,
        n % 2 === 1
          ? { candidates: [] }
          : { candidates: [{ content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'MAX_TOKENS' }] },
      ),
    );
    const scenario = expectFallbackOnEveryCall(run, expect);
    expect(run.seen).toHaveLength(scenario.summarizerCalls);
    for (const call of run.calls)
      expect(call).toMatchObject({
        outcome: 'empty',
        summary: '',
        failure: 'the model answered no text',
        outputTokens: 0,
      });
    expect(run.seen[1]!.prompt).toMatch(/user: Turn 0: go\n/);
    expect(run.stdout).toMatch(/step \d+ \(turn \d+\), empty: the model answered no text/);
  });

  it('a bad key (401): every call fails, so the run fails with the provider\'s answer, never "1 passed"', async ({
    expect,
  }) => {
    const run = await simulateReal((_n, res) =>
      json(res, 401, {
        error: { code: 401, message: 'API key not valid. Please pass a valid API key.', status: 'UNAUTHENTICATED' },
      }),
    );
    expectFallbackOnEveryCall(run, expect, 1);
    expect(run.calls.every((call) => call.outcome === 'error')).toBe(true);
    expectRealSummarizerFailed(run, expect, /.*API key not valid/);
    expect(run.stdout).not.toContain('1 passed');
  });

  it('no network (a closed port): every call fails with fetch failed and why, and the run fails', async ({
    expect,
  }) => {
    // A port that was just free: nothing listens there, so the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const dir = tempDir('real-summarizer-closed');
    const result = await runCli(['simulate', FIXTURE, '--real-summarizer', MODEL, '--report-dir', dir], {
      GEMINI_API_KEY: 'test-key',
      GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
    });
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ReportJson;
    const run: RealRun = {
      ...result,
      seen: [],
      dir,
      report,
      calls: report.scenarios[0]!.steps.flatMap((step) => step.summarizerCalls),
    };
    expectFallbackOnEveryCall(run, expect, 1);
    expectRealSummarizerFailed(run, expect, /fetch failed: .*ECONNREFUSED/);
  });

  it('a scripted summarizer fault is not the real model failing: it never fails the run', async ({ expect }) => {
    const dir = tempDir('real-summarizer-scripted');
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => json(res, 200, answer('A real summary of the turns so far.')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const result = await runCli(
        [
          'simulate',
          `${FIXTURES}/real-summarizer/scripted-error.yaml`,
          '--real-summarizer',
          MODEL,
          '--report-dir',
          dir,
        ],
        { GEMINI_API_KEY: 'test-key', GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}` },
      );
      expect(result.stderr).toBe(
        `Reports in ${dir}/: open ${dir}/report.html; also report.json, report.md, junit.xml, run-meta.json.\n`,
      );
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ReportJson;
      const calls = report.scenarios[0]!.steps.flatMap((step) => step.summarizerCalls);
      expect(calls[0]).toMatchObject({ outcome: 'error', failure: expect.stringContaining('scenario fault') });
      expect(calls.slice(1).some((call) => call.outcome === 'ok')).toBe(true);
      expect(report.scenarios[0]!.failures).toEqual([]);
      expect(result.code).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('without GEMINI_API_KEY, or with a bad timeout, is bad input: exit 2, a clear message, no stack', async ({
    expect,
  }) => {
    const dir = tempDir('real-summarizer-bad');
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [
        ['--real-summarizer', MODEL],
        { GEMINI_API_KEY: '' },
        /^compaction-sim: --real-summarizer: a real Gemini summarizer needs an API key: set GEMINI_API_KEY\n$/,
      ],
      [
        ['--real-summarizer', MODEL, '--summarizer-timeout', '0'],
        { GEMINI_API_KEY: 'k' },
        /^compaction-sim: --summarizer-timeout must be an integer >= 1 \(ms\), got 0\n$/,
      ],
      [
        ['--real-summarizer', MODEL, '--summarizer-timeout', '2.5'],
        { GEMINI_API_KEY: 'k' },
        /--summarizer-timeout must be an integer >= 1 \(ms\), got 2\.5/,
      ],
      [['--summarizer-timeout', '500'], { GEMINI_API_KEY: 'k' }, /--summarizer-timeout needs --real-summarizer/],
      [['--real-summarizer', ' '], { GEMINI_API_KEY: 'k' }, /--real-summarizer needs a Gemini model id/],
    ];
    const results = await Promise.all(
      cases.map(([args, env]) => runCli(['simulate', FIXTURE, '--report-dir', dir, ...args], env)),
    );
    results.forEach((result, i) => {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(cases[i]![2]);
      expect(result.stderr).not.toMatch(STACK_LINE);
      expect(result.stdout).toBe('');
    });
  });

  it('gate and fuzz refuse it: real summaries are not deterministic', async ({ expect }) => {
    const env = { GEMINI_API_KEY: 'k' };
    const [gate, fuzz] = await Promise.all([
      runCli(['gate', FIXTURE, '--real-summarizer', MODEL, '--report-dir', tempDir('real-summarizer-gate')], env),
      runCli(['fuzz', '--runs', '1', '--real-summarizer', MODEL, '--out', tempDir('real-summarizer-fuzz')], env),
    ]);
    expect(gate.code).toBe(2);
    expect(gate.stderr).toMatch(
      /^compaction-sim: gate does not take --real-summarizer: real summaries are not deterministic, so they cannot be compared with the baseline/,
    );
    expect(fuzz.code).toBe(2);
    expect(fuzz.stderr).toMatch(
      /^compaction-sim: fuzz does not take --real-summarizer: it replays and shrinks every case/,
    );
    for (const result of [gate, fuzz]) expect(result.stderr).not.toMatch(STACK_LINE);
  });
});
