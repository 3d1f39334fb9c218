import { clsx } from 'clsx';
import { type ReactNode, useMemo } from 'react';
import { createPortal } from 'react-dom';
import type { CashClose, CashCloseReport } from '../../../../shared/contracts/cash-closes';
import { formatMoney } from '../../../../shared/money';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/payment-methods';
import { useConfig } from '../../config';
import { DIFFERENCE_LABELS, differenceKind } from '../cash-close-model';
import './day-end-report.css';

/** A payment method's label; one the web does not know yet is shown as the server names it. */
export function methodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method;
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={clsx('day-end-row flex justify-between gap-2', strong && 'font-bold')}
      data-testid={testId}
    >
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-dashed border-black py-1.5">
      <h3 className="font-bold uppercase">{title}</h3>
      <dl>{children}</dl>
    </section>
  );
}

/**
 * The day's end report of a drawer for an 80 mm receipt printer: the restaurant, the drawer, the
 * period and who closed it; the orders placed, completed and cancelled; sales and refunds by payment
 * method with their totals; voids, comps and discounts; then the drawer from its opening to what
 * should be there, and (once closed) what was counted, over or short, and why. `DayEndReport` is the
 * report itself; `DayEndReportPrintCopy` puts a print-only copy at the end of the page, so
 * `window.print()` prints the report alone.
 */
export function DayEndReport({
  report,
  close,
  className,
}: {
  report: CashCloseReport;
  /** The close the report belongs to; without one it is the report so far (nothing counted yet). */
  close?: CashClose;
  className?: string;
}) {
  const config = useConfig().data;
  const locale = config?.locale ?? 'en';
  const timeZone = config?.timeZone;
  const time = useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
  const money = (minor: number) => formatMoney(minor, report.currency, locale);
  const { drawer } = report;
  const kind = close ? differenceKind(close.difference) : null;
  const signed = (minor: number) => (minor < 0 ? `−${money(-minor)}` : money(minor));

  return (
    <article
      aria-label={`Day’s end report · ${drawer.accountName}`}
      className={clsx('day-end-report w-full max-w-[80mm] bg-white p-4 text-sm text-black', className)}
    >
      <header className="border-b border-dashed border-black pb-2 text-center">
        {config?.restaurantName && <p className="text-lg leading-tight font-bold">{config.restaurantName}</p>}
        <p className="mt-1 font-bold">{close ? 'Day’s end report' : 'Day so far (not closed)'}</p>
        <p>Drawer: {drawer.accountName}</p>
        <p>
          From <time dateTime={report.from}>{time(report.from)}</time>
        </p>
        <p>
          To <time dateTime={report.to}>{time(report.to)}</time>
        </p>
        {close && <p>Closed by {close.closedByName ?? 'a former user'}</p>}
      </header>

      <Section title="Orders">
        <Row label="Placed" value={report.orders.placed} />
        <Row label="Completed" value={report.orders.completed} />
        <Row label="Cancelled" value={report.orders.cancelled} />
      </Section>

      <Section title="Sales">
        {report.sales.byMethod.length === 0 && <Row label="No payments" value="" />}
        {report.sales.byMethod.map((row) => (
          <Row
            key={row.method}
            label={`${methodLabel(row.method)} (${row.count})`}
            value={money(row.amount)}
          />
        ))}
        <Row label="Total sales" value={money(report.sales.total)} strong />
      </Section>

      <Section title="Refunds">
        {report.refunds.byMethod.length === 0 && <Row label="No refunds" value="" />}
        {report.refunds.byMethod.map((row) => (
          <Row
            key={row.method}
            label={`${methodLabel(row.method)} (${row.count})`}
            value={money(row.amount)}
          />
        ))}
        <Row label="Total refunds" value={money(report.refunds.total)} strong />
      </Section>

      <Section title="Voids, comps, discounts">
        <Row label={`Voids (${report.voids.count})`} value={money(report.voids.amount)} />
        <Row label={`Comps (${report.comps.count})`} value={money(report.comps.amount)} />
        <Row label={`Discounts (${report.discounts.count})`} value={money(report.discounts.amount)} />
      </Section>

      <section className="py-1.5">
        <h3 className="font-bold uppercase">Drawer</h3>
        <dl>
          <Row label="Opening" value={money(drawer.opening)} />
          <Row label="+ Cash taken" value={money(drawer.cashTaken)} />
          <Row label="− Cash refunds" value={money(drawer.cashRefunds)} />
          <Row label="− Paid out" value={money(drawer.paidOut)} />
          <Row label="± Transfers" value={signed(drawer.transfers)} />
          <Row label="+ Other" value={signed(drawer.otherIn)} />
          <Row label="= Expected" value={money(drawer.expected)} strong testId="report-expected" />
          {close && kind && (
            <>
              <Row label="Counted" value={money(close.counted)} strong testId="report-counted" />
              <Row
                label={DIFFERENCE_LABELS[kind]}
                value={kind === 'exact' ? money(0) : money(Math.abs(close.difference))}
                strong
                testId="report-difference"
              />
            </>
          )}
        </dl>
        {close?.reason && <p className="mt-1 break-words">Reason: {close.reason}</p>}
      </section>

      {close && (
        <footer className="border-t border-dashed border-black pt-2 text-center text-xs">
          <p>
            Closed <time dateTime={close.closedAt}>{time(close.closedAt)}</time>
          </p>
          <p className="mt-4 text-left">Signature: ____________________</p>
        </footer>
      )}
    </article>
  );
}

/**
 * A print-only copy of the report at the end of `<body>`: invisible on screen; while it is in the page,
 * printing prints this report and nothing else.
 */
export function DayEndReportPrintCopy({ close }: { close: CashClose }) {
  return createPortal(
    <div className="day-end-report-print hidden" data-testid="day-end-report-print">
      <DayEndReport report={close.report} close={close} className="max-w-none" />
    </div>,
    document.body,
  );
}
