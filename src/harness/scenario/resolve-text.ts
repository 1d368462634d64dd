/**
 * Text specs of a file → the world's `TextSpec`, under the profile's defaults. Templates get
 * `{i}` (turn index within the phase) and, for repeated tools, `{k}`.
 */
import type { ContentKind, TextSpec } from '../../world/world-scenario.ts';
import { DEFAULT_MODEL_RESPONSE_SIZE, type ProfileDefaults } from './profiles.ts';
import type { GeneratedTextSpec, ModelResponseSpec, UserMessageSpec } from './scenario-schema.ts';
import { drawSize } from './seeded-size.ts';

/** Where a text is generated: the profile, the seed, the phase turn `i` and a stable label. */
export interface TextSite {
  readonly profile: ProfileDefaults;
  readonly seed: number;
  readonly i: number;
  readonly label: string;
}

export function substitute(template: string, vars: { readonly i: number; readonly k?: number }): string {
  const withI = template.replaceAll('{i}', String(vars.i));
  return vars.k === undefined ? withI : withI.replaceAll('{k}', String(vars.k));
}

/** Go generators that embed the turn number need it carried in the spec. */
const TURN_KINDS: ReadonlySet<ContentKind> = new Set(['go-long-message', 'go-analysis']);

export function generated(kind: ContentKind, size: number, i: number): TextSpec {
  return TURN_KINDS.has(kind) ? { kind, size, turn: i } : { kind, size };
}

function fromObject(spec: GeneratedTextSpec, site: TextSite, defaultKind: ContentKind): TextSpec {
  if (spec.text !== undefined) return { text: substitute(spec.text, site) };
  const size = drawSize(spec.size!, site.seed, site.label);
  return generated(spec.kind ?? defaultKind, size, site.i);
}

export function resolveUserText(spec: UserMessageSpec, site: TextSite): TextSpec {
  if (typeof spec === 'string') return { text: substitute(spec, site) };
  if (spec.longMessage !== undefined) return generated('go-long-message', spec.longMessage, site.i);
  return fromObject(spec, site, site.profile.textKind);
}

/** The model's final text; a bare size (or none) uses the profile's model text (go-compat: go-analysis). */
export function resolveModelText(spec: ModelResponseSpec | undefined, site: TextSite): TextSpec {
  if (spec === undefined) return site.profile.modelText(DEFAULT_MODEL_RESPONSE_SIZE, site.i);
  if (typeof spec === 'number') return site.profile.modelText(spec, site.i);
  if (spec.size !== undefined && spec.kind === undefined) {
    return site.profile.modelText(drawSize(spec.size, site.seed, site.label), site.i);
  }
  return fromObject(spec, site, site.profile.textKind);
}

export function resolveSystemPrompt(spec: number | GeneratedTextSpec | undefined, site: TextSite): TextSpec | null {
  if (spec === undefined || spec === 0) return null;
  if (typeof spec === 'number') return { kind: site.profile.systemPromptKind, size: spec };
  return fromObject(spec, site, site.profile.systemPromptKind);
}
