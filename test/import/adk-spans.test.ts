import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { importOk, importProblems } from './helpers.ts';

describe('import --from adk-spans', () => {
  it('rebuilds the session from OTLP model-call spans: instruction, declarations, calls and usage per request', () => {
    const [spec] = importOk('adk-spans-realistic.json', 'adk-spans');
    expect(spec!.session).toMatchObject({
      model: 'gemini-2.5-flash',
      contextWindow: 1048576,
      systemPrompt: { text: expect.stringMatching(/^You are a support agent/) },
    });
    expect(spec!.replay!.tools).toEqual([
      {
        name: 'lookup_order',
        description: 'Look up an order by id.',
        parameters: { type: 'OBJECT', properties: { order_id: { type: 'STRING' } }, required: ['order_id'] },
      },
    ]);
    expect(spec!.replay!.turns).toEqual([
      {
        user: 'Where is order 1042?',
        steps: [
          {
            calls: [
              {
                id: 'adk-1',
                name: 'lookup_order',
                args: { order_id: '1042' },
                result: { status: 'shipped', carrier: 'DHL', eta: '2026-03-04' },
              },
            ],
            usage: { input: 141, output: 18 },
          },
          {
            text: 'Order 1042 shipped with DHL and should arrive on March 4.',
            usage: { input: 187, output: 16 },
            // The two model-call spans start 0.7 s apart (the tool span between them is not a request).
            pauseMs: 700,
          },
        ],
      },
    ]);
  });

  it('reports a request that does not continue the previous one and a request that is not JSON, by line', () => {
    expect(importProblems('adk-spans-hostile.jsonl', 'adk-spans')).toEqual(
      expect.arrayContaining([
        'adk-spans-hostile.jsonl:3:1: attributes.gcp.vertex.agent.llm_request: expected the model request as JSON',
        expect.stringMatching(
          /^adk-spans-hostile\.jsonl:2:1: attributes\.gcp\.vertex\.agent\.llm_request\.contents: this request does not continue the previous one/,
        ),
      ]),
    );
  });

  it('says which attribute it needs when no span carries a request', () => {
    const result = importLog(JSON.stringify([{ name: 'invocation', attributes: {} }]), {
      format: 'adk-spans',
      file: 'f.json',
      name: 'f',
    });
    expect(result).toMatchObject({
      kind: 'invalid',
      issues: [{ message: expect.stringContaining('gcp.vertex.agent.llm_request') }],
    });
  });
});
