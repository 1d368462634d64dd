/**
 * The per-scenario chart: real tokens sent at each LLM step against the model's window (and the
 * strategy's compaction threshold when it has one), with summarizations, re-injections and
 * overflow steps marked. Inline SVG, no script: it renders anywhere, including CI artifacts.
 */
import type { StepRecord } from '../../../world/session-result.ts';
import { formatCount } from '../format.ts';
import { niceAxis, shortNumber } from './axis-ticks.ts';
import { escapeHtml } from './escape-html.ts';
import { svgNumber as r } from './svg-number.ts';

export interface StepChartInput {
  readonly title: string;
  readonly steps: readonly StepRecord[];
  /** The strategy's trigger level for a window, or null when it has none (sliding window, custom). */
  readonly thresholdFor: (contextWindow: number) => number | null;
}

const WIDTH = 960;
const HEIGHT = 320;
const MARGIN = { top: 24, right: 112, bottom: 42, left: 64 };
const PLOT_W = WIDTH - MARGIN.left - MARGIN.right;
/**
 * The chart's horizontal frame, in viewBox units (the SVG is drawn at the page's width): step `i`
 * of `n` fills [left + i × width / n, left + (i + 1) × width / n]. A drawing under the chart that
 * uses it (the fact timeline) puts each step under the chart's.
 */
export const STEP_AXIS = { viewBoxWidth: WIDTH, left: MARGIN.left, width: PLOT_W } as const;
const PLOT_H = HEIGHT - MARGIN.top - MARGIN.bottom;

interface Frame {
  readonly x: (index: number) => number;
  readonly y: (tokens: number) => number;
  readonly slot: number;
  /** Top of the y axis, in tokens. */
  readonly max: number;
}

export function renderStepChart(input: StepChartInput): string {
  const { steps } = input;
  // The axis covers what was sent and the window; a request that was far larger before its
  // compaction is clipped at the top (its size is printed there) so it does not flatten the rest.
  const peak = Math.max(...steps.flatMap((s) => [s.realAfter, s.contextWindow]));
  const axis = niceAxis(peak * 1.05);
  const slot = PLOT_W / Math.max(1, steps.length);
  const frame: Frame = {
    x: (index) => MARGIN.left + slot * (index + 0.5),
    y: (tokens) => MARGIN.top + PLOT_H - (Math.min(tokens, axis.max) / axis.max) * PLOT_H,
    slot,
    max: axis.max,
  };
  const thresholds = steps.map((step) => input.thresholdFor(step.contextWindow));
  const body = [
    grid(axis.ticks, frame),
    overflowBands(steps, frame),
    sentArea(steps, frame),
    levelLine(
      steps.map((s) => s.contextWindow),
      frame,
      'window-line',
      'window',
    ),
    levelLine(thresholds, frame, 'threshold-line', 'threshold'),
    // Markers wider than a step's slot overlap: hundreds of re-injections (or overflows) in a row
    // drawn over the line, white outlines and all, hid what was sent. Dense, they go under it.
    ...(dense(frame)
      ? [
          reinjectionMarkers(steps, frame),
          trimMarkers(steps, frame),
          overflowPoints(steps, frame),
          sentLine(steps, frame),
          summarizationMarkers(steps, frame),
        ]
      : [
          sentLine(steps, frame),
          reinjectionMarkers(steps, frame),
          trimMarkers(steps, frame),
          summarizationMarkers(steps, frame),
          overflowPoints(steps, frame),
        ]),
    xAxis(steps, frame),
  ].join('');
  const label = `${input.title}: real tokens per LLM step against the context window`;
  return `<svg class="step-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">${body}</svg>`;
}

function grid(ticks: readonly number[], frame: Frame): string {
  const lines = ticks.map((tick) => {
    const y = r(frame.y(tick));
    return `<line class="grid-line" x1="${MARGIN.left}" x2="${MARGIN.left + PLOT_W}" y1="${y}" y2="${y}"/><text class="tick-label" x="${MARGIN.left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle">${shortNumber(tick)}</text>`;
  });
  const yTitle = `<text class="axis-title" transform="translate(14 ${MARGIN.top + PLOT_H / 2}) rotate(-90)" text-anchor="middle">real tokens sent</text>`;
  return `<g class="grid">${lines.join('')}${yTitle}</g>`;
}

