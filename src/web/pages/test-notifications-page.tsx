import { clsx } from 'clsx';
import { BellOff, BellRing } from 'lucide-react';
import { useLocation } from 'react-router';
import { findPage } from '../../shared/pages';
import { navigationState } from '../app/access-rule';
import {
  DEFAULT_NOTIFICATION_BODY,
  DEFAULT_NOTIFICATION_TITLE,
  showNotificationToast,
} from '../components/notification-toast/notification-toast';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth/api/get-session';

/** A made-up order for the sample; no such order exists. */
function sampleOrderId(): string {
  return crypto.randomUUID();
}

/**
 * `/test-notifications`: web push arrives in a later release, and the page says so. Meanwhile it
 * shows, in this browser only, what a notification looks like when one arrives.
 */
export function TestNotificationsPage() {
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  const inBackOffice = navigationState(findPage(pathname), isPending, user) !== 'hidden';

  return (
    <div
      className={clsx('w-full max-w-3xl px-4 py-8 sm:px-6 md:py-10', inBackOffice ? 'lg:px-10' : 'mx-auto')}
    >
      <DocumentTitle title="Test Notifications" />
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
        Test Notifications
      </h1>

      <Card className="mt-6 flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700">
          <BellOff aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-base font-semibold text-neutral-950">
            Push notifications are not available yet
          </h2>
          <p className="mt-1 text-neutral-600">
            This device cannot receive notifications from us yet. When push notifications arrive in a coming
            release, this page will let you turn them on and send yourself a test message.
          </p>
        </div>
      </Card>

      <Card className="mt-6 flex flex-col items-start gap-4 p-6 sm:flex-row sm:p-8">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700">
          <BellRing aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-neutral-950">See what a notification looks like</h2>
          <p className="mt-1 text-neutral-600">
            These buttons show a sample in this browser only; nothing is sent. A notification stays at the top
            right for 5 seconds. One about an order has a View Order button; the sample order is made up, so
            its page will not find it.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Button onClick={() => showNotificationToast({})}>Show a sample notification</Button>
            <Button
              variant="secondary"
              onClick={() =>
                showNotificationToast({
                  title: 'New order request',
                  body: 'A sample order is waiting for you to accept it.',
                  data: { orderId: sampleOrderId() },
                })
              }
            >
              Show a sample notification with an order
            </Button>
          </div>
          <p className="mt-4 text-sm text-neutral-500">
            Without a title or text, a notification reads “{DEFAULT_NOTIFICATION_TITLE}” and “
            {DEFAULT_NOTIFICATION_BODY}”.
          </p>
        </div>
      </Card>
    </div>
  );
}
