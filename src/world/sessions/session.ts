/** A session: append-only events plus state (adk-js 2.0.0 `sessions/session.js`). */
import type { Event } from '../events/event.ts';

export interface Session {
  readonly id: string;
  readonly appName: string;
  readonly userId: string;
  state: Record<string, unknown>;
  events: Event[];
  lastUpdateTime: number;
}
