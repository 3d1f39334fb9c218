import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import type { CashClose, CashCloseReport } from '../../../../shared/contracts/cash-closes';
import { methodLabel } from './day-end-report';

export interface FigureFormats {
  money: (minor: number) => string;
  dateTime: (iso: string) => string;
}

function BreakdownRow({
  sign,
  label,
  value,
  testId,
}: {
  sign: string;
  label: ReactNode;
  value: string;
  testId: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5" data-testid={testId}>
      <dt className="flex min-w-0 items-baseline gap-2 text-neutral-700">
        <span aria-hidden="true" className="w-4 shrink-0 text-center font-semibold text-neutral-500">
          {sign}
        </span>
        <span className="min-w-0">{label}</span>
      </dt>
      <dd className="shrink-0 font-medium text-neutral-950 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * What should be in the drawer, taken apart: the opening (the last count, or the ledger's cash at the
 * start of the day before the drawer's first close), plus the cash taken, less cash refunds and cash
 * paid out, with transfers and anything else that came in, equals what should be there.
 */
export function DrawerBreakdown({
  report,
  lastClose,
  formats,
}: {
  report: CashCloseReport;
  /** The drawer's latest close, when its period starts there. */
  lastClose: CashClose | null;
  formats: FigureFormats;
}) {
  const { drawer } = report;
  const { money } = formats;
  const signed = (minor: number) => (minor < 0 ? `−${money(-minor)}` : money(minor));
  return (
    <div>
      <dl className="divide-y divide-neutral-100 text-sm">
        <BreakdownRow
          sign=""
          testId="drawer-opening"
          label={
            lastClose ? (
              <>
                Last count{' '}
                <span className="text-neutral-500">
                  ({formats.dateTime(lastClose.closedAt)}
                  {lastClose.closedByName ? `, ${lastClose.closedByName}` : ''})
                </span>
              </>
            ) : (
              'Opening float'
            )
          }
          value={money(drawer.opening)}
        />
        <BreakdownRow
          sign="+"
          label="Cash taken"
          value={money(drawer.cashTaken)}
          testId="drawer-cash-taken"
        />
        <BreakdownRow
          sign="−"
          label="Cash refunds"
          value={money(drawer.cashRefunds)}
          testId="drawer-cash-refunds"
        />
        <BreakdownRow
          sign="−"
          label="Paid out (expenses, suppliers, by hand)"
          value={money(drawer.paidOut)}
          testId="drawer-paid-out"
        />
        <BreakdownRow sign="±" label="Transfers" value={signed(drawer.transfers)} testId="drawer-transfers" />
        <BreakdownRow sign="+" label="Other" value={signed(drawer.otherIn)} testId="drawer-other" />
      </dl>
      <div className="mt-2 flex items-baseline justify-between gap-3 rounded-xl bg-neutral-100 px-4 py-3">
        <span className="font-medium text-neutral-800">Should be in the drawer</span>
        <span className="text-2xl font-semibold text-neutral-950 tabular-nums" data-testid="drawer-expected">
          {money(drawer.expected)}
        </span>
      </div>
    </div>
  );
}

function Tile({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={clsx('rounded-xl border border-neutral-200 px-3 py-2', className)}>
      <dt className="text-xs font-medium text-neutral-600">{label}</dt>
      <dd className="text-lg font-semibold text-neutral-950 tabular-nums">{value}</dd>
    </div>
  );
}

function MethodList({
  title,
  rows,
  total,
  empty,
  money,
}: {
  title: string;
  rows: CashCloseReport['sales']['byMethod'];
  total: number;
  empty: string;
  money: (minor: number) => string;
}) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-neutral-950">{title}</h3>
      {rows.length === 0 && <p className="mt-1 py-1 text-sm text-neutral-600">{empty}</p>}
      <dl className={clsx('text-sm', rows.length > 0 && 'mt-1')}>
        {rows.map((row) => (
          <div key={row.method} className="flex justify-between gap-3 py-1">
            <dt className="text-neutral-700">
              {methodLabel(row.method)}{' '}
              <span className="whitespace-nowrap text-neutral-500">× {row.count}</span>
            </dt>
            <dd className="text-neutral-950 tabular-nums">{money(row.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-neutral-200 pt-1.5 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{money(total)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The day's figures so far: the period, orders, sales and refunds by method, voids, comps, discounts. */
export function DaySoFar({ report, formats }: { report: CashCloseReport; formats: FigureFormats }) {
  const { money } = formats;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-neutral-600">
        From <time dateTime={report.from}>{formats.dateTime(report.from)}</time> to{' '}
        <time dateTime={report.to}>{formats.dateTime(report.to)}</time>
      </p>
      <dl className="grid grid-cols-3 gap-2">
        <Tile label="Orders placed" value={report.orders.placed} />
        <Tile label="Completed" value={report.orders.completed} />
        <Tile label="Cancelled" value={report.orders.cancelled} />
      </dl>
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-1">
        <MethodList
          title="Sales"
          rows={report.sales.byMethod}
          total={report.sales.total}
          empty="No payments yet."
          money={money}
        />
        <MethodList
          title="Refunds"
          rows={report.refunds.byMethod}
          total={report.refunds.total}
          empty="No refunds."
          money={money}
        />
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <Tile
          label={`Voids (${report.voids.count})`}
          value={<span className="text-base">{money(report.voids.amount)}</span>}
        />
        <Tile
          label={`Comps (${report.comps.count})`}
          value={<span className="text-base">{money(report.comps.amount)}</span>}
        />
        <Tile
          label={`Discounts (${report.discounts.count})`}
          value={<span className="text-base">{money(report.discounts.amount)}</span>}
        />
      </dl>
    </div>
  );
}
