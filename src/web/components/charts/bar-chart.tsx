import { clsx } from 'clsx';
import type { KeyboardEvent } from 'react';
import { barSlots, type ChartBox, labelledIndexes, niceTicks, valueY } from './chart-geometry';
import { useWidth } from './use-width';

export interface Bar {
  key: string;
  /** Under the axis (only those that fit are written). */
  label: string;
  value: number;
  /** The bar's accessible name and tooltip: "Tue 9:00–10:00: 12 orders, $184.00". */
  name: string;
}

interface BarChartProps {
  bars: readonly Bar[];
  formatTick?: (value: number) => string;
  /** What the chart shows, in words. */
  ariaLabel: string;
  /** Called with a bar chosen (click, Enter or Space); bars with a value are then buttons. */
  onSelect?: (bar: Bar) => void;
  height?: number;
  left?: number;
  testId?: string;
}

function pressed(event: KeyboardEvent, choose: () => void) {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    choose();
  }
}

/**
 * Vertical bars from zero, drawn as SVG at the width of its container, with round levels on the y axis.
 * With `onSelect`, every bar with a value is a button (focusable, named, Enter or Space chooses it).
 */
export function BarChart({
  bars,
  formatTick = String,
  ariaLabel,
  onSelect,
  height = 240,
  left = 56,
  testId,
}: BarChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const box: ChartBox = { width: Math.max(width, 200), height, left, right: 8, top: 12, bottom: 30 };
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const slots = barSlots(box, bars.length);
  const labelled = labelledIndexes(bars.length, box.width - box.left - box.right, 48);
  const base = valueY(box, 0, 0, top);

  return (
    <div ref={ref} className="w-full overflow-hidden">
      {width > 0 && (
        <svg
          width={box.width}
          height={box.height}
          role={onSelect ? 'group' : 'img'}
          aria-label={ariaLabel}
          className="block overflow-visible text-neutral-600"
          data-testid={testId}
        >
          {ticks.map((tick) => (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an SVG group is not focusable; the levels are decoration.
            <g key={tick} aria-hidden="true">
              <line
                x1={box.left}
                x2={box.width - box.right}
                y1={valueY(box, tick, 0, top)}
                y2={valueY(box, tick, 0, top)}
                className="stroke-neutral-200"
                strokeDasharray={tick === 0 ? undefined : '3 3'}
              />
              <text
                x={box.left - 8}
                y={valueY(box, tick, 0, top)}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-xs"
              >
                {formatTick(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar, index) => {
            const slot = slots[index];
            if (!slot) return null;
            const y = valueY(box, bar.value, 0, top);
            const label = labelled.has(index) ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: SVG text is not focusable; the bar's name says it.
              <text
                x={slot.x + slot.width / 2}
                y={box.height - 8}
                textAnchor="middle"
                className="fill-current text-xs"
                aria-hidden="true"
              >
                {bar.label}
              </text>
            ) : null;
            const shape = (
              <rect
                x={slot.x}
                y={Math.min(y, base - (bar.value > 0 ? 2 : 0))}
                width={slot.width}
                height={Math.max(base - y, bar.value > 0 ? 2 : 0)}
                rx={Math.min(3, slot.width / 4)}
                className={clsx(
                  'fill-neutral-800',
                  onSelect &&
                    'transition-colors group-hover:fill-amber-600 group-focus-visible:fill-amber-600',
                )}
              />
            );
            if (!onSelect || bar.value <= 0) {
              return (
                <g key={bar.key}>
                  <title>{bar.name}</title>
                  {shape}
                  {label}
                </g>
              );
            }
            return (
              // biome-ignore lint/a11y/useSemanticElements: an SVG bar cannot be a <button>; it behaves as one.
              <g
                key={bar.key}
                role="button"
                tabIndex={0}
                aria-label={bar.name}
                className="group cursor-pointer outline-none"
                onClick={() => onSelect(bar)}
                onKeyDown={(event) => pressed(event, () => onSelect(bar))}
                data-bar={bar.key}
              >
                <title>{bar.name}</title>
                {/* The whole column answers a click, not only the (maybe tiny) bar. */}
                <rect
                  x={slot.x}
                  y={box.top}
                  width={slot.width}
                  height={base - box.top}
                  className="fill-transparent group-focus-visible:stroke-neutral-950"
                  strokeWidth={2}
                />
                {shape}
                {label}
              </g>
            );
          })}
        </svg>
      )}
    </div>
  );
}