function xAxis(steps: readonly StepRecord[], frame: Frame): string {
  const n = steps.length;
  const every = Math.max(1, Math.ceil(n / 12));
  const labels: string[] = [];
  for (let index = 0; index < n; index += every) {
    labels.push(
      `<text class="tick-label" x="${r(frame.x(index))}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle">${steps[index]?.step ?? index}</text>`,
    );
  }
  const baseline = `<line class="axis-line" x1="${MARGIN.left}" x2="${MARGIN.left + PLOT_W}" y1="${MARGIN.top + PLOT_H}" y2="${MARGIN.top + PLOT_H}"/>`;
  const title = `<text class="axis-title" x="${MARGIN.left + PLOT_W / 2}" y="${HEIGHT - 6}" text-anchor="middle">LLM step</text>`;
  return `<g class="x-axis">${baseline}${labels.join('')}${title}</g>`;
}

/**
 * One band per overflowing step, at least 2 units wide so a single one shows. They are opaque in a
 * group that is translucent as a whole: bands that overlap (a long session's neighbours) do not
 * darken each other, so a run of overflows reads as one band of the same tint.
 */
function overflowBands(steps: readonly StepRecord[], frame: Frame): string {
  const bands = steps
    .map((step, index) =>
      step.overflow
        ? `<rect class="overflow-band" x="${r(frame.x(index) - frame.slot / 2)}" y="${MARGIN.top}" width="${r(Math.max(frame.slot, 2))}" height="${PLOT_H}"><title>step ${step.step}: overflow (${formatCount(step.realAfter)} &gt; ${formatCount(step.contextWindow)})</title></rect>`
        : '',
    )
    .join('');
  return bands === '' ? '' : `<g class="overflow-bands">${bands}</g>`;
}

function points(steps: readonly StepRecord[], frame: Frame, pick: (step: StepRecord) => number): string {
  return steps.map((step, index) => `${r(frame.x(index))},${r(frame.y(pick(step)))}`).join(' ');
}

function sentArea(steps: readonly StepRecord[], frame: Frame): string {
  const base = r(frame.y(0));
  const first = r(frame.x(0));
  const last = r(frame.x(steps.length - 1));
  return `<polygon class="sent-area" points="${first},${base} ${points(steps, frame, (s) => s.realAfter)} ${last},${base}"/>`;
}

function sentLine(steps: readonly StepRecord[], frame: Frame): string {
  return `<polyline class="sent-line" points="${points(steps, frame, (s) => s.realAfter)}"/>`;
}

/** A horizontal level that may change between phases: drawn as a step path, labelled at the end. */
function levelLine(levels: readonly (number | null)[], frame: Frame, cls: string, name: string): string {
  const segments: string[] = [];
  levels.forEach((level, index) => {
    if (level === null) return;
    const x0 = r(frame.x(index) - frame.slot / 2);
    const x1 = r(frame.x(index) + frame.slot / 2);
    const y = r(frame.y(level));
    const joined = index > 0 && levels[index - 1] !== null;
    segments.push(`${joined ? 'L' : 'M'}${x0},${y} L${x1},${y}`);
  });
  if (segments.length === 0) return '';
  const lastIndex = levels.length - 1 - [...levels].reverse().findIndex((level) => level !== null);
  const lastLevel = levels[lastIndex] as number;
  const label = `<text class="level-label ${cls}-label" x="${MARGIN.left + PLOT_W + 6}" y="${r(frame.y(lastLevel))}" dominant-baseline="middle">${name} ${shortNumber(lastLevel)}</text>`;
  return `<path class="${cls}" d="${segments.join(' ')}"/>${label}`;
}

/**
 * A summarization: an arrow down from the size the request had before it to the size sent, and a
 * flag on the top edge. The request before a summarization was never sent, so the part of the
 * arrow above the window is drawn dashed and faint (`summarization-unsent`): only an overflow
 * (a red band and dot) may read as "over the window".
 */
