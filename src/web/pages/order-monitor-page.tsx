import { DocumentTitle } from '../components/ui/document-title';
import { OrderBoard } from '../features/orders';

/** `/orders/monitor` (Order Monitor): the kitchen and pass board. */
export function OrderMonitorPage() {
  return (
    <>
      <DocumentTitle title="Order Monitor" />
      <OrderBoard />
    </>
  );
}
