/**
 * The real-Gemini summarizer against a loopback server (127.0.0.1 only) that speaks the Gemini
 * REST `generateContent` API: never the internet.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GeminiSummarizerConfigError, geminiSummarizer } from '../../src/summarizers/gemini-summarizer.ts';
import { buildFallbackSummary, buildSummarizeRequest, summarize, SummarizationError } from '../../src/engine/index.ts';

interface SeenRequest {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly body: Record<string, unknown>;
}

type Behaviour = (res: ServerResponse) => void;

const seen: SeenRequest[] = [];
let behaviour: Behaviour = () => undefined;
let server: Server;
let baseUrl = '';

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const answerWith =
  (text: string): Behaviour =>
  (res) =>
    json(res, 200, {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 42, candidatesTokenCount: 7, totalTokenCount: 49 },
    });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const header = req.headers['x-goog-api-key'];
      seen.push({
        url: req.url ?? '',
        apiKey: typeof header === 'string' ? header : undefined,
        body: JSON.parse(raw) as Record<string, unknown>,
      });
      behaviour(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const CONTENTS = [
  { role: 'user', parts: [{ text: 'please check the pods' }] },
  { role: 'model', parts: [{ text: 'pods are crash-looping' }] },
];

function summarizer(timeoutMs = 5_000) {
  return geminiSummarizer({ model: 'gemini-2.5-flash', apiKey: 'test-key', baseUrl, timeoutMs });
}

describe('geminiSummarizer over the Gemini REST API', () => {
  it('sends the engine request and returns the model text', async () => {
    behaviour = answerWith('The pods crash-loop; next: read logs.');
    seen.length = 0;
    const request = buildSummarizeRequest('gemini-2.5-flash', CONTENTS, '', 1600, []);
    const text = await summarize({ summarizer: summarizer() }, CONTENTS, '', 1600);

    expect(text).toBe('The pods crash-loop; next: read logs.');
    expect(seen).toHaveLength(1);
    const call = seen[0]!;
    expect(call.url).toMatch(/\/models\/gemini-2\.5-flash:generateContent$/);
    expect(call.apiKey).toBe('test-key');
    expect(call.body['contents']).toEqual(request.contents);
    expect(call.body['systemInstruction']).toEqual(request.config!.systemInstruction);
    expect(call.body['generationConfig']).toEqual({ maxOutputTokens: 800 });
  });

  it('reports usage metadata like an ADK LlmResponse', async () => {
    behaviour = answerWith('ok');
    const response = await summarizer().generateContent({ contents: CONTENTS });
    expect(response.usageMetadata?.promptTokenCount).toBe(42);
    expect(response.content?.parts).toEqual([{ text: 'ok' }]);
  });

  it('rejects on an error status, so the strategy falls back', async () => {
    behaviour = (res) => json(res, 503, { error: { code: 503, message: 'model overloaded', status: 'UNAVAILABLE' } });
    await expect(summarizer().generateContent({ contents: CONTENTS })).rejects.toThrow(/overloaded|503/);
    await expect(summarize({ summarizer: summarizer() }, CONTENTS, '', 1600)).rejects.toBeInstanceOf(
      SummarizationError,
    );
  });

  it('rejects when the answer is slower than the timeout', async () => {
    behaviour = (res) => {
      const timer = setTimeout(() => answerWith('too late')(res), 5_000);
      res.on('close', () => clearTimeout(timer));
    };
    const rejection = summarizer(150).generateContent({ contents: CONTENTS });
    await expect(rejection).rejects.toThrow('summarizer gemini-2.5-flash did not answer within 150 ms');
    // Named like a DOM timeout: the world records the call as 'timeout', not 'error'.
    await expect(rejection).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('resolves an empty answer empty, and the engine uses its fallback summary', async () => {
    behaviour = (res) =>
      json(res, 200, { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'MAX_TOKENS' }] });
    const response = await summarizer().generateContent({ contents: CONTENTS });
    expect(response.content?.parts).toEqual([]);
    expect(await summarize({ summarizer: summarizer() }, CONTENTS, 'earlier', 1600)).toBe(
      buildFallbackSummary(CONTENTS, 'earlier'),
    );
  });

  it('needs an API key and a sane timeout', () => {
    const saved = process.env['GEMINI_API_KEY'];
    delete process.env['GEMINI_API_KEY'];
    try {
      expect(() => geminiSummarizer({ model: 'gemini-2.5-flash' })).toThrow(GeminiSummarizerConfigError);
      expect(() => geminiSummarizer({ model: 'gemini-2.5-flash' })).toThrow(/GEMINI_API_KEY/);
    } finally {
      if (saved !== undefined) process.env['GEMINI_API_KEY'] = saved;
    }
    expect(() => geminiSummarizer({ model: 'm', apiKey: 'k', timeoutMs: 0 })).toThrow(/timeout/);
  });
});

describe('facts probed in the real summarizer output (issue 29), over the loopback Gemini API', () => {
  it("a marker the model's reply quotes counts as carried by the summary, one it left out is lost", async () => {
    // The model's reply is built from the prompt it really received: it keeps the goal's line, nothing else.
    behaviour = (res) => {
      const body = seen[seen.length - 1]!.body as { contents?: { parts?: { text?: string }[] }[] };
      const prompt = JSON.stringify(body.contents ?? []);
      answerWith(
        prompt.includes('FACT-AAAAAAAA') ? 'Summary. Goal: ship v2 [FACT-AAAAAAAA]' : 'Summary. Nothing kept.',
      )(res);
    };
    seen.length = 0;
    const { runSession } = await import('../../src/world/run-session.ts');
    const { scenario, tool } = await import('../world/helpers/world-fixtures.ts');
    const world = scenario({
      facts: [
        {
          id: 'goal',
          kind: 'goal',
          values: [{ site: { turn: 0, in: 'user' }, text: 'Goal: ship v2', marker: 'FACT-AAAAAAAA' }],
        },
        {
          id: 'file',
          kind: 'artifact',
          values: [{ site: { turn: 0, in: 'tool', call: 0 }, text: 'a.ts: v1', marker: 'FACT-BBBBBBBB' }],
        },
      ],
      turnInputs: [{ user: 'start', tools: [tool('read', 10)] }, { user: 'more' }, { user: 'done?' }],
    });
    // Summarizes everything but the latest content on every step that has more than two.
    const summarizing = {
      name: 'summarize-all',
      async compact(
        ctx: { summarizer: { generateContent(r: unknown): Promise<{ content?: { parts?: { text?: string }[] } }> } },
        request: { contents: unknown[] },
      ) {
        if (request.contents.length < 3) return;
        const response = await ctx.summarizer.generateContent({ model: 'm', contents: request.contents.slice(0, -1) });
        request.contents = [
          { role: 'user', parts: [{ text: response.content?.parts?.[0]?.text ?? '' }] },
          ...request.contents.slice(-1),
        ];
      },
    };
    const result = await runSession(world, {
      strategy: summarizing as never,
      summarizer: summarizer(),
    });
    expect(result.failure).toBeNull();
    // The real calls went over the loopback API, and the planted markers were in what they were sent.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((request) => JSON.stringify(request.body).includes('FACT-BBBBBBBB'))).toBe(true);
    expect(result.steps.flatMap((step) => step.summarizerCalls).every((call) => call.outcome === 'ok')).toBe(true);
    expect(result.steps.at(-1)!.facts).toEqual({ goal: 'summary', file: 'lost' });
    expect(result.retention?.byKind).toMatchObject({ goal: { retained: 1 }, artifact: { retained: 0 } });
  });
});
