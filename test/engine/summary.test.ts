import { Buffer } from 'node:buffer';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  buildFallbackSummary,
  buildSummarizePrompt,
  continuationText,
  estimateTokens,
  injectContinuation,
  injectSummary,
  isSummaryContent,
  replaceSummary,
  SUMMARIZE_SYSTEM_PROMPT,
  summarize,
  SummarizationError,
  SUMMARY_PREFIX,
  summaryText,
  truncateForSummarizer,
} from '../../src/engine/index.ts';
import {
  makeConversation,
  ScriptedSummarizer,
  snapshot,
  textContent,
  toolCallContent,
  toolResultContent,
} from './fixtures.ts';

describe('SUMMARIZE_SYSTEM_PROMPT', () => {
  it('is upstream HEAD verbatim: ASCII hyphen, sections, no trailing newline', () => {
    expect(
      SUMMARIZE_SYSTEM_PROMPT.startsWith(
        'You are summarizing a conversation to preserve context for continuing later.\n\nCritical:',
      ),
    ).toBe(true);
    expect(SUMMARIZE_SYSTEM_PROMPT).toContain(
      `Don't write "continue with the task" - write exactly what should happen next`,
    );
    for (const section of ['## Current State', '## Key Information', '## Context & Decisions', '## Exact Next Steps']) {
      expect(SUMMARIZE_SYSTEM_PROMPT).toContain(`\n\n${section}\n\n`);
    }
    expect(SUMMARIZE_SYSTEM_PROMPT.endsWith('Critical context is worth the tokens.')).toBe(true);
    expect(SUMMARIZE_SYSTEM_PROMPT).not.toContain('—');
    expect(Buffer.byteLength(SUMMARIZE_SYSTEM_PROMPT)).toBe(1707);
  });
});

describe('buildSummarizePrompt', () => {
  it('renders the whole prompt byte for byte (no previous summary, no todos)', () => {
    const contents = [
      null,
      textContent('user', 'What is Go?'),
      toolCallContent('search'),
      toolResultContent('search'),
      { parts: [{ text: 'orphan' }] },
    ];
    expect(buildSummarizePrompt(contents, '', [])).toBe(
      'Provide a detailed summary of the following conversation.\n\n' +
        '[Conversation to summarize]\n' +
        'user: What is Go?\n' +
        'model: [called tool: search]\n' +
        'user: [tool search returned a result]\n' +
        'unknown: orphan\n' +
        '[End of conversation]\n',
    );
  });

  it('includes the previous summary block and the incorporation instruction only when given', () => {
    const withPrevious = buildSummarizePrompt([textContent('user', 'Tell me more')], 'Earlier we discussed Go.', []);
    expect(withPrevious).toContain(
      '\n\n[Previous summary for context]\nEarlier we discussed Go.\n[End previous summary]\n\n' +
        'Incorporate the previous summary into your new summary, updating any information that has changed.\n\n' +
        '[Conversation to summarize]\n',
    );
    expect(buildSummarizePrompt([textContent('user', 'hi')], '', [])).not.toContain('Previous summary');
  });

  it('renders todos and the restore instruction', () => {
    const prompt = buildSummarizePrompt([textContent('user', 'Working on deployment')], '', [
      { content: 'Fix auth bug', status: 'completed' },
      { content: 'Deploy to staging', status: 'in_progress' },
      { content: 'Write docs', status: 'pending' },
    ]);
    expect(
      prompt.endsWith(
        '[End of conversation]\n\n[Current todo list]\n' +
          '- [completed] Fix auth bug\n- [in_progress] Deploy to staging\n- [pending] Write docs\n' +
          '[End todo list]\n\n' +
          'Include these tasks and their statuses in your summary under a dedicated "## Todo List" section. ' +
          'Instruct the resuming assistant to restore them using the `todos` tool to continue tracking progress.\n',
      ),
    ).toBe(true);
    expect(buildSummarizePrompt([textContent('user', 'hello')], '', [])).not.toContain('[Current todo list]');
  });
});

