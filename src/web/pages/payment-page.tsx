import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import type { CheckoutOutcome, PaymentPage as PageData } from '../../shared/contracts/payments';
import { formatMoney } from '../../shared/money';
import { orderNumberLabel } from '../../shared/order-limits';
import type { OrderStatus } from '../../shared/order-status';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { OrderStatusBadge } from '../components/ui/order-badges';
import { useRestaurantFormats } from '../features/my-orders';
import {
  type OutcomeNotice,
  orderTypeLabel,
  outcomeNotice,
  PaymentHistory,
  PaymentLines,
  PaymentTotals,
  PayOptions,
  useConfirmCheckout,
  usePaymentPage,
  withoutSessionId,
} from '../features/payments';
import { errorMessage, isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';

const FRAME = 'mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10';

const NOTICE_TONES: Record<OutcomeNotice['tone'], { box: string; icon: typeof Info }> = {
  success: { box: 'border-emerald-300 bg-emerald-50 text-emerald-950', icon: CircleCheck },
  info: { box: 'border-sky-300 bg-sky-50 text-sky-950', icon: Info },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: CircleAlert },
};

function Notice({ notice }: { notice: OutcomeNotice }) {
  const tone = NOTICE_TONES[notice.tone];
  const Icon = tone.icon;
  return (
    <div
      role={notice.tone === 'warning' ? 'alert' : 'status'}
      data-testid="checkout-outcome"
      className={clsx('mt-4 flex gap-3 rounded-xl border px-4 py-3', tone.box)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{notice.title}</p>
        <p className="mt-0.5 text-sm">{notice.text}</p>
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className={FRAME}>
      <DocumentTitle title="Order not found" />
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center sm:p-10">
        <div>
          <h1 className="text-xl font-semibold text-neutral-950">This order does not exist</h1>
          <p className="mt-1 text-neutral-600">
            The link may be incomplete or mistyped. Scan the receipt’s code again, or ask the staff.
          </p>
        </div>
        <ButtonLink to={paths.home} variant="secondary">
          See the menu
        </ButtonLink>
      </Card>
    </div>
  );
}

/**
 * The guest came back from the hosted checkout (`?session_id=…`): asks the server what it came to
 * (the server reads it from the provider and records the payment), then drops the id from the address
 * so a reload does not ask again. A failure keeps it, with a way to try again.
 */
function useCheckoutReturn(orderId: string, accessKey: string | null) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const sessionId = searchParams.get('session_id');
  const confirm = useConfirmCheckout(orderId, accessKey);
  const [outcome, setOutcome] = useState<CheckoutOutcome | null>(null);
  const asked = useRef<string | null>(null);
  const { mutate } = confirm;

  const check = useCallback(() => {
    if (!sessionId) return;
    asked.current = sessionId;
    mutate(sessionId, {
      onSuccess: (answer) => {
        setOutcome(answer.outcome);
        navigate(
          { pathname: location.pathname, search: withoutSessionId(location.search) },
          { replace: true },
        );
      },
    });
  }, [sessionId, mutate, navigate, location.pathname, location.search]);

  useEffect(() => {
    if (sessionId && asked.current !== sessionId) check();
  }, [sessionId, check]);

  return {
    outcome,
    checking: confirm.isPending,
    error: confirm.isError ? confirm.error : null,
    retry: check,
  };
}

function PaymentView({
  page,
  accessKey,
  outcome,
}: {
  page: PageData;
  accessKey: string | null;
  outcome: CheckoutOutcome | null;
}) {
  const formats = useRestaurantFormats();
  const { order, restaurant } = page;
  const money = (minor: number) => formatMoney(minor, order.currency, restaurant.locale);
  const label = orderNumberLabel(order.number);

  return (
    <div className={FRAME}>
      <DocumentTitle title={`Pay order ${label}`} />
      <header>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            Order {label}
          </h1>
          <OrderStatusBadge status={order.status as OrderStatus} className="text-sm" />
        </div>
        <p className="mt-1 text-sm text-neutral-600 sm:text-base">
          <time dateTime={order.createdAt}>{formats.dateTime(order.createdAt)}</time>
          {' · '}
          {orderTypeLabel(order.type)}
          {order.table && ` · Table ${order.table}`}
        </p>
      </header>

      {outcome && <Notice notice={outcomeNotice(outcome, label)} />}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="lg:sticky lg:top-6 lg:col-start-2 lg:row-start-1">
          <PayOptions page={page} money={money} accessKey={accessKey} />
        </div>
        <Card className="p-5 sm:p-6 lg:col-start-1 lg:row-start-1">
          <h2 className="text-lg font-semibold text-neutral-950">Your order</h2>
          <PaymentLines page={page} money={money} />
          <div className="border-t border-neutral-200 pt-4">
            <PaymentTotals page={page} money={money} />
          </div>
          <PaymentHistory page={page} money={money} formatDateTime={formats.dateTime} />
        </Card>
      </div>
    </div>
  );
}

/**
 * `/payment/[orderId]` (public; docs/PRODUCT-RULES.md, Payments and refunds): the order's summary, what is paid and
 * due, and how to pay it: online through Stripe's hosted checkout when the restaurant has it, in person
 * (a dine-in guest asks for the bill at their table, others pay at the counter), or by bank transfer
 * with the details meant for payers (never the account's back-office name). The order's customer and
 * staff see it by their session; anyone else needs the order's key (`?key=…`, the receipt's QR code):
 * without it the order does not exist. Coming back from the checkout (`&session_id=…`) shows what the payment came to.
 */
export function PaymentPage() {
  const { orderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const accessKey = searchParams.get('key');
  const page = usePaymentPage(orderId, accessKey);
  const checkoutReturn = useCheckoutReturn(orderId, accessKey);

  if (checkoutReturn.checking || (checkoutReturn.error && !page.data)) {
    return (
      <div className={FRAME}>
        <DocumentTitle title="Checking your payment" />
        {checkoutReturn.error ? (
          <ListError error={checkoutReturn.error} onRetry={checkoutReturn.retry} />
        ) : (
          <ListLoading>Checking your payment...</ListLoading>
        )}
      </div>
    );
  }
  if (page.isPending) {
    return (
      <div className={FRAME}>
        <DocumentTitle title="Payment" />
        <ListLoading>Loading the order...</ListLoading>
      </div>
    );
  }
  if (page.isError) {
    if (isApiError(page.error) && (page.error.status === 404 || page.error.status === 400))
      return <NotFound />;
    return (
      <div className={FRAME}>
        <DocumentTitle title="Payment" />
        <ListError error={page.error} onRetry={() => void page.refetch()} />
      </div>
    );
  }
  return (
    <>
      {checkoutReturn.error && (
        <div className="mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          >
            <p>We could not check your payment yet: {errorMessage(checkoutReturn.error)}</p>
            <Button variant="secondary" onClick={checkoutReturn.retry}>
              Check again
            </Button>
          </div>
        </div>
      )}
      <PaymentView page={page.data} accessKey={accessKey} outcome={checkoutReturn.outcome} />
    </>
  );
}
