import { ArrowLeft, Banknote, ChefHat, Printer } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type OrderLine,
  orderNumberLabel,
} from '../../shared/contracts/orders';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { OrderStatusBadge, PaymentStatusBadge } from '../components/ui/order-badges';
import { useRestaurantDateTime } from '../features/config';
import {
  CheckActions,
  KitchenTicketPrintCopy,
  MergedIntoNotice,
  OrderActions,
  OrderDetails,
  OrderLines,
  OrderTimeline,
  OrderTotals,
  ReceiptPrintCopy,
  StockNotice,
  useMayChangeCheck,
  useOrder,
  useOrderMoney,
  usePrintCopy,
  VoidLineDialog,
} from '../features/orders';
import { hasPayments, mayTakePayment, PayDialog, PaymentsPanel } from '../features/payments';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';

function BackLink() {
  return (
    <Link
      to={paths.orders}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All orders
    </Link>
  );
}

/** What the page prints: the receipt, the whole kitchen ticket, or one round's ticket. */
type PrintCopy = 'receipt' | 'kitchen-ticket' | `round-${number}`;

/**
 * `/orders/[orderId]`: one order with every line (by round, voided and comped ones struck through),
 * its totals, its payments (take a payment, refund one), its history, the moves this viewer may make,
 * and a printable receipt and kitchen ticket (80 mm; one round's ticket too). On an open check, staff
 * void or comp a line (with a manager's approval when they are not one), move it to another table,
 * merge the table's other checks into it, or split it. It refreshes by itself when the order changes.
 */
export function OrderPage() {
  const { orderId = '' } = useParams();
  // Another order's page (a link to a split-off or merged check) starts afresh.
  return <OrderView key={orderId} orderId={orderId} />;
}

function OrderView({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const formatDateTime = useRestaurantDateTime();
  const formatMoney = useOrderMoney();
  const printing = usePrintCopy<PrintCopy>('receipt');
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState<OrderLine | null>(null);
  const paymentsRef = useRef<HTMLDivElement>(null);
  const mayChange = useMayChangeCheck(order.data ?? { status: 'completed' });

  const frame = 'w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10';

  if (order.isPending) {
    return (
      <div className={frame}>
        <DocumentTitle title="Order Details" />
        <ListLoading>Loading the order...</ListLoading>
      </div>
    );
  }

  if (order.isError) {
    const missing = isApiError(order.error) && (order.error.status === 404 || order.error.status === 400);
    return (
      <div className={frame}>
        <DocumentTitle title={missing ? 'Order not found' : 'Order Details'} />
        <BackLink />
        {missing ? (
          <Card className="mt-6 flex flex-col items-center gap-4 p-10 text-center">
            <div>
              <h1 className="text-xl font-semibold text-neutral-950">This order does not exist</h1>
              <p className="mt-1 text-neutral-600">It may have been mistyped, or the link is an old one.</p>
            </div>
            <ButtonLink to={paths.orders} variant="secondary">
              See all orders
            </ButtonLink>
          </Card>
        ) : (
          <div className="mt-6">
            <ListError error={order.error} onRetry={() => void order.refetch()} />
          </div>
        )}
      </div>
    );
  }

  const data = order.data;
  const number = orderNumberLabel(data.number);
  const money = (minor: number) => formatMoney(minor, data.currency);

  return (
    <div className={frame}>
      <DocumentTitle title={`Order ${number}`} />
      <BackLink />
      {/* The buttons go under the title when both do not fit on one row. */}
      <div className="mt-4 flex flex-wrap items-start justify-between gap-x-6 gap-y-4">
        <div className="min-w-0 flex-[1_1_20rem]">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
              Order {number}
            </h1>
            <OrderStatusBadge status={data.status} className="text-sm" />
            <PaymentStatusBadge status={data.paymentStatus} className="text-sm" />
          </div>
          <p className="mt-1 text-neutral-600">
            <time dateTime={data.createdAt}>{formatDateTime(data.createdAt)}</time> ·{' '}
            {ORDER_TYPE_LABELS[data.type]}
            {data.table ? ` · Table ${data.table.name}` : ''} · {ORDER_SOURCE_LABELS[data.source]}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {hasPayments(data) && mayTakePayment(data) && (
            <Button onClick={() => setPaying(true)}>
              <Banknote aria-hidden="true" className="size-4" />
              Take payment
            </Button>
          )}
          <Button variant="secondary" onClick={() => printing.print('receipt')}>
            <Printer aria-hidden="true" className="size-4" />
            Print receipt
          </Button>
          <Button variant="secondary" onClick={() => printing.print('kitchen-ticket')}>
            <ChefHat aria-hidden="true" className="size-4" />
            Print kitchen ticket
          </Button>
        </div>
      </div>

      <div className="mt-6 flex flex-col gap-4 empty:hidden">
        <MergedIntoNotice order={data} />
        <OrderActions order={data} />
        <CheckActions order={data} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-neutral-950">Items</h2>
          <OrderLines
            order={data}
            money={money}
            onVoidLine={mayChange ? setVoiding : undefined}
            onPrintRound={(round) => printing.print(`round-${round}`)}
          />
          <StockNotice order={data} />
          {data.note && (
            <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm break-words text-amber-950">
              <span className="font-medium">Order note:</span> {data.note}
            </p>
          )}
          <div className="border-t border-neutral-200 pt-4">
            <OrderTotals order={data} money={money} />
          </div>
        </Card>
        <div className="flex flex-col gap-6">
          {hasPayments(data) && (
            <Card ref={paymentsRef} tabIndex={-1} className="scroll-mt-4 p-5 focus:outline-none sm:p-6">
              <PaymentsPanel
                order={data}
                money={money}
                formatDateTime={formatDateTime}
                onTakePayment={() => setPaying(true)}
              />
            </Card>
          )}
          <Card className="p-5 sm:p-6">
            <h2 className="mb-3 text-lg font-semibold text-neutral-950">Details</h2>
            <OrderDetails order={data} formatDateTime={formatDateTime} />
          </Card>
          <Card className="p-5 sm:p-6">
            <h2 className="mb-3 text-lg font-semibold text-neutral-950">History</h2>
            <OrderTimeline order={data} formatDateTime={formatDateTime} />
          </Card>
        </div>
      </div>

      {hasPayments(data) && <PayDialog open={paying} order={data} onClose={() => setPaying(false)} />}
      {mayChange && (
        <VoidLineDialog
          order={data}
          line={voiding}
          onClose={() => setVoiding(null)}
          onShowPayments={() => {
            // After the dialog has closed (closing gives the focus back to what opened it).
            requestAnimationFrame(() => {
              const panel = paymentsRef.current;
              if (!panel) return;
              panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
              // A manager refunds from here: the first "Refund" button, else the panel itself.
              const refund = [...panel.querySelectorAll('button')].find(
                (button) => button.textContent === 'Refund',
              );
              (refund ?? panel).focus({ preventScroll: true });
            });
          }}
        />
      )}

      {printing.copy === 'receipt' ? (
        <ReceiptPrintCopy order={data} />
      ) : (
        <KitchenTicketPrintCopy
          order={data}
          round={
            printing.copy.startsWith('round-') ? Number(printing.copy.slice('round-'.length)) : undefined
          }
        />
      )}
    </div>
  );
}
