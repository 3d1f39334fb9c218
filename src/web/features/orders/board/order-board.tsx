import { clsx } from 'clsx';
import { Maximize, Minimize } from 'lucide-react';
import { useId, useState } from 'react';
import type { Order } from '../../../../shared/contracts/orders';
import { STATIONS } from '../../../../shared/menu-catalog';
import { ORDER_STATUS_LABELS } from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { queryKeys } from '../../../lib/query-keys';
import { useLiveTopic } from '../../../lib/use-live-topic';
import { useCancelledOrders, useOpenOrders, useOrderSummary } from '../api/orders-api';
import { BoardCard } from './board-card';
import { useFullscreen, useNow, useStationFilter, useWakeAt } from './board-hooks';
import {
  type AgeThresholds,
  BOARD_STATUS_FILTER,
  BOARD_STATUSES,
  type BoardStatus,
  boardColumns,
  cancelledSinceDay,
  DEFAULT_AGE_THRESHOLDS,
  nextCancelledExit,
  nextRecallEnd,
  STATION_LABELS,
  type StationFilter,
} from './board-model';

const SUMMARY_KEYS = [queryKeys.orders.summary];

/** The ages tick this often (the brief asks for every 15 to 30 s). */
const AGE_TICK_MS = 20_000;

const COLUMN_HEADER: Record<BoardStatus, string> = {
  confirmed: 'bg-sky-800',
  preparing: 'bg-violet-800',
  ready: 'bg-emerald-800',
};

const EMPTY_TEXT: Record<BoardStatus, string> = {
  confirmed: 'No new orders',
  preparing: 'Nothing in preparation',
  ready: 'Nothing waiting at the pass',
};

const FILTERS: readonly { value: StationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  ...STATIONS.map((station) => ({ value: station, label: STATION_LABELS[station] })),
];

/**
 * `/orders/monitor`: the kitchen and pass board. Three columns, oldest order
 * first; it refreshes by itself through the live topic `orders`, and one tap moves an order on. An
 * order cancelled a moment ago stays, struck through, until `CANCELLED_SHOWN_MS` after it was
 * cancelled, and a step that can still be taken back keeps its button until its window closes: the list of orders takes no "changed since", so the board also reads the cancelled orders
 * placed since about a day ago and keeps the recent ones.
 */
export function OrderBoard() {
  const query = useOpenOrders(BOARD_STATUS_FILTER);
  const [station, setStation] = useStationFilter();
  const fullscreen = useFullscreen();
  const ticked = useNow(AGE_TICK_MS);
  const [woken, setWoken] = useState(0);
  const now = Math.max(ticked, woken);
  const cancelled = useCancelledOrders(cancelledSinceDay(now));
  // A cancelled card leaves on time, not at the next tick of the ages; so does an Undo whose recall
  // window has passed.
  useWakeAt(cancelled.data ? nextCancelledExit(cancelled.data, now) : null, setWoken);
  useWakeAt(query.data ? nextRecallEnd(query.data, now) : null, setWoken);
  // The age colours come with the summary; a change of the settings reaches an open board too.
  const thresholds = useOrderSummary().data?.ageThresholds ?? DEFAULT_AGE_THRESHOLDS;
  useLiveTopic('settings', SUMMARY_KEYS);
  // The open orders make the board; the cancelled ones join it when they come (a failed read of them
  // leaves the board as it was).
  const columns = query.data
    ? boardColumns<Order['lines'][number], Order>([...query.data, ...(cancelled.data ?? [])], station, now)
    : null;

  return (
    <div
      className={clsx(
        'flex flex-col bg-neutral-200',
        // In full screen the board covers the side navigation; toasts and dialogs still show above it.
        // The columns stand side by side, each scrolling, from a landscape tablet on: beside the side
        // navigation, a portrait tablet has room for one readable column, so they stack and the page
        // scrolls.
        fullscreen.active
          ? 'fixed inset-0 z-50 overflow-y-auto'
          : 'min-h-[calc(100dvh-3.5rem)] lg:h-dvh lg:min-h-0',
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-300 bg-white px-4 py-3">
        <h1 className="text-2xl font-bold tracking-tight text-neutral-950">Order Monitor</h1>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="inline-flex rounded-xl bg-neutral-100 p-1">
            <legend className="sr-only">Station</legend>
            {FILTERS.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={station === filter.value}
                onClick={() => setStation(filter.value)}
                className={clsx(
                  'h-11 min-w-20 rounded-lg px-4 text-lg font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                  station === filter.value
                    ? 'bg-neutral-950 text-white'
                    : 'text-neutral-700 hover:bg-white hover:text-neutral-950',
                )}
              >
                {filter.label}
              </button>
            ))}
          </fieldset>
          {fullscreen.supported && (
            <Button variant="secondary" size="lg" onClick={fullscreen.toggle}>
              {fullscreen.active ? (
                <Minimize aria-hidden="true" className="size-5" />
              ) : (
                <Maximize aria-hidden="true" className="size-5" />
              )}
              {fullscreen.active ? 'Exit full screen' : 'Full screen'}
            </Button>
          )}
        </div>
      </header>

      {query.isError ? (
        <div className="p-4">
          <ListError error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : !columns ? (
        <ListLoading>Loading orders...</ListLoading>
      ) : (
        <div className="grid flex-1 gap-3 p-3 lg:min-h-0 lg:grid-cols-3">
          {BOARD_STATUSES.map((status) => (
            <BoardColumn
              key={status}
              status={status}
              orders={columns[status]}
              now={now}
              thresholds={thresholds}
              stationLabel={station === 'all' ? null : STATION_LABELS[station]}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function BoardColumn({
  status,
  orders,
  now,
  thresholds,
  stationLabel,
}: {
  status: BoardStatus;
  orders: Order[];
  now: number;
  thresholds: AgeThresholds;
  stationLabel: string | null;
}) {
  const headingId = useId();
  // The count is of the orders to make: a cancelled one still shown is not counted.
  const open = orders.filter((order) => order.status !== 'cancelled').length;
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-h-40 flex-col overflow-hidden rounded-2xl bg-neutral-100 lg:min-h-0"
    >
      <h2
        id={headingId}
        aria-label={`${ORDER_STATUS_LABELS[status]}, ${open} ${open === 1 ? 'order' : 'orders'}`}
        className={clsx(
          'flex items-center justify-between px-4 py-3 text-2xl font-bold text-white',
          COLUMN_HEADER[status],
        )}
      >
        {ORDER_STATUS_LABELS[status]}
        <span className="rounded-full bg-white/20 px-3 text-xl tabular-nums">{open}</span>
      </h2>
      {orders.length === 0 ? (
        <p className="flex flex-1 items-center justify-center p-6 text-center text-xl font-medium text-neutral-600">
          {stationLabel ? `${EMPTY_TEXT[status]} for the ${stationLabel.toLowerCase()}` : EMPTY_TEXT[status]}
        </p>
      ) : (
        <ul className="flex flex-1 flex-col gap-3 overflow-y-auto p-3">
          {orders.map((order) => (
            <li key={order.id}>
              <BoardCard order={order} now={now} thresholds={thresholds} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
