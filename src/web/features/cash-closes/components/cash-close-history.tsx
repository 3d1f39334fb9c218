import { clsx } from 'clsx';
import type { CashClose } from '../../../../shared/contracts/cash-closes';
import { formatMoney } from '../../../../shared/money';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { useCashCloses } from '../api/cash-closes-api';
import { compareCount, DIFFERENCE_LABELS } from '../cash-close-model';
import type { FigureFormats } from './drawer-figures';

/** "Short $1.00", "Over $0.50", "Exact": the close's difference, coloured by kind. */
function Difference({ close, locale }: { close: CashClose; locale: string }) {
  const { kind, difference } = compareCount(close.counted, close.expected);
  return (
    <span
      className={clsx(
        'font-medium whitespace-nowrap tabular-nums',
        kind === 'short' ? 'text-red-700' : kind === 'over' ? 'text-amber-800' : 'text-emerald-800',
      )}
    >
      {DIFFERENCE_LABELS[kind]}
      {kind === 'exact' ? '' : ` ${formatMoney(Math.abs(difference), close.report.currency, locale)}`}
    </span>
  );
}

/** The close's button: its date and time, stretched over the whole row or card so a tap opens it. */
function OpenButton({
  close,
  formats,
  onOpen,
}: {
  close: CashClose;
  formats: FigureFormats;
  onOpen: (close: CashClose) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(close)}
      className='text-left font-medium text-neutral-950 after:absolute after:inset-0 after:content-[""] focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-neutral-950'
    >
      <time dateTime={close.closedAt}>{formats.dateTime(close.closedAt)}</time>
      <span className="sr-only">, {close.accountName}: open the report</span>
    </button>
  );
}

/**
 * The past closes of every drawer, newest first: when, which drawer, who, expected, counted, over or
 * short and why. A table on a wide screen, cards on a phone; a tap opens the close's report.
 */
export function CashCloseHistory({
  formats,
  locale,
  onOpen,
}: {
  formats: FigureFormats;
  locale: string;
  onOpen: (close: CashClose) => void;
}) {
  const query = useCashCloses();
  const closes = query.closes;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!closes) return <ListLoading>Loading the past closes...</ListLoading>;
  if (closes.length === 0) return <ListEmpty>No drawer has been closed yet.</ListEmpty>;
  const money = (close: CashClose, minor: number) => formatMoney(minor, close.report.currency, locale);

  return (
    <div className="flex flex-col gap-4">
      {/* Phone: one card per close. */}
      <ul className="flex flex-col gap-2 md:hidden" aria-label="Past closes">
        {closes.map((close) => (
          <li
            key={close.id}
            data-testid="cash-close"
            className="relative rounded-xl border border-neutral-200 bg-white p-4 shadow-sm hover:border-neutral-300"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <OpenButton close={close} formats={formats} onOpen={onOpen} />
                <p className="mt-0.5 truncate text-sm text-neutral-600">
                  {close.accountName}
                  {close.closedByName ? ` · ${close.closedByName}` : ''}
                </p>
              </div>
              <Difference close={close} locale={locale} />
            </div>
            <p className="mt-2 text-sm text-neutral-700 tabular-nums">
              Counted {money(close, close.counted)} of {money(close, close.expected)}
            </p>
            {close.reason && <p className="mt-0.5 text-sm break-words text-neutral-600">{close.reason}</p>}
          </li>
        ))}
      </ul>
      {/* Wide screens: a table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Past closes</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium whitespace-nowrap">
                Closed
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Drawer
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                By
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Expected
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Counted
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Difference
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Reason
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {closes.map((close) => (
              <tr key={close.id} data-testid="cash-close" className="relative align-top hover:bg-neutral-50">
                <td className="px-4 py-3 whitespace-nowrap">
                  <OpenButton close={close} formats={formats} onOpen={onOpen} />
                </td>
                <td className="px-4 py-3 text-neutral-700">{close.accountName}</td>
                <td className="px-4 py-3 text-neutral-700">{close.closedByName ?? '—'}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-neutral-700 tabular-nums">
                  {money(close, close.expected)}
                </td>
                <td className="px-4 py-3 text-right whitespace-nowrap text-neutral-950 tabular-nums">
                  {money(close, close.counted)}
                </td>
                <td className="px-4 py-3 text-right">
                  <Difference close={close} locale={locale} />
                </td>
                <td className="max-w-64 px-4 py-3 break-words text-neutral-700">{close.reason || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}
