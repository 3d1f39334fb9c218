import { NotAvailablePage } from './not-available-page';

/** Order: being built (issue 11); until then it says so. */
export function OrderPage() {
  return <NotAvailablePage />;
}
