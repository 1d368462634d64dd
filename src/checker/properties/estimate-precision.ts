/**
 * A strategy that declares its estimator (`declarations.estimate`) counts every kind
 * of content within its declared tolerance of what the provider counts: the system instruction,
 * the tool declarations, text and tool responses of each kind the scenario holds (CJK and emoji
 * included), function calls, inline data, and the server-side tool call and response parts the
 * world never generates (always probed, so they are no blind spot). What "no overflow" cannot
 * see: an estimator that skips the system instruction or the tool declarations, or counts UTF-16
 * units instead of UTF-8 bytes, compacts late on requests rich in that kind, and calibration on
 * whole requests hides most of it until the mix of kinds changes.
 *
 * Each kind is a probe: a request holding only that kind, at sizes that walk the estimator's short
 * and long string paths (400, 4,000 and 52,000 bytes of text), built from the scenario's own system
 * prompt and declarations and from fixed texts of each content kind (generated once per process,
 * so the provider's count of them is cached: the property costs a few estimates per run). The
 * provider's count is the scenario's token model of each phase (ratio or BPE), marginal over an
 * empty request. A `calibrated` estimate is first scaled by the provider's count of 40,000 bytes of
 * plain English prose over the strategy's (what a correction factor learnt on whole requests
 * does), so only kinds counted unlike plain text can fail. An overcount fails only beyond the
 * share the strategy declares for it (`overcount`): counting some kind high compacts early on
 * requests rich in it, which a trigger declared in the strategy's own count cannot show.
 *
 * Tolerances are the strategy's to declare; ContextGuard's are derived from the tokenizers'
 * documented behaviour in docs/properties.md ("Estimate tolerances"), not from its own errors.
 *
 * A strategy that declares nothing is not judged (not-checked); the verdict does not depend on
 * what the strategy did in the session, only on its estimator and the scenario's content and
 * token models, so a counterexample shrinks to the scenario holding the kind it undercounts.
 */
import { Buffer } from 'node:buffer';
import type { Content, Tool } from '@google/genai';
import { requestQuarterTokens } from '../../world/ruler/quarter-byte-count.ts';
import type { DeclaredEstimate, LlmRequest } from '../../engine/types.ts';
import { generateText } from '../../world/content/generate-text.ts';
import type { TokenModel } from '../../world/models/token-models.ts';
import { deepFreeze } from '../../world/sessions/deep-freeze.ts';
import { rngFor } from '../../world/sim/prng.ts';
import { ModelScript } from '../../world/models/model-script.ts';
import { requestPreamble } from '../../world/request-preamble.ts';
import type { ContentKind, TextSpec, WorldScenario } from '../../world/world-scenario.ts';
import { loadedTokenModel } from '../infeasibility/measure-floor.ts';
import { violation, type FuzzProperty } from './property.ts';

/** Text probe sizes in bytes: under 256 characters, a memoized string, and over 16,383 characters (the byte counter's three paths). */
export const PROBE_BYTES = [400, 4_000, 52_000] as const;
/** The plain text a `calibrated` estimate is scaled on. */
const CALIBRATION_BYTES = 40_000;
/** The largest system prompt probed whole (a larger one is probed by a prefix of this size). */
const MAX_SYSTEM_PROBE_BYTES = 64_000;

export interface EstimateProbe {
  /** `system-instruction`, `tool-declarations`, `text:<kind>`, `tool-response:<kind>`, `function-call`, `inline-data`, `server-tool-call`, `server-tool-response`. */
  readonly name: string;
  /** The content kind of its text, when it has one (a tolerance may be declared per content kind). */
  readonly contentKind: ContentKind | null;
  readonly bytes: number;
  readonly request: LlmRequest;
}

