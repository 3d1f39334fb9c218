import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { orderNumberLabel } from '../../../../shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite } from '../../../lib/stale-write';
import { type CachedOrder, useMoveCheck, useOrderSummary, usePointOfSale } from '../api/orders-api';
import { STALE_CHECK_MESSAGE } from './check-model';
import { CheckNote } from './check-notes';

interface MoveCheckDialogProps {
  order: CachedOrder;
  open: boolean;
  onClose: () => void;
}

/**
 * Moves a dine-in check to another active table (the guests changed tables): the tables as the point
 * of sale offers them, each with how many open checks it has now, one chosen in a tap.
 */
export function MoveCheckDialog({ order, open, onClose }: MoveCheckDialogProps) {
  const move = useMoveCheck();
  function close() {
    move.reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      busy={move.isPending}
      title={`Move order ${orderNumberLabel(order.number)} to another table`}
      description={order.table ? `It is at table ${order.table.name} now.` : undefined}
    >
      {open && <MoveCheckForm order={order} move={move} onClose={close} />}
    </Dialog>
  );
}

function MoveCheckForm({
  order,
  move,
  onClose,
}: {
  order: CachedOrder;
  move: ReturnType<typeof useMoveCheck>;
  onClose: () => void;
}) {
  const pointOfSale = usePointOfSale();
  const summary = useOrderSummary();
  const [tableId, setTableId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = useId();
  const errorId = useId();
  const tilesRef = useRef<HTMLFieldSetElement>(null);

  if (pointOfSale.isPending) return <ListLoading>Loading the tables...</ListLoading>;
  if (pointOfSale.isError) {
    return <ListError error={pointOfSale.error} onRetry={() => void pointOfSale.refetch()} />;
  }
  const tables = pointOfSale.data.tables.filter((table) => table.id !== order.table?.id);
  const openChecks = new Map(summary.data?.tables.map((table) => [table.tableId, table.openOrders]));
  const chosen = tables.find((table) => table.id === tableId) ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (!chosen) {
      setError('Choose the table the guests moved to.');
      tilesRef.current?.querySelector('input')?.focus();
      return;
    }
    move.mutate(
      { id: order.id, input: { version: order.version, tableId: chosen.id } },
      {
        onSuccess: (moved) => {
          toast.success(`Order ${orderNumberLabel(moved.number)} moved to table ${chosen.name}.`);
          onClose();
        },
        onError: (failure) => setRefusal(isStaleWrite(failure) ? STALE_CHECK_MESSAGE : errorMessage(failure)),
      },
    );
  }

  if (tables.length === 0) {
    return (
      <div className="flex flex-col gap-5">
        <p className="text-sm text-neutral-700">There is no other active table to move to.</p>
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
        ref={tilesRef}
        disabled={move.isPending}
        aria-describedby={error ? errorId : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-neutral-800">Table</legend>
        <div className="grid max-h-[50vh] grid-cols-2 gap-2 overflow-y-auto p-0.5 sm:grid-cols-3">
          {tables.map((table) => {
            const checks = openChecks.get(table.id) ?? 0;
            const selected = table.id === tableId;
            return (
              <label
                key={table.id}
                className={clsx(
                  'relative flex min-h-16 cursor-pointer flex-col justify-center rounded-xl border px-3 py-2 text-left transition-colors',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-950',
                  selected
                    ? 'border-neutral-950 bg-neutral-950 text-white'
                    : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-500',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  value={table.id}
                  checked={selected}
                  onChange={() => {
                    setTableId(table.id);
                    setError(null);
                  }}
                  aria-label={table.name}
                  aria-describedby={`${name}-${table.id}`}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
                />
                <span className="flex items-center gap-1.5 font-semibold">
                  {selected && <Check aria-hidden="true" className="size-4 shrink-0" />}
                  {table.name}
                </span>
                <span
                  id={`${name}-${table.id}`}
                  className={clsx('text-xs', selected ? 'text-neutral-200' : 'text-neutral-600')}
                >
                  {[
                    table.area,
                    `${table.seats} seat${table.seats === 1 ? '' : 's'}`,
                    checks > 0 ? `${checks} open check${checks === 1 ? '' : 's'}` : 'free',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </label>
            );
          })}
        </div>
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
        <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
          Back
        </Button>
        <Button type="submit" isLoading={move.isPending}>
          {move.isPending ? 'Moving...' : chosen ? `Move to ${chosen.name}` : 'Move'}
        </Button>
      </div>
    </form>
  );
}
