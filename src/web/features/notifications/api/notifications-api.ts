import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
// Types only: the contract loads zod, and the bell is part of every signed-in page (the guests' `/` too).
import type {
  Notification,
  NotificationPage,
  ReadAllResult,
} from '../../../../shared/contracts/notifications';
import {
  NOTIFICATIONS_API,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsTopic,
} from '../../../../shared/notification-kinds';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';

export type { Notification, NotificationPage };

/**
 * The signed-in user's notifications: `GET /api/notifications` newest first with the
 * unread count, kept fresh by the live topic `notifications:<userId>`; mark one read, mark all read.
 */

type NotificationPages = InfiniteData<NotificationPage, unknown>;

function listUrl(cursor?: string): string {
  const search = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) search.set('cursor', cursor);
  return `${NOTIFICATIONS_API.list}?${search.toString()}`;
}

const NOTIFICATIONS_LIVE_KEYS: readonly QueryKey[] = [queryKeys.notifications.all];

/** What the page's first read of a user's notifications showed: no news for the toaster. */
export interface FirstRead {
  ids: ReadonlySet<string>;
  /** The oldest of them (older ones loaded later are no news either), or null when there were none. */
  oldest: string | null;
}

/**
 * Per user, the first read of this page, whichever component made it (the bell and the toaster load
 * separately, and the toaster may mount after the bell's first read).
 */
const firstReads = new Map<string, FirstRead>();

export function firstReadOf(userId: string): FirstRead | undefined {
  return firstReads.get(userId);
}

/**
 * The user's notifications, page after page ("Show older"), live. Every bell and the toaster share
 * this one cached list; its first page holds the newest and the unread count.
 */
export function useNotifications(userId: string) {
  useLiveTopic(notificationsTopic(userId), NOTIFICATIONS_LIVE_KEYS);
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list(userId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest<NotificationPage>(listUrl(pageParam), { signal, cache: 'no-cache' });
      if (pageParam === undefined && !firstReads.has(userId)) {
        firstReads.set(userId, {
          ids: new Set(page.items.map((item) => item.id)),
          oldest: page.items.at(-1)?.createdAt ?? null,
        });
      }
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every notification loaded so far, newest first. */
export function loadedNotifications(data: { pages: NotificationPage[] } | undefined): Notification[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The unread count (all the user's, not only the loaded ones). */
export function unreadCountOf(data: { pages: NotificationPage[] } | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

/** Changes the cached list at once (the live topic reads it again from the server right after). */
function updateCachedPages(
  queryClient: QueryClient,
  userId: string,
  change: (page: NotificationPage, index: number) => NotificationPage,
): void {
  queryClient.setQueryData<NotificationPages>(queryKeys.notifications.list(userId), (data) =>
    data ? { ...data, pages: data.pages.map(change) } : data,
  );
}

/** `POST /api/notifications/{id}/read`: one of the user's notifications is read. */
export function useMarkNotificationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Notification>(NOTIFICATIONS_API.read(encodeURIComponent(id)), { method: 'POST' }),
    onMutate: (id) => {
      const readAt = new Date().toISOString();
      let wasUnread = false;
      updateCachedPages(queryClient, userId, (page) => ({
        ...page,
        items: page.items.map((item) => {
          if (item.id !== id || item.readAt) return item;
          wasUnread = true;
          return { ...item, readAt };
        }),
      }));
      if (wasUnread) {
        updateCachedPages(queryClient, userId, (page, index) =>
          index === 0 ? { ...page, unreadCount: Math.max(0, page.unreadCount - 1) } : page,
        );
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** `POST /api/notifications/read-all`: every notification of the user is read. */
export function useMarkAllNotificationsRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ReadAllResult>(NOTIFICATIONS_API.readAll, { method: 'POST' }),
    onSuccess: () => {
      const readAt = new Date().toISOString();
      updateCachedPages(queryClient, userId, (page) => ({
        ...page,
        unreadCount: 0,
        items: page.items.map((item) => (item.readAt ? item : { ...item, readAt })),
      }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}
