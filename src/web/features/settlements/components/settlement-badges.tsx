import { clsx } from 'clsx';
import type { SettlementStatus } from '../../../../shared/contracts/settlements';
import { formatDelta, formatMoney } from '../../../../shared/money';

export const SETTLEMENT_STATUS_LABELS: Record<SettlementStatus, string> = {
  pending: 'Pending',
  received: 'Received',
};

const TONES: Record<SettlementStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-300',
  received: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
};

const BADGE =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

/** Pending (the payout is still expected) or Received. */
export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  return (
    <span data-testid="settlement-status" className={clsx(BADGE, TONES[status])}>
      {SETTLEMENT_STATUS_LABELS[status]}
    </span>
  );
}

/** "2 disputed" (red) or "Report matches" (green), once a payout report was imported. */
export function DisputedBadge({ disputed }: { disputed: number | null }) {
  if (disputed === null) return null;
  return (
    <span
      data-testid="settlement-disputed"
      className={clsx(
        BADGE,
        disputed > 0
          ? 'bg-red-50 text-red-800 ring-red-300'
          : 'bg-neutral-100 text-neutral-700 ring-neutral-300',
      )}
    >
      {disputed > 0 ? `${disputed} disputed` : 'Report matches'}
    </span>
  );
}

/**
 * A difference in money: "+$1.20" or "−$3.00" (red when the partner pays less), "$0.00" when none. The
 * sign is always written, so it reads without the colour.
 */
export function Difference({
  minor,
  currency,
  locale,
  className,
}: {
  minor: number;
  currency: string;
  locale: string;
  className?: string;
}) {
  const text = formatDelta(minor, currency, locale) || formatMoney(0, currency, locale);
  return (
    <span
      className={clsx(
        'whitespace-nowrap tabular-nums',
        minor < 0 ? 'font-semibold text-red-700' : minor > 0 ? 'font-semibold text-emerald-800' : '',
        className,
      )}
    >
      {text}
    </span>
  );
}
