import { clsx } from 'clsx';
import { ChevronDown, Clock } from 'lucide-react';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { formatRanges, type OpeningHours, todaySummary } from '../../../../shared/opening-hours';
import { clockFace } from '../../../../shared/pickup-times';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../../../shared/weekdays';
import { useRenderTime } from '../../../lib/render-time';

function subscribeToMinutes(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 15 * 1000);
  return () => window.clearInterval(timer);
}

const toMinute = (ms: number) => Math.floor(ms / 60_000) * 60_000;

/** The current minute (ms), the same value until it turns. */
function currentMinute(): number {
  return toMinute(Date.now());
}

/**
 * The current time to the minute, renewed by itself so "Open now" turns in a tab left open. In the
 * server's render and while hydrating it is the minute the page was rendered at (the server serves a
 * render only while the restaurant's clock shows the same), so the notice is in the first paint.
 */
function useMinuteClock(): Date | null {
  const renderedAt = useRenderTime();
  const serverMinute = useCallback(() => (renderedAt === null ? null : toMinute(renderedAt)), [renderedAt]);
  const minute = useSyncExternalStore(subscribeToMinutes, currentMinute, serverMinute);
  return minute === null ? null : new Date(minute);
}

interface OpeningHoursSummaryProps {
  hours: OpeningHours;
  timeZone: string;
  onlineOrdering: boolean;
}

/**
 * Today's hours in the restaurant's time zone, with the whole week behind a disclosure, and "Open now";
 * while closed, a notice of when it opens and whether a takeaway can be ordered ahead.
 */
export function OpeningHoursSummary({ hours, timeZone, onlineOrdering }: OpeningHoursSummaryProps) {
  const now = useMinuteClock();
  const minute = now?.getTime() ?? null;
  // Worked out once a minute, not at every render of the header.
  const face = useMemo(
    () =>
      minute === null ? null : clockFace({ openingHours: hours, timeZone, onlineOrdering }, new Date(minute)),
    [minute, hours, timeZone, onlineOrdering],
  );
  const day = face?.day ?? null;
  const openNow = face?.openNow ?? null;
  const closed = face?.closed ?? null;

  return (
    <>
      <details className="group">
        <summary
          className={clsx(
            // One line, whatever today's hours: a second line would push the menu down under the
            // guest's eyes when a page is rendered without a clock (the week is below it).
            'flex max-w-full cursor-pointer list-none items-center gap-2 rounded-md text-sm text-neutral-700',
            'hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
            '[&::-webkit-details-marker]:hidden',
          )}
        >
          <Clock aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
          <span className="min-w-0 truncate font-medium text-neutral-900">
            {day ? todaySummary(hours, day) : 'Opening hours'}
          </span>
          {openNow === true && (
            <span className="shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-800">
              Open now
            </span>
          )}
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
      {closed && (
        <div
          role="status"
          className="flex max-w-md flex-col gap-0.5 rounded-xl bg-amber-50 px-3.5 py-2.5 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          <p className="font-semibold">{closed.headline}</p>
          {closed.detail && <p>{closed.detail}</p>}
        </div>
      )}
    </>
  );
}
