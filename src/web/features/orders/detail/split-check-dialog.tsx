import { clsx } from 'clsx';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { type Order, orderNumberLabel } from '../../../../shared/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite } from '../../../lib/stale-write';
import { hasPayments, refundRequired } from '../../payments';
import { type CachedOrder, useSplitCheck } from '../api/orders-api';
import { useOrderMoney } from '../list/order-format';
import { isCounted, itemsLabel, STALE_CHECK_MESSAGE, splitEstimate } from './check-model';
import { CheckNote } from './check-notes';

interface SplitCheckDialogProps {
  order: CachedOrder;
  open: boolean;
  onClose: () => void;
  /** The new check, once the server made it. */
  onSplit: (created: Order) => void;
}

/**
 * Splits an open check so that guests pay apart: tick the lines that go to a new check (and how many
 * of a line with more than one); before confirming, the new check's total and what this check keeps
 * are shown, computed as the server computes them (each check's share of the discount, service
 * charge and tax). At least one item stays, and this check must still cost at least what was paid.
 */
export function SplitCheckDialog({ order, open, onClose, onSplit }: SplitCheckDialogProps) {
  const split = useSplitCheck();
  function close() {
    split.reset();
    onClose();
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      busy={split.isPending}
      title={`Split order ${orderNumberLabel(order.number)}`}
      description="Tick what goes to a new check, for a guest who pays apart. The payments taken stay on this check."
    >
      {open && (
        <SplitCheckForm
          order={order}
          split={split}
          onClose={close}
          onSplit={(created) => {
            close();
            onSplit(created);
          }}
        />
      )}
    </Dialog>
  );
}

function SplitCheckForm({
  order,
  split,
  onClose,
  onSplit,
}: {
  order: CachedOrder;
  split: ReturnType<typeof useSplitCheck>;
  onClose: () => void;
  onSplit: (created: Order) => void;
}) {
  const formatMoney = useOrderMoney();
  const money = (minor: number) => formatMoney(minor, order.currency);
  /** Line id → how many of it go to the new check. */
  const [chosen, setChosen] = useState<ReadonlyMap<string, number>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refund, setRefund] = useState<number | null>(null);
  const errorId = useId();
  const listRef = useRef<HTMLFieldSetElement>(null);
  const lines = order.lines.filter(isCounted);
  const estimate = splitEstimate(order, chosen);
  const kept = hasPayments(order) ? order.amountPaid - order.amountRefunded : 0;
  const keepsNothing = estimate !== null && estimate.keptItems <= 0;
  const owesLess = estimate !== null && !keepsNothing && kept > estimate.kept.total;

  function choose(lineId: string, quantity: number | null) {
    setError(null);
    setRefund(null);
    setChosen((now) => {
      const next = new Map(now);
      if (quantity === null) next.delete(lineId);
      else next.set(lineId, quantity);
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    if (!estimate) {
      setError('Tick at least one item for the new check.');
      listRef.current?.querySelector('input')?.focus();
      return;
    }
    if (keepsNothing || owesLess) return;
    const input = {
      version: order.version,
      lines: lines
        .filter((line) => chosen.has(line.id))
        .map((line) => ({ lineId: line.id, quantity: Math.min(chosen.get(line.id) ?? 1, line.quantity) })),
    };
    split.mutate(
      { id: order.id, input },
      {
        onSuccess: (created) => {
          toast.success(
            `${itemsLabel(estimate.movedItems)} split off to order ${orderNumberLabel(created.number)}.`,
          );
          onSplit(created);
        },
        onError: (failure) => {
          const asked = refundRequired(failure);
          if (asked !== null) setRefund(asked.amount);
          else setRefusal(isStaleWrite(failure) ? STALE_CHECK_MESSAGE : errorMessage(failure));
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <fieldset
        ref={listRef}
        disabled={split.isPending}
        aria-describedby={error ? errorId : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-neutral-800">Items for the new check</legend>
        <ul className="flex max-h-[40vh] flex-col gap-2 overflow-y-auto p-0.5">
          {lines.map((line) => {
            const count = chosen.get(line.id);
            const ticked = count !== undefined;
            return (
              <li
                key={line.id}
                data-testid="split-line"
                className={clsx(
                  'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3 py-2',
                  ticked ? 'border-neutral-950 bg-neutral-50' : 'border-neutral-300',
                )}
              >
                <label className="flex min-h-10 min-w-40 flex-1 cursor-pointer items-center gap-3">
                  <input
                    type="checkbox"
                    className="size-5 shrink-0 accent-neutral-950"
                    checked={ticked}
                    onChange={(event) => choose(line.id, event.target.checked ? line.quantity : null)}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words text-neutral-950">
                      {line.quantity} × {line.name}
                    </span>
                    <span className="block text-sm text-neutral-600 tabular-nums">
                      {money(line.lineTotal)}
                      {line.round > 1 ? ` · round ${line.round}` : ''}
                    </span>
                  </span>
                </label>
                {ticked && line.quantity > 1 && (
                  <div className="ml-auto flex items-center gap-2">
                    <QuantityStepper
                      name={line.name}
                      value={count}
                      min={1}
                      max={line.quantity}
                      onChange={(next) => choose(line.id, next)}
                      inputLabel={`How many ${line.name} go to the new check`}
                    />
                    <span className="text-sm text-neutral-600">of {line.quantity}</span>
                  </div>
                )}
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

      <dl className="grid grid-cols-2 gap-3" data-testid="split-estimate" aria-live="polite">
        <div className="rounded-xl bg-neutral-100 px-3 py-2.5">
          <dt className="text-sm text-neutral-700">New check</dt>
          <dd>
            <span
              className="block text-xl font-semibold text-neutral-950 tabular-nums"
              data-testid="split-new-total"
            >
              {money(estimate?.moved.total ?? 0)}
            </span>
            <span className="text-sm text-neutral-600">{itemsLabel(estimate?.movedItems ?? 0)}</span>
          </dd>
        </div>
        <div className="rounded-xl bg-neutral-100 px-3 py-2.5">
          <dt className="text-sm text-neutral-700">This check keeps</dt>
          <dd>
            <span
              className="block text-xl font-semibold text-neutral-950 tabular-nums"
              data-testid="split-kept-total"
            >
              {money(estimate?.kept.total ?? order.total)}
            </span>
            <span className="text-sm text-neutral-600">
              {itemsLabel(estimate?.keptItems ?? lines.reduce((sum, line) => sum + line.quantity, 0))}
              {kept > 0 ? ` · ${money(kept)} paid` : ''}
            </span>
          </dd>
        </div>
      </dl>

      {keepsNothing && (
        <CheckNote>
          <p>Leave at least one item on this check: a split moves some of its items to a new one.</p>
        </CheckNote>
      )}
      {(owesLess || refund !== null) && (
        <CheckNote testId="refund-first">
          <p>
            {money(kept)} was paid on this check, more than it would keep: refund{' '}
            <strong className="font-semibold tabular-nums">
              {money(refund ?? kept - (estimate?.kept.total ?? 0))}
            </strong>{' '}
            first (a manager, from the order’s Payments), or split off less.
          </p>
        </CheckNote>
      )}
      {refusal && (
        <CheckNote>
          <p>{refusal}</p>
        </CheckNote>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={split.isPending}>
          Back
        </Button>
        <Button type="submit" isLoading={split.isPending} disabled={keepsNothing || owesLess}>
          {split.isPending
            ? 'Splitting...'
            : estimate
              ? `Split off ${itemsLabel(estimate.movedItems)}`
              : 'Split off'}
        </Button>
      </div>
    </form>
  );
}
