import { X } from 'lucide-react';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type Settlement,
  type SettlementAdjustment,
  type SettlementAdjustmentInput,
  SettlementAdjustmentInputSchema,
} from '../../../../shared/contracts/settlements';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRestaurantDateTime } from '../../config';
import { conversionErrors, convertMoney } from '../../resources';
import { useAddAdjustment, useRemoveAdjustment } from '../api/settlements-api';

const SIDES = ['credit', 'charge'] as const;
type Side = (typeof SIDES)[number];
const SIDE_LABELS: Record<Side, string> = { credit: 'Credit (+)', charge: 'Charge (−)' };

interface AdjustmentValues {
  side: Side;
  amount: string;
  reason: string;
}

const EMPTY: AdjustmentValues = { side: 'charge', amount: '', reason: '' };

function AdjustmentForm({
  settlement,
  locale,
  onClose,
}: {
  settlement: Settlement;
  locale: string;
  onClose: () => void;
}) {
  const add = useAddAdjustment();
  const versionRef = useRef(settlement.version);
  versionRef.current = settlement.version;
  const form = useSchemaForm<AdjustmentValues, SettlementAdjustmentInput>({
    schema: SettlementAdjustmentInputSchema,
    initialValues: EMPTY,
    convert: (values) => {
      const amount = convertMoney(values.amount, settlement.currency);
      const signed = values.side === 'charge' ? -Math.abs(amount.minor) : Math.abs(amount.minor);
      return {
        input: { version: versionRef.current, amount: signed, reason: values.reason },
        errors: conversionErrors([['amount', amount.error]]),
      };
    },
  });
  const busy = form.submitting;

  const submit = form.handleSubmit(async (input) => {
    // Sent with the version on screen now: the live topic may have read a newer one since the last keystroke.
    await add.mutateAsync({ id: settlement.id, input: { ...input, version: versionRef.current } });
    toast.success(
      `${input.amount < 0 ? 'Charge' : 'Credit'} of ${formatMoney(Math.abs(input.amount), settlement.currency, locale)} added`,
    );
    form.reset(EMPTY);
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Add an adjustment"
      className="flex flex-col gap-4 rounded-xl border border-neutral-200 bg-white p-4 shadow-sm"
    >
      <SegmentedChoice
        legend="Kind"
        options={SIDES}
        labels={SIDE_LABELS}
        value={form.values.side}
        onChange={(side) => form.setField('side', side)}
      />
      <p className="-mt-2 text-sm text-neutral-600">
        A credit adds to what the partner owes you (a bonus); a charge takes off it (a refund the partner paid
        the guest).
      </p>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
        <MoneyField
          label="Amount"
          currency={settlement.currency}
          value={form.values.amount}
          placeholder="0.00"
          disabled={busy}
          error={form.errorOf('amount')}
          onChange={(event) => form.setField('amount', event.target.value.replace(/^[-+]/, ''))}
        />
        <TextField
          label="Reason"
          value={form.values.reason}
          maxLength={200}
          autoComplete="off"
          placeholder="Refund for order 1042"
          disabled={busy}
          error={form.errorOf('reason')}
          onChange={(event) => form.setField('reason', event.target.value)}
        />
      </div>
      {form.formError && (
        <p role="alert" className="text-sm text-red-700">
          {form.formError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={busy}>
          {busy ? 'Adding...' : 'Add adjustment'}
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AdjustmentRow({
  settlement,
  adjustment,
  locale,
}: {
  settlement: Settlement;
  adjustment: SettlementAdjustment;
  locale: string;
}) {
  const formatInstant = useRestaurantDateTime();
  const remove = useRemoveAdjustment();
  const pending = settlement.status === 'pending';
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-testid="settlement-adjustment">
      <div className="min-w-0 flex-1">
        <p className="break-words text-neutral-950">{adjustment.reason}</p>
        <p className="text-xs text-neutral-600">
          {adjustment.amount < 0 ? 'Charge' : 'Credit'} · {formatInstant(adjustment.createdAt)}
          {adjustment.createdByName ? ` by ${adjustment.createdByName}` : ''}
        </p>
      </div>
      <span className="shrink-0 font-semibold whitespace-nowrap text-neutral-950 tabular-nums">
        {formatDelta(adjustment.amount, settlement.currency, locale)}
      </span>
      {pending && (
        <Button
          variant="ghost"
          className="-my-1.5 shrink-0 px-2"
          isLoading={remove.isPending}
          aria-label={`Remove the adjustment “${adjustment.reason}”`}
          title="Remove"
          onClick={() =>
            remove.mutate(
              { id: settlement.id, adjustmentId: adjustment.id },
              {
                onSuccess: () => toast.success('Adjustment removed'),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        >
          {!remove.isPending && <X aria-hidden="true" className="size-4" />}
        </Button>
      )}
    </li>
  );
}

/**
 * The settlement's adjustments, each with its signed amount and reason; while it is pending, a charge
 * or a credit is added here and one taken off again.
 */
export function AdjustmentsSection({ settlement, locale }: { settlement: Settlement; locale: string }) {
  const [adding, setAdding] = useState(false);
  const pending = settlement.status === 'pending';
  return (
    <div className="flex flex-col gap-3">
      {settlement.adjustments.length === 0 ? (
        <p className="text-sm text-neutral-600">No adjustments.</p>
      ) : (
        <ul
          aria-label="Adjustments"
          className="divide-y divide-neutral-100 rounded-xl border border-neutral-200 bg-white shadow-sm"
        >
          {settlement.adjustments.map((adjustment) => (
            <AdjustmentRow
              key={adjustment.id}
              settlement={settlement}
              adjustment={adjustment}
              locale={locale}
            />
          ))}
        </ul>
      )}
      {pending &&
        (adding ? (
          <AdjustmentForm settlement={settlement} locale={locale} onClose={() => setAdding(false)} />
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
            Add an adjustment
          </Button>
        ))}
      {!pending && (
        <p className="text-sm text-neutral-600">Reopen the settlement to change its adjustments.</p>
      )}
    </div>
  );
}
