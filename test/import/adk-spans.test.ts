import { describe, expect, it } from 'vitest';
import { importLog } from '../../src/import/import-log.ts';
import { fixture, importOk, importProblems } from './helpers.ts';

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

  it('reads a Langfuse trace export of ADK spans: attributes from each observation, the {} of tool spans skipped, calls paired by name', () => {
    const [spec] = importOk('adk-spans-langfuse.json', 'adk-spans');
    expect(spec!.session).toMatchObject({
      model: 'gemini-2.0-flash',
      systemPrompt: { text: 'Look orders up with the tool.' },
    });
    expect(spec!.replay!.tools).toEqual([{ name: 'lookup_order', description: 'Look up an order by id.' }]);
    expect(spec!.replay!.turns).toEqual([
      {
        user: 'Where is order 7?',
        steps: [
          {
            calls: [{ name: 'lookup_order', args: { order_id: '7' }, result: { status: 'shipped' } }],
            usage: { input: 30, output: 4 },
          },
          // The observations are out of order in the export; the start times order them (1.5 s apart).
          { text: 'Order 7 has shipped.', usage: { input: 40, output: 6 }, pauseMs: 1500 },
        ],
      },
    ]);
  });

  it('leaves out the {} request ADK stamps on its tool spans (not a model call, no session id)', () => {
    const log = JSON.parse(fixture('adk-spans-realistic.json')) as {
      resourceSpans: { scopeSpans: { spans: unknown[] }[] }[];
    };
    log.resourceSpans[0]!.scopeSpans[0]!.spans.push({
      name: 'execute_tool lookup_order',
      startTimeUnixNano: '1767225600500000000',
      attributes: [
        { key: 'gcp.vertex.agent.llm_request', value: { stringValue: '{}' } },
        { key: 'gcp.vertex.agent.llm_response', value: { stringValue: '{}' } },
      ],
    });
    const result = importLog(JSON.stringify(log), { format: 'adk-spans', file: 'f.json', name: 'session' });
    expect(result.kind).toBe('ok');
    expect(result.kind === 'ok' ? result.scenarios.map((s) => s.spec.replay!.turns[0]!.steps.length) : []).toEqual([2]);
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
