import { clsx } from 'clsx';
import { type ChartBox, labelledIndexes, linePath, pointX, valueY } from './chart-geometry';
import { useWidth } from './use-width';

export interface LineSeries {
  key: string;
  label: string;
  /** One value per point of the x axis; null leaves a gap in the line. */
  values: readonly (number | null)[];
  /** Tailwind classes of the line (`stroke-…`) and of its dots (`fill-…`). */
  stroke: string;
  fill: string;
  strokeWidth?: number;
}

/** A dashed level across the plot (a threshold), with its name at the right end. */
export interface LineGuide {
  value: number;
  label: string;
  stroke: string;
}

interface LineChartProps {
  /** The x axis' labels, one per point. */
  labels: readonly string[];
  series: readonly LineSeries[];
  /** The y axis: its bottom, its top and the levels drawn and named on it. */
  min: number;
  max: number;
  ticks: readonly number[];
  formatTick?: (value: number) => string;
  guides?: readonly LineGuide[];
  /** A dot's tooltip. */
  pointTitle: (series: LineSeries, index: number) => string;
  /** What the chart shows, in words (the card's table gives the numbers). */
  ariaLabel: string;
  height?: number;
  /** Room left of the plot for the y axis' labels. */
  left?: number;
  testId?: string;
}

/**
 * One or more lines over the same points, drawn as SVG at the width of its container: horizontal
 * levels at `ticks` (the lowest solid), every label that fits under the axis, a dot per value.
 */
export function LineChart({
  labels,
  series,
  min,
  max,
  ticks,
  formatTick = String,
  guides = [],
  pointTitle,
  ariaLabel,
  height = 240,
  left = 34,
  testId,
}: LineChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const count = labels.length;
  const box: ChartBox = { width: Math.max(width, 200), height, left, right: 16, top: 12, bottom: 30 };
  const labelled = labelledIndexes(count, box.width - box.left - box.right, 64);

  return (
    // Hidden overflow: a chart drawn for a wider screen never holds the card wide while it is measured again.
    <div ref={ref} className="w-full overflow-hidden">
      {width > 0 && (
        <svg
          width={box.width}
          height={box.height}
          role="img"
          aria-label={ariaLabel}
          className="block overflow-visible text-neutral-600"
          data-testid={testId}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={box.left}
                x2={box.width - box.right}
                y1={valueY(box, tick, min, max)}
                y2={valueY(box, tick, min, max)}
                className="stroke-neutral-200"
                strokeDasharray={tick === min ? undefined : '3 3'}
              />
              <text
                x={box.left - 10}
                y={valueY(box, tick, min, max)}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-xs"
              >
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {guides.map((guide) => (
            <g key={guide.label}>
              <line
                x1={box.left}
                x2={box.width - box.right}
                y1={valueY(box, guide.value, min, max)}
                y2={valueY(box, guide.value, min, max)}
                className={guide.stroke}
                strokeDasharray="6 4"
                strokeWidth={1.5}
              />
              <text
                x={box.width - box.right}
                y={valueY(box, guide.value, min, max) - 4}
                textAnchor="end"
                className="fill-current text-xs"
              >
                {guide.label}
              </text>
            </g>
          ))}
          {labels.map((label, index) =>
            labelled.has(index) ? (
              <text
                // biome-ignore lint/suspicious/noArrayIndexKey: the axis' points are positional.
                key={index}
                x={pointX(box, index, count)}
                y={box.height - 8}
                textAnchor={
                  count === 1 ? 'middle' : index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle'
                }
                className="fill-current text-xs"
              >
                {label}
              </text>
            ) : null,
          )}
          {series.map((line) => (
            <g key={line.key}>
              <path
                d={linePath(box, line.values, min, max)}
                className={clsx('fill-none', line.stroke)}
                strokeWidth={line.strokeWidth ?? 2}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {line.values.map((value, index) => {
                if (value === null) return null;
                return (
                  <circle
                    // biome-ignore lint/suspicious/noArrayIndexKey: the axis' points are positional.
                    key={index}
                    cx={pointX(box, index, count)}
                    cy={valueY(box, value, min, max)}
                    r={count > 40 ? 2 : 3.5}
                    className={line.fill}
                  >
                    <title>{pointTitle(line, index)}</title>
                  </circle>
                );
              })}
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
