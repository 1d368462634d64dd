import { describe, expect, it } from 'vitest';
import { createEvent, isFinalResponse, populateClientFunctionCallId } from '../../src/world/events/event.ts';
import { mergeEventActions, mergeEventActionsDeep } from '../../src/world/events/event-actions.ts';
import { InMemorySessionService } from '../../src/world/sessions/in-memory-session-service.ts';
import { State } from '../../src/world/sessions/state.ts';
import { createWorldEnvironment } from '../../src/world/sim/world-environment.ts';
import { WORLD_CLOCK_START_MS } from '../../src/world/sim/logical-clock.ts';

describe('events (adk-js createEvent / isFinalResponse)', () => {
  it('fills id, empty actions, long-running ids and a strictly increasing timestamp', () => {
    const env = createWorldEnvironment(1);
    const a = createEvent(env, { author: 'user', content: { role: 'user', parts: [{ text: 'hi' }] } });
    const b = createEvent(env, { author: 'user' });
    expect(a.id).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.actions).toEqual({
      stateDelta: {},
      artifactDelta: {},
      requestedAuthConfigs: {},
      requestedToolConfirmations: {},
    });
    expect(a.longRunningToolIds).toEqual([]);
    expect(a.timestamp).toBe(WORLD_CLOCK_START_MS + 1);
    expect(b.timestamp).toBeGreaterThan(a.timestamp);
  });

  it('isFinalResponse: text yes; calls, responses, partial no; skipSummarization yes', () => {
    const env = createWorldEnvironment(1);
    expect(isFinalResponse(createEvent(env, { content: { role: 'model', parts: [{ text: 'x' }] } }))).toBe(true);
    expect(
      isFinalResponse(createEvent(env, { content: { role: 'model', parts: [{ functionCall: { name: 'f' } }] } })),
    ).toBe(false);
    expect(
      isFinalResponse(
        createEvent(env, { content: { role: 'user', parts: [{ functionResponse: { name: 'f', response: {} } }] } }),
      ),
    ).toBe(false);
    expect(
      isFinalResponse(createEvent(env, { partial: true, content: { role: 'model', parts: [{ text: 'x' }] } })),
    ).toBe(false);
    expect(
      isFinalResponse(
        createEvent(env, {
          actions: { skipSummarization: true },
          content: { role: 'model', parts: [{ functionCall: { name: 'f' } }] },
        }),
      ),
    ).toBe(true);
  });

  it('populateClientFunctionCallId gives adk-<uuid> ids only to calls without one', () => {
    const env = createWorldEnvironment(1);
    const event = createEvent(env, {
      content: {
        role: 'model',
        parts: [{ functionCall: { name: 'a' } }, { functionCall: { name: 'b', id: 'call-b' } }],
      },
    });
    populateClientFunctionCallId(env, event);
    expect(event.content?.parts?.[0]?.functionCall?.id).toBe('adk-00000000-0000-4000-8000-000000000001');
    expect(event.content?.parts?.[1]?.functionCall?.id).toBe('call-b');
  });
});

describe('mergeEventActions: adk-js shallow last-wins vs adk-go deep merge', () => {
  const first = { stateDelta: { shared: { a: 1 }, flag: 'one' }, skipSummarization: true, artifactDelta: { f: 3 } };
  const second = {
    stateDelta: { shared: { b: 2 } },
    skipSummarization: false,
    transferToAgent: '',
    artifactDelta: { f: 1 },
  };
  it('adk-js: nested maps replaced, booleans last-defined', () => {
    const merged = mergeEventActions([first, second]);
    expect(merged.stateDelta).toEqual({ shared: { b: 2 }, flag: 'one' });
    expect(merged.skipSummarization).toBe(false);
    expect(merged.artifactDelta).toEqual({ f: 1 });
  });
  it('adk-go: nested maps merged, booleans ORed, artifact max version, empty transfer ignored', () => {
    const merged = mergeEventActionsDeep([first, second]);
    expect(merged.stateDelta).toEqual({ shared: { a: 1, b: 2 }, flag: 'one' });
    expect(merged.skipSummarization).toBe(true);
    expect(merged.artifactDelta).toEqual({ f: 3 });
    expect(merged.transferToAgent).toBeUndefined();
  });
});

