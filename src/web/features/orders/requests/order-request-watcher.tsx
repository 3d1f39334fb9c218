import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Order } from '../../../../shared/contracts/orders';
import { openOrdersQueryOptions, useOrderSummary } from '../api/orders-api';
import { takeUnseen } from './request-model';
import { playRequestSound, unlockAudioOnFirstGesture } from './request-sound';

/** The pending requests, through the same query as `useOpenOrders('pending')` (one cached list). */
function readPendingRequests(queryClient: QueryClient): Promise<Order[]> {
  return queryClient
    .fetchQuery({ ...openOrdersQueryOptions('pending'), staleTime: 0 })
    .then((page) => page.items);
}

/** Requests announced in this tab (or pending already when it opened): each is announced once. */
const seenRequests = new Set<string>();
/** Reads of the list, one after the other, so two growths never announce the same request. */
let queue: Promise<void> = Promise.resolve();

function enqueue(task: () => Promise<void>): void {
  queue = queue.then(task).catch(() => {
    // A failed read announces nothing; the next growth reads again.
  });
}

/** The toasts come from the server's notifications (the bell's toaster); here only the sound. */
function announce(requests: Order[]): void {
  if (requests.length === 0) return;
  playRequestSound();
}

/**
 * Mounted once in the staff navigation: when the count of pending requests grows while a staff screen
 * is open (not when it first loads), plays the request sound when it is on. The toast of each new
 * request is the server's `order-request` notification (`features/notifications`), so it shows once.
 * The count follows the live topic `orders` through the summary.
 */
export function OrderRequestWatcher() {
  const queryClient = useQueryClient();
  const count = useOrderSummary().data?.pendingRequests;
  const lastCount = useRef<number | null>(null);

  useEffect(() => unlockAudioOnFirstGesture(), []);

  useEffect(() => {
    if (count === undefined) return;
    const previous = lastCount.current;
    lastCount.current = count;
    if (previous === null) {
      // First load: what is pending already is no news.
      if (count > 0) {
        enqueue(async () => {
          takeUnseen(await readPendingRequests(queryClient), seenRequests);
        });
      }
      return;
    }
    if (count > previous) {
      enqueue(async () => announce(takeUnseen(await readPendingRequests(queryClient), seenRequests)));
    }
  }, [count, queryClient]);

  return null;
}

/** The count on "Order Requests" in the navigation, read as part of the link: "Order Requests (3 new)". */
export function PendingRequestsBadge() {
  const count = useOrderSummary().data?.pendingRequests ?? 0;
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="order-requests-badge"
        className="ml-auto min-w-6 rounded-full bg-red-600 px-1.5 text-center text-xs leading-6 font-bold text-white tabular-nums"
      >
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">({count} new)</span>
    </>
  );
}
