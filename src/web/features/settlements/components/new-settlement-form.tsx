import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import {
  MAX_SETTLEMENT_DAYS,
  type SettlementInput,
  SettlementInputSchema,
} from '../../../../shared/contracts/settlements';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { settlementPath } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateSettlement } from '../api/settlements-api';
import { lastWeek } from './settlement-period';

interface PeriodValues {
  from: string;
  to: string;
}

/**
 * "New settlement": the first and last day of the period (last week, Monday to Sunday, to start with).
 * The server takes the partner's orders completed on those days that no settlement holds yet; the new
 * settlement opens. A period with nothing left to settle is refused in the server's words.
 */
export function NewSettlementForm({
  partnerId,
  today,
}: {
  partnerId: string;
  /** The restaurant's today (`YYYY-MM-DD`). */
  today: string;
}) {
  const create = useCreateSettlement();
  const navigate = useNavigate();
  const form = useSchemaForm<PeriodValues, SettlementInput>({
    schema: SettlementInputSchema,
    initialValues: lastWeek(today),
    convert: (values) => ({ input: { partnerId, from: values.from, to: values.to } }),
  });
  const busy = form.submitting;

  const submit = form.handleSubmit(async (input) => {
    const settlement = await create.mutateAsync(input);
    toast.success(
      `Settlement created: ${settlement.orderCount} ${settlement.orderCount === 1 ? 'order' : 'orders'}`,
    );
    void navigate(settlementPath(settlement.id));
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-label="New settlement"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="grid w-full min-w-0 grid-cols-2 gap-3 sm:w-auto sm:max-w-md sm:flex-1">
          <TextField
            label="From"
            type="date"
            value={form.values.from}
            max={form.values.to || undefined}
            disabled={busy}
            error={form.errorOf('from')}
            onChange={(event) => form.setField('from', event.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={form.values.to}
            min={form.values.from || undefined}
            disabled={busy}
            error={form.errorOf('to')}
            onChange={(event) => form.setField('to', event.target.value)}
          />
        </div>
        <Button type="submit" isLoading={busy} className="sm:mt-[1.875rem]">
          {busy ? 'Creating...' : 'Create settlement'}
        </Button>
      </div>
      <p className="text-sm text-neutral-600">
        Takes the partner’s orders completed on these days that no settlement holds yet (at most{' '}
        {MAX_SETTLEMENT_DAYS} days). It starts from last week, Monday to Sunday.
      </p>
      {form.formError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {form.formError}
        </p>
      )}
    </form>
  );
}
