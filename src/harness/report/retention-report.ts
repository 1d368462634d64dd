/**
 * Issue 29 read-outs in every report, kept apart from the layouts they join: the share of planted
 * facts retained per kind (on the last request, and at each compaction in report.json), the step
 * each fact was lost, and the fact timeline of the HTML report (a row per fact, a cell per step,
 * coloured by what the probe saw). Nothing here renders for a scenario without facts, so reports
 * of other suites are unchanged.
 */
import { FACT_KINDS, type FactState } from '../../world/facts/fact-types.ts';
import type { RetentionByKind, SessionRetention } from '../../world/facts/retention.ts';
import { escapeHtml } from './html/escape-html.ts';
import { STEP_AXIS } from './html/step-chart.ts';
import { svgNumber } from './html/svg-number.ts';
import type { ScenarioRecord, SuiteReport } from './suite-report.ts';

/** "7/9": facts retained on the last request, of those probed; '—' without facts. */
export function retainedCell(record: Pick<ScenarioRecord, 'retention'>): string {
  const byKind = record.retention?.byKind;
  if (byKind === undefined) return '—';
  const { retained, facts } = totalOf(byKind);
  return `${retained}/${facts}`;
}

export function totalOf(byKind: RetentionByKind): { readonly retained: number; readonly facts: number } {
  let retained = 0;
  let facts = 0;
  for (const kind of FACT_KINDS) {
    retained += byKind[kind]?.retained ?? 0;
    facts += byKind[kind]?.facts ?? 0;
  }
  return { retained, facts };
}

/** "goal 1/1, artifact 3/5": each kind probed. */
export function byKindText(byKind: RetentionByKind): string {
  return FACT_KINDS.flatMap((kind) =>
    byKind[kind] ? [`${kind} ${byKind[kind]!.retained}/${byKind[kind]!.facts}`] : [],
  ).join(', ');
}

/** "db-file lost at step 8, plan stale at step 30": what was not retained on the last request. */
export function lostText(retention: SessionRetention): string {
  return retention.facts
    .filter((fact) => fact.final === 'lost' || fact.final === 'stale')
    .map((fact) => `${fact.id} ${fact.final}${fact.lostAtStep === null ? '' : ` since step ${fact.lostAtStep}`}`)
    .join(', ');
}

/** "4 re-reads (41,346 tokens), 1 re-read loop, 1 not recovered (db-file)": what forgetting cost a session; '' when nothing was re-read. */
export function recoveriesText(retention: SessionRetention | undefined): string {
  const recoveries = retention?.recoveries;
  if (recoveries === undefined) return '';
  const failed = recoveries.facts.filter((fact) => !fact.recovered).map((fact) => fact.id);
  return [
    `${recoveries.calls} re-read${recoveries.calls === 1 ? '' : 's'} (${recoveries.tokens.toLocaleString('en-US')} tokens)`,
    `${recoveries.rereadLoops} re-read loop${recoveries.rereadLoops === 1 ? '' : 's'}`,
    ...(failed.length === 0 ? [] : [`${failed.length} not recovered (${failed.join(', ')})`]),
  ].join(', ');
}

/**
 * Forgetting has a price: a line per scenario whose agent re-read a needed fact the request
 * lacked; '' when none did (reports of sessions without needs are unchanged).
 */
export function recoveriesLines(report: SuiteReport): string {
  const lines = report.scenarios.flatMap((record) => {
    const text = recoveriesText(record.retention);
    return text === '' ? [] : [`  ${record.name}: ${text}`];
  });
  if (lines.length === 0) return '';
  return [
    'What forgetting cost (the agent re-read needed facts its request lacked; requests of those steps in tokens):',
    ...lines,
  ].join('\n');
}

/** The Markdown section: one row per scenario with facts; '' when none has any. */
export function retentionMarkdown(report: SuiteReport): string {
  const rows = report.scenarios.flatMap((record) => {
    const retention = record.retention;
    if (retention === undefined) return [];
    const cells = FACT_KINDS.map((kind) =>
      retention.byKind[kind] ? `${retention.byKind[kind]!.retained}/${retention.byKind[kind]!.facts}` : '—',
    );
    const lost = lostText(retention);
    return [
      `| \`${record.name.replace(/[`|]/g, "'")}\` | ${cells.join(' | ')} | ${lost === '' ? '—' : lost.replace(/\|/g, '\\|')} |`,
    ];
  });
  if (rows.length === 0) return '';
  const recoveries = report.scenarios.flatMap((record) => {
    const text = recoveriesText(record.retention);
    return text === '' ? [] : [`- \`${record.name.replace(/`/g, "'")}\`: ${text}`];
  });
  return [
    '### What survived (planted facts retained on the last request)',
    '',
    `| scenario | ${FACT_KINDS.join(' | ')} | not retained |`,
    `|:--|${FACT_KINDS.map(() => '--:').join('|')}|:--|`,
    ...rows,
    ...(recoveries.length === 0
      ? []
      : ['', '**What forgetting cost** (the agent re-read needed facts its request lacked):', '', ...recoveries]),
  ].join('\n');
}

