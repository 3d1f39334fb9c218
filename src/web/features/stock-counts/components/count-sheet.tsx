import { clsx } from 'clsx';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { StockCount } from '../../../../shared/contracts/stock-counts';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SearchBox } from '../../../components/ui/search-box';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { isStaleWrite } from '../../../lib/stale-write';
import { useCloseStockCount } from '../api/stock-counts-api';
import { CountLineRow, useSavingLines } from './count-line-row';
import { byStorageArea, expectedChanges, shortQuantity, signedQuantity, signedText } from './count-model';

export interface MoneyFormat {
  currency: string;
  locale: string;
}

/**
 * An open count, for a phone in a walk-in fridge: progress, a search, the items in storage order by
 * area with big inputs saved as typed, and Finish with a confirm of what will change.
 */
export function CountSheet({ count, money }: { count: StockCount; money: MoneyFormat }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [asking, setAsking] = useState<'finish' | 'cancel' | null>(null);
  const saving = useSavingLines();
  const close = useCloseStockCount(count.id);

  const term = search.trim().toLowerCase();
  const shown = useMemo(
    () => (term ? count.lines.filter((line) => line.itemName.toLowerCase().includes(term)) : count.lines),
    [count.lines, term],
  );
  const counted = count.lines.filter((line) => line.counted !== null).length;
  const total = count.lines.length;
  const percent = total === 0 ? 0 : Math.round((counted / total) * 100);
  const preview = useMemo(() => expectedChanges(count.lines), [count.lines]);
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);

  function confirm() {
    if (!asking) return;
    close.mutate(
      { action: asking, version: count.version },
      {
        onSuccess: (result) => {
          setAsking(null);
          if (result.status === 'finished') toast.success('Count finished: stock is now what was counted');
          else {
            toast.success('Count cancelled');
            void navigate(paths.stockCounts);
          }
        },
        onError: (error) => {
          if (isStaleWrite(error)) {
            toast.error('Someone counted a line just now. Check the changes again, then finish.');
          } else {
            setAsking(null);
            toast.error(errorMessage(error));
          }
        },
      },
    );
  }

  return (
    <div>
      <div className="sticky top-0 z-10 -mx-4 border-b border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-base font-semibold text-neutral-950" data-testid="count-progress">
            {counted} of {total} counted
          </p>
          <p className="text-sm text-neutral-600">{percent}%</p>
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200"
          role="progressbar"
          aria-label="Counted"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={counted}
        >
          <div
            className="h-full rounded-full bg-emerald-600 transition-all"
            style={{ width: `${percent}%` }}
          />
        </div>
        <SearchBox
          value={search}
          onChange={setSearch}
          label="Find an item"
          placeholder="Find an item"
          className="mt-3"
        />
      </div>

      {shown.length === 0 ? (
        <p className="mt-6 text-center text-neutral-600">No item of this count matches “{search.trim()}”.</p>
      ) : (
        byStorageArea(shown).map((group) => (
          <section key={group.lines[0]?.itemId ?? group.area} className="mt-5">
            <h2 className="mb-2 text-sm font-semibold tracking-wide text-neutral-600 uppercase">
              {group.area ?? 'No storage area'}
            </h2>
            <ul className="overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm">
              {group.lines.map((line) => (
                <CountLineRow key={line.itemId} countId={count.id} line={line} />
              ))}
            </ul>
          </section>
        ))
      )}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button variant="secondary" size="lg" onClick={() => setAsking('cancel')}>
          Cancel count
        </Button>
        <Button size="lg" onClick={() => setAsking('finish')} disabled={saving || counted === 0}>
          {saving ? 'Saving...' : 'Finish count'}
        </Button>
      </div>

      <ConfirmDialog
        open={asking === 'finish'}
        title="Finish the count?"
        confirmLabel="Finish count"
        busyLabel="Finishing..."
        busy={close.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        <span className="block">
          {preview.changes.length === 0
            ? 'Everything counted matches the books: nothing changes.'
            : `${preview.changes.length} ${preview.changes.length === 1 ? 'item changes' : 'items change'}, about ${format(preview.value)} at today's cost:`}
        </span>
        {preview.changes.length > 0 && (
          <ul className="mt-3 max-h-64 divide-y divide-neutral-200 overflow-y-auto rounded-md border border-neutral-200">
            {preview.changes.map((change) => (
              <li key={change.line.itemId} className="flex justify-between gap-3 px-3 py-2 text-sm">
                <span className="min-w-0 truncate text-neutral-900">{change.line.itemName}</span>
                <span
                  className={clsx(
                    'shrink-0 tabular-nums',
                    change.difference < 0 ? 'text-red-700' : 'text-emerald-700',
                  )}
                >
                  {signedQuantity(change.difference)} {change.line.unitSymbol} · {format(change.value)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {preview.uncounted > 0 && (
          <span className="mt-3 block">
            {preview.uncounted} {preview.uncounted === 1 ? 'item was' : 'items were'} not counted and stay as
            they are.
          </span>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'cancel'}
        title="Cancel the count?"
        confirmLabel="Cancel count"
        busyLabel="Cancelling..."
        cancelLabel="Keep counting"
        destructive
        busy={close.isPending}
        onConfirm={confirm}
        onClose={() => setAsking(null)}
      >
        What was counted is dropped and stock stays as it is.
      </ConfirmDialog>
    </div>
  );
}

/** A finished (or cancelled) count, read-only: each line's difference and its money. */
export function ClosedCount({ count, money }: { count: StockCount; money: MoneyFormat }) {
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
  const changed = count.lines.filter(
    (line) => line.difference !== null && line.difference !== '0.000',
  ).length;
  return (
    <div>
      {count.status === 'finished' ? (
        <div className="rounded-lg border border-neutral-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-neutral-600">Value difference</p>
          <p
            className={clsx(
              'text-2xl font-semibold tabular-nums',
              (count.valueDifference ?? 0) < 0 ? 'text-red-700' : 'text-neutral-950',
            )}
            data-testid="count-value-difference"
          >
            {format(count.valueDifference ?? 0)}
          </p>
          <p className="mt-1 text-sm text-neutral-600">
            {changed} of {count.lines.length} items adjusted
            {count.closedByName ? ` · finished by ${count.closedByName}` : ''}
          </p>
        </div>
      ) : (
        <p className="rounded-lg border border-neutral-200 bg-neutral-50 p-4 text-neutral-700">
          This count was cancelled{count.closedByName ? ` by ${count.closedByName}` : ''}: nothing was written
          to stock.
        </p>
      )}
      <ul className="mt-5 divide-y divide-neutral-200 overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm">
        {count.lines.map((line) => (
          <li
            key={line.itemId}
            className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 px-4 py-3"
            data-testid="closed-count-line"
          >
            <span className="min-w-0 font-medium break-words text-neutral-950">{line.itemName}</span>
            <span
              className={clsx(
                'text-right tabular-nums',
                line.difference === null
                  ? 'text-neutral-500'
                  : line.difference.startsWith('-')
                    ? 'text-red-700'
                    : 'text-neutral-950',
              )}
            >
              {line.difference === null ? 'Not counted' : `${signedText(line.difference)} ${line.unitSymbol}`}
            </span>
            <span className="text-sm text-neutral-600">
              {line.counted === null
                ? `Books ${shortQuantity(line.expected)} ${line.unitSymbol}, left as it was`
                : `Books ${shortQuantity(line.onHandAtCount ?? line.expected)} · counted ${shortQuantity(line.counted)} ${line.unitSymbol}`}
              {line.countedByName ? ` · ${line.countedByName}` : ''}
            </span>
            <span className="text-right text-sm text-neutral-600 tabular-nums">
              {line.valueDifference === null ? '' : format(line.valueDifference)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
