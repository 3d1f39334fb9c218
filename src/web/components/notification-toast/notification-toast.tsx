import { clsx } from 'clsx';
import { Bell, X } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import toast, { type Toast } from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { orderPath } from '../../lib/paths';

/** A notification toast stays 5 s; a title or body left out gets these defaults. */
export const NOTIFICATION_TOAST_DURATION_MS = 5000;
export const DEFAULT_NOTIFICATION_TITLE = 'New Notification';
export const DEFAULT_NOTIFICATION_BODY = 'You have a new notification';

export interface NotificationPayload {
  title?: string;
  body?: string;
  /** A notification about an order carries the order's id. */
  data?: { orderId?: string };
  /**
   * Where View Order goes: `/orders/{orderId}` (the staff page) unless given; a customer's
   * toast passes their own order page, since a customer on a staff route is sent to `/`.
   */
  viewPath?: string;
}

type Navigate = (path: string) => void;

// The toasts render in the Toaster, outside the router; the router's navigate and the path of the page
// on screen are lent to them here.
let navigateFromToast: Navigate | null = null;
let pageOnScreen: string | null = null;
const pageListeners = new Set<() => void>();

function followPageOnScreen(listener: () => void): () => void {
  pageListeners.add(listener);
  return () => pageListeners.delete(listener);
}
const readPageOnScreen = () => pageOnScreen;

/**
 * Whether `destination` (a path of this site, maybe with a query or hash) is the page at `pathname`:
 * a toast never offers to open the page it is shown on.
 */
export function isPageOnScreen(destination: string, pathname: string | null): boolean {
  if (pathname === null) return false;
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return trim(destination.split(/[?#]/, 1)[0] ?? '') === trim(pathname);
}

/**
 * Mount once inside the router, so that a toast's View Order button navigates within the app and
 * knows which page is on screen.
 */
export function NotificationNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const lend: Navigate = (path) => {
      void navigate(path);
    };
    navigateFromToast = lend;
    return () => {
      if (navigateFromToast === lend) navigateFromToast = null;
    };
  }, [navigate]);
  useEffect(() => {
    pageOnScreen = pathname;
    for (const listener of pageListeners) listener();
  }, [pathname]);
  return null;
}

function goTo(path: string) {
  if (navigateFromToast) navigateFromToast(path);
  else window.location.assign(path);
}

interface NotificationToastProps {
  toast: Toast;
  title: string;
  body: string;
  orderId: string | null;
  /** View Order's destination (the staff page of `orderId` unless given). */
  viewPath?: string;
}

/**
 * The notification toast: title, body, a close button and View Order for an order,
 * except while the page View Order opens is the one on screen (a link to where the viewer already
 * is). Both buttons are 44 px touch targets (the close button reaches into the toast's padding).
 */
export function NotificationToast({
  toast: current,
  title,
  body,
  orderId,
  viewPath,
}: NotificationToastProps) {
  const onScreen = useSyncExternalStore(followPageOnScreen, readPageOnScreen, () => null);
  const destination = orderId ? (viewPath ?? orderPath(orderId)) : null;
  const offersView = destination !== null && !isPageOnScreen(destination, onScreen);
  return (
    <div
      {...current.ariaProps}
      className={clsx(
        'pointer-events-auto flex w-[22rem] max-w-[calc(100vw-2rem)] gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-lg transition-all duration-200',
        current.visible ? 'translate-y-0 opacity-100' : '-translate-y-2 opacity-0',
      )}
      data-testid="notification-toast"
    >
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral-950 text-white"
      >
        <Bell className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold break-words text-neutral-950">{title}</p>
        <p className="mt-0.5 text-sm break-words text-neutral-600">{body}</p>
        {offersView && (
          <button
            type="button"
            onClick={() => {
              toast.dismiss(current.id);
              goTo(destination);
            }}
            className="mt-3 inline-flex h-11 items-center rounded-lg bg-neutral-950 px-4 text-sm font-medium text-white hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            View Order
          </button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={() => toast.dismiss(current.id)}
        className="-m-2.5 flex size-11 shrink-0 items-center justify-center rounded-lg text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Shows the notification toast at the top right for 5 s; returns the toast id. A title or body left
 * out (or blank) gets its default (`DEFAULT_NOTIFICATION_TITLE`, `DEFAULT_NOTIFICATION_BODY`); an
 * orderId adds View Order (→ /orders/{orderId}, or `viewPath` when given), unless that page is the one
 * on screen.
 */
export function showNotificationToast({ title, body, data, viewPath }: NotificationPayload = {}): string {
  const orderId = data?.orderId?.trim() || null;
  return toast.custom(
    (current) => (
      <NotificationToast
        toast={current}
        title={title?.trim() || DEFAULT_NOTIFICATION_TITLE}
        body={body?.trim() || DEFAULT_NOTIFICATION_BODY}
        orderId={orderId}
        viewPath={viewPath?.trim() || undefined}
      />
    ),
    { duration: NOTIFICATION_TOAST_DURATION_MS },
  );
}
