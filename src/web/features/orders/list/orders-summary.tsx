import type { OrderListSummary } from '../../../../shared/contracts/orders';

interface OrdersSummaryProps {
  summary: OrderListSummary;
  /** The restaurant's currency, for a total of nothing. */
  currency: string | undefined;
  formatMoney: (minor: number, currency: string) => string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The totals line over the list: every order the filters match (the server counts them all, not only
 * the pages loaded) and the sum of their totals. Cancelled and rejected orders are counted among the
 * orders but not in the total, since nothing was sold; the line says so.
 */
export function OrdersSummary({ summary, currency, formatMoney }: OrdersSummaryProps) {
  const total =
    summary.totals.length > 0
      ? summary.totals.map((sum) => formatMoney(sum.amount, sum.currency)).join(' + ')
      : currency
        ? formatMoney(0, currency)
        : '0';
  return (
    <p
      className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm text-neutral-600"
      data-testid="orders-summary"
    >
      {/* The spaces between the parts are for what is read aloud or copied; the gap lays them out. */}
      <span className="font-semibold text-neutral-950">{plural(summary.count, 'order', 'orders')}</span>{' '}
      <span aria-hidden="true">·</span>{' '}
      <span>
        Total <span className="font-semibold text-neutral-950 tabular-nums">{total}</span>
      </span>{' '}
      {/* On a phone the note takes a line of its own. */}
      <span aria-hidden="true" className="hidden sm:inline">
        ·
      </span>{' '}
      <span className="basis-full sm:basis-auto">
        {summary.unsold > 0
          ? `Without the ${plural(summary.unsold, 'cancelled or rejected order', 'cancelled or rejected orders')}`
          : 'Cancelled and rejected orders are not counted'}
      </span>
    </p>
  );
}
