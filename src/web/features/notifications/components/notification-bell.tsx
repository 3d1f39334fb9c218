import { clsx } from 'clsx';
import { Bell, CheckCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDismiss } from '../../../lib/use-dismiss';
import { useRestaurantDateTime } from '../../config';
import { sitePath } from '../announce';
import {
  loadedNotifications,
  type Notification,
  unreadCountOf,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications-api';
import { badgeText, timeAgo } from '../notification-model';

/**
 * Where the bell sits: the staff sidebar (dark, desktop), its rail of icons (dark, tablets), the staff
 * top bar (dark, phones) or the public header (light). The panel opens beside the sidebar or the rail,
 * under the top bar, or under the header.
 */
export type BellPlacement = 'sidebar' | 'rail' | 'topbar' | 'header';

const BUTTON_CLASSES: Record<BellPlacement, string> = {
  sidebar:
    'text-neutral-300 hover:bg-neutral-800 hover:text-white focus-visible:outline-white aria-expanded:bg-neutral-800 aria-expanded:text-white',
  rail: 'text-neutral-300 hover:bg-neutral-800 hover:text-white focus-visible:outline-white aria-expanded:bg-neutral-800 aria-expanded:text-white',
  topbar: 'text-white hover:bg-neutral-800 focus-visible:outline-white aria-expanded:bg-neutral-800',
  header:
    'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-neutral-950 aria-expanded:bg-neutral-100',
};

const BADGE_RING: Record<BellPlacement, string> = {
  sidebar: 'ring-neutral-950',
  rail: 'ring-neutral-950',
  topbar: 'ring-neutral-950',
  header: 'ring-white',
};

const PANEL_CLASSES: Record<BellPlacement, string> = {
  sidebar: 'fixed top-3 left-[16.75rem] w-[24rem] max-h-[calc(100dvh-1.5rem)]',
  rail: 'fixed top-3 left-[4.75rem] w-[24rem] max-h-[calc(100dvh-1.5rem)]',
  topbar: 'fixed inset-x-2 top-16 max-h-[calc(100dvh-4.5rem)]',
  header:
    'fixed inset-x-2 top-[4.25rem] max-h-[calc(100dvh-5rem)] sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-[24rem] sm:max-h-[min(36rem,calc(100dvh-6rem))]',
};

/** A minute is the smallest step of "5 min ago": the panel's clock moves on once a minute while open. */
function useMinuteClock(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

function NotificationRow({
  notification,
  now,
  formatDate,
  onOpen,
}: {
  notification: Notification;
  now: number;
  formatDate: (iso: string) => string;
  onOpen: (notification: Notification) => void;
}) {
  const unread = notification.readAt === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-unread={unread || undefined}
        className={clsx(
          'flex w-full gap-3 rounded-xl px-3 py-3 text-left transition-colors hover:bg-neutral-100',
          'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-neutral-950',
          unread && 'bg-sky-50/70',
        )}
      >
        <span aria-hidden="true" className="flex w-2.5 shrink-0 justify-center pt-1.5">
          {unread && <span className="size-2.5 rounded-full bg-sky-600" />}
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={clsx(
              'block text-sm break-words',
              unread ? 'font-semibold text-neutral-950' : 'font-medium text-neutral-800',
            )}
          >
            {unread && <span className="sr-only">Unread: </span>}
            {notification.title}
          </span>
          {notification.body && (
            <span className="mt-0.5 block text-sm break-words text-neutral-600">{notification.body}</span>
          )}
          <time
            dateTime={notification.createdAt}
            title={formatDate(notification.createdAt)}
            className="mt-1 block text-xs text-neutral-500"
          >
            {timeAgo(notification.createdAt, now, formatDate)}
          </time>
        </span>
      </button>
    </li>
  );
}

function NotificationPanel({
  id,
  userId,
  placement,
  onClose,
}: {
  id: string;
  userId: string;
  placement: BellPlacement;
  onClose: (returnFocus: boolean) => void;
}) {
  const headingId = useId();
  const navigate = useNavigate();
  const query = useNotifications(userId);
  const markRead = useMarkNotificationRead(userId);
  const markAllRead = useMarkAllNotificationsRead(userId);
  const formatDate = useRestaurantDateTime();
  const now = useMinuteClock(true);
  const items = loadedNotifications(query.data);
  const unread = unreadCountOf(query.data);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  const open = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    const path = sitePath(notification.link);
    if (path) {
      onClose(false);
      void navigate(path);
    }
  };

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="notification-panel"
      className={clsx(
        'z-50 flex flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white text-neutral-950 shadow-xl focus:outline-none',
        PANEL_CLASSES[placement],
      )}
    >
      <div className="flex items-center justify-between gap-3 border-b border-neutral-200 py-2 pr-2 pl-4">
        <h2 id={headingId} className="text-base font-semibold">
          Notifications
        </h2>
        {unread > 0 && (
          <button
            type="button"
            onClick={() => markAllRead.mutate()}
            disabled={markAllRead.isPending}
            className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:text-neutral-400"
          >
            <CheckCheck aria-hidden="true" className="size-4" />
            Mark all as read
          </button>
        )}
      </div>
      {markAllRead.isError && (
        <p role="alert" className="border-b border-neutral-200 px-4 py-2 text-sm text-red-700">
          {errorMessage(markAllRead.error)}
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {query.isPending ? (
          <div
            role="status"
            className="flex items-center justify-center gap-2 py-10 text-sm text-neutral-600"
          >
            <Spinner className="size-4" />
            Loading notifications...
          </div>
        ) : query.isError && items.length === 0 ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center text-sm">
            <p className="text-neutral-700">{errorMessage(query.error)}</p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="inline-flex h-9 items-center rounded-lg border border-neutral-300 px-3 font-medium hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950"
            >
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-neutral-100 text-neutral-500"
            >
              <Bell className="size-5" />
            </span>
            <p className="text-sm font-medium text-neutral-900">No notifications yet</p>
            <p className="text-sm text-neutral-600">News about orders will show up here.</p>
          </div>
        ) : (
          <>
            <ul aria-label="Notifications, newest first" className="flex flex-col gap-0.5">
              {items.map((notification) => (
                <NotificationRow
                  key={notification.id}
                  notification={notification}
                  now={now}
                  formatDate={formatDate}
                  onOpen={open}
                />
              ))}
            </ul>
            {query.hasNextPage && (
              <div className="flex justify-center pt-2">
                <button
                  type="button"
                  onClick={() => void query.fetchNextPage()}
                  disabled={query.isFetchingNextPage}
                  className="inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium text-neutral-700 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:text-neutral-400"
                >
                  {query.isFetchingNextPage ? 'Loading...' : 'Show older'}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The bell: the signed-in user's unread count on it, and a panel of their notifications,
 * newest first, that opens on a click and closes on Escape, a click outside or a choice. Opening a
 * notification marks it read and goes to its page.
 */
export function NotificationBell({ userId, placement }: { userId: string; placement: BellPlacement }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const unread = unreadCountOf(useNotifications(userId).data);

  const shut = useCallback(() => setOpen(false), []);
  const button = useCallback(() => buttonRef.current, []);
  useDismiss(open, ref, shut, button);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  return (
    <div ref={ref} className={clsx(placement === 'header' && 'sm:relative')}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={unread > 0 ? `Notifications (${unread} unread)` : 'Notifications'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        data-testid="notification-bell"
        className={clsx(
          'relative flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2',
          BUTTON_CLASSES[placement],
        )}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className={clsx(
              'absolute -top-0.5 -right-0.5 h-5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-bold text-white tabular-nums ring-2',
              BADGE_RING[placement],
            )}
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && <NotificationPanel id={panelId} userId={userId} placement={placement} onClose={close} />}
    </div>
  );
}