export const estimatePrecision: FuzzProperty = {
  name: 'estimate-precision',
  kind: 'contract',
  description:
    'a strategy that declares its estimator never undercounts (or, if it declares how far, overcounts) a kind of content beyond its declared tolerance',
  expectKey: null,
  needsRerun: false,
  appliesTo: (strategy) => strategy.declarations?.estimate !== undefined,
  check(scenario, _result, _rerun, strategy) {
    const declared = strategy?.declarations?.estimate;
    if (declared === undefined) return null;
    const probes = estimateProbes(scenario);
    const seen = new Set<string>();
    for (const phase of scenario.phases) {
      const model = loadedTokenModel(phase.tokenModel);
      if (seen.has(model.key)) continue;
      seen.add(model.key);
      let broken: string | null;
      try {
        broken = miscountedKind(probes, declared, model);
      } catch (error) {
        // The strategy's own code: a throw is its failure, never the fuzzer's crash.
        broken = `its declared estimator threw: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (broken !== null)
        return violation('estimate-precision', { step: null, turn: null }, `${broken} (token model ${model.key})`);
    }
    return null;
  },
};

/** A probe's count by the declared estimator (scaled, for a `calibrated` one) and by the provider. */
export interface ProbeCount {
  readonly probe: EstimateProbe;
  readonly counted: number;
  readonly real: number;
}

/**
 * Every probe counted by the declared estimator and by `model`; `scale` is the calibration a
 * `calibrated` estimate gets (the provider's count of plain prose over the strategy's), 1 for
 * `real`. A string when no calibration can scale the estimate (it counts no plain prose).
 */
export function countProbes(
  probes: readonly EstimateProbe[],
  declared: DeclaredEstimate,
  model: TokenModel,
): { scale: number; counts: ProbeCount[] } | string {
  const estimated = (request: LlmRequest): number => {
    const count = declared.tokens(request) - declared.tokens(EMPTY_REQUEST);
    if (!Number.isFinite(count)) throw new Error(`it counted ${count}`);
    return count;
  };
  let scale = 1;
  if (declared.unit === 'calibrated') {
    const reference = calibrationProbe();
    const counted = estimated(reference.request);
    if (!(counted > 0))
      return `counts ${counted} tokens for ${CALIBRATION_BYTES} bytes of plain prose, so no calibration can scale it`;
    scale = realTokens(model, reference.request) / counted;
  }
  return {
    scale,
    counts: probes.map((probe) => ({
      probe,
      counted: estimated(probe.request) * scale,
      real: realTokens(model, probe.request),
    })),
  };
}

/**
 * The first probe the declared estimator undercounts beyond its tolerance under `model`, or
 * overcounts beyond its declared overcount share, as a sentence; null when none.
 */
export function miscountedKind(
  probes: readonly EstimateProbe[],
  declared: DeclaredEstimate,
  model: TokenModel,
): string | null {
  const counted = countProbes(probes, declared, model);
  if (typeof counted === 'string') return counted;
  const tokenizer = model.spec.kind === 'tiktoken';
  const under = tokenizer ? (declared.tokenizerTolerance ?? declared.tolerance) : declared.tolerance;
  const over = tokenizer ? (declared.tokenizerOvercount ?? declared.overcount) : declared.overcount;
  const how = declared.unit === 'calibrated' ? ` (calibrated on plain prose: x${round2(counted.scale)})` : '';
  for (const { probe, counted: count, real } of counted.counts) {
    const tolerance = toleranceFor(under, probe);
    // One token of slack either way: the provider's count and a scaled estimate are both rounded.
    if (count + 1 < real * (1 - tolerance)) {
      return `counts ${round2(count)} tokens${how} for ${probe.name} (${probe.bytes} bytes) where the provider counts ${real}: ${round2(100 * (1 - count / real))} % under, beyond its declared tolerance of ${round2(100 * tolerance)} %`;
    }
    if (over === undefined) continue;
    const overcount = toleranceFor(over, probe);
    if (count - 1 > real * (1 + overcount)) {
      return `counts ${round2(count)} tokens${how} for ${probe.name} (${probe.bytes} bytes) where the provider counts ${real}: ${round2(100 * (count / real - 1))} % over, beyond its declared overcount of ${round2(100 * overcount)} %`;
    }
  }
  return null;
}

/** The declared share for a probe: its own name, else its content kind, else `default`. */
export function toleranceFor(
  tolerance: DeclaredEstimate['tolerance'],
  probe: Pick<EstimateProbe, 'name' | 'contentKind'>,
): number {
  if (typeof tolerance === 'number') return tolerance;
  return (
    tolerance[probe.name] ??
    (probe.contentKind === null ? undefined : tolerance[probe.contentKind]) ??
    tolerance.default
  );
}

const EMPTY_REQUEST: LlmRequest = deepFreeze({ contents: [] });

function realTokens(model: TokenModel, request: LlmRequest): number {
  return model.countRequest(request, requestQuarterTokens(request)) - model.countRequest(EMPTY_REQUEST, 0);
}

const probesOf = new WeakMap<WorldScenario, readonly EstimateProbe[]>();

/** Every probe of `scenario`: its system prompt and declarations, each content kind it holds, and the parts always probed. */
export function estimateProbes(scenario: WorldScenario): readonly EstimateProbe[] {
  let probes = probesOf.get(scenario);
  if (probes === undefined) {
    probes = buildProbes(scenario);
    probesOf.set(scenario, probes);
  }
  return probes;
}

function buildProbes(scenario: WorldScenario): EstimateProbe[] {
  const probes: EstimateProbe[] = [];
  // What the world sends before any content: its system instruction and tool declarations.
  const preamble = requestPreamble(scenario, new ModelScript(scenario.seed));
  const full = preamble.config?.systemInstruction;
  if (typeof full === 'string' && full !== '') {
    const text =
      Buffer.byteLength(full, 'utf8') > MAX_SYSTEM_PROBE_BYTES
        ? generateText(prefixSpec(scenario.systemPrompt!), rngFor(scenario.seed, 'system-prompt'))
        : full;
    probes.push(
      frozenProbe('system-instruction', kindOf(scenario.systemPrompt!), Buffer.byteLength(text, 'utf8'), {
        contents: [],
        config: { systemInstruction: text },
      }),
    );
  }
  const declarations = (preamble.config?.tools?.[0] as Tool | undefined)?.functionDeclarations ?? [];
  if (declarations.length > 0) {
    const bytes = Buffer.byteLength(JSON.stringify(declarations), 'utf8');
    probes.push(
      frozenProbe('tool-declarations', null, bytes, {
        contents: [],
        config: { tools: [{ functionDeclarations: declarations }] },
      }),
    );
  }
  const { texts, responses } = kindsOf(scenario);
  for (const kind of texts) for (const bytes of PROBE_BYTES) probes.push(textProbe(kind, bytes));
  for (const kind of responses) for (const bytes of PROBE_BYTES) probes.push(toolResponseProbe(kind, bytes));
  if (scenario.turns.some((turn) => turn.toolCalls.length > 0))
    for (const bytes of PROBE_BYTES) probes.push(functionCallProbe(bytes));
  if (scenario.turns.some((turn) => turn.attachments.length > 0))
    for (const bytes of PROBE_BYTES) probes.push(inlineDataProbe(bytes));
  for (const bytes of PROBE_BYTES) probes.push(...serverToolProbes(bytes));
  return probes;
}

/** The content kinds of the scenario's texts (user and model) and of its tool responses, together and sorted; a literal text counts as prose. */
export function scenarioTextKinds(scenario: WorldScenario): ContentKind[] {
  const { texts, responses } = kindsOf(scenario);
  return [...new Set([...texts, ...responses])].sort();
}

/** The content kinds of the scenario's texts (user and model) and of its tool responses; a literal text counts as prose. */
function kindsOf(scenario: WorldScenario): { texts: ContentKind[]; responses: ContentKind[] } {
  const texts = new Set<ContentKind>();
  const responses = new Set<ContentKind>();
  for (const turn of scenario.turns) {
    texts.add(probeKind(turn.user));
    texts.add(probeKind(turn.modelResponse));
    for (const call of turn.toolCalls) responses.add(probeKind(call.response));
  }
  return { texts: [...texts].sort(), responses: [...responses].sort() };
}

/** The kinds that need a turn are probed as the text they are made of (a Go-style question or analysis is English prose). */
function probeKind(spec: TextSpec): ContentKind {
  if ('text' in spec) return 'prose';
  return spec.kind === 'go-long-message' || spec.kind === 'go-analysis' ? 'prose' : spec.kind;
}

function kindOf(spec: TextSpec): ContentKind | null {
  return 'text' in spec ? null : spec.kind;
}

function prefixSpec(spec: TextSpec): TextSpec {
  return 'text' in spec
    ? { text: spec.text.slice(0, MAX_SYSTEM_PROBE_BYTES) }
    : { ...spec, size: MAX_SYSTEM_PROBE_BYTES };
}

// Fixed texts per kind and size, generated once: the provider's count of each is then cached.
const fixedProbes = new Map<string, EstimateProbe>();

function fixed(key: string, build: () => EstimateProbe): EstimateProbe {
  let probe = fixedProbes.get(key);
  if (probe === undefined) {
    probe = build();
    fixedProbes.set(key, probe);
  }
  return probe;
}

function probeText(kind: ContentKind, bytes: number): string {
  return generateText({ kind, size: bytes, turn: 1 }, rngFor(0, 'estimate-probe', kind, bytes));
}

function textProbe(kind: ContentKind, bytes: number): EstimateProbe {
  return fixed(`text:${kind}:${bytes}`, () =>
    frozenProbe(`text:${kind}`, kind, bytes, {
      contents: [{ role: 'user', parts: [{ text: probeText(kind, bytes) }] }],
    }),
  );
}

function calibrationProbe(): EstimateProbe {
  return fixed('calibration', () =>
    frozenProbe('text:prose', 'prose', CALIBRATION_BYTES, {
      contents: [{ role: 'user', parts: [{ text: probeText('prose', CALIBRATION_BYTES) }] }],
    }),
  );
}

function toolResponseProbe(kind: ContentKind, bytes: number): EstimateProbe {
  return fixed(`tool-response:${kind}:${bytes}`, () => {
    const content: Content = {
      role: 'user',
      parts: [{ functionResponse: { name: 'read_file', response: { result: probeText(kind, bytes) } } }],
    };
    return frozenProbe(`tool-response:${kind}`, kind, bytes, { contents: [content] });
  });
}

function functionCallProbe(bytes: number): EstimateProbe {
  return fixed(`function-call:${bytes}`, () => {
    const content: Content = {
      role: 'model',
      parts: [{ functionCall: { name: 'read_file', args: { query: probeText('prose', bytes) } } }],
    };
    return frozenProbe('function-call', 'prose', bytes, { contents: [content] });
  });
}

function inlineDataProbe(bytes: number): EstimateProbe {
  return fixed(`inline-data:${bytes}`, () => {
    // Zero-filled like the world's attachments (model-script.ts); `bytes` is the raw size.
    const content: Content = {
      role: 'user',
      parts: [{ inlineData: { mimeType: 'image/png', data: Buffer.alloc(bytes).toString('base64') } }],
    };
    return frozenProbe('inline-data', null, bytes, { contents: [content] });
  });
}

/** Gemini's server-side tool call and response parts (genai `toolCall` / `toolResponse`), which the world never generates. */
function serverToolProbes(bytes: number): EstimateProbe[] {
  return [
    fixed(`server-tool-call:${bytes}`, () => {
      const part = {
        toolCall: { id: 'call-1', toolType: 'GOOGLE_SEARCH_WEB', args: { query: probeText('prose', bytes) } },
      };
      return frozenProbe('server-tool-call', 'prose', bytes, { contents: [{ role: 'model', parts: [part as never] }] });
    }),
    fixed(`server-tool-response:${bytes}`, () => {
      const part = {
        toolResponse: { id: 'call-1', toolType: 'GOOGLE_SEARCH_WEB', response: { results: probeText('prose', bytes) } },
      };
      return frozenProbe('server-tool-response', 'prose', bytes, {
        contents: [{ role: 'user', parts: [part as never] }],
      });
    }),
  ];
}

function frozenProbe(name: string, contentKind: ContentKind | null, bytes: number, request: LlmRequest): EstimateProbe {
  return deepFreeze({ name, contentKind, bytes, request });
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
