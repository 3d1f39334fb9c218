import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '../../../../shared/contracts/orders';
import { MAX_LINE_RECORDS } from '../../../../shared/contracts/reports';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/payment-methods';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { bankAccountPath, inventoryItemPath, orderPath, paths, settlementPath } from '../../../lib/paths';
import { useRestaurantDateTime } from '../../config';
import { KIND_LABELS } from '../../ledger';
import { useLineExpenses } from '../api/line-expenses';
import { useLineLedger } from '../api/line-ledger';
import { useLineOrders } from '../api/line-orders';
import { useStatementReceipts, useStatementRefunds, useStatementSettlements } from '../api/statement-records';
import type { StatementFormat } from '../statement-format';
import { type LineRecords, orderSourceName, orderTypeName } from '../statement-lines';
import { formatDay, formatPeriod, type ReportPeriod } from '../statement-period';

/** A line whose records are open: what the dialog is called and what it lists. */
export interface OpenLine {
  title: string;
  records: LineRecords;
}

interface ListProps {
  period: ReportPeriod;
  format: StatementFormat;
  locale: string;
}

const linkClasses =
  'font-medium text-neutral-950 underline underline-offset-2 hover:text-neutral-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 rounded-sm';

/** A query's loading and error states; its records once they are there. */
function Loaded({
  query,
  what,
  children,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown; data: unknown };
  what: string;
  children: () => ReactNode;
}) {
  if (query.data === undefined && query.isError) {
    return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data === undefined) return <ListLoading>Loading the {what}...</ListLoading>;
  return <>{children()}</>;
}

function Summary({ children }: { children: ReactNode }) {
  return (
    <p className="mb-3 text-sm text-neutral-700" data-testid="records-summary">
      {children}
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-neutral-200 p-6 text-center text-neutral-600">{children}</p>;
}

/** Said under a list the server cut at its newest `MAX_LINE_RECORDS`. */
function AndMore({ shown }: { shown: number }) {
  return (
    <p className="mt-3 text-sm text-neutral-700" data-testid="records-more">
      and more… Only the newest {shown.toLocaleString()} are listed here.
    </p>
  );
}

function RecordList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white"
    >
      {children}
    </ul>
  );
}

function Record({ main, amount, detail }: { main: ReactNode; amount: ReactNode; detail?: ReactNode }) {
  return (
    <li data-testid="record" className="flex items-start justify-between gap-4 px-4 py-3">
      <div className="min-w-0 flex-1 break-words">
        {main}
        {detail && <p className="mt-0.5 text-sm text-neutral-600">{detail}</p>}
      </div>
      <div className="shrink-0 text-right font-semibold whitespace-nowrap tabular-nums text-neutral-950">
        {amount}
      </div>
    </li>
  );
}

/** When an order was completed: its last move to `completed`. */
function completedAt(order: Order): string {
  const moves = order.timeline.filter((move) => move.kind === 'status' && move.status === 'completed');
  return moves.at(-1)?.at ?? order.updatedAt;
}

