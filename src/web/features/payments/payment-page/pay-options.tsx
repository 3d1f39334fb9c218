import {
  Bike,
  CircleCheck,
  ConciergeBell,
  CreditCard,
  Landmark,
  LockKeyhole,
  Star,
  Store,
} from 'lucide-react';
import type { ReactNode } from 'react';
import type { PaymentPage } from '../../../../shared/contracts/payments';
import { orderNumberLabel } from '../../../../shared/order-limits';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PaymentStatusBadge } from '../../../components/ui/order-badges';
import { errorMessage } from '../../../lib/api-client';
import { feedbackPath } from '../../../lib/paths';
import { useStartCheckout } from './payment-page-api';
import { atTableText, inPersonPlace, payStateOf } from './payment-page-model';

type Money = (minor: number) => string;

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-700"
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-medium text-neutral-950">{title}</h3>
        <div className="mt-0.5 text-sm text-neutral-700">{children}</div>
      </div>
    </li>
  );
}

/**
 * Paying in person (a dine-in guest at their table, a delivery at the door, a takeaway at the counter), and by bank transfer
 * with the details the server gives payers (payee, bank, number, reference) when the restaurant has an
 * account for it.
 */
function OtherWays({ page, heading }: { page: PaymentPage; heading: string }) {
  const label = orderNumberLabel(page.order.number);
  const transfer = page.bankTransfer;
  const place = inPersonPlace(page.order);
  return (
    <section aria-labelledby="other-ways-heading" className="mt-6 border-t border-neutral-200 pt-5">
      <h2 id="other-ways-heading" className="text-sm font-semibold text-neutral-950">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-col gap-4">
        {place === 'table' && (
          <Way icon={<ConciergeBell className="size-4" />} title="At your table">
            {atTableText(page.order.table)}
          </Way>
        )}
        {place === 'door' && (
          <Way icon={<Bike className="size-4" />} title="On delivery">
            Pay when your order arrives: show this page or the order number{' '}
            <span className="font-medium text-neutral-950">{label}</span> and pay by cash, card or QR.
          </Way>
        )}
        {place === 'counter' && (
          <Way icon={<Store className="size-4" />} title="At the counter">
            Show this page or the order number <span className="font-medium text-neutral-950">{label}</span>{' '}
            to the staff and pay by cash, card or QR.
          </Way>
        )}
        {transfer && (
          <Way icon={<Landmark className="size-4" />} title="By bank transfer">
            <dl
              className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1"
              data-testid="bank-transfer"
            >
              <dt className="text-neutral-600">Pay to</dt>
              <dd className="font-medium break-words text-neutral-950">{transfer.payee}</dd>
              {transfer.bankName && (
                <>
                  <dt className="text-neutral-600">Bank</dt>
                  <dd className="font-medium break-words text-neutral-950">{transfer.bankName}</dd>
                </>
              )}
              {transfer.accountNumber && (
                <>
                  <dt className="text-neutral-600">Account number</dt>
                  <dd className="font-medium break-all text-neutral-950 tabular-nums">
                    {transfer.accountNumber}
                  </dd>
                </>
              )}
              <dt className="text-neutral-600">Reference</dt>
              <dd className="font-medium break-words text-neutral-950">{transfer.reference}</dd>
            </dl>
            <p className="mt-2 text-neutral-600">The order shows paid once the restaurant has received it.</p>
          </Way>
        )}
      </ul>
    </section>
  );
}

/**
 * The amount due, large, and how to pay it: "Pay online" through the hosted checkout when the server
 * offers it, and always paying in person (at the table for dine-in, else at the counter) and the
 * restaurant's bank transfer details. Paid in full, or a cancelled or rejected order, says so instead.
 */
export function PayOptions({
  page,
  money,
  accessKey,
}: {
  page: PaymentPage;
  money: Money;
  accessKey: string | null;
}) {
  const checkout = useStartCheckout(page.order.id, accessKey);
  const state = payStateOf(page.order);
  // The button stays busy after the answer: the browser is on its way to the provider's page.
  const leaving = checkout.isPending || checkout.isSuccess;

  const startCheckout = () =>
    checkout.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
    });

  return (
    <Card className="p-5 sm:p-6" data-testid="pay-options">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-sm font-medium text-neutral-600">Amount due</h2>
          <p
            className="mt-1 text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums"
            data-testid="amount-due"
          >
            {money(page.order.amountDue)}
          </p>
        </div>
        <PaymentStatusBadge status={page.order.paymentStatus} className="mt-1 text-sm" />
      </div>

      {state === 'paid' && (
        <p
          className="mt-4 flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-emerald-900"
          data-testid="paid-in-full"
        >
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          <span>
            <span className="font-medium">Paid in full:</span> nothing more to pay.
          </span>
        </p>
      )}
      {state === 'closed' && (
        <p className="mt-4 rounded-lg bg-neutral-100 px-3 py-2.5 text-neutral-800">
          This order was {page.order.status === 'rejected' ? 'declined' : 'cancelled'}, so there is nothing to
          pay.
        </p>
      )}

      {state === 'due' && page.onlinePayment && (
        <div className="mt-5">
          <Button size="lg" fullWidth isLoading={leaving} onClick={startCheckout}>
            {!leaving && <CreditCard aria-hidden="true" className="size-5" />}
            {leaving ? 'Opening the secure checkout...' : `Pay ${money(page.order.amountDue)} online`}
          </Button>
          <p className="mt-2 flex items-start gap-1.5 text-xs text-neutral-600">
            <LockKeyhole aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            Secure checkout by Stripe: your card details never reach the restaurant.
          </p>
          {checkout.isError && (
            <p role="alert" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {errorMessage(checkout.error)}
            </p>
          )}
        </div>
      )}

      {state === 'due' && (
        <OtherWays page={page} heading={page.onlinePayment ? 'Or pay another way' : 'How to pay'} />
      )}

      {page.order.status === 'completed' && (
        <section aria-labelledby="rate-order-heading" className="mt-6 border-t border-neutral-200 pt-5">
          <h2 id="rate-order-heading" className="text-sm font-semibold text-neutral-950">
            How was your order?
          </h2>
          <p className="mt-1 text-sm text-neutral-700">
            A star rating for the food and the service helps us.
          </p>
          <ButtonLink to={feedbackPath(page.order.id, accessKey)} variant="secondary" className="mt-3">
            <Star aria-hidden="true" className="size-4" />
            Rate your order
          </ButtonLink>
        </section>
      )}
    </Card>
  );
}
