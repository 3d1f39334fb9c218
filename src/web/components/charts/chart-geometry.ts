/**
 * The geometry the charts share, as pure functions: where a point or a bar goes in a box, a line's
 * path (broken where a value is missing), which axis labels fit, and round axis ticks.
 */

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the axes' labels. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The x of the `index`-th of `count` points: spread over the plot, one alone in its middle. */
export function pointX(box: ChartBox, index: number, count: number): number {
  const plot = box.width - box.left - box.right;
  if (count <= 1) return box.left + plot / 2;
  return box.left + (plot * index) / (count - 1);
}

/** The y of `value` on an axis from `min` (the plot's bottom) to `max` (its top). */
export function valueY(box: ChartBox, value: number, min: number, max: number): number {
  const plot = box.height - box.top - box.bottom;
  const span = max - min || 1;
  return box.top + plot * (1 - (value - min) / span);
}

/**
 * An SVG path through the points that have a value: a point without one (null) breaks the line
 * instead of pulling it to the axis.
 */
export function linePath(
  box: ChartBox,
  values: readonly (number | null)[],
  min: number,
  max: number,
): string {
  let path = '';
  let drawing = false;
  values.forEach((value, index) => {
    if (value === null) {
      drawing = false;
      return;
    }
    const x = pointX(box, index, values.length).toFixed(1);
    const y = valueY(box, value, min, max).toFixed(1);
    path += `${drawing ? 'L' : 'M'}${x} ${y} `;
    drawing = true;
  });
  return path.trim();
}

/** Which of `count` labels to write under the axis so they do not overlap (every n-th, and the last). */
export function labelledIndexes(count: number, plotWidth: number, labelWidth: number): Set<number> {
  const fits = Math.max(1, Math.floor(plotWidth / labelWidth));
  const step = Math.max(1, Math.ceil(count / fits));
  const indexes = new Set<number>();
  for (let index = 0; index < count; index += step) indexes.add(index);
  if (count > 0 && !indexes.has(count - 1)) {
    // The last one is worth naming; drop the one before it if the two would touch.
    const previous = count - 1 - ((count - 1) % step);
    if (count - 1 - previous < step / 2) indexes.delete(previous);
    indexes.add(count - 1);
  }
  return indexes;
}

/** `count` bars side by side over the plot: each bar's x and width, with a gap between them. */
export function barSlots(box: ChartBox, count: number): { x: number; width: number }[] {
  const plot = box.width - box.left - box.right;
  if (count <= 0) return [];
  const slot = plot / count;
  const gap = Math.min(slot * 0.25, 8);
  const width = Math.max(1, slot - gap);
  return Array.from({ length: count }, (_, index) => ({ x: box.left + slot * index + gap / 2, width }));
}

/**
 * Round ticks from 0 to at least `max` (about `count` of them): 0, 250, 500… The last tick is the
 * axis' top. `max` 0 gives [0, 1].
 */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step / 2 && ticks.length <= count + 1; tick += step) ticks.push(tick);
  if ((ticks.at(-1) ?? 0) < max) ticks.push(ticks.length * step);
  return ticks;
}

/** The share `value / max` as a 0..1 fraction (0 when there is no max). */
export function shareOf(value: number, max: number): number {
  return max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
}