describe('buildFallbackSummary', () => {
  it('lists role: text lines', () => {
    expect(
      buildFallbackSummary([textContent('user', 'hello'), textContent('model', 'hi there'), toolCallContent('x')], ''),
    ).toBe('user: hello\nmodel: hi there\n');
  });

  it('cuts a message over 200 bytes to 200 bytes + "..."', () => {
    const summary = buildFallbackSummary([textContent('user', 'x'.repeat(300))], '');
    expect(summary).toBe(`user: ${'x'.repeat(200)}...\n`);
    expect(buildFallbackSummary([textContent('user', 'x'.repeat(200))], '')).toBe(`user: ${'x'.repeat(200)}\n`);
  });

  it('cuts on bytes like Go: a split multi-byte char becomes U+FFFD', () => {
    // 199 ASCII bytes then "é" (2 bytes): the 200-byte cut keeps only its first byte.
    const summary = buildFallbackSummary([textContent('user', `${'a'.repeat(199)}é and more`)], '');
    expect(summary).toBe(`user: ${'a'.repeat(199)}\uFFFD...\n`);
  });

  it('starts with the previous summary and a --- separator', () => {
    expect(buildFallbackSummary([textContent('user', 'new')], 'previous context')).toBe(
      'previous context\n\n---\n\nuser: new\n',
    );
  });

  it('writes an empty role as "unknown: "', () => {
    expect(buildFallbackSummary([{ role: '', parts: [{ text: 'orphan message' }] }], '')).toBe(
      'unknown: orphan message\n',
    );
  });
});

describe('injectSummary / replaceSummary / injectContinuation', () => {
  it('wraps the summary with the ASCII-hyphen markers: a 120-char summary is 200 bytes, 50 tokens', () => {
    const text = summaryText('s'.repeat(120));
    expect(text).toBe(
      `[Previous conversation summary]\n${'s'.repeat(120)}\n[End of summary - conversation continues below]`,
    );
    expect(Buffer.byteLength(text)).toBe(200);
    expect(estimateTokens({ contents: [{ role: 'user', parts: [{ text }] }] })).toBe(50);
  });

  it('["hello"] with watermark 0 → [summary (user), hello]', () => {
    const req = { contents: [textContent('user', 'hello')] };
    injectSummary(req, 'previous conversation about Go testing', 0);
    expect(req.contents).toHaveLength(2);
    expect(req.contents[0]?.role).toBe('user');
    expect(req.contents[0]?.parts?.[0]?.text?.startsWith(SUMMARY_PREFIX)).toBe(true);
    expect(req.contents[1]?.parts?.[0]?.text).toBe('hello');
  });

  it('drops the contents under the watermark', () => {
    const req = { contents: makeConversation(5) };
    injectSummary(req, 'sum', 6);
    expect(req.contents).toHaveLength(5);
    expect(req.contents[1]?.parts?.[0]?.text).toBe('User message 3 with some padding text to increase token count');
  });

  it('prepends when the watermark exceeds the contents', () => {
    const req = { contents: makeConversation(2) };
    injectSummary(req, 'sum', 99);
    expect(req.contents).toHaveLength(5);
  });

  it('leaves a request that already starts with a summary unchanged', () => {
    const first = textContent('user', summaryText('old summary'));
    const req = { contents: [first, textContent('user', 'hello')] };
    injectSummary(req, 'new summary', 1);
    expect(req.contents).toHaveLength(2);
    expect(req.contents[0]).toBe(first);
    expect(isSummaryContent(textContent('model', summaryText('x')))).toBe(false);
  });

  it('replaceSummary: [old1, old2, recent1, recent2] with the last 2 → 3 contents', () => {
    const req = {
      contents: [
        textContent('user', 'old1'),
        textContent('model', 'old2'),
        textContent('user', 'recent1'),
        textContent('model', 'recent2'),
      ],
    };
    replaceSummary(req, 'summary of old messages', req.contents.slice(2));
    expect(req.contents.map((c) => c.parts?.[0]?.text)).toEqual([
      summaryText('summary of old messages'),
      'recent1',
      'recent2',
    ]);
  });

  it('continuation without user text: exact 187-byte message (46 tokens)', () => {
    const text = continuationText();
    expect(text).toBe(
      '[System: The conversation was compacted because it exceeded the context window. The summary above contains all prior context. Continue working without asking the user to repeat anything.]',
    );
    expect(Buffer.byteLength(text)).toBe(187);
    expect(Math.floor(Buffer.byteLength(text) / 4)).toBe(46);
  });

  it('continuation with the first non-empty user text, byte for byte', () => {
    const req = { contents: [textContent('user', 'summary here')] };
    injectContinuation(req, {
      role: 'user',
      parts: [{ text: '' }, { inlineData: { data: '' } }, { text: 'Fix the auth middleware bug' }, { text: 'second' }],
    });
    expect(req.contents).toHaveLength(2);
    expect(req.contents[1]).toEqual({
      role: 'user',
      parts: [
        {
          text: "[System: The conversation was compacted because it exceeded the context window. The summary above contains all prior context. The user's current request is: `Fix the auth middleware bug`. Continue working on this request without asking the user to repeat anything.]",
        },
      ],
    });
    const generic = { contents: [] as Content[] };
    injectContinuation(generic, undefined);
    expect(generic.contents[0]?.parts?.[0]?.text).toBe(continuationText());
  });

  it('never edits the contents it was given (new arrays, same Content objects)', () => {
    const original = makeConversation(3);
    const before = snapshot(original);
    const req = { contents: original };
    injectSummary(req, 'sum', 2);
    injectContinuation(req, textContent('user', 'go on'));
    replaceSummary(req, 'sum2', req.contents.slice(1));
    expect(original).toEqual(before);
    expect(req.contents).not.toBe(original);
  });
});

