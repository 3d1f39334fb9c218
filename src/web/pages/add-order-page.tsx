import { NotAvailablePage } from './not-available-page';

/** Add Order: being built (issue 11); until then it says so. */
export function AddOrderPage() {
  return <NotAvailablePage />;
}
