import { clsx } from 'clsx';
import { Link } from 'react-router';
import type { InventoryItem, StockMovement, StockMovementType } from '../../../../shared/contracts/inventory';
import { formatDelta } from '../../../../shared/money';
import { shortQuantity } from '../../../../shared/quantity';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/ui/list-states';
import { orderPath, purchaseOrderPath, stockCountPath } from '../../../lib/paths';
import { useItemMovements } from '../api/inventory-api';
import { WASTE_REASON_LABELS } from './movement-form';

export const MOVEMENT_TYPE_LABELS: Record<StockMovementType, string> = {
  'purchase-receipt': 'Delivery',
  sale: 'Sale',
  adjustment: 'Adjustment',
  waste: 'Waste',
  count: 'Count',
  revaluation: 'Revaluation',
};

/** The pages of what a movement refers to, by its `referenceType`. */
const REFERENCES: Record<string, { label: string; path: (id: string) => string }> = {
  order: { label: 'the order', path: orderPath },
  'purchase-order': { label: 'the purchase order', path: purchaseOrderPath },
  count: { label: 'the count', path: stockCountPath },
};

/** Where a movement came from, as a link to its page. */
function Reference({ movement }: { movement: StockMovement }) {
  const reference = movement.referenceType ? REFERENCES[movement.referenceType] : undefined;
  if (!reference || !movement.referenceId) return null;
  return (
    <Link
      to={reference.path(movement.referenceId)}
      className="text-neutral-700 underline underline-offset-2 hover:text-neutral-950"
    >
      {reference.label}
    </Link>
  );
}

function reasonText(movement: StockMovement): string {
  if (movement.type === 'waste') {
    const label = WASTE_REASON_LABELS[movement.reason as keyof typeof WASTE_REASON_LABELS] ?? movement.reason;
    return movement.note ? `${label}: ${movement.note}` : label;
  }
  return movement.note ? `${movement.reason} (${movement.note})` : movement.reason;
}

/** An item's movements, newest first: what came in and went out, its value, why and who. */
export function MovementList({
  item,
  money,
  dateTime,
}: {
  item: InventoryItem;
  money: { currency: string; locale: string };
  dateTime: (iso: string) => string;
}) {
  const query = useItemMovements(item.id);
  const movements = query.movements;
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />;
  if (!movements) return <ListLoading>Loading the movements...</ListLoading>;
  if (movements.length === 0) {
    return <ListEmpty>No movements yet: a delivery, a count or an adjustment brings stock in.</ListEmpty>;
  }
  return (
    <div className="flex flex-col gap-4">
      <ol className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 bg-white shadow-sm">
        {movements.map((movement) => {
          const negative = movement.quantity.startsWith('-');
          return (
            <li key={movement.id} className="flex items-start justify-between gap-4 px-4 py-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-neutral-950">
                  {MOVEMENT_TYPE_LABELS[movement.type]}
                  <span className="font-normal text-neutral-600"> · {dateTime(movement.createdAt)}</span>
                </p>
                <p className="text-neutral-700">
                  {reasonText(movement)}
                  {movement.actorName ? ` · ${movement.actorName}` : ''}
                  {movement.referenceType && movement.referenceType in REFERENCES && (
                    <>
                      {' · '}
                      <Reference movement={movement} />
                    </>
                  )}
                </p>
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p className={clsx('font-semibold', negative ? 'text-red-700' : 'text-emerald-800')}>
                  {negative ? '' : '+'}
                  {shortQuantity(movement.quantity)} {item.unitSymbol}
                </p>
                <p className="text-neutral-600">
                  {formatDelta(movement.value, money.currency, money.locale)}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      {query.hasNextPage && (
        <LoadMore loading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      )}
    </div>
  );
}
