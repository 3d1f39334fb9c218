import { NotAvailablePage } from './not-available-page';

/** Order Monitor: being built (issue 11); until then it says so. */
export function OrderMonitorPage() {
  return <NotAvailablePage />;
}
