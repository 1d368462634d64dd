import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { GO_CONTINUE_TEXT } from '../../src/world/agents/processors/content-request-processor.ts';
import { ReferenceRequestContents } from '../../src/world/agents/reference-request-contents.ts';
import { FastRequestContents } from '../../src/world/fast/fast-request-contents.ts';
import {
  rearrangeEventsForAsyncFunctionResponsesInHistory,
  rearrangeEventsForLatestFunctionResponse,
} from '../../src/world/agents/processors/content-processor-utils.ts';
import { contentItems } from '../../src/world/request-contents/content-items.ts';
import { createEvent, type Event } from '../../src/world/events/event.ts';
import { deepFreeze } from '../../src/world/sessions/deep-freeze.ts';
import { createWorldEnvironment } from '../../src/world/sim/world-environment.ts';

const env = createWorldEnvironment(9);
const user = (text: string): Event =>
  deepFreeze(createEvent(env, { author: 'user', content: { role: 'user', parts: [{ text }] } }));
const model = (text: string): Event =>
  deepFreeze(createEvent(env, { author: 'agent', content: { role: 'model', parts: [{ text }] } }));
const calls = (...ids: string[]): Event =>
  deepFreeze(
    createEvent(env, {
      author: 'agent',
      content: { role: 'model', parts: ids.map((id) => ({ functionCall: { id, name: `f_${id}`, args: {} } })) },
    }),
  );
const responses = (...ids: string[]): Event =>
  deepFreeze(
    createEvent(env, {
      author: 'agent',
      content: {
        role: 'user',
        parts: ids.map((id) => ({ functionResponse: { id, name: `f_${id}`, response: { r: id } } })),
      },
    }),
  );
const texts = (contents: readonly Content[]) =>
  contents.map((c) => c.parts?.map((p) => p.text ?? p.functionCall?.id ?? p.functionResponse?.id ?? '?').join('+'));
/** The contents both builders make (they must agree: the reference is adk-js's algorithm as written). */
const build = (events: Event[], flavour: 'adk-js' | 'adk-go' = 'adk-js'): Content[] => {
  const reference = new ReferenceRequestContents().build(events, flavour).contents;
  const fast = new FastRequestContents().build(events, flavour).contents;
  expect(fast).toEqual(reference);
  return reference;
};

describe('CONTENT_REQUEST_PROCESSOR inclusion rules', () => {
  it('adk-js drops events without a role or whose first part text is "", keeps empty parts arrays', () => {
    const noRole = deepFreeze(createEvent(env, { author: 'agent', content: { parts: [{ text: 'x' }] } }));
    const emptyFirst = deepFreeze(
      createEvent(env, { author: 'agent', content: { role: 'model', parts: [{ text: '' }, { text: 'y' }] } }),
    );
    const noParts = deepFreeze(createEvent(env, { author: 'agent', content: { role: 'model', parts: [] } }));
    const contentless = deepFreeze(createEvent(env, { author: 'agent', errorCode: 'E' }));
    expect(build([user('a'), noRole, emptyFirst, noParts, contentless]).map((c) => c.parts?.length)).toEqual([1, 0]);
    // adk-go skips contents with no parts and deletes zero-value parts ({text: ""}); the last
    // content is then a model turn, so the synthetic continue turn follows.
    expect(texts(build([user('a'), noParts, emptyFirst], 'adk-go'))).toEqual(['a', 'y', GO_CONTINUE_TEXT]);
  });

  it('drops auth / confirmation function events', () => {
    const auth = deepFreeze(
      createEvent(env, {
        author: 'agent',
        content: { role: 'model', parts: [{ functionCall: { name: 'adk_request_credential' } }] },
      }),
    );
    expect(build([user('a'), auth])).toHaveLength(1);
  });

  it('strips adk- client ids but keeps model-given ids', () => {
    const ev = [user('q'), calls('adk-1', 'call-2'), responses('adk-1', 'call-2')];
    const contents = build(ev);
    expect(contents[1]?.parts?.map((p) => p.functionCall?.id)).toEqual([undefined, 'call-2']);
    expect(contents[2]?.parts?.map((p) => p.functionResponse?.id)).toEqual([undefined, 'call-2']);
    expect(ev[1]?.content?.parts?.[0]?.functionCall?.id).toBe('adk-1');
  });
});

describe('adk-go synthetic continue turn', () => {
  it('is appended when the last content is not from the user (adk-go only)', () => {
    expect(texts(build([user('q'), model('answer')], 'adk-go'))).toEqual(['q', 'answer', GO_CONTINUE_TEXT]);
    expect(texts(build([user('q'), model('answer')], 'adk-js'))).toEqual(['q', 'answer']);
    expect(texts(build([user('q')], 'adk-go'))).toEqual(['q']);
  });
});

