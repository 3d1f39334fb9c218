import { clsx } from 'clsx';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FeedbackSummary, FeedbackTrendBucket } from '../../../../shared/contracts/feedback';
import { RATING_MAX, RATING_MIN } from '../../../../shared/feedback-paths';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch-field';
import { useConfig } from '../../config';
import { type ChartBox, chartX, chartY, formatAverage, labelledIndexes, linePath } from '../feedback-model';

const SERIES = [
  {
    key: 'overall',
    label: 'Overall',
    stroke: 'stroke-neutral-900',
    fill: 'fill-neutral-900',
    swatch: 'bg-neutral-900',
  },
  { key: 'food', label: 'Food', stroke: 'stroke-amber-600', fill: 'fill-amber-600', swatch: 'bg-amber-600' },
  { key: 'service', label: 'Service', stroke: 'stroke-sky-600', fill: 'fill-sky-600', swatch: 'bg-sky-600' },
] as const;

const BUCKET_WORDS: Record<FeedbackTrendBucket, string> = { day: 'day', week: 'week', month: 'month' };
const HEIGHT = 240;

/** The width the element is given, kept up to date (the chart is drawn in real pixels, so text stays sharp). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** "Nov 26" for a day or a week's first day, "Nov 2026" for a month (from `YYYY-MM-DD`). */
function usePeriodLabel(bucket: FeedbackTrendBucket | 'full-day') {
  const locale = useConfig().data?.locale;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(
      locale,
      bucket === 'full-day'
        ? { dateStyle: 'medium', timeZone: 'UTC' }
        : bucket === 'month'
          ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
          : { month: 'short', day: 'numeric', timeZone: 'UTC' },
    );
    return (period: string) => {
      const [year, month, day] = period.split('-').map(Number);
      return format.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
    };
  }, [locale, bucket]);
}

function Chart({ summary, periodLabel }: { summary: FeedbackSummary; periodLabel: (p: string) => string }) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const trend = summary.trend;
  const box: ChartBox = {
    width: Math.max(width, 200),
    height: HEIGHT,
    left: 34,
    right: 16,
    top: 12,
    bottom: 30,
  };
  const labels = labelledIndexes(trend.length, box.width - box.left - box.right, 64);
  const ticks = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

  return (
    // Hidden overflow: a chart drawn for a wider screen never holds the card wide while it is measured again.
    <div ref={ref} className="w-full overflow-hidden">
      {width > 0 && (
        <svg
          width={box.width}
          height={box.height}
          role="img"
          aria-label={`Average overall, food and service ratings per ${BUCKET_WORDS[summary.bucket]}, ${trend.length} ${trend.length === 1 ? 'period' : 'periods'}. "Show as table" gives the numbers.`}
          className="block overflow-visible text-neutral-600"
          data-testid="trend-chart"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={box.left}
                x2={box.width - box.right}
                y1={chartY(box, tick)}
                y2={chartY(box, tick)}
                className="stroke-neutral-200"
                strokeDasharray={tick === RATING_MIN ? undefined : '3 3'}
              />
              <text
                x={box.left - 10}
                y={chartY(box, tick)}
                dy="0.32em"
                textAnchor="end"
                className="fill-current text-xs"
              >
                {tick}
              </text>
            </g>
          ))}
          {trend.map((point, index) =>
            labels.has(index) ? (
              <text
                key={point.period}
                x={chartX(box, index, trend.length)}
                y={box.height - 8}
                textAnchor={
                  trend.length === 1
                    ? 'middle'
                    : index === 0
                      ? 'start'
                      : index === trend.length - 1
                        ? 'end'
                        : 'middle'
                }
                className="fill-current text-xs"
              >
                {periodLabel(point.period)}
              </text>
            ) : null,
          )}
          {SERIES.map((series) => (
            <g key={series.key}>
              <path
                d={linePath(
                  box,
                  trend.map((point) => point[series.key]),
                )}
                className={clsx('fill-none', series.stroke)}
                strokeWidth={series.key === 'overall' ? 2.5 : 1.75}
                strokeLinejoin="round"
                strokeLinecap="round"
              />
              {trend.map((point, index) => {
                const value = point[series.key];
                if (value === null) return null;
                return (
                  <circle
                    key={point.period}
                    cx={chartX(box, index, trend.length)}
                    cy={chartY(box, value)}
                    r={trend.length > 40 ? 2 : 3.5}
                    className={series.fill}
                  >
                    <title>{`${series.label}, ${periodLabel(point.period)}: ${formatAverage(value)} (${point.count} feedback)`}</title>
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

function TrendTable({
  summary,
  periodLabel,
  captionId,
}: {
  summary: FeedbackSummary;
  periodLabel: (p: string) => string;
  captionId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-labelledby={captionId} data-testid="trend-table">
        <thead>
          <tr className="border-b border-neutral-200 text-neutral-600">
            <th scope="col" className="py-2 pr-4 font-medium capitalize">
              {BUCKET_WORDS[summary.bucket]}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              Feedback
            </th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col" className="py-2 pr-4 text-right font-medium last:pr-0">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {summary.trend.map((point) => (
            <tr key={point.period}>
              <th scope="row" className="py-2 pr-4 font-normal text-neutral-800">
                <time dateTime={point.period}>{periodLabel(point.period)}</time>
              </th>
              <td className="py-2 pr-4 text-right tabular-nums">{point.count}</td>
              {SERIES.map((series) => (
                <td key={series.key} className="py-2 pr-4 text-right tabular-nums last:pr-0">
                  {formatAverage(point[series.key])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The average ratings over time (per day, week or month, as the server chose for the period), drawn
 * as an SVG line chart; "Show as table" gives the same numbers as a table.
 */
export function FeedbackTrend({ summary }: { summary: FeedbackSummary }) {
  const [asTable, setAsTable] = useState(false);
  const periodLabel = usePeriodLabel(summary.bucket);
  const dayLabel = usePeriodLabel('full-day');
  const headingId = useId();
  const hasData = summary.trend.some((point) => point.count > 0);

  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-neutral-950">
            Ratings over time
          </h2>
          <p className="text-sm text-neutral-600">
            Average per {BUCKET_WORDS[summary.bucket]}
            {summary.from && summary.to
              ? summary.from === summary.to
                ? `, ${dayLabel(summary.from)}`
                : `, ${dayLabel(summary.from)} to ${dayLabel(summary.to)}`
              : ''}
          </p>
        </div>
        {hasData && <Switch label="Show as table" checked={asTable} onChange={setAsTable} />}
      </div>
      {!hasData ? (
        <p className="mt-6 text-center text-neutral-600">No feedback in this period yet.</p>
      ) : asTable ? (
        <div className="mt-4">
          <TrendTable summary={summary} periodLabel={periodLabel} captionId={headingId} />
        </div>
      ) : (
        <div className="mt-4">
          <Chart summary={summary} periodLabel={periodLabel} />
          <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-neutral-700" aria-label="Legend">
            {SERIES.map((series) => (
              <li key={series.key} className="flex items-center gap-2">
                <span aria-hidden="true" className={clsx('h-1 w-5 rounded-full', series.swatch)} />
                {series.label}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
