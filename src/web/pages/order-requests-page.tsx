import { NotAvailablePage } from './not-available-page';

/** Order Requests: being built (issue 11); until then it says so. */
export function OrderRequestsPage() {
  return <NotAvailablePage />;
}
