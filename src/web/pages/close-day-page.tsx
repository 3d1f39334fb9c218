import { ArrowLeft, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { hasManagerAccess } from '../../shared/roles';
import { ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListLoading } from '../components/ui/list-states';
import { useSession } from '../features/auth';
import { CloseDay } from '../features/cash-closes';
import { paths } from '../lib/paths';

function BackLink() {
  return (
    <Link
      to={paths.orders}
      className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      All orders
    </Link>
  );
}

/**
 * `/orders/close-day` (Close the day): a manager or an admin counts a cash drawer at the end of the
 * day, books it over or short with a reason, and prints the day's end report. Other staff may open the
 * address (it is in the staff area) and learn that a manager closes the day.
 */
export function CloseDayPage() {
  const { user, isPending } = useSession();
  const frame = 'w-full max-w-6xl px-4 py-8 sm:px-6 md:py-10 lg:px-10';
  if (isPending) {
    return (
      <div className={frame}>
        <DocumentTitle title="Close the day" />
        <ListLoading>Loading...</ListLoading>
      </div>
    );
  }
  return (
    <div className={frame}>
      <DocumentTitle title="Close the day" />
      <BackLink />
      <div className="mt-4">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Close the day</h1>
        <p className="mt-1 text-neutral-600">
          Count the cash drawer, say why when it is over or short, and print the day’s end report.
        </p>
      </div>
      <div className="mt-6">
        {hasManagerAccess(user?.role) ? (
          <CloseDay />
        ) : (
          <Card role="note" className="flex flex-col items-start gap-4 p-6 sm:p-8">
            <div className="flex items-start gap-3">
              <Lock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-neutral-500" />
              <div>
                <h2 className="text-lg font-semibold text-neutral-950">Only a manager can close the day</h2>
                <p className="mt-1 text-neutral-600">
                  Counting the drawer and closing the day is for managers and admins. Ask the manager on shift
                  to do it.
                </p>
              </div>
            </div>
            <ButtonLink to={paths.orders} variant="secondary">
              Back to orders
            </ButtonLink>
          </Card>
        )}
      </div>
    </div>
  );
}
