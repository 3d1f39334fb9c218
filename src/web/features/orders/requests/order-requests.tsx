import { useState } from 'react';
import type { Order } from '../../../../shared/contracts/orders';
import { Card } from '../../../components/ui/card';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { useConfig } from '../../config';
import { useOpenOrders } from '../api/orders-api';
import { useNow } from '../board/board-hooks';
import { BOARD_STATUS_FILTER } from '../board/board-model';
import { AcceptRequestDialog } from './accept-request-dialog';
import { AcceptedRequests } from './accepted-requests';
import { RejectRequestDialog } from './reject-request-dialog';
import { RequestCard } from './request-card';
import { acceptedWithReadyTime, oldestFirst } from './request-model';
import { RequestSoundSwitch } from './request-sound-toggle';

/**
 * `/orders/requests`: the pending online orders, oldest on top (the guest who has waited longest is
 * answered first), each with Accept (with a ready time) and Reject (with a reason); below, the
 * accepted ones still open with the ready time each guest was given. The lists follow the live topic
 * `orders`; the navigation's watcher announces new ones.
 */
export function OrderRequests() {
  const query = useOpenOrders('pending');
  const config = useConfig();
  const now = useNow(20_000);
  // The kitchen board's read: the open orders, of which the accepted requests are shown.
  const open = useOpenOrders(BOARD_STATUS_FILTER);
  const [accepting, setAccepting] = useState<Order | null>(null);
  const [rejecting, setRejecting] = useState<Order | null>(null);
  const requests = query.data ? oldestFirst(query.data) : undefined;
  const locale = config.data?.locale ?? navigator.language;

  return (
    <div className="w-full max-w-4xl px-4 py-8 sm:px-6 md:py-10 lg:px-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
            Order Requests
          </h1>
          <p className="mt-1 text-neutral-600">
            Online orders waiting for an answer. Accepted ones go to the kitchen board.
          </p>
        </div>
        <Card className="shrink-0 p-4 sm:max-w-xs">
          <RequestSoundSwitch />
        </Card>
      </div>

      <div className="mt-8">
        {query.isError ? (
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        ) : !requests ? (
          <ListLoading>Loading requests...</ListLoading>
        ) : requests.length === 0 ? (
          <ListEmpty>No requests right now. New ones appear here by themselves.</ListEmpty>
        ) : (
          <ul className="flex flex-col gap-4">
            {requests.map((order) => (
              <li key={order.id}>
                <RequestCard
                  order={order}
                  now={now}
                  locale={locale}
                  onAccept={setAccepting}
                  onReject={setRejecting}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {open.data && <AcceptedRequests orders={acceptedWithReadyTime(open.data)} />}

      <AcceptRequestDialog order={accepting} onClose={() => setAccepting(null)} />
      <RejectRequestDialog order={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
