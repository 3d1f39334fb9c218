import { useState } from 'react';
import type { PurchaseOrder } from '../../../../shared/contracts/purchase-orders';
import { inputToMinor, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useReceiveDelivery } from '../api/purchase-orders-api';
import { formatQuantity, shortQuantity, typedQuantity } from './format';

/**
 * One delivery: per line still open, the quantity arriving (in the line's unit) and its cost per unit
 * when it differs from the order. Lines left empty did not come this time.
 */
export function ReceiveDialog({ order, onClose }: { order: PurchaseOrder; onClose: () => void }) {
  const receive = useReceiveDelivery(order.id);
  const open = order.lines
    .map((line) => ({
      line,
      outstanding: (typedQuantity(line.quantity) ?? 0) - (typedQuantity(line.receivedQuantity) ?? 0),
    }))
    .filter((entry) => entry.outstanding > 0);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [costs, setCosts] = useState<Record<string, string>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, minorToInput(line.unitCost, order.currency)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  function fillAll() {
    setQuantities(
      Object.fromEntries(
        open.map(({ line, outstanding }) => [line.id, shortQuantity(formatQuantity(outstanding))]),
      ),
    );
  }

  function submit() {
    const problems: Record<string, string> = {};
    const lines: { lineId: string; quantity: string; unitCost?: number }[] = [];
    for (const { line, outstanding } of open) {
      const typed = (quantities[line.id] ?? '').trim();
      if (typed === '' || typed === '0') continue;
      const quantity = typedQuantity(typed);
      if (quantity === null) {
        problems[line.id] = 'Enter a quantity above 0, at most 3 decimals.';
        continue;
      }
      if (quantity > outstanding) {
        problems[line.id] =
          `At most ${shortQuantity(formatQuantity(outstanding))} ${line.unitSymbol} is still open.`;
        continue;
      }
      const cost = inputToMinor(costs[line.id] ?? '', order.currency);
      if (cost === null || cost < 0) {
        problems[`${line.id}-cost`] = 'Enter a cost such as 4.50.';
        continue;
      }
      lines.push({
        lineId: line.id,
        quantity: typed.replace(',', '.'),
        ...(cost !== line.unitCost ? { unitCost: cost } : {}),
      });
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0 || lines.length === 0) return;
    receive.mutate({ lines }, { onSuccess: onClose });
  }

  return (
    <Dialog
      open
      size="lg"
      title={`Receive a delivery on ${order.number}`}
      description="What arrived today, per line. Stock goes up in each item's stock unit, and its average cost moves with what you paid."
      busy={receive.isPending}
      onClose={onClose}
      footer={
        <div data-dialog-actions className="flex flex-wrap items-center justify-between gap-2">
          <Button variant="ghost" onClick={fillAll} disabled={receive.isPending}>
            Everything still open
          </Button>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose} disabled={receive.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} isLoading={receive.isPending}>
              {receive.isPending ? 'Receiving...' : 'Receive'}
            </Button>
          </div>
        </div>
      }
    >
      <ul className="flex flex-col gap-3">
        {open.map(({ line, outstanding }) => (
          <li
            key={line.id}
            data-testid="receive-line"
            className="grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.2fr)] sm:items-end"
          >
            <div className="col-span-2 sm:col-span-1">
              <div className="font-medium text-neutral-950">{line.itemName}</div>
              <div className="text-sm text-neutral-600 tabular-nums">
                {shortQuantity(line.receivedQuantity)} of {shortQuantity(line.quantity)} {line.unitSymbol}{' '}
                received · {shortQuantity(formatQuantity(outstanding))} open
              </div>
            </div>
            <TextField
              label={`Arriving (${line.unitSymbol})`}
              inputMode="decimal"
              placeholder="0"
              value={quantities[line.id] ?? ''}
              error={errors[line.id]}
              onChange={(event) =>
                setQuantities((current) => ({ ...current, [line.id]: event.target.value }))
              }
            />
            <MoneyField
              label={`Cost per ${line.unitSymbol}`}
              currency={order.currency}
              value={costs[line.id] ?? ''}
              error={errors[`${line.id}-cost`]}
              onChange={(event) => setCosts((current) => ({ ...current, [line.id]: event.target.value }))}
            />
          </li>
        ))}
      </ul>
      {receive.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {errorMessage(receive.error)}
        </p>
      )}
    </Dialog>
  );
}
