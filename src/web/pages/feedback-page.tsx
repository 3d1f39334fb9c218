import { CircleCheck, Clock, Lock, MessageSquareHeart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { FeedbackPage as PageData } from '../../shared/contracts/feedback';
import { orderNumberLabel } from '../../shared/order-limits';
import type { OrderStatus } from '../../shared/order-status';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { OrderStatusBadge } from '../components/ui/order-badges';
import { useSession } from '../features/auth';
import { FeedbackForm, GivenFeedbackSummary, useFeedbackPage } from '../features/feedback';
import { useRestaurantFormats } from '../features/my-orders';
import { orderTypeLabel } from '../features/payments';
import { isApiError } from '../lib/api-client';
import { loginPathFor, paths } from '../lib/paths';

const FRAME = 'mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10';

/** A message in a card of its own: not found, not completed yet, thank you. */
function MessageCard({ icon, title, children }: { icon?: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center sm:p-10">
      {icon}
      <div>
        <h1 className="text-xl font-semibold text-neutral-950">{title}</h1>
        <div className="mt-1 text-neutral-600">{children}</div>
      </div>
    </Card>
  );
}

function NotFound({ accessKey }: { accessKey: string | null }) {
  const { user } = useSession();
  const location = useLocation();
  const mightSignIn = !accessKey && !user;
  return (
    <div className={FRAME}>
      <DocumentTitle title="Order not found" />
      <MessageCard title="This order does not exist">
        <p>
          {mightSignIn
            ? 'If it is your order, sign in to rate it, or open the link from your receipt again.'
            : 'The link may be incomplete or mistyped. Scan the receipt’s code again, or ask the staff.'}
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          {mightSignIn && (
            <ButtonLink to={loginPathFor(`${location.pathname}${location.search}`)}>Sign in</ButtonLink>
          )}
          <ButtonLink to={paths.home} variant="secondary">
            See the menu
          </ButtonLink>
        </div>
      </MessageCard>
    </div>
  );
}

/** The order being rated: number, day, type and what it held. */
function OrderSummary({ page, title = 'Your order' }: { page: PageData; title?: string }) {
  const formats = useRestaurantFormats();
  const { order } = page;
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-neutral-950">{title}</h2>
      <p className="mt-1 text-sm text-neutral-600">
        <time dateTime={order.createdAt}>{formats.dateTime(order.createdAt)}</time>
        {' · '}
        {orderTypeLabel(order.type)}
      </p>
      <ul className="mt-4 flex flex-col divide-y divide-neutral-100" aria-label="Items">
        {order.lines.map((line, index) => (
          // Lines have no id here; the same dish may appear twice with other choices.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the page's life.
          <li key={index} className="flex gap-3 py-2">
            <span className="w-8 shrink-0 text-neutral-600 tabular-nums">{line.quantity}×</span>
            <span className="min-w-0 break-words text-neutral-950">{line.name}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Header({ page, title }: { page: PageData; title: string }) {
  const label = orderNumberLabel(page.order.number);
  return (
    <header>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">{title}</h1>
        <OrderStatusBadge status={page.order.status as OrderStatus} className="text-sm" />
      </div>
      <p className="mt-1 text-sm text-neutral-600 sm:text-base">
        Order {label} at {page.restaurantName}
      </p>
    </header>
  );
}

/** The feedback given: a thank-you to whoever may rate the order, a plain record to anyone else. */
function ThankYou({ page }: { page: PageData }) {
  const { user } = useSession();
  const formats = useRestaurantFormats();
  const feedback = page.feedback;
  if (!feedback) return null;
  const label = orderNumberLabel(page.order.number);
  const title = page.canRate ? 'Thank you for your feedback!' : `Order ${label} has been rated`;
  return (
    <div className={FRAME}>
      <DocumentTitle title={page.canRate ? 'Thank you for your feedback' : title} />
      <Card className="mx-auto max-w-xl p-6 sm:p-8" data-testid="feedback-thanks">
        <div role="status" className="flex flex-col items-center gap-3 text-center">
          <CircleCheck aria-hidden="true" className="size-12 text-emerald-600" />
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950">{title}</h1>
          <p className="text-neutral-600">
            {page.canRate
              ? `${page.restaurantName} reads every word. Here is what you told us about order ${label}.`
              : `Here is what the guest said about order ${label}.`}
          </p>
        </div>
        <div className="mt-6 border-t border-neutral-200 pt-5">
          <GivenFeedbackSummary feedback={feedback} />
          <p className="mt-4 text-sm text-neutral-600">
            Given <time dateTime={feedback.createdAt}>{formats.dateTime(feedback.createdAt)}</time>
          </p>
        </div>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.home}>See the menu</ButtonLink>
          {user && (
            <ButtonLink to={paths.myOrders} variant="secondary">
              My orders
            </ButtonLink>
          )}
        </div>
      </Card>
    </div>
  );
}

/** The order cannot be rated (yet): still under way, or rejected or cancelled. */
function NotRateable({ page }: { page: PageData }) {
  const label = orderNumberLabel(page.order.number);
  const stopped = page.order.status === 'rejected' || page.order.status === 'cancelled';
  return (
    <div className={FRAME}>
      <DocumentTitle title={`Rate order ${label}`} />
      <Header page={page} title="Rate your order" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="flex gap-3 p-5 sm:p-6" data-testid="feedback-not-yet">
          <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-neutral-500" />
          <div>
            <h2 className="text-lg font-semibold text-neutral-950">
              {stopped ? 'There is nothing to rate' : 'Not completed yet'}
            </h2>
            <p className="mt-1 text-neutral-700">
              {stopped
                ? `Order ${label} was ${page.order.status === 'rejected' ? 'declined' : 'cancelled'}, so it cannot be rated.`
                : `You can rate order ${label} once it is completed. Come back to this page after your meal.`}
            </p>
          </div>
        </Card>
        <OrderSummary page={page} />
      </div>
    </div>
  );
}

/**
 * An order this viewer may see but not rate: a customer's order is rated by that customer,
 * signed in (its link, which staff hold too, is not enough); an order without a customer account
 * from its receipt's link.
 */
function NotYoursToRate({ page }: { page: PageData }) {
  const { user } = useSession();
  const location = useLocation();
  const label = orderNumberLabel(page.order.number);
  const customerOnly = page.rateRefusal === 'customer-only';
  const mightSignIn = customerOnly && !user;
  let title: string;
  let text: string;
  if (mightSignIn) {
    title = 'Sign in to rate this order';
    text = `Order ${label} was placed with a customer account, so only that customer can rate it. If it is yours, sign in and you will come back here.`;
  } else if (customerOnly) {
    title = 'Only the customer can rate this order';
    text = `Order ${label} was placed with a customer account, so only the customer who placed it can rate it, signed in to their account.`;
  } else {
    title = 'Rated from the receipt';
    text = `Order ${label} has no customer account: the guest rates it from the link on their receipt.`;
  }
  return (
    <div className={FRAME}>
      <DocumentTitle title={`Rate order ${label}`} />
      <Header page={page} title="Rate this order" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="flex gap-3 p-5 sm:p-6" data-testid="feedback-not-yours">
          <Lock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-neutral-500" />
          <div>
            <h2 className="text-lg font-semibold text-neutral-950">{title}</h2>
            <p className="mt-1 text-neutral-700">{text}</p>
            {mightSignIn && (
              <div className="mt-4">
                <ButtonLink to={loginPathFor(`${location.pathname}${location.search}`)}>Sign in</ButtonLink>
              </div>
            )}
          </div>
        </Card>
        {/* Someone signed in who is not the order's customer (staff, say) is not its guest. */}
        <OrderSummary page={page} title={mightSignIn ? 'Your order' : 'The order'} />
      </div>
    </div>
  );
}

function RateView({ page, accessKey }: { page: PageData; accessKey: string | null }) {
  const label = orderNumberLabel(page.order.number);
  return (
    <div className={FRAME}>
      <DocumentTitle title={`Rate order ${label}`} />
      <Header page={page} title="How was your order?" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Card className="p-5 sm:p-6">
          <div className="mb-5 flex items-start gap-3">
            <MessageSquareHeart aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-600" />
            <p className="text-neutral-700">
              Tell {page.restaurantName} how it went: give it stars overall and, if you like, rate the food
              and the service and add a few words.
            </p>
          </div>
          <FeedbackForm page={page} accessKey={accessKey} />
        </Card>
        <OrderSummary page={page} />
      </div>
    </div>
  );
}

/**
 * `/feedback/[orderId]` (public): once an order is completed, its customer (by their session) rates
 * it from 1 to 5 for overall, food and service, with an optional comment; an order without a customer
 * account is rated by whoever holds its link (`?key=…`, the receipt's QR code, the payment page). One
 * feedback per order, then a thank-you with what was given. Before completion it says so; to a viewer
 * who may see the order but not rate it (staff, or the link of a customer's order), it says who can;
 * without the right to see it, the order does not exist.
 */
export function FeedbackPage() {
  const { orderId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const accessKey = searchParams.get('key');
  const page = useFeedbackPage(orderId, accessKey);

  if (page.isPending) {
    return (
      <div className={FRAME}>
        <DocumentTitle title="Order feedback" />
        <ListLoading>Loading the order...</ListLoading>
      </div>
    );
  }
  if (page.isError) {
    if (isApiError(page.error) && (page.error.status === 404 || page.error.status === 400)) {
      return <NotFound accessKey={accessKey} />;
    }
    return (
      <div className={FRAME}>
        <DocumentTitle title="Order feedback" />
        <ListError error={page.error} onRetry={() => void page.refetch()} />
      </div>
    );
  }
  if (page.data.feedback) return <ThankYou page={page.data} />;
  const { status } = page.data.order;
  const stopped = status === 'rejected' || status === 'cancelled';
  // Who may rate comes first: waiting for completion is no use to someone who may not rate it.
  if (!stopped && !page.data.canRate) return <NotYoursToRate page={page.data} />;
  if (status !== 'completed') return <NotRateable page={page.data} />;
  return <RateView page={page.data} accessKey={accessKey} />;
}
