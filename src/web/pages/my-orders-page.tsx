import { UtensilsCrossed } from 'lucide-react';
import { hasStaffAccess } from '../../shared/roles';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading, LoadMore } from '../components/ui/list-states';
import { useSession } from '../features/auth';
import { MyOrderRow, useMyOrders, useRestaurantFormats } from '../features/my-orders';
import { useOrderMoney } from '../features/orders';
import { paths } from '../lib/paths';

function Heading() {
  return (
    <header>
      <DocumentTitle title="My orders" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">My orders</h1>
      <p className="mt-1 text-neutral-600">Newest first. Their status updates by itself.</p>
    </header>
  );
}

/** The customer's orders, newest first, each with its live status; "Load more" for older ones. */
function MyOrdersList({ userId }: { userId: string }) {
  const orders = useMyOrders(userId);
  const formats = useRestaurantFormats();
  const formatMoney = useOrderMoney();

  if (orders.isPending) return <ListLoading>Loading your orders...</ListLoading>;
  if (orders.isError) return <ListError error={orders.error} onRetry={() => void orders.refetch()} />;
  const items = orders.orders ?? [];
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-600"
        >
          <UtensilsCrossed className="size-6" />
        </span>
        <div>
          <p className="font-medium text-neutral-950">No orders yet</p>
          <p className="mt-1 text-sm text-neutral-600">What you order from the menu shows here.</p>
        </div>
        <ButtonLink to={paths.home}>See the menu</ButtonLink>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="My orders" className="flex flex-col gap-3">
        {items.map((order) => (
          <MyOrderRow
            key={order.id}
            order={order}
            money={(minor) => formatMoney(minor, order.currency)}
            formats={formats}
          />
        ))}
      </ul>
      {orders.hasNextPage && (
        <LoadMore loading={orders.isFetchingNextPage} onLoad={() => void orders.fetchNextPage()} />
      )}
    </div>
  );
}

/**
 * `/account/orders` (signed-in): "My orders" with live status. Staff take orders
 * rather than place them: the list of all orders is theirs in the back office.
 */
export function MyOrdersPage() {
  const { user } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
      <Heading />
      {!user ? null : hasStaffAccess(user.role) ? (
        <Card className="flex flex-col items-start gap-4 p-6">
          <p className="text-neutral-800">
            This page lists the orders a customer places. The restaurant's orders are in the back office.
          </p>
          <ButtonLink to={paths.orders} variant="secondary">
            Go to Orders
          </ButtonLink>
        </Card>
      ) : (
        <MyOrdersList userId={user.id} />
      )}
    </div>
  );
}