describe('State: dual write', () => {
  it('set writes the live state and the delta; get reads the delta first', () => {
    const value: Record<string, unknown> = { k: 'old' };
    const delta: Record<string, unknown> = {};
    const state = new State(value, delta);
    state.set('k', 'new');
    expect(value).toEqual({ k: 'new' });
    expect(delta).toEqual({ k: 'new' });
    delta.k = 'delta-only';
    expect(state.get('k')).toBe('delta-only');
    expect(state.get('missing', 7)).toBe(7);
  });
});

describe('InMemorySessionService.appendEvent', () => {
  const setup = () => {
    const env = createWorldEnvironment(1);
    const service = new InMemorySessionService();
    const working = service.createSession({ appName: 'a', userId: 'u', id: 's' });
    return { env, service, working };
  };

  it('skips partial events', () => {
    const { env, service, working } = setup();
    service.appendEvent(
      working,
      createEvent(env, { partial: true, content: { role: 'model', parts: [{ text: 'x' }] } }),
    );
    expect(working.events).toHaveLength(0);
    expect(service.storedSession().events).toHaveLength(0);
  });

  it('trims temp: keys from the stored delta and state, applies the rest, and freezes the event', () => {
    const { env, service, working } = setup();
    const event = createEvent(env, {
      actions: { stateDelta: { 'temp:scratch': 1, keep: { n: 1 } } },
      content: { role: 'model', parts: [{ text: 'x' }] },
    });
    service.appendEvent(working, event);
    expect(event.actions.stateDelta).toEqual({ keep: { n: 1 } });
    expect(service.storedSession().state).toEqual({ keep: { n: 1 } });
    expect(
      Object.isFrozen(event) &&
        Object.isFrozen(event.content?.parts?.[0]) &&
        Object.isFrozen(event.actions.stateDelta.keep),
    ).toBe(true);
    expect(() => {
      (event.content!.parts![0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(service.getSession().events[0]).toBe(event);
  });

  it('keeps a newer direct state write over an older delta entry', () => {
    const { env, service, working } = setup();
    const actions = { stateDelta: {} as Record<string, unknown> };
    const state = new State(working.state, actions.stateDelta);
    state.set('k', 'from-delta');
    new State(working.state, {}).set('k', 'newer-direct');
    service.appendEvent(working, createEvent(env, { actions, content: { role: 'model', parts: [{ text: 'x' }] } }));
    expect(working.state.k).toBe('newer-direct');
    expect(service.storedSession().state.k).toBe('from-delta');
  });

  it('an event with no action shares one frozen actions object; one with an action keeps its own', () => {
    const { env, service, working } = setup();
    const plain = [0, 1].map((i) => createEvent(env, { content: { role: 'model', parts: [{ text: `p${i}` }] } }));
    const json = plain.map((event) => JSON.stringify(event.actions));
    for (const event of plain) service.appendEvent(working, event);
    expect(plain[0]!.actions).toBe(plain[1]!.actions);
    expect(Object.isFrozen(plain[0]!.actions)).toBe(true);
    expect(plain.map((event) => JSON.stringify(event.actions))).toEqual(json);
    expect(Object.keys(plain[0]!.actions)).toEqual([
      'stateDelta',
      'artifactDelta',
      'requestedAuthConfigs',
      'requestedToolConfirmations',
    ]);
    const acting = createEvent(env, {
      actions: { skipSummarization: true },
      content: { role: 'model', parts: [{ text: 'a' }] },
    });
    const delta = createEvent(env, {
      actions: { stateDelta: { k: 1 } },
      content: { role: 'model', parts: [{ text: 'd' }] },
    });
    service.appendEvent(working, acting);
    service.appendEvent(working, delta);
    expect(acting.actions).not.toBe(plain[0]!.actions);
    expect(acting.actions.skipSummarization).toBe(true);
    expect(delta.actions).not.toBe(plain[0]!.actions);
    expect(delta.actions.stateDelta).toEqual({ k: 1 });
    expect(delta.actions.artifactDelta).toBe(plain[0]!.actions.artifactDelta);
  });

  it('replaces an event with the same id instead of pushing it', () => {
    const { env, service, working } = setup();
    service.appendEvent(working, createEvent(env, { id: 'same', content: { role: 'model', parts: [{ text: 'a' }] } }));
    service.appendEvent(working, createEvent(env, { id: 'same', content: { role: 'model', parts: [{ text: 'b' }] } }));
    expect(service.storedSession().events.map((e) => e.content?.parts?.[0]?.text)).toEqual(['b']);
  });
});
