/**
 * A file's `facts` → the world's planted facts: each value at a site that exists (the turn, the
 * turn's tool call), each update after the value it supersedes, ids unique, and every value given
 * its marker from the scenario seed. Problems are issues placed on the field that causes them.
 */
import { factMarker } from '../../world/facts/fact-marker.ts';
import type { FactNeed, FactSite, FactValue, WorldFact } from '../../world/facts/fact-types.ts';
import type { WorldTurn } from '../../world/world-scenario.ts';
import type { FactSpec } from './facts-schema.ts';
import { issue, type IssuePath, type ScenarioIssue } from './scenario-error.ts';

type SiteSpec = FactSpec['at'];

export function resolveFacts(
  specs: readonly FactSpec[],
  turns: readonly WorldTurn[],
  seed: number,
  issues: ScenarioIssue[],
): WorldFact[] {
  const ids = new Set<string>();
  const taken = new Set<string>();
  const facts: WorldFact[] = [];
  specs.forEach((spec, f) => {
    if (ids.has(spec.id)) issues.push(issue(['facts', f, 'id'], `duplicate fact id '${spec.id}'`));
    ids.add(spec.id);
    const entries = [
      { text: spec.text, at: spec.at, path: ['facts', f] as IssuePath },
      ...(spec.updates ?? []).map((update, u) => ({ ...update, path: ['facts', f, 'updates', u] as IssuePath })),
    ];
    const values: FactValue[] = [];
    let previous: { site: FactSite; order: number } | undefined;
    entries.forEach((entry, v) => {
      const site = siteOf(entry.at, turns, [...entry.path, 'at'], issues);
      if (site === null) return;
      const order = siteOrder(site, turns);
      if (previous !== undefined && order <= previous.order) {
        issues.push(
          issue(
            [...entry.path, 'at'],
            `expected an update after the value it supersedes (${describeSite(previous.site)}), got ${describeSite(site)}`,
          ),
        );
      }
      previous = { site, order };
      values.push({ site, text: entry.text, marker: factMarker(seed, spec.id, v, taken) });
    });
    if (values.length !== entries.length) return;
    const need = spec.need === undefined ? undefined : needOf(spec.need, values, turns, ['facts', f, 'need'], issues);
    if (need === null) return;
    facts.push({ id: spec.id, kind: spec.kind, values, ...(need === undefined ? {} : { need }) });
  });
  return facts;
}

/** Recovery calls one need makes at most unless it says otherwise. */
export const DEFAULT_NEED_ATTEMPTS = 3;

/**
 * A fact's `need`: a turn after its newest value's turn, and a recovery call. By default the
 * call that carried the newest value, again (the file re-read, the command re-run), its result
 * under the same key; a named tool that the script also calls answers under that call's key.
 */
function needOf(
  spec: NonNullable<FactSpec['need']>,
  values: readonly FactValue[],
  turns: readonly WorldTurn[],
  path: IssuePath,
  issues: ScenarioIssue[],
): FactNeed | null {
  const newest = values[values.length - 1]!.site;
  if (spec.turn >= turns.length) {
    issues.push(
      issue([...path, 'turn'], `expected a turn of the session (0 to ${turns.length - 1}), got ${spec.turn}`),
    );
    return null;
  }
  if (spec.turn <= newest.turn) {
    issues.push(
      issue(
        [...path, 'turn'],
        `expected a turn after the fact's newest value (${describeSite(newest)}), got ${spec.turn}`,
      ),
    );
    return null;
  }
  const carrier = newest.in === 'tool' ? turns[newest.turn]!.toolCalls[newest.call]! : undefined;
  const tool = spec.tool ?? carrier?.name;
  if (tool === undefined) {
    issues.push(
      issue(
        path,
        `expected 'tool': the fact's newest value is planted in a ${newest.in === 'user' ? 'user message' : 'model answer'} (${describeSite(newest)}), not a tool result the agent could call again`,
      ),
    );
    return null;
  }
  const sameTool = tool === carrier?.name ? carrier : turns.flatMap((t) => t.toolCalls).find((c) => c.name === tool);
  return {
    turn: spec.turn,
    tool,
    args: spec.args ?? (spec.tool === undefined || spec.tool === carrier?.name ? (carrier?.args ?? {}) : {}),
    responseKey: sameTool?.responseKey ?? 'result',
    attempts: spec.attempts ?? DEFAULT_NEED_ATTEMPTS,
  };
}

function siteOf(at: SiteSpec, turns: readonly WorldTurn[], path: IssuePath, issues: ScenarioIssue[]): FactSite | null {
  const turn = turns[at.turn];
  if (turn === undefined) {
    issues.push(issue([...path, 'turn'], `expected a turn of the session (0 to ${turns.length - 1}), got ${at.turn}`));
    return null;
  }
  if (at.in !== 'tool') return { turn: at.turn, in: at.in };
  const call = at.call ?? 0;
  if (call >= turn.toolCalls.length) {
    const has = turn.toolCalls.length === 0 ? 'no tool calls' : `tool calls 0 to ${turn.toolCalls.length - 1}`;
    issues.push(issue([...path, 'call'], `expected a tool call of turn ${at.turn}, which has ${has}, got ${call}`));
    return null;
  }
  return { turn: at.turn, in: 'tool', call };
}

/** Session order of sites: the user's message, then the tool results in call order, then the final text. */
function siteOrder(site: FactSite, turns: readonly WorldTurn[]): number {
  const within = site.in === 'user' ? 0 : site.in === 'tool' ? 1 + site.call : 1 + turns[site.turn]!.toolCalls.length;
  return site.turn * 1_000_000 + within;
}

function describeSite(site: FactSite): string {
  return site.in === 'tool' ? `turn ${site.turn}, tool call ${site.call}` : `turn ${site.turn}, ${site.in}`;
}
