/**
 * A coordinate or length as written into an SVG: two decimals are plenty for drawings under a
 * thousand units wide, and keep the file small and its bytes stable.
 */
export function svgNumber(value: number): number {
  return Math.round(value * 100) / 100;
}
