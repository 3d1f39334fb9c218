import { clsx } from 'clsx';
import { Flag } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import type { FeedbackSummary } from '../../../../shared/contracts/feedback';
import { LOW_RATING, RATING_MAX } from '../../../../shared/feedback-paths';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatAverage, percentOf, RATING_WORDS, ratedNote } from '../feedback-model';

function Tile({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col gap-0.5 rounded-xl border border-neutral-200 bg-white px-4 py-3 shadow-sm"
      data-testid={testId}
    >
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-semibold tracking-tight text-neutral-950 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-neutral-600">{note}</dd>}
    </div>
  );
}

/**
 * How many gave feedback and their average ratings under the filters (food and service over those who
 * rated them, saying how many did), and the low ratings still
 * waiting for a look (all time), with a button that filters the list down to them.
 */
export function SummaryTiles({
  summary,
  onShowFlagged,
}: {
  summary: FeedbackSummary;
  onShowFlagged: () => void;
}) {
  const { averages } = summary;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Tile label="Feedback" value={String(summary.count)} testId="summary-count" />
        <Tile
          label="Average overall"
          value={formatAverage(averages.overall)}
          note={averages.overall === null ? undefined : `out of ${RATING_MAX}`}
          testId="summary-overall"
        />
        <Tile
          label="Average food"
          value={formatAverage(averages.food)}
          note={ratedNote('food', summary.rated.food, summary.count)}
          testId="summary-food"
        />
        <Tile
          label="Average service"
          value={formatAverage(averages.service)}
          note={ratedNote('service', summary.rated.service, summary.count)}
          testId="summary-service"
        />
      </dl>
      <div
        className={clsx(
          'flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3',
          summary.flaggedUnreviewed > 0
            ? 'border-red-200 bg-red-50 text-red-900'
            : 'border-neutral-200 bg-white text-neutral-700',
        )}
        data-testid="summary-flagged"
      >
        <p className="flex items-center gap-2 text-sm">
          <Flag aria-hidden="true" className="size-4 shrink-0" />
          {summary.flaggedUnreviewed === 0
            ? `No low ratings (${LOW_RATING} stars or fewer) are waiting for review.`
            : `${summary.flaggedUnreviewed} low ${summary.flaggedUnreviewed === 1 ? 'rating' : 'ratings'} (${LOW_RATING} stars or fewer) waiting for review.`}
        </p>
        {summary.flaggedUnreviewed > 0 && (
          <Button variant="secondary" onClick={onShowFlagged}>
            Show them
          </Button>
        )}
      </div>
    </div>
  );
}

/** How many gave each overall rating, 5 stars first, as bars with their count and share. */
export function RatingDistribution({ summary }: { summary: FeedbackSummary }) {
  const rows = useMemo(
    () => summary.distribution.map((count, index) => ({ rating: index + 1, count })).reverse(),
    [summary.distribution],
  );
  const total = summary.distribution.reduce((sum, count) => sum + count, 0);
  const most = Math.max(1, ...summary.distribution);
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-neutral-950">Overall ratings</h2>
      <ul className="mt-4 flex flex-col gap-2.5" aria-label="How many gave each overall rating">
        {rows.map(({ rating, count }) => (
          <li
            key={rating}
            className="grid grid-cols-[4.5rem_minmax(0,1fr)_4.5rem] items-center gap-3 text-sm"
          >
            <span className="text-neutral-700">
              {rating} {rating === 1 ? 'star' : 'stars'}
              <span className="sr-only"> ({RATING_WORDS[rating]})</span>
            </span>
            <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-neutral-100">
              <span
                className={clsx(
                  'block h-full rounded-full',
                  rating <= LOW_RATING ? 'bg-red-500' : rating === 3 ? 'bg-amber-400' : 'bg-emerald-500',
                )}
                style={{ width: `${(count / most) * 100}%` }}
              />
            </span>
            <span className="text-right text-neutral-800 tabular-nums">
              {count}
              <span className="text-neutral-500"> · {percentOf(count, total)}%</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
