import { clsx } from 'clsx';
import { ChevronDown, Clock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../../shared/weekdays';
import { formatRanges, isOpenAt, type OpeningHours, restaurantClock, todaySummary } from '../../../../shared/opening-hours';

/** The current time, renewed every `intervalMs`, so "Open now" turns by itself in a tab left open. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface OpeningHoursSummaryProps {
  hours: OpeningHours;
  timeZone: string;
}

/** Today's hours in the restaurant's time zone, with the whole week behind a disclosure. */
export function OpeningHoursSummary({ hours, timeZone }: OpeningHoursSummaryProps) {
  const now = useNow(60 * 1000);
  const { day, minutes } = restaurantClock(timeZone, now);
  const openNow = isOpenAt(hours, day, minutes);

  return (
    <details className="group">
      <summary
        className={clsx(
          'inline-flex cursor-pointer list-none items-center gap-2 rounded-md text-sm text-neutral-700',
          'hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
          '[&::-webkit-details-marker]:hidden',
        )}
      >
        <Clock aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
        <span className="font-medium text-neutral-900">{todaySummary(hours, day)}</span>
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            openNow ? 'bg-emerald-100 text-emerald-800' : 'bg-neutral-200 text-neutral-700',
          )}
        >
          {openNow ? 'Open now' : 'Closed now'}
        </span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 text-neutral-500 transition-transform group-open:rotate-180"
        />
        <span className="sr-only">Opening hours of the week</span>
      </summary>
      <table className="mt-3 w-full max-w-xs text-sm">
        <caption className="sr-only">Opening hours</caption>
        <tbody>
          {WEEKDAYS.map((weekday) => {
            const ranges = hours[weekday] ?? [];
            const isToday = weekday === day;
            return (
              <tr
                key={weekday}
                aria-current={isToday ? 'date' : undefined}
                className={clsx(isToday ? 'font-semibold text-neutral-950' : 'text-neutral-600')}
              >
                <th scope="row" className="py-1 pr-6 text-left font-[inherit]">
                  {WEEKDAY_LABELS[weekday]}
                </th>
                <td className="py-1 text-right tabular-nums">
                  {ranges.length > 0 ? formatRanges(ranges) : 'Closed'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </details>
  );
}
