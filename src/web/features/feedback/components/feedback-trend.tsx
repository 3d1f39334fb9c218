import { clsx } from 'clsx';
import { useId, useMemo, useState } from 'react';
import type { FeedbackSummary, FeedbackTrendBucket } from '../../../../shared/contracts/feedback';
import { RATING_MAX, RATING_MIN } from '../../../../shared/feedback-paths';
import { LineChart, type LineSeries } from '../../../components/charts/line-chart';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch-field';
import { useConfig } from '../../config';
import { formatAverage } from '../feedback-model';

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
const TICKS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

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
  const trend = summary.trend;
  const series: LineSeries[] = SERIES.map((line) => ({
    key: line.key,
    label: line.label,
    values: trend.map((point) => point[line.key]),
    stroke: line.stroke,
    fill: line.fill,
    strokeWidth: line.key === 'overall' ? 2.5 : 1.75,
  }));
  return (
    <LineChart
      labels={trend.map((point) => periodLabel(point.period))}
      series={series}
      min={RATING_MIN}
      max={RATING_MAX}
      ticks={TICKS}
      height={HEIGHT}
      ariaLabel={`Average overall, food and service ratings per ${BUCKET_WORDS[summary.bucket]}, ${trend.length} ${trend.length === 1 ? 'period' : 'periods'}. "Show as table" gives the numbers.`}
      pointTitle={(line, index) => {
        const point = trend[index];
        const value = line.values[index] ?? null;
        return point
          ? `${line.label}, ${periodLabel(point.period)}: ${formatAverage(value)} (${point.count} feedback)`
          : '';
      }}
      testId="trend-chart"
    />
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
