import { useId, useRef } from 'react';
import toast from 'react-hot-toast';
import {
  type Settlement,
  type SettlementReceiveInput,
  SettlementReceiveInputSchema,
} from '../../../../shared/contracts/settlements';
import { formatMoney, inputToMinor, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { conversionErrors, convertMoney } from '../../resources';
import { useReceiveSettlement } from '../api/settlements-api';
import { Difference } from './settlement-badges';

interface PayoutValues {
  accountId: string;
  date: string;
  amount: string;
}

export interface PayoutAccount {
  id: string;
  name: string;
}

/** What the payout form starts with: the report's total when one was imported, else the net expected. */
export function expectedPayout(settlement: Settlement): number {
  return settlement.payoutReport ? settlement.payoutReport.totals.reported : settlement.net;
}

/**
 * "Record payout": the account the partner's payout arrived in, its day (today to start with) and the
 * amount (the report's total when one was imported, else the net expected). The amount may differ
 * from the net: the difference shows as it is typed and stays with the settlement.
 */
export function RecordPayoutDialog({
  settlement,
  accounts,
  today,
  locale,
  onClose,
}: {
  settlement: Settlement;
  /** Active bank and cash accounts, by name. */
  accounts: readonly PayoutAccount[];
  today: string;
  locale: string;
  onClose: () => void;
}) {
  const receive = useReceiveSettlement();
  const formId = useId();
  const versionRef = useRef(settlement.version);
  versionRef.current = settlement.version;
  const form = useSchemaForm<PayoutValues, SettlementReceiveInput>({
    schema: SettlementReceiveInputSchema,
    initialValues: {
      // One account: it is the one.
      accountId: accounts.length === 1 ? (accounts[0]?.id ?? '') : '',
      date: today,
      amount: minorToInput(expectedPayout(settlement), settlement.currency),
    },
    convert: (values) => {
      const amount = convertMoney(values.amount, settlement.currency);
      return {
        input: {
          version: versionRef.current,
          accountId: values.accountId,
          date: values.date,
          amount: amount.minor,
        },
        errors: conversionErrors([
          ['amount', amount.error],
          ['accountId', values.accountId ? null : 'Choose the account the payout arrived in.'],
        ]),
      };
    },
  });
  const busy = form.submitting;
  const typed = inputToMinor(form.values.amount, settlement.currency);
  const money = (minor: number) => formatMoney(minor, settlement.currency, locale);

  const submit = form.handleSubmit(async (input) => {
    const received = await receive.mutateAsync({
      id: settlement.id,
      input: { ...input, version: versionRef.current },
    });
    const account = accounts.find((item) => item.id === input.accountId)?.name ?? 'the account';
    toast.success(`Payout of ${money(received.received?.amount ?? input.amount)} recorded in ${account}`);
    onClose();
  });

  const close = () => {
    if (!busy) onClose();
  };

  return (
    <Dialog
      open
      onClose={close}
      busy={busy}
      title="Record payout"
      description={`The partner’s payout is deposited in the account on its day, and the settlement is received. What ${settlement.partnerName} collected at the counter for these orders is cleared from the account it was booked in.`}
      footer={
        <div data-dialog-actions className="flex flex-col gap-3">
          {form.formError && (
            <p role="alert" className="text-sm text-red-700">
              {form.formError}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} isLoading={busy}>
              {busy ? 'Recording...' : 'Record payout'}
            </Button>
          </div>
        </div>
      }
    >
      <form
        id={formId}
        ref={form.formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <div className="flex flex-col gap-1.5">
          <SelectField
            label="Account"
            value={form.values.accountId}
            disabled={busy}
            aria-invalid={form.errorOf('accountId') ? true : undefined}
            aria-describedby={form.errorOf('accountId') ? `${formId}-account-error` : undefined}
            onChange={(event) => form.setField('accountId', event.target.value)}
          >
            {form.values.accountId === '' && <option value="">Choose an account</option>}
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </SelectField>
          {form.errorOf('accountId') && (
            <p id={`${formId}-account-error`} className="text-sm text-red-700">
              {form.errorOf('accountId')}
            </p>
          )}
          {accounts.length === 0 && (
            <p className="text-sm text-neutral-700">Add a bank or cash account in Master Data first.</p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Date"
            type="date"
            value={form.values.date}
            max="2999-12-31"
            disabled={busy}
            error={form.errorOf('date')}
            onChange={(event) => form.setField('date', event.target.value)}
          />
          <MoneyField
            label="Amount received"
            currency={settlement.currency}
            value={form.values.amount}
            placeholder="0.00"
            disabled={busy}
            error={form.errorOf('amount')}
            onChange={(event) => form.setField('amount', event.target.value)}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3 text-sm">
          <div>
            <dt className="text-neutral-600">Net expected</dt>
            <dd className="mt-0.5 font-semibold tabular-nums">{money(settlement.net)}</dd>
          </div>
          <div>
            <dt className="text-neutral-600">Difference</dt>
            <dd className="mt-0.5" data-testid="payout-difference">
              {typed === null ? (
                '—'
              ) : (
                <Difference minor={typed - settlement.net} currency={settlement.currency} locale={locale} />
              )}
            </dd>
          </div>
        </dl>
        {settlement.payoutReport && (
          <p className="text-sm text-neutral-600">
            The amount starts from the payout report’s total ({money(settlement.payoutReport.totals.reported)}
            ).
          </p>
        )}
      </form>
    </Dialog>
  );
}
