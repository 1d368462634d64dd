/** "Nice" axis ticks (1, 2, 5 × 10^k steps) so chart labels read 0, 2k, 4k… not 0, 1733, 3466… */

export interface Axis {
  readonly max: number;
  readonly ticks: readonly number[];
}

/** An axis from 0 that covers `value` with about `count` ticks. */
export function niceAxis(value: number, count = 5): Axis {
  if (!(value > 0)) return { max: 1, ticks: [0, 1] };
  const step = niceStep(value / count);
  const max = Math.ceil(value / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick * 1e6) / 1e6);
  return { max, ticks };
}

function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/** 0 → "0", 2500 → "2.5k", 128000 → "128k", 1200000 → "1.2M". */
export function shortNumber(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (Math.abs(value) >= 1_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

function trim(value: number): string {
  return String(Math.round(value * 10) / 10);
}