function OrderRecords({
  period,
  format,
  filter,
}: ListProps & { filter: { type?: string; source?: string } }) {
  const query = useLineOrders(period, filter);
  const instant = useRestaurantDateTime();
  return (
    <Loaded query={query} what="orders">
      {() => {
        const orders = query.orders ?? [];
        const summary = query.summary;
        const total = summary?.totals.reduce((sum, row) => sum + row.amount, 0) ?? 0;
        return (
          <>
            {summary && (
              <Summary>
                {summary.count.toLocaleString()} completed {summary.count === 1 ? 'order' : 'orders'},
                together {format.money(total)} with tax and charges. Refunds count on the day they are made:
                see the Refunds line.
              </Summary>
            )}
            {orders.length === 0 ? (
              <Empty>No orders were completed in this period.</Empty>
            ) : (
              <RecordList label="Orders">
                {orders.map((order) => (
                  <Record
                    key={order.id}
                    main={
                      <Link to={orderPath(order.id)} className={`${linkClasses} font-mono`}>
                        #{order.number}
                      </Link>
                    }
                    detail={
                      <>
                        Completed {instant(completedAt(order))} · {orderTypeName(order.type)} ·{' '}
                        {orderSourceName(order.source)}
                        {order.discount > 0 && <> · Discount {format.money(order.discount)}</>}
                      </>
                    }
                    amount={format.money(order.total)}
                  />
                ))}
              </RecordList>
            )}
            {query.hasNextPage && (
              <div className="mt-3 flex flex-col">
                <p className="mb-2 text-center text-sm text-neutral-600">and more…</p>
                <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
              </div>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function RefundRecords({ period, format }: ListProps) {
  const query = useStatementRefunds(period);
  const instant = useRestaurantDateTime();
  return (
    <Loaded query={query} what="refunds">
      {() => {
        const items = query.data?.items ?? [];
        return items.length === 0 ? (
          <Empty>No refunds were made in this period.</Empty>
        ) : (
          <>
            <RecordList label="Refunds">
              {items.map((refund) => (
                <Record
                  key={refund.id}
                  main={
                    <>
                      <Link to={orderPath(refund.orderId)} className={`${linkClasses} font-mono`}>
                        #{refund.orderNumber}
                      </Link>
                      <span className="ml-2 text-neutral-800">{refund.reason}</span>
                    </>
                  }
                  detail={
                    <>
                      {instant(refund.createdAt)} ·{' '}
                      {PAYMENT_METHOD_LABELS[refund.method as PaymentMethod] ?? refund.method}
                      {refund.type && ` · ${orderTypeName(refund.type)}`}
                      {refund.source && ` · ${orderSourceName(refund.source)}`}
                      {refund.refundedBy && ` · by ${refund.refundedBy}`}
                    </>
                  }
                  amount={format.money(refund.amount)}
                />
              ))}
            </RecordList>
            {query.data?.truncated && <AndMore shown={MAX_LINE_RECORDS} />}
          </>
        );
      }}
    </Loaded>
  );
}

function ReceiptRecords({ period, format }: ListProps) {
  const query = useStatementReceipts(period);
  const instant = useRestaurantDateTime();
  return (
    <Loaded query={query} what="deliveries">
      {() => {
        const items = query.data?.items ?? [];
        return items.length === 0 ? (
          <Empty>No stock was received in this period.</Empty>
        ) : (
          <>
            <RecordList label="Stock received">
              {items.map((receipt) => (
                <Record
                  key={receipt.id}
                  main={
                    <Link to={inventoryItemPath(receipt.itemId)} className={linkClasses}>
                      {receipt.itemName}
                    </Link>
                  }
                  detail={
                    <>
                      {instant(receipt.createdAt)} · {receipt.quantity}
                      {receipt.reason && ` · ${receipt.reason}`}
                    </>
                  }
                  amount={format.money(receipt.value)}
                />
              ))}
            </RecordList>
            {query.data?.truncated && <AndMore shown={MAX_LINE_RECORDS} />}
          </>
        );
      }}
    </Loaded>
  );
}

function SettlementRecords({ period, format, locale }: ListProps) {
  const query = useStatementSettlements(period);
  return (
    <Loaded query={query} what="settlements">
      {() => {
        const items = query.data?.items ?? [];
        return items.length === 0 ? (
          <Empty>No partner settlement ends in this period.</Empty>
        ) : (
          <>
            <RecordList label="Settlements">
              {items.map((settlement) => (
                <Record
                  key={settlement.id}
                  main={
                    <Link to={settlementPath(settlement.id)} className={linkClasses}>
                      {settlement.partnerName}
                    </Link>
                  }
                  detail={
                    <>
                      {formatPeriod({ from: settlement.periodFrom, to: settlement.periodTo }, locale)} ·{' '}
                      {settlement.status === 'received' ? 'Received' : 'Pending'} · Commission{' '}
                      {format.money(settlement.commission)}
                      {settlement.adjustments !== 0 && (
                        <>, adjustments {format.signed(settlement.adjustments)}</>
                      )}
                    </>
                  }
                  amount={
                    <>
                      {format.money(settlement.commission - settlement.adjustments)}
                      <span className="block text-xs font-normal text-neutral-600">kept by the partner</span>
                    </>
                  }
                />
              ))}
            </RecordList>
            {query.data?.truncated && <AndMore shown={MAX_LINE_RECORDS} />}
          </>
        );
      }}
    </Loaded>
  );
}

/** The expenses page of one day and category: where an expense is seen and changed. */
function expensePath(date: string, categoryId: string): string {
  return `${paths.expenses}?${new URLSearchParams({ from: date, to: date, categoryId })}`;
}

function ExpenseRecords({ period, format, locale, categoryId }: ListProps & { categoryId?: string }) {
  const query = useLineExpenses(period, categoryId);
  return (
    <Loaded query={query} what="expenses">
      {() => {
        const expenses = query.expenses ?? [];
        const totals = query.totals;
        return (
          <>
            {totals && (
              <Summary>
                {totals.count.toLocaleString()} {totals.count === 1 ? 'expense' : 'expenses'}, together{' '}
                {format.money(totals.amount)}.
              </Summary>
            )}
            {expenses.length === 0 ? (
              <Empty>No expenses are dated in this period.</Empty>
            ) : (
              <RecordList label="Expenses">
                {expenses.map((expense) => (
                  <Record
                    key={expense.id}
                    main={
                      <Link to={expensePath(expense.date, expense.categoryId)} className={linkClasses}>
                        {expense.description}
                      </Link>
                    }
                    detail={
                      <>
                        {formatDay(expense.date, locale)}
                        {!categoryId && ` · ${expense.categoryName}`}
                        {expense.supplierName && ` · ${expense.supplierName}`} · Paid from{' '}
                        {expense.accountName}
                      </>
                    }
                    amount={format.money(expense.amount)}
                  />
                ))}
              </RecordList>
            )}
            {query.hasNextPage && (
              <div className="mt-3 flex flex-col">
                <p className="mb-2 text-center text-sm text-neutral-600">and more…</p>
                <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
              </div>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function LedgerRecords({ period, format, locale, accountId }: ListProps & { accountId: string }) {
  const query = useLineLedger(accountId, period);
  return (
    <Loaded query={query} what="account’s entries">
      {() => {
        const rows = query.rows ?? [];
        const summary = query.summary;
        return (
          <>
            {summary && (
              <>
                <Link
                  to={bankAccountPath(accountId)}
                  className={`${linkClasses} mb-3 inline-flex items-center gap-1.5 text-sm`}
                >
                  Open {summary.account.name}
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                </Link>
                <dl className="mb-3 grid grid-cols-2 gap-3 rounded-xl border border-neutral-200 p-3 text-sm sm:grid-cols-4">
                  {(
                    [
                      ['Opening balance', summary.balanceBefore],
                      ['Money in', summary.totalIn],
                      ['Money out', summary.totalOut],
                      ['Closing balance', summary.balanceAfter],
                    ] as const
                  ).map(([label, value]) => (
                    <div key={label}>
                      <dt className="text-neutral-600">{label}</dt>
                      <dd className="font-semibold tabular-nums text-neutral-950">{format.money(value)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
            {rows.length === 0 ? (
              <Empty>No money moved in this account in this period.</Empty>
            ) : (
              <RecordList label="Entries">
                {rows.map((row) => (
                  <Record
                    key={row.id}
                    main={
                      <span className="font-medium text-neutral-950">
                        {row.description || KIND_LABELS[row.kind]}
                      </span>
                    }
                    detail={
                      <>
                        {formatDay(row.bookedOn, locale)} · {KIND_LABELS[row.kind]}
                        {row.reversedById && ' · Voided'}
                      </>
                    }
                    amount={format.signed(row.amount)}
                  />
                ))}
              </RecordList>
            )}
            {query.hasNextPage && (
              <div className="mt-3 flex flex-col">
                <p className="mb-2 text-center text-sm text-neutral-600">and more…</p>
                <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
              </div>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function RecordsOf({ records, ...props }: ListProps & { records: LineRecords }) {
  switch (records.kind) {
    case 'orders':
      return <OrderRecords {...props} filter={{ type: records.type, source: records.source }} />;
    case 'refunds':
      return <RefundRecords {...props} />;
    case 'receipts':
      return <ReceiptRecords {...props} />;
    case 'settlements':
      return <SettlementRecords {...props} />;
    case 'expenses':
      return <ExpenseRecords {...props} categoryId={records.categoryId} />;
    case 'ledger':
      return <LedgerRecords {...props} accountId={records.accountId} />;
  }
}

/** What the dialog lists, in words, for its description. */
function listedWhat(records: LineRecords): string {
  switch (records.kind) {
    case 'orders': {
      const kind = [
        records.type && orderTypeName(records.type),
        records.source && orderSourceName(records.source),
      ]
        .filter(Boolean)
        .join(', ');
      return kind ? `Completed orders (${kind})` : 'Completed orders';
    }
    case 'refunds':
      return 'Refunds made';
    case 'receipts':
      return 'Stock received (at cost)';
    case 'settlements':
      return 'Partner settlements ending';
    case 'expenses':
      return 'Recorded expenses dated';
    case 'ledger':
      return 'Entries booked';
  }
}

/**
 * The records behind a statement line for the period, in a dialog: the completed orders (of a type or
 * source for those lines), the refunds, the stock received, the settlements, a category's expenses or an
 * account's entries; each links to its own page. A long list loads more on demand or says it was cut.
 */
export function LineRecordsDialog({
  line,
  period,
  format,
  locale,
  onClose,
}: {
  line: OpenLine | null;
  period: ReportPeriod;
  format: StatementFormat;
  locale: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      title={line?.title ?? ''}
      description={line ? `${listedWhat(line.records)} in ${formatPeriod(period, locale)}.` : undefined}
      size="lg"
    >
      {line && <RecordsOf records={line.records} period={period} format={format} locale={locale} />}
    </Dialog>
  );
}
