/**
 * Turn groups of one phase → concrete `WorldTurn`s: repeat groups, rules, `{i}` and `tool_{k}`
 * substitution, seeded sizes. Rules come in two kinds: the first matching REPLACING rule sets
 * whole fields (the Go tests' if / else-if chains), then EVERY matching ADDING rule (`add`)
 * appends its tools and attachments, so independent periodic rules combine on the turns where
 * they coincide (Go tests that add tools every 6th turn and an attachment every 4th).
 */
import type { AttachmentSpec, ToolCallSpec, WorldTurn } from '../../world/world-scenario.ts';
import type { ProfileDefaults } from './profiles.ts';
import type { AttachmentSpecInput, RuleSpec, ToolSpec, TurnGroupSpec } from './scenario-schema.ts';
import { drawSize } from './seeded-size.ts';
import { generated, resolveModelText, resolveUserText, substitute, type TextSite } from './resolve-text.ts';

export interface PhaseTurnsContext {
  readonly profile: ProfileDefaults;
  readonly seed: number;
  /** Index of the phase in the scenario. */
  readonly phase: number;
  /** Session-wide index of the phase's first turn. */
  readonly firstIndex: number;
}

/** Does `rule` apply at phase turn `i`? All its conditions must hold. */
export function ruleMatches(rule: RuleSpec, i: number): boolean {
  const offset = rule.offset ?? 0;
  if (rule.every !== undefined && (i < offset || (i - offset) % rule.every !== 0)) return false;
  if (rule.turns !== undefined && (i < rule.turns[0] || i > rule.turns[1])) return false;
  if (rule.odd === true && i % 2 !== 1) return false;
  if (rule.even === true && i % 2 !== 0) return false;
  return true;
}

function resolveTools(tools: readonly ToolSpec[], site: Omit<TextSite, 'label'>, label: string): ToolCallSpec[] {
  const calls: ToolCallSpec[] = [];
  for (const tool of tools) {
    const from = tool.from ?? 1;
    for (let r = 0; r < (tool.repeat ?? 1); r++) {
      const vars = { i: site.i, k: from + r };
      const slot = `${label}/tool${calls.length}`;
      const response =
        tool.text !== undefined
          ? { text: substitute(tool.text, vars) }
          : generated(tool.kind ?? site.profile.toolResponseKind, drawSize(tool.size!, site.seed, slot), site.i);
      calls.push({
        name: substitute(tool.name, vars),
        response,
        responseKey: tool.responseKey ?? site.profile.toolResponseKey,
        args: tool.args ?? site.profile.toolArgs,
      });
    }
  }
  return calls;
}

function resolveAttachments(list: readonly AttachmentSpecInput[], seed: number, label: string): AttachmentSpec[] {
  return list.map((a, n) => ({ mimeType: a.mimeType, size: drawSize(a.size, seed, `${label}/attachment${n}`) }));
}

function resolveTurn(group: TurnGroupSpec, i: number, ctx: PhaseTurnsContext): WorldTurn {
  const matching = (group.rules ?? []).filter((candidate) => ruleMatches(candidate, i));
  const rule = matching.find((candidate) => candidate.add === undefined);
  const additions = matching.flatMap((candidate) => (candidate.add === undefined ? [] : [candidate.add]));
  const label = `p${ctx.phase}/t${i}`;
  const site = { profile: ctx.profile, seed: ctx.seed, i };
  // Added items come after the turn's own, so the sizes drawn for the turn's own never move.
  const attachments = [
    ...(rule?.attachments ?? group.attachments ?? []),
    ...additions.flatMap((add) => add.attachments ?? []),
  ];
  const tools = [...(rule?.tools ?? group.tools ?? []), ...additions.flatMap((add) => add.tools ?? [])];
  return {
    index: ctx.firstIndex + i,
    phase: ctx.phase,
    user: resolveUserText(rule?.user ?? group.user, { ...site, label: `${label}/user` }),
    attachments: resolveAttachments(attachments, ctx.seed, label),
    toolCalls: resolveTools(tools, site, label),
    sequential: rule?.sequential ?? group.sequential ?? false,
    modelResponse: resolveModelText(rule?.response ?? group.response, { ...site, label: `${label}/response` }),
    ...((rule?.unanswered ?? group.unanswered) === true ? { unanswered: true } : {}),
  };
}

/** Every turn of one phase, in order; `i` counts from 0 across the phase's groups. */
export function resolvePhaseTurns(groups: readonly TurnGroupSpec[], ctx: PhaseTurnsContext): WorldTurn[] {
  const turns: WorldTurn[] = [];
  for (const group of groups) {
    for (let r = 0; r < (group.repeat ?? 1); r++) turns.push(resolveTurn(group, turns.length, ctx));
  }
  return turns;
}
