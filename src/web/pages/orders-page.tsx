import { NotAvailablePage } from './not-available-page';

/** Orders: being built (issue 11); until then it says so. */
export function OrdersPage() {
  return <NotAvailablePage />;
}