describe('truncateForSummarizer', () => {
  it('returns everything when within 80% of the window', () => {
    const contents = makeConversation(3);
    expect(truncateForSummarizer(contents, 1000)).toEqual(contents);
  });

  it('drops the oldest contents first and always keeps 2', () => {
    const contents = [
      textContent('user', 'a'.repeat(4000)),
      textContent('model', 'b'.repeat(4000)),
      textContent('user', 'c'.repeat(4000)),
    ];
    // window 1000 → budget 800 tokens; each content is 1000 tokens
    const kept = truncateForSummarizer(contents, 1000);
    expect(kept).toEqual(contents.slice(1));
    const twoBig = truncateForSummarizer(contents.slice(0, 2), 1000);
    expect(twoBig).toHaveLength(2);
  });
});

describe('summarize', () => {
  it('sends one user content, the system prompt with the word limit, and maxOutputTokens', async () => {
    const model = new ScriptedSummarizer(['the summary'], 'sum-model');
    const contents = [textContent('user', 'hello')];
    const todos = [{ content: 'Ship it', status: 'pending' }];
    const text = await summarize({ summarizer: model }, contents, 'prev', 200, todos);
    expect(text).toBe('the summary');
    expect(model.requests).toEqual([
      {
        model: 'sum-model',
        contents: [{ role: 'user', parts: [{ text: buildSummarizePrompt(contents, 'prev', todos) }] }],
        config: {
          systemInstruction: { parts: [{ text: `${SUMMARIZE_SYSTEM_PROMPT}\n\nKeep the summary under 75 words.` }] },
          maxOutputTokens: 100,
        },
      },
    ]);
  });

  it('concatenates every non-empty text part', async () => {
    const model = new ScriptedSummarizer([
      {
        content: {
          role: 'model',
          parts: [{ text: 'a' }, { text: '' }, { functionCall: { name: 'f' } }, { text: 'b' }],
        },
      },
    ]);
    expect(await summarize({ summarizer: model }, [textContent('user', 'x')], '', 1000)).toBe('ab');
  });

  it('falls back mechanically on an empty answer', async () => {
    const model = new ScriptedSummarizer(['']);
    expect(await summarize({ summarizer: model }, [textContent('user', 'hello')], 'prev', 1000)).toBe(
      'prev\n\n---\n\nuser: hello\n',
    );
  });

  it('rejects with SummarizationError on a model error (thrown or errorCode)', async () => {
    await expect(summarize({ summarizer: new ScriptedSummarizer([new Error('quota')]) }, [], '', 1000)).rejects.toThrow(
      new SummarizationError(new Error('quota')),
    );
    await expect(
      summarize(
        { summarizer: new ScriptedSummarizer([{ errorCode: 'RESOURCE_EXHAUSTED', errorMessage: 'slow down' }]) },
        [],
        '',
        1000,
      ),
    ).rejects.toThrow('summarization LLM call failed: RESOURCE_EXHAUSTED: slow down');
  });
});
