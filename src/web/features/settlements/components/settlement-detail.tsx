import { RotateCcw, Trash2, Wallet } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { Settlement } from '../../../../shared/contracts/settlements';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { bankAccountPath } from '../../../lib/paths';
import { useRestaurantDateTime } from '../../config';
import { formatDay, formatPercent } from '../../master-data';
import { usePayoutAccounts } from '../api/settlements-api';
import { AdjustmentsSection } from './adjustments-section';
import { PayoutReportSection } from './payout-report-section';
import { RecordPayoutDialog } from './record-payout-dialog';
import { DeleteSettlementDialog, ReopenDialog } from './settlement-action-dialogs';
import { Difference, DisputedBadge, SettlementStatusBadge } from './settlement-badges';
import { SettlementOrders } from './settlement-orders';
import { formatPeriod } from './settlement-period';

type Open = 'receive' | 'reopen' | 'delete' | null;

function Figure({
  label,
  children,
  strong = false,
  testId,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd
        data-testid={testId}
        className={
          strong
            ? 'mt-0.5 text-xl font-semibold text-neutral-950 tabular-nums'
            : 'mt-0.5 font-medium text-neutral-950 tabular-nums'
        }
      >
        {children}
      </dd>
    </div>
  );
}

/** The figures: orders, gross, commission at its percent, adjustments, net expected; what was received. */
function SummaryFigures({ settlement, locale }: { settlement: Settlement; locale: string }) {
  const money = (minor: number) => formatMoney(minor, settlement.currency, locale);
  const received = settlement.received;
  return (
    <div className="flex flex-col gap-3">
      <dl
        aria-label="Summary"
        className="grid grid-cols-2 gap-x-4 gap-y-4 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-5"
      >
        <Figure label="Orders" testId="settlement-orders-count">
          {settlement.orderCount}
        </Figure>
        <Figure label="Gross" testId="settlement-gross">
          {money(settlement.gross)}
        </Figure>
        <Figure
          label={`Commission at ${formatPercent(settlement.commissionPercent, locale)}`}
          testId="settlement-commission"
        >
          {formatDelta(-settlement.commission, settlement.currency, locale) || money(0)}
        </Figure>
        <Figure label="Adjustments" testId="settlement-adjustments">
          {settlement.adjustmentsTotal === 0
            ? money(0)
            : formatDelta(settlement.adjustmentsTotal, settlement.currency, locale)}
        </Figure>
        <Figure label="Net expected" strong testId="settlement-net">
          {money(settlement.net)}
        </Figure>
      </dl>
      {received && (
        <dl
          aria-label="Payout received"
          className="grid grid-cols-2 gap-x-4 gap-y-4 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4 sm:grid-cols-4"
        >
          <Figure label="Received" strong testId="settlement-received">
            {money(received.amount)}
          </Figure>
          <Figure label="On">{formatDay(received.on, locale)}</Figure>
          <Figure label="Into">
            <Link
              to={bankAccountPath(received.accountId)}
              className="break-words underline underline-offset-2 hover:text-neutral-700"
            >
              {received.accountName}
            </Link>
            {received.byName && (
              <span className="block text-xs font-normal text-neutral-600">by {received.byName}</span>
            )}
          </Figure>
          <Figure label="Difference from net" testId="settlement-received-difference">
            <Difference minor={received.difference} currency={settlement.currency} locale={locale} />
          </Figure>
        </dl>
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="mb-3 text-lg font-semibold text-neutral-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * One partner settlement (admin): the partner and period with the status; the figures; the orders
 * with what the payout report said of each; adjustments; the payout report; and the actions the
 * status allows: record the payout or delete while pending, reopen once received.
 */
export function SettlementDetail({
  settlement,
  locale,
  today,
}: {
  settlement: Settlement;
  locale: string;
  /** The restaurant's today (`YYYY-MM-DD`): the payout's day to start with. */
  today: string;
}) {
  const formatInstant = useRestaurantDateTime();
  const accounts = usePayoutAccounts();
  const [open, setOpen] = useState<Open>(null);
  const pending = settlement.status === 'pending';
  const close = () => setOpen(null);

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium break-words text-neutral-600">
            {settlement.partnerName} settlement
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            {formatPeriod(settlement.from, settlement.to, locale)}
          </h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <SettlementStatusBadge status={settlement.status} />
            <DisputedBadge disputed={settlement.disputed} />
            <span className="text-sm text-neutral-600">
              Created {formatInstant(settlement.createdAt)}
              {settlement.createdByName ? ` by ${settlement.createdByName}` : ''}
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {pending ? (
            <>
              <Button onClick={() => setOpen('receive')} disabled={!accounts.data}>
                <Wallet aria-hidden="true" className="size-4" />
                Record payout
              </Button>
              <Button
                variant="ghost"
                className="text-red-700 hover:text-red-800"
                onClick={() => setOpen('delete')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setOpen('reopen')}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Reopen
            </Button>
          )}
        </div>
      </header>

      <SummaryFigures settlement={settlement} locale={locale} />

      <Section id="settlement-orders" title={`Orders (${settlement.orderCount})`}>
        <SettlementOrders settlement={settlement} locale={locale} />
      </Section>

      <div className="grid gap-8 lg:grid-cols-2">
        <Section id="settlement-adjustments" title="Adjustments">
          <AdjustmentsSection settlement={settlement} locale={locale} />
        </Section>
        <Section id="settlement-payout-report" title="Payout report">
          <PayoutReportSection settlement={settlement} locale={locale} />
        </Section>
      </div>

      {open === 'receive' && pending && accounts.data && (
        <RecordPayoutDialog
          settlement={settlement}
          accounts={accounts.data}
          today={today}
          locale={locale}
          onClose={close}
        />
      )}
      {open === 'reopen' && !pending && <ReopenDialog settlement={settlement} onClose={close} />}
      {open === 'delete' && pending && (
        <DeleteSettlementDialog settlement={settlement} locale={locale} onClose={close} />
      )}
    </div>
  );
}
