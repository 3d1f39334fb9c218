import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../shared/contracts/payments';
import type { RefundByMethod } from '../../../shared/payment-math';

/** Where each method's money goes when an order is cancelled or rejected with its refund. */
const REFUND_GOES: Record<PaymentMethod, string> = {
  cash: 'out of the cash drawer',
  card: 'back to the card',
  qr: 'back to the QR or e-wallet account',
  'bank-transfer': 'back by bank transfer',
  online: 'back through the online payment provider',
  partner: 'back through the partner',
};

/**
 * How the refund of a cancelled or rejected order splits by payment method, as the server will make
 * it ("Cash, out of the cash drawer: $4.56"; "Card, back to the card: $7.56"), so whoever confirms
 * knows what leaves the drawer before the click. One method alone is listed too: it says where the
 * money goes.
 */
export function RefundSplit({
  refunds,
  money,
}: {
  refunds: readonly RefundByMethod<PaymentMethod>[];
  money: (minor: number) => string;
}) {
  if (refunds.length === 0) return null;
  return (
    <ul aria-label="Refund by payment method" className="mt-1.5 flex flex-col gap-1">
      {refunds.map((refund) => (
        <li
          key={refund.method}
          data-testid="refund-part"
          className="flex items-baseline justify-between gap-3"
        >
          <span className="min-w-0">
            <span className="font-medium">{PAYMENT_METHOD_LABELS[refund.method]}</span>,{' '}
            {REFUND_GOES[refund.method]}
          </span>
          <span className="shrink-0 font-medium tabular-nums">{money(refund.amount)}</span>
        </li>
      ))}
    </ul>
  );
}
