import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '../../shared/contracts/orders';
import type { CustomerOrderWithPayments } from '../../shared/contracts/payments';
import { orderNumberLabel } from '../../shared/order-limits';
import { hasStaffAccess } from '../../shared/roles';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { OrderStatusBadge } from '../components/ui/order-badges';
import { useSession } from '../features/auth';
import { OrderFeedbackLink } from '../features/feedback';
import {
  CancelMyOrder,
  OrderProgress,
  orderTypeLine,
  promisedReadyAt,
  ReorderButton,
  statusSentence,
  useFollowOrder,
  useMyOrder,
  useRestaurantFormats,
} from '../features/my-orders';
import { useOrderOnScreen } from '../features/notifications';
import { OrderLines, OrderTotals, useOrderMoney } from '../features/orders';
import { isApiError } from '../lib/api-client';
import { orderPath, paths } from '../lib/paths';

const FRAME = 'mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10';

function BackLink() {
  return (
    <Link
      to={paths.myOrders}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      My orders
    </Link>
  );
}

/**
 * Keeps the page on the order's own live topic (mounted only once the order is known to be the
 * viewer's), and makes the order's notifications this page's to show: its status card says what
 * changed, so no toast covers the page's buttons or offers to open this very page.
 */
function FollowOrder({ id }: { id: string }) {
  useFollowOrder(id);
  useOrderOnScreen(id);
  return null;
}

/** How long the status card stays marked after its status changed while the page was open. */
const CHANGED_MARK_MS = 4000;

/** Whether `status` changed while the page was open, for a few seconds after each change. */
function useJustChanged(status: string): boolean {
  const first = useRef(status);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (status === first.current) return;
    first.current = status;
    setChanged(true);
    const timer = window.setTimeout(() => setChanged(false), CHANGED_MARK_MS);
    return () => window.clearTimeout(timer);
  }, [status]);
  return changed;
}

