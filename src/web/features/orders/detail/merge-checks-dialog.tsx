import { clsx } from 'clsx';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { orderNumberLabel } from '../../../../shared/contracts/orders';
import { OPEN_CHECK_STATUSES } from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { OrderStatusBadge } from '../../../components/ui/order-badges';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite } from '../../../lib/stale-write';
import { type CachedOrder, useMergeChecks, useOpenOrders } from '../api/orders-api';
import { useOrderMoney } from '../list/order-format';
import { itemCount, itemsLabel, mergeCandidates, STALE_CHECK_MESSAGE } from './check-model';
import { CheckNote } from './check-notes';

const OPEN_STATUSES = OPEN_CHECK_STATUSES.join(',');

interface MergeChecksDialogProps {
  order: CachedOrder;
  open: boolean;
  onClose: () => void;
}

/**
 * Merges other open checks of this order's table into it: each listed with its items, total and
 * status; the ones the server would refuse (a payment taken, a discount, another type) are shown
 * with why, and cannot be ticked. The checks that join end as merged; their lines come over as
 * later rounds.
 */
export function MergeChecksDialog({ order, open, onClose }: MergeChecksDialogProps) {
  const merge = useMergeChecks();
  function close() {
    merge.reset();
    onClose();
  }
  const label = orderNumberLabel(order.number);
  return (
    <Dialog
      open={open}
      onClose={close}
      busy={merge.isPending}
      title={`Merge checks into ${label}`}
      description={
        order.table
          ? `The other open checks at table ${order.table.name}. The ones you tick join ${label}: their items come over, and they close as merged.`
          : undefined
      }
    >
      {open && <MergeChecksForm order={order} merge={merge} onClose={close} />}
    </Dialog>
  );
}

function MergeChecksForm({
  order,
  merge,
  onClose,
}: {
  order: CachedOrder;
  merge: ReturnType<typeof useMergeChecks>;
  onClose: () => void;
}) {
  const openOrders = useOpenOrders(OPEN_STATUSES);
  const formatMoney = useOrderMoney();
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const label = orderNumberLabel(order.number);

  if (openOrders.isPending) return <ListLoading>Loading the open checks...</ListLoading>;
  if (openOrders.isError) {
    return <ListError error={openOrders.error} onRetry={() => void openOrders.refetch()} />;
  }
  const candidates = mergeCandidates(order, openOrders.data);
  const joining = candidates.filter(
    (candidate) => candidate.refusal === null && ticked.includes(candidate.order.id),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (joining.length === 0) {
      setError('Tick the checks that join this one.');
      listRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    const labels = joining.map((candidate) => orderNumberLabel(candidate.order.number)).join(', ');
    merge.mutate(
      {
        id: order.id,
        input: { version: order.version, orderIds: joining.map((candidate) => candidate.order.id) },
      },
      {
        onSuccess: () => {
          toast.success(`Merged ${labels} into ${label}.`);
          onClose();
        },
        onError: (failure) => setRefusal(isStaleWrite(failure) ? STALE_CHECK_MESSAGE : errorMessage(failure)),
      },
    );
  }

  if (candidates.length === 0) {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-sm text-neutral-700">
          {order.table
            ? `There is no other open check at table ${order.table.name}.`
            : 'This order has no table: only the open checks of one table merge.'}
        </p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Back
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset
        ref={listRef}
        disabled={merge.isPending}
        aria-describedby={error ? errorId : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-neutral-800">Open checks</legend>
        <ul className="flex flex-col gap-2">
          {candidates.map(({ order: other, refusal: cannot }) => {
            const checked = cannot === null && ticked.includes(other.id);
            const detailId = `${errorId}-${other.id}`;
            return (
              <li key={other.id}>
                <label
                  className={clsx(
                    'flex min-h-14 items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
                    cannot
                      ? 'cursor-not-allowed border-neutral-200 bg-neutral-50 text-neutral-500'
                      : checked
                        ? 'cursor-pointer border-neutral-950 bg-neutral-50'
                        : 'cursor-pointer border-neutral-300 hover:border-neutral-500',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-neutral-950"
                    checked={checked}
                    disabled={cannot !== null}
                    aria-label={`Order ${orderNumberLabel(other.number)}`}
                    aria-describedby={detailId}
                    onChange={(event) => {
                      setError(null);
                      setTicked((now) =>
                        event.target.checked ? [...now, other.id] : now.filter((id) => id !== other.id),
                      );
                    }}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-semibold text-neutral-950">
                        Order {orderNumberLabel(other.number)}
                      </span>
                      <OrderStatusBadge status={other.status} />
                    </span>
                    <span id={detailId} className="block text-sm text-neutral-600">
                      {itemsLabel(itemCount(other.lines))} · {formatMoney(other.total, other.currency)}
                      {cannot && <span className="font-medium text-neutral-700"> · {cannot}</span>}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {error && (
          <p id={errorId} className="text-sm text-red-700">
            {error}
          </p>
        )}
      </fieldset>
      {refusal && (
        <CheckNote>
          <p>{refusal}</p>
        </CheckNote>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={merge.isPending}>
          Back
        </Button>
        <Button type="submit" isLoading={merge.isPending}>
          {merge.isPending
            ? 'Merging...'
            : joining.length > 0
              ? `Merge ${joining.length} check${joining.length === 1 ? '' : 's'} into ${label}`
              : 'Merge'}
        </Button>
      </div>
    </form>
  );
}