function summarizationMarkers(steps: readonly StepRecord[], frame: Frame): string {
  return steps
    .map((step, index) => {
      if (step.summarizerCalls.length === 0) return '';
      const x = r(frame.x(index));
      const top = MARGIN.top;
      const calls = step.summarizerCalls.length;
      const tip = `step ${step.step} (turn ${step.turn}): summarized with ${calls} call${calls === 1 ? '' : 's'}, ${formatCount(step.realBefore)} → ${formatCount(step.realAfter)} tokens (the larger request was never sent)`;
      const clipped = step.realBefore > frame.max;
      const beforeY = r(frame.y(step.realBefore));
      const afterY = r(frame.y(step.realAfter));
      const windowY = r(frame.y(step.contextWindow));
      // Solid from the lower of (before, window) down to what was sent; dashed above the window.
      const solidTop = Math.max(beforeY, windowY);
      const unsent =
        beforeY < windowY
          ? `<line class="summarization-unsent" x1="${x}" x2="${x}" y1="${beforeY}" y2="${windowY}"/>`
          : '';
      const solid =
        solidTop < afterY
          ? `<line class="summarization-drop" x1="${x}" x2="${x}" y1="${solidTop}" y2="${afterY}"/>`
          : '';
      const head =
        afterY - solidTop >= 6
          ? `<path class="summarization-arrow" d="M${r(x - 4)},${r(afterY - 6)} L${r(x + 4)},${r(afterY - 6)} L${x},${afterY} Z"/>`
          : '';
      const before = clipped
        ? `<text class="summarization-clipped" x="${x + 4}" y="${top + 10}">↑${shortNumber(step.realBefore)}</text>`
        : `<circle class="summarization-before" cx="${x}" cy="${beforeY}" r="3"/>`;
      return `<g class="summarization-marker"><title>${escapeHtml(tip)}</title><line class="summarization-guide" x1="${x}" x2="${x}" y1="${top}" y2="${MARGIN.top + PLOT_H}"/>${unsent}${solid}${head}${before}<path class="summarization-flag" d="M${x - 5},${top - 9} L${x + 5},${top - 9} L${x},${top - 1} Z"/></g>`;
    })
    .join('');
}

function reinjectionMarkers(steps: readonly StepRecord[], frame: Frame): string {
  const cls = dense(frame) ? 'reinjection-marker dense' : 'reinjection-marker';
  return steps
    .map((step, index) => {
      if (!step.reinjection) return '';
      const x = r(frame.x(index));
      const y = r(frame.y(step.realAfter));
      const d = markerSize(frame);
      return `<path class="${cls}" d="M${x},${r(y - d)} L${r(x + d)},${y} L${x},${r(y + d)} L${r(x - d)},${y} Z"><title>step ${step.step}: summary re-injected</title></path>`;
    })
    .join('');
}

/** A request shrunk with no summary at all (history dropped or cut): a small square. */
function trimMarkers(steps: readonly StepRecord[], frame: Frame): string {
  const cls = dense(frame) ? 'trim-marker dense' : 'trim-marker';
  return steps
    .map((step, index) => {
      if (!step.trimmed) return '';
      const d = markerSize(frame) * 0.8;
      const x = r(frame.x(index) - d);
      const y = r(frame.y(step.realAfter) - d);
      return `<rect class="${cls}" x="${x}" y="${y}" width="${r(2 * d)}" height="${r(2 * d)}"><title>step ${step.step}: shrunk without a summary (${formatCount(step.realBefore)} → ${formatCount(step.realAfter)} tokens)</title></rect>`;
    })
    .join('');
}

function overflowPoints(steps: readonly StepRecord[], frame: Frame): string {
  const cls = dense(frame) ? 'overflow-point dense' : 'overflow-point';
  return steps
    .map((step, index) =>
      step.overflow
        ? `<circle class="${cls}" cx="${r(frame.x(index))}" cy="${r(frame.y(step.realAfter))}" r="${markerSize(frame)}"/>`
        : '',
    )
    .join('');
}

/** Neighbouring steps' markers overlap: they are drawn under the line, without outlines. */
function dense(frame: Frame): boolean {
  return frame.slot < 2 * markerSize(frame);
}

/** Markers shrink on long sessions so neighbouring steps stay distinguishable. */
function markerSize(frame: Frame): number {
  return r(Math.max(2, Math.min(5, frame.slot * 0.4)));
}
