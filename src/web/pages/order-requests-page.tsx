import { DocumentTitle } from '../components/ui/document-title';
import { OrderRequests } from '../features/orders';

/** `/orders/requests` (Order Requests): pending online orders to accept or reject. */
export function OrderRequestsPage() {
  return (
    <>
      <DocumentTitle title="Order Requests" />
      <OrderRequests />
    </>
  );
}
