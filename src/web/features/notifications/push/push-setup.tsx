import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  PUSH_MESSAGE_TYPES,
  PUSH_SIGNING_OUT_EVENT,
  PUSH_TOKEN_SAVE_DELAY_MS,
  type PushPayload,
} from '../../../../shared/notification-kinds';
import { useConfig } from '../../config';
import { announceNotification, sitePath } from '../announce';
import { pushSupported } from './push-device';
import { renewPushSubscription } from './push-subscription';

/** How often an open page checks whether the saved subscription is due for renewal. */
const RENEW_CHECK_MS = 60 * 60 * 1000;

interface PushSetupProps {
  userId: string;
  sessionId: string;
}

function isPayload(value: unknown): value is PushPayload {
  const payload = value as Partial<PushPayload> | null;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.id === 'string' &&
    typeof payload.title === 'string' &&
    typeof payload.body === 'string'
  );
}

/** Only a path of this site is opened in the app (the rule of `announce.ts`, for a message's field). */
function pathOf(value: unknown): string | null {
  return typeof value === 'string' ? (sitePath(value) ?? null) : null;
}

/**
 * The page's side of the push service worker (`/firebase-messaging-sw.js`): a push that arrived while
 * this page is visible becomes the notification toast (once per notification id, shared with the in-app
 * list), and a click on a system notification opens its page here. The page answers the worker on the
 * message's port, so the worker knows not to show the notification itself or reload the window.
 */
export function usePushMessages() {
  const navigate = useNavigate();
  useEffect(() => {
    if (!pushSupported()) return;
    const container = navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: unknown; payload?: unknown; url?: unknown } | null;
      const reply = event.ports[0];
      if (message?.type === PUSH_MESSAGE_TYPES.received && isPayload(message.payload)) {
        const { id, title, body, orderId, url } = message.payload;
        announceNotification({ id, title, body, orderId: orderId ?? null, link: pathOf(url) });
        reply?.postMessage({ done: true });
      } else if (message?.type === PUSH_MESSAGE_TYPES.open) {
        const path = pathOf(message.url) ?? '/';
        void navigate(path);
        reply?.postMessage({ done: true });
      }
    };
    container.addEventListener('message', onMessage);
    // Messages wait in a queue until the page says it listens.
    container.startMessages();
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}

/**
 * Mounted (lazily) for a signed-in user: listens to the push service worker and, 1 s after sign-in
 * when notification permission was granted before, keeps this device's
 * subscription saved on the server (again after 7 days, or with a new server key). Asks nothing;
 * failures are only logged.
 */
export function PushSetup({ userId, sessionId }: PushSetupProps) {
  usePushMessages();
  const config = useConfig();
  const publicKey = config.data?.pushPublicKey ?? null;

  useEffect(() => {
    if (!publicKey || !pushSupported() || Notification.permission !== 'granted') return;
    let stopped = false;
    const renew = () => {
      renewPushSubscription({ userId, sessionId, publicKey }, Date.now(), () => stopped).catch(
        (error: unknown) => {
          console.warn('Could not save the push subscription', error);
        },
      );
    };
    const timer = setTimeout(renew, PUSH_TOKEN_SAVE_DELAY_MS);
    // A page left open for days (a kitchen's tablet) renews too; the check itself costs no request.
    const interval = setInterval(renew, RENEW_CHECK_MS);
    // Signing out: nothing may subscribe the device again while the sign-out unsubscribes it.
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(interval);
    };
    window.addEventListener(PUSH_SIGNING_OUT_EVENT, stop);
    return () => {
      stop();
      window.removeEventListener(PUSH_SIGNING_OUT_EVENT, stop);
    };
  }, [userId, sessionId, publicKey]);

  return null;
}