const COLOURS: Readonly<Record<FactState | 'absent', string>> = {
  kept: '#2e7d32',
  summary: '#1e88e5',
  stale: '#f59e0b',
  lost: '#d32f2f',
  absent: '#e5e7eb',
};

/** The states in the order their runs are drawn: a later state is painted over an earlier one. */
const DRAW_ORDER: readonly (FactState | 'absent')[] = ['absent', 'kept', 'summary', 'stale', 'lost'];
/** The narrowest a run is drawn, so one lost step among thousands still shows. */
const MIN_RUN_WIDTH = 2;
/** Fact labels longer than this are cut (the whole name is in each run's title). */
const MAX_LABEL_CHARS = 17;

/**
 * The fact timeline: a row per fact, one slot per step (grey before it was planted), drawn on the
 * step chart's horizontal frame (`STEP_AXIS`) and at the page's width as the chart is, so each step
 * sits under the chart's; labels in the right margin, where the chart labels its levels. On a long
 * session a slot is a fraction of a pixel: each run of equal state is drawn at least
 * `MIN_RUN_WIDTH` wide, worse states over better ones, so a fact lost for a single step of
 * thousands stays visible. '' without facts.
 */
export function factTimelineHtml(record: ScenarioRecord): string {
  const retention = record.retention;
  if (retention === undefined || record.steps.length === 0) return '';
  const steps = record.steps;
  const slot = STEP_AXIS.width / steps.length;
  const row = 14;
  const width = STEP_AXIS.viewBoxWidth;
  const height = row * retention.facts.length + 4;
  const rows = retention.facts.map((fact, f) => {
    const y = f * row;
    const runs: { readonly state: FactState | 'absent'; readonly svg: string }[] = [];
    // Runs of equal state drawn as one rectangle each, with the states and steps in its title.
    let start = 0;
    const stateAt = (s: number): FactState | 'absent' => steps[s]!.facts?.[fact.id] ?? 'absent';
    for (let s = 1; s <= steps.length; s += 1) {
      if (s < steps.length && stateAt(s) === stateAt(start)) continue;
      const state = stateAt(start);
      const title = `${fact.id} (${fact.kind}): ${state === 'absent' ? 'not planted yet' : state}, steps ${steps[start]!.step}–${steps[s - 1]!.step}`;
      runs.push({
        state,
        svg: `<rect x="${svgNumber(STEP_AXIS.left + start * slot)}" y="${y}" width="${svgNumber(Math.max((s - start) * slot, MIN_RUN_WIDTH))}" height="${row - 3}" fill="${COLOURS[state]}"><title>${escapeHtml(title)}</title></rect>`,
      });
      start = s;
    }
    const drawn = DRAW_ORDER.flatMap((state) => runs.filter((run) => run.state === state).map((run) => run.svg));
    const name = `${fact.id} (${fact.kind})`;
    // An id that starts with its kind (`constraint-1`) says it already: the margin keeps the id.
    const short = fact.id.startsWith(fact.kind) ? fact.id : name;
    const label = short.length <= MAX_LABEL_CHARS ? short : `${short.slice(0, MAX_LABEL_CHARS - 1)}…`;
    return `${drawn.join('')}<text x="${STEP_AXIS.left + STEP_AXIS.width + 6}" y="${y + row - 5}" font-size="11"><title>${escapeHtml(name)}</title>${escapeHtml(label)}</text>`;
  });
  const keys = (['kept', 'summary', 'stale', 'lost', 'absent'] as const).map(
    (state) =>
      `<span><i style="display:inline-block;width:10px;height:10px;margin-right:4px;background:${COLOURS[state]}"></i>${state === 'absent' ? 'not planted yet' : state === 'summary' ? 'in a summary' : state}</span>`,
  );
  const cost = recoveriesText(retention);
  return (
    `<h3>Planted facts: ${escapeHtml(byKindText(retention.byKind))} retained at the end</h3>` +
    (cost === ''
      ? ''
      : `<p class="recoveries">What forgetting cost: ${escapeHtml(cost)}, at steps ${escapeHtml(
          steps
            .filter((step) => step.recovery !== undefined)
            .map((step) => `${step.step} (${step.recovery!.fact})`)
            .join(', '),
        )}.</p>`) +
    `<div class="legend">${keys.join('')}</div>` +
    `<svg class="fact-timeline" role="img" aria-label="fact timeline" viewBox="0 0 ${width} ${height}">${rows.join('')}</svg>`
  );
}