describe('rearrangeEventsForLatestFunctionResponse', () => {
  const history = () => [
    user('q'),
    calls('c1', 'c2'),
    responses('c1'),
    calls('c3'),
    responses('c3'),
    model('m'),
    responses('c2'),
  ];
  it('adk-js drops every intervening event and merges the related responses after the call', () => {
    expect(texts(rearrangeEventsForLatestFunctionResponse(history(), 'adk-js').map((e) => e.content!))).toEqual([
      'q',
      'c1+c2',
      'c1+c2',
    ]);
  });
  it('adk-go keeps intervening call events and unrelated responses', () => {
    expect(texts(rearrangeEventsForLatestFunctionResponse(history(), 'adk-go').map((e) => e.content!))).toEqual([
      'q',
      'c1+c2',
      'c3',
      'c3',
      'c1+c2',
    ]);
  });
  it('is a no-op when the call event is just before, and an error when no call matches', () => {
    const ok = [user('q'), calls('c1'), responses('c1')];
    expect(rearrangeEventsForLatestFunctionResponse(ok, 'adk-js')).toEqual(ok);
    expect(() => rearrangeEventsForLatestFunctionResponse([user('q'), responses('zz')], 'adk-js')).toThrow(
      /No function call event found/,
    );
  });
});

describe('async function responses in history', () => {
  it('moves each response right after its call, merging several, dropping unanswered ones', () => {
    const events = [
      user('q'),
      calls('a', 'b'),
      model('thinking'),
      responses('a'),
      user('more'),
      responses('b'),
      responses('orphan'),
    ];
    expect(texts(rearrangeEventsForAsyncFunctionResponsesInHistory(events).map((e) => e.content!))).toEqual([
      'q',
      'a+b',
      'a+b',
      'thinking',
      'more',
    ]);
  });
  it('the processor applies it when history is not in call/response order', () => {
    const events = [user('q'), calls('a'), model('later'), responses('a'), user('next')];
    expect(texts(build(events))).toEqual(['q', 'a', 'a', 'later', 'next']);
  });
});

describe('lazy request contents', () => {
  const events = [user('q'), calls('adk-9'), responses('adk-9'), model('m')];
  const builder = new FastRequestContents();
  const fresh = () => builder.build(events, 'adk-js').contents;

  it('reads like a deep clone: Array, JSON, iteration, slice, spread', () => {
    const contents = fresh();
    expect(Array.isArray(contents)).toBe(true);
    expect(contents).toHaveLength(4);
    expect(JSON.parse(JSON.stringify(contents))).toEqual(
      JSON.parse(JSON.stringify(events.map((e) => e.content))).map((c: Content) => ({
        ...c,
        parts: c.parts?.map((p) =>
          p.functionCall
            ? { functionCall: { ...p.functionCall, id: undefined } }
            : p.functionResponse
              ? { functionResponse: { ...p.functionResponse, id: undefined } }
              : p,
        ),
      })),
    );
    expect(texts([...contents])).toEqual(texts(contents.slice(0)));
    expect(contents[0]).toBe(contents[0]);
    expect(Object.keys(contents)).toEqual(['0', '1', '2', '3']);
  });

  it('mutating the request never touches events, and the next build is pristine again', () => {
    const contents = fresh();
    contents[0]!.parts![0]!.text = 'edited in place';
    contents.splice(1, 2);
    contents.push({ role: 'user', parts: [{ text: 'added' }] });
    expect(texts(contents)).toEqual(['edited in place', 'm', 'added']);
    expect(events[0]?.content?.parts?.[0]?.text).toBe('q');
    expect(texts(fresh())).toEqual(['q', '?', '?', 'm']);
  });

  it('contentItems knows which elements are unmodified copies of history', () => {
    const built = builder.build(events, 'adk-js');
    const contents = built.contents;
    const pristine = contentItems(contents, built);
    expect(pristine.every((item) => item.source && item.content === undefined)).toBe(true);
    // Without the build, nothing is known to be a copy.
    expect(contentItems(contents).every((item) => item.source === undefined && item.content !== undefined)).toBe(true);
    const moved = [{ role: 'user', parts: [{ text: 'summary' }] }, ...contents.slice(2)];
    moved[2]!.parts![0]!.text = 'edited';
    const items = contentItems(moved, built);
    expect(items.map((item) => item.source !== undefined)).toEqual([false, true, false]);
    // An equal object that is not one of the build's clones is not a copy either.
    expect(contentItems([structuredClone(contents[0]!)], built)[0]!.source).toBeUndefined();
    contents.length = 1;
    expect(contentItems(contents, built).length).toBe(1);
  });
});
