import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import { type OrderPayments, PAYMENT_METHOD_LABELS } from '../../../shared/contracts/payments';
import { feedbackLinkPath } from '../../../shared/feedback-paths';

type Money = (minor: number) => string;

/**
 * The receipt's payments: each payment with its method and amount, the cash handed over
 * and the change, its refunds, then what was paid and the balance due.
 */
export function ReceiptPayments({ order, money }: { order: OrderPayments; money: Money }) {
  if (order.payments.length === 0) {
    return (
      <dl className="border-t border-dashed border-black py-1" data-testid="receipt-payments">
        <div className="flex justify-between gap-2 font-bold">
          <dt>Balance due</dt>
          <dd className="shrink-0 tabular-nums">{money(order.amountDue)}</dd>
        </div>
      </dl>
    );
  }
  return (
    <div className="border-t border-dashed border-black py-1" data-testid="receipt-payments">
      <ul>
        {order.payments.map((payment) => (
          <li key={payment.id} className="receipt-line py-0.5">
            <p className="flex justify-between gap-2">
              <span className="min-w-0 break-words">{PAYMENT_METHOD_LABELS[payment.method]}</span>
              <span className="shrink-0 tabular-nums">{money(payment.amount)}</span>
            </p>
            {payment.tendered !== null && (
              <>
                <p className="flex justify-between gap-2 pl-4 text-xs">
                  <span>Tendered</span>
                  <span className="shrink-0 tabular-nums">{money(payment.tendered)}</span>
                </p>
                <p className="flex justify-between gap-2 pl-4 text-xs">
                  <span>Change</span>
                  <span className="shrink-0 tabular-nums">{money(payment.change)}</span>
                </p>
              </>
            )}
            {payment.reference && <p className="pl-4 text-xs break-words">Ref. {payment.reference}</p>}
            {payment.refunds.map((refund) => (
              <p key={refund.id} className="flex justify-between gap-2 pl-4 text-xs">
                <span className="min-w-0 break-words">Refund: {refund.reason}</span>
                <span className="shrink-0 tabular-nums">−{money(refund.amount)}</span>
              </p>
            ))}
          </li>
        ))}
      </ul>
      <dl className="mt-1">
        <div className="flex justify-between gap-2">
          <dt>Paid</dt>
          <dd className="shrink-0 tabular-nums">{money(order.amountPaid - order.amountRefunded)}</dd>
        </div>
        <div className="flex justify-between gap-2 font-bold">
          <dt>Balance due</dt>
          <dd className="shrink-0 tabular-nums">{money(order.amountDue)}</dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * What the receipt's QR code opens: a completed order with nothing left to pay goes
 * straight to its feedback page (`/feedback/{id}?key=…`); any other order to its payment page
 * (`/payment/{id}?key=…`), which links to the feedback page once the order is completed.
 */
export function receiptQrTarget(order: {
  id: string;
  status: string;
  amountDue: number;
  paymentLink: string;
}): { path: string; purpose: 'pay' | 'feedback' } {
  const query = order.paymentLink.indexOf('?');
  const key = query < 0 ? null : new URLSearchParams(order.paymentLink.slice(query + 1)).get('key');
  if (order.status === 'completed' && order.amountDue === 0 && key) {
    return { path: feedbackLinkPath(order.id, key), purpose: 'feedback' };
  }
  return { path: order.paymentLink, purpose: 'pay' };
}

const QR_WORDS = {
  pay: { alt: "QR code of the order's payment and feedback page", caption: 'Scan to pay or give feedback' },
  feedback: { alt: "QR code of the order's feedback page", caption: 'Scan to rate your order' },
} as const;

/**
 * The QR code of the order's payment or feedback page (the full address, with the order's key), so a
 * guest can pay the rest or leave feedback from the receipt. Drawn as SVG by `uqr` in the browser
 * (an image from a data address, which the content security policy allows for images).
 */
export function ReceiptQrCode({ path, purpose }: { path: string; purpose: 'pay' | 'feedback' }) {
  const source = useMemo(() => {
    const svg = renderSVG(`${window.location.origin}${path}`, { ecc: 'M', border: 1 });
    return `data:image/svg+xml,${encodeURIComponent(svg)}`;
  }, [path]);
  const words = QR_WORDS[purpose];
  return (
    <figure className="mt-2 flex flex-col items-center gap-1" data-testid="receipt-qr">
      <img src={source} alt={words.alt} className="size-32" />
      <figcaption className="text-xs">{words.caption}</figcaption>
    </figure>
  );
}
