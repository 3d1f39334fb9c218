import { ArrowRightLeft, Merge, Split } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { hasStaffAccess } from '../../../../shared/roles';
import { Button } from '../../../components/ui/button';
import { orderPath } from '../../../lib/paths';
import { useSession } from '../../auth';
import type { CachedOrder } from '../api/orders-api';
import { isOpenOrder, itemCount, itemsLabel } from './check-model';
import { MergeChecksDialog } from './merge-checks-dialog';
import { MoveCheckDialog } from './move-check-dialog';
import { SplitCheckDialog } from './split-check-dialog';

/** Whether the signed-in viewer may change this check: staff, on an open check. */
export function useMayChangeCheck(order: Pick<Order, 'status'>): boolean {
  const { user } = useSession();
  return hasStaffAccess(user?.role) && isOpenOrder(order);
}

const LINK =
  'font-medium underline decoration-current/40 underline-offset-2 hover:decoration-current focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 rounded-sm';

/**
 * What staff may do with an open check besides its status: move it to another table and merge the
 * other checks of its table into it (dine-in), and split it so that guests pay apart (two items or
 * more). After a split, a notice links the new check.
 */
export function CheckActions({ order }: { order: CachedOrder }) {
  const mayChange = useMayChangeCheck(order);
  const [dialog, setDialog] = useState<'move' | 'merge' | 'split' | null>(null);
  const [created, setCreated] = useState<Order | null>(null);
  const close = () => setDialog(null);
  const atTable = order.type === 'dine-in' && order.table !== null;
  const maySplit = itemCount(order.lines) > 1;

  if (!mayChange && !created) return null;
  return (
    <div className="flex flex-col gap-3">
      {created && (
        <p
          role="status"
          data-testid="split-notice"
          className="rounded-lg border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-950"
        >
          {itemsLabel(itemCount(created.lines))} went to the new check, order{' '}
          {orderNumberLabel(created.number)}.{' '}
          <Link to={orderPath(created.id)} className={LINK} onClick={() => setCreated(null)}>
            Open order {orderNumberLabel(created.number)}
          </Link>
        </p>
      )}
      {mayChange && (atTable || maySplit) && (
        <div className="flex flex-wrap gap-2">
          {atTable && (
            <Button variant="secondary" onClick={() => setDialog('move')}>
              <ArrowRightLeft aria-hidden="true" className="size-4" />
              Move to table
            </Button>
          )}
          {atTable && (
            <Button variant="secondary" onClick={() => setDialog('merge')}>
              <Merge aria-hidden="true" className="size-4" />
              Merge checks
            </Button>
          )}
          {maySplit && (
            <Button variant="secondary" onClick={() => setDialog('split')}>
              <Split aria-hidden="true" className="size-4" />
              Split check
            </Button>
          )}
        </div>
      )}
      {mayChange && (
        <>
          <MoveCheckDialog order={order} open={dialog === 'move'} onClose={close} />
          <MergeChecksDialog order={order} open={dialog === 'merge'} onClose={close} />
          <SplitCheckDialog order={order} open={dialog === 'split'} onClose={close} onSplit={setCreated} />
        </>
      )}
    </div>
  );
}

/** On an order merged into another check: says so and links that check. */
export function MergedIntoNotice({ order }: { order: Pick<Order, 'status' | 'mergedInto'> }) {
  if (order.status !== 'merged' || !order.mergedInto) return null;
  const label = orderNumberLabel(order.mergedInto.number);
  return (
    <p
      data-testid="merged-into"
      className="rounded-lg border border-neutral-300 bg-neutral-50 px-3 py-2 text-sm text-neutral-800"
    >
      This check was merged into order {label}: its items and amounts are on that order now.{' '}
      <Link to={orderPath(order.mergedInto.id)} className={LINK}>
        Open order {label}
      </Link>
    </p>
  );
}
