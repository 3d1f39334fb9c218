import { clsx } from 'clsx';
import { BellRing, Eye, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { findPage } from '../../shared/pages';
import { navigationState } from '../app/access-rule';
import {
  DEFAULT_NOTIFICATION_BODY,
  DEFAULT_NOTIFICATION_TITLE,
  showNotificationToast,
} from '../components/notification-toast/notification-toast';
import { Button, ButtonLink } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { useSession } from '../features/auth';
import { PushControls, useSendTestNotification } from '../features/notifications';
import { errorMessage } from '../lib/api-client';
import { loginPathFor, paths } from '../lib/paths';

/** A made-up order for the sample; no such order exists. */
function sampleOrderId(): string {
  return crypto.randomUUID();
}

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:p-8">
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-neutral-100 text-neutral-700"
      >
        {icon}
      </span>
      <section aria-label={title} className="min-w-0 flex-1">
        <h2 className="text-base font-semibold text-neutral-950">{title}</h2>
        {children}
      </section>
    </Card>
  );
}

/** "Send me a test notification" for a signed-in user; a guest is asked to sign in. */
function SendTest() {
  const { user } = useSession();
  const send = useSendTestNotification();

  if (!user) {
    return (
      <>
        <p className="mt-1 text-sm text-neutral-600">
          Sign in to send yourself a test notification. It arrives in your notifications and on every device
          where you turned them on.
        </p>
        <ButtonLink className="mt-5" to={loginPathFor(paths.testNotifications)}>
          Sign in
        </ButtonLink>
      </>
    );
  }

  const devices = send.data?.pushDevices ?? 0;
  return (
    <>
      <p className="mt-1 text-sm text-neutral-600">
        We send you a notification now: it shows in your notifications and, as a push, on every device where
        you turned notifications on, this one included.
      </p>
      <Button
        className="mt-5"
        onClick={() => send.mutate()}
        isLoading={send.isPending}
        data-testid="send-test-notification"
      >
        {send.isPending ? 'Sending...' : 'Send me a test notification'}
      </Button>
      <div role="status" className="mt-4 text-sm empty:hidden">
        {send.isSuccess &&
          (devices > 0 ? (
            <p className="text-emerald-800">
              Sent to your notifications and pushed to {devices} {devices === 1 ? 'device' : 'devices'}.
            </p>
          ) : (
            <p className="text-neutral-700">
              Sent to your notifications. No device of yours has push notifications turned on, so nothing was
              pushed.
            </p>
          ))}
      </div>
      {send.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(send.error)}
        </p>
      )}
    </>
  );
}

/**
 * `/test-notifications`: whether this device gets push notifications, with "Turn on
 * notifications" (the permission is asked only after that click); "Send me a test notification"
 * for a signed-in user; and a sample of the toast that shows when a notification arrives while the
 * site is open.
 */
export function TestNotificationsPage() {
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  const inBackOffice = navigationState(findPage(pathname), isPending, user) !== 'hidden';

  return (
    <div
      className={clsx(
        'flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 md:py-10',
        inBackOffice ? 'lg:px-10' : 'mx-auto',
      )}
    >
      <DocumentTitle title="Test Notifications" />
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
          Test Notifications
        </h1>
        <p className="mt-2 text-neutral-600">Check that notifications reach this device.</p>
      </header>

      <Section icon={<BellRing className="size-5" />} title="Notifications on this device">
        <PushControls className="mt-3" />
      </Section>

      <Section icon={<Send className="size-5" />} title="Send me a test notification">
        <SendTest />
      </Section>

      <Section icon={<Eye className="size-5" />} title="See what a notification looks like">
        <p className="mt-1 text-sm text-neutral-600">
          While this site is open, a notification shows at the top right for 5 seconds. One about an order has
          a View Order button. These samples show in this browser only; nothing is sent, and the sample order
          is made up, so its page will not find it.
        </p>
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" onClick={() => showNotificationToast({})}>
            Show a sample notification
          </Button>
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
      </Section>
    </div>
  );
}
