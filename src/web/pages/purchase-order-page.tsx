import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig, useRestaurantDateTime } from '../features/config';
import { PurchaseOrderDetail, useOrderChoices, usePurchaseOrder } from '../features/purchase-orders';
import { isApiError } from '../lib/api-client';
import { paths } from '../lib/paths';

/**
 * `/purchase-orders/:purchaseOrderId` (admin): one purchase order; a draft is edited and sent here,
 * deliveries are received here over as many days as they take.
 */
export function PurchaseOrderPage() {
  const { purchaseOrderId = '' } = useParams();
  const config = useConfig();
  const formatInstant = useRestaurantDateTime();
  const order = usePurchaseOrder(purchaseOrderId);
  const choices = useOrderChoices();

  let content: React.ReactNode;
  if (order.isPending) content = <ListLoading>Loading the purchase order...</ListLoading>;
  else if (order.isError)
    content =
      isApiError(order.error) && (order.error.status === 404 || order.error.status === 400) ? (
        <p className="text-neutral-700">There is no such purchase order.</p>
      ) : (
        <ListError error={order.error} onRetry={() => void order.refetch()} />
      );
  else
    content = (
      <PurchaseOrderDetail
        order={order.data}
        choices={choices.data}
        locale={config.data?.locale ?? 'en-US'}
        formatInstant={formatInstant}
      />
    );

  return (
    <div className="w-full max-w-5xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={order.data ? `Purchase order ${order.data.number}` : 'Purchase order'} />
      <Link
        to={paths.purchaseOrders}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Purchase orders
      </Link>
      {content}
    </div>
  );
}
