import { clsx } from 'clsx';
import { useState } from 'react';
import type { BankTransactionWithBalance } from '../../../../shared/contracts/ledger';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { formatDay } from '../../master-data';
import { type LedgerFilter, useAccountLedger } from '../api/ledger-api';
import { KIND_LABELS, SOURCE_LABELS } from './ledger-labels';
import { VoidDialog } from './void-dialog';

/**
 * A row the account's page may void: one entered by hand or a transfer, not voided, not a reversal,
 * not reconciled against a bank statement.
 */
function voidable(row: BankTransactionWithBalance): boolean {
  return (
    (row.source.kind === 'manual' || row.source.kind === 'transfer') &&
    row.kind !== 'reversal' &&
    row.reversedById === null &&
    !row.reconciled
  );
}

/**
 * An account's rows for the filter, newest first: the day, what it was and who recorded it, the
 * amount, and the balance after it. A voided row is struck through; its reversal says what it took
 * back. A row ticked off against a bank statement says "Reconciled".
 */
export function LedgerRows({
  accountId,
  filter,
  money,
}: {
  accountId: string;
  filter: LedgerFilter;
  money: { currency: string; locale: string };
}) {
  const query = useAccountLedger(accountId, filter);
  const [voiding, setVoiding] = useState<BankTransactionWithBalance | null>(null);
  const rows = query.rows;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!rows) return <ListLoading>Loading the account’s entries...</ListLoading>;
  const summary = query.summary;

  return (
    <div className="flex flex-col gap-3">
      {summary && (
        <dl className="grid grid-cols-2 gap-3 rounded-xl border border-neutral-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-4">
          {(
            [
              ['Balance before', summary.balanceBefore],
              ['Money in', summary.totalIn],
              ['Money out', -summary.totalOut],
              ['Balance after', summary.balanceAfter],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt className="text-neutral-600">{label}</dt>
              <dd className="mt-0.5 font-semibold tabular-nums text-neutral-950">
                {formatMoney(value, money.currency, money.locale)}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {rows.length === 0 ? (
        <ListEmpty>No entries in this period.</ListEmpty>
      ) : (
        <ol className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white shadow-sm">
          {rows.map((row) => {
            const voided = row.reversedById !== null;
            return (
              <li
                key={row.id}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3"
              >
                <div className="min-w-0 flex-1">
                  <p className={clsx('font-medium text-neutral-950', voided && 'line-through decoration-1')}>
                    {row.description || KIND_LABELS[row.kind]}
                  </p>
                  <p className="mt-0.5 text-sm text-neutral-600">
                    {formatDay(row.bookedOn, money.locale)} · {KIND_LABELS[row.kind]}
                    {row.source.kind !== row.kind ? ` · ${SOURCE_LABELS[row.source.kind]}` : ''}
                    {row.createdByName ? ` · ${row.createdByName}` : ''}
                    {voided && <span className="ml-1 font-medium text-red-700">· Voided</span>}
                    {row.reconciled && (
                      <span className="ml-1 font-medium text-emerald-800">· Reconciled</span>
                    )}
                  </p>
                </div>
                <div className="flex shrink-0 items-start gap-3">
                  <div className="text-right tabular-nums">
                    <p
                      className={clsx(
                        'font-semibold',
                        row.amount < 0 ? 'text-red-700' : 'text-emerald-800',
                        voided && 'line-through decoration-1',
                      )}
                    >
                      {formatDelta(row.amount, money.currency, money.locale)}
                    </p>
                    <p className="text-sm text-neutral-600">
                      <span className="sr-only">Balance after: </span>
                      {formatMoney(row.runningBalance, money.currency, money.locale)}
                    </p>
                  </div>
                  {voidable(row) && (
                    <Button
                      variant="secondary"
                      onClick={() => setVoiding(row)}
                      aria-label={`Void ${row.description || KIND_LABELS[row.kind]}`}
                    >
                      Void
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
      {voiding && <VoidDialog row={voiding} money={money} onClose={() => setVoiding(null)} />}
    </div>
  );
}