function NotFound({ staffOrderId }: { staffOrderId?: string }) {
  return (
    <div className={FRAME}>
      <DocumentTitle title="Order not found" />
      <BackLink />
      <Card className="mt-6 flex flex-col items-center gap-4 p-8 text-center sm:p-10">
        <div>
          <h1 className="text-xl font-semibold text-neutral-950">This order does not exist</h1>
          <p className="mt-1 text-neutral-600">It may have been mistyped, or the link is an old one.</p>
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.myOrders} variant="secondary">
            See my orders
          </ButtonLink>
          {staffOrderId && (
            <ButtonLink to={orderPath(staffOrderId)} variant="secondary">
              Open it in the back office
            </ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}

/**
 * Where it stands in a sentence (with the ready time the restaurant gave, while the guest waits), the
 * reason of a rejection or cancellation, and the steps with their times. A change that arrives while the page is open is the page's news (no toast here): the card is
 * outlined for a few seconds and the sentence is a live region, so a screen reader says it too.
 */
function StatusCard({ order }: { order: Order }) {
  const formats = useRestaurantFormats();
  const changed = useJustChanged(order.status);
  const stopped = order.status === 'rejected' || order.status === 'cancelled';
  const reason = order.status === 'rejected' ? order.rejectReason : order.cancelReason;
  const readyAt = promisedReadyAt(order);
  return (
    <Card
      className={clsx(
        'p-5 ring-offset-2 transition-shadow duration-300 sm:p-6',
        changed && (stopped ? 'ring-2 ring-red-700' : 'ring-2 ring-emerald-600'),
      )}
      data-testid="status-card"
      data-changed={changed || undefined}
    >
      <h2 className="sr-only">Status</h2>
      <div role="status">
        <p
          className={clsx('text-base font-medium', stopped ? 'text-red-800' : 'text-neutral-950')}
          data-testid="status-sentence"
        >
          {statusSentence(order)}
        </p>
        {readyAt && (
          <p className="mt-1 text-2xl font-semibold tracking-tight text-neutral-950" data-testid="ready-at">
            Ready at about{' '}
            <time dateTime={readyAt} className="tabular-nums">
              {formats.timeAfter(readyAt, order.createdAt)}
            </time>
          </p>
        )}
      </div>
      {stopped && reason && (
        <p
          className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm break-words text-red-900"
          data-testid="stop-reason"
        >
          <span className="font-medium">{order.status === 'rejected' ? 'Rejected' : 'Cancelled'}:</span>{' '}
          {reason}
        </p>
      )}
      <div className="mt-5">
        <OrderProgress order={order} formatTime={(iso) => formats.timeAfter(iso, order.createdAt)} />
      </div>
    </Card>
  );
}

/** Money is due on an order still going: its payment page (online, at the counter, by transfer). */
function mayPay(order: CustomerOrderWithPayments): boolean {
  return order.amountDue > 0 && order.status !== 'rejected' && order.status !== 'cancelled';
}

function OrderView({ order }: { order: CustomerOrderWithPayments }) {
  const formats = useRestaurantFormats();
  const formatMoney = useOrderMoney();
  const [refusal, setRefusal] = useState<string | null>(null);
  const number = orderNumberLabel(order.number);
  const money = (minor: number) => formatMoney(minor, order.currency);

  return (
    <div className={FRAME}>
      <DocumentTitle title={`Order ${number}`} />
      <FollowOrder id={order.id} />
      <BackLink />
      <header className="mt-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            Order {number}
          </h1>
          <OrderStatusBadge status={order.status} className="text-sm" />
        </div>
        <p className="mt-1 text-sm text-neutral-600 sm:text-base">
          <time dateTime={order.createdAt}>{formats.dateTime(order.createdAt)}</time>
          {' · '}
          {orderTypeLine(order, (iso) => formats.timeAfter(iso, order.createdAt))}
        </p>
        {order.deliveryAddress && (
          <p className="mt-1 text-sm whitespace-pre-line text-neutral-600">
            <span className="sr-only">Delivery address: </span>
            {order.deliveryAddress}
          </p>
        )}
      </header>

      {refusal && (
        <div
          role="alert"
          className="mt-4 flex items-start justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          <p className="break-words">{refusal}</p>
          <button
            type="button"
            onClick={() => setRefusal(null)}
            className="shrink-0 rounded-md font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-amber-900"
          >
            Dismiss
          </button>
        </div>
      )}

      <div className="mt-4 flex flex-wrap gap-3">
        {mayPay(order) && <ButtonLink to={order.paymentLink}>Pay {money(order.amountDue)}</ButtonLink>}
        <OrderFeedbackLink orderId={order.id} status={order.status} />
        <CancelMyOrder order={order} onRefused={setRefusal} />
        <ReorderButton order={order} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <StatusCard order={order} />
        <Card className="p-5 sm:p-6 lg:order-first">
          <h2 className="text-lg font-semibold text-neutral-950">Items</h2>
          <OrderLines order={order} money={money} />
          {order.note && (
            <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-amber-950">
              <span className="font-medium">Order note:</span> {order.note}
            </p>
          )}
          <div className="border-t border-neutral-200 pt-4">
            <OrderTotals order={order} money={money} />
          </div>
        </Card>
      </div>
    </div>
  );
}

/**
 * `/account/orders/[orderId]` (signed-in): one of the customer's own orders with its lines and totals,
 * a status timeline that moves by itself (live topic `order:<id>`), the reason of a rejection, Cancel
 * while it is pending and Reorder. Another customer's order or a wrong id reads as not existing.
 */
export function MyOrderPage() {
  const { orderId = '' } = useParams();
  const { user } = useSession();
  const order = useMyOrder(orderId);

  if (order.isPending) {
    return (
      <div className={FRAME}>
        <DocumentTitle title="Order" />
        <BackLink />
        <ListLoading>Loading the order...</ListLoading>
      </div>
    );
  }
  if (order.isError) {
    if (isApiError(order.error) && (order.error.status === 404 || order.error.status === 400)) {
      return <NotFound />;
    }
    return (
      <div className={FRAME}>
        <DocumentTitle title="Order" />
        <BackLink />
        <div className="mt-6">
          <ListError error={order.error} onRetry={() => void order.refetch()} />
        </div>
      </div>
    );
  }
  // Staff may read every order; here, as everywhere on this page, only their own counts as theirs.
  if (user && order.data.customer?.id !== user.id) {
    return <NotFound staffOrderId={hasStaffAccess(user.role) ? order.data.id : undefined} />;
  }
  return <OrderView order={order.data} />;
}
