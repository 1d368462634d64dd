/**
 * What happened to a task outside its own answer, as failures named for what happened: the
 * sandbox's incidents (the strategy called process.exit, wrote to stdout, threw in a timer, left
 * a rejection unhandled, replaced a built-in the world measures with), a hang, a dead or out-of-memory worker. `simulate` and `gate` report
 * them as the scenario's failures; the fuzzer as `session-completes` violations.
 */
import type { ExpectationFailure } from '../scenario/index.ts';
import type { Incident, IncidentKind } from './worker-protocol.ts';
import type { TaskOutcome } from './worker-pool.ts';

const INCIDENT_FAILURES: Readonly<Record<IncidentKind, string>> = {
  exit: 'strategy-exited',
  'stdout-write': 'strategy-wrote-stdout',
  'uncaught-exception': 'strategy-uncaught-exception',
  'unhandled-rejection': 'strategy-unhandled-rejection',
  tampered: 'strategy-tampered',
};

/** One failure per kind of incident (the first one's message, and how often it happened). */
export function incidentFailures(incidents: readonly Incident[]): ExpectationFailure[] {
  const byKind = new Map<IncidentKind, { first: Incident; count: number }>();
  for (const incident of incidents) {
    const seen = byKind.get(incident.kind);
    if (seen === undefined) byKind.set(incident.kind, { first: incident, count: 1 });
    else seen.count += 1;
  }
  return [...byKind.values()].map(({ first, count }) => {
    const expectation = INCIDENT_FAILURES[first.kind];
    const times = count > 1 ? ` (${count} times)` : '';
    return { expectation, message: `${expectation}: ${first.message}${times}` };
  });
}

/** The failures of a task that did not answer (hung, crashed), or of its incidents when it did. */
export function isolationFailures(outcome: TaskOutcome<unknown>): ExpectationFailure[] {
  const incidents = incidentFailures(outcome.incidents);
  switch (outcome.status) {
    case 'done':
      return incidents;
    case 'hung': {
      const message = outcome.draining
        ? `strategy-hung: the session ended, but timers the strategy scheduled were still pending after ${outcome.timeoutMs} ms`
        : `strategy-hung: no result within ${outcome.timeoutMs} ms`;
      return [...incidents, { expectation: 'strategy-hung', message }];
    }
    case 'crashed': {
      const expectation = outcome.reason === 'out-of-memory' ? 'strategy-out-of-memory' : 'worker-crashed';
      return [...incidents, { expectation, message: `${expectation}: ${outcome.message}` }];
    }
  }
}

/** `first`, then each of `rest` whose expectation `first` does not already name. */
export function mergeFailures(
  first: readonly ExpectationFailure[],
  rest: readonly ExpectationFailure[],
): ExpectationFailure[] {
  const named = new Set(first.map((failure) => failure.expectation));
  return [...first, ...rest.filter((failure) => !named.has(failure.expectation))];
}
