import { type ReactNode, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type AccountBalance,
  type ManualTransactionInput,
  ManualTransactionInputSchema,
  type ManualTransactionKind,
  type TransferInput,
  TransferInputSchema,
} from '../../../../shared/contracts/ledger';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { conversionErrors, convertMoney } from '../../resources';
import { useRecordEntry, useRecordTransfer } from '../api/ledger-api';

type Choice = ManualTransactionKind | 'transfer';
const CHOICES = ['deposit', 'withdrawal', 'fee', 'transfer'] as const satisfies readonly Choice[];
const CHOICE_LABELS: Record<Choice, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  fee: 'Bank fee',
  transfer: 'Transfer',
};
const CHOICE_DESCRIPTIONS: Record<Choice, string> = {
  deposit: 'Deposit (money in)',
  withdrawal: 'Withdrawal (money out)',
  fee: 'Bank fee',
  transfer: 'Transfer to another account',
};

interface Money {
  currency: string;
  locale: string;
}

interface EntryValues {
  amount: string;
  date: string;
  description: string;
  toAccountId: string;
}

/** What both forms send of their values: the amount in minor units, the day and the description. */
function movedMoney(values: EntryValues, currency: string) {
  const amount = convertMoney(values.amount, currency);
  return {
    fields: { amount: amount.minor, date: values.date, description: values.description },
    errors: conversionErrors([['amount', amount.error]]),
  };
}

/** The form's refusal, if any, and its button. */
function Footer({
  formError,
  busy,
  disabled,
  label,
  busyLabel,
}: {
  formError: string | null | undefined;
  busy: boolean;
  disabled: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <Button type="submit" isLoading={busy} disabled={disabled} className="self-start">
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

function Fields({
  form,
  money,
  busy,
  children,
}: {
  form: {
    values: EntryValues;
    setField: <K extends keyof EntryValues>(name: K, value: EntryValues[K]) => void;
    errorOf: (path: string) => string | null | undefined;
  };
  money: Money;
  busy: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyField
          label="Amount"
          currency={money.currency}
          value={form.values.amount}
          placeholder="0.00"
          disabled={busy}
          error={form.errorOf('amount')}
          onChange={(event) => form.setField('amount', event.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          value={form.values.date}
          disabled={busy}
          error={form.errorOf('date')}
          onChange={(event) => form.setField('date', event.target.value)}
        />
      </div>
      {children}
      <TextField
        label="Description"
        value={form.values.description}
        maxLength={200}
        autoComplete="off"
        placeholder="What the money was for"
        disabled={busy}
        error={form.errorOf('description')}
        onChange={(event) => form.setField('description', event.target.value)}
      />
    </>
  );
}

function ManualEntry({
  account,
  kind,
  money,
  today,
}: {
  account: AccountBalance;
  kind: ManualTransactionKind;
  money: Money;
  today: string;
}) {
  const record = useRecordEntry();
  const initial: EntryValues = { amount: '', date: today, description: '', toAccountId: '' };
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const form = useSchemaForm<EntryValues, ManualTransactionInput>({
    schema: ManualTransactionInputSchema,
    initialValues: initial,
    convert: (values) => {
      const { fields, errors } = movedMoney(values, money.currency);
      return { input: { accountId: account.id, kind: kindRef.current, ...fields }, errors };
    },
  });
  const submit = form.handleSubmit(async (input) => {
    const row = await record.mutateAsync(input);
    toast.success(
      `${CHOICE_LABELS[kind]} of ${formatMoney(Math.abs(row.amount), money.currency, money.locale)} recorded`,
    );
    form.reset(initial);
  });
  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Fields form={form} money={money} busy={form.submitting} />
      <Footer
        formError={form.formError}
        busy={form.submitting}
        disabled={!account.active}
        label={`Record ${CHOICE_LABELS[kind].toLowerCase()}`}
        busyLabel="Recording..."
      />
    </form>
  );
}

function TransferEntry({
  account,
  accounts,
  money,
  today,
}: {
  account: AccountBalance;
  accounts: readonly AccountBalance[];
  money: Money;
  today: string;
}) {
  const transfer = useRecordTransfer();
  const targets = accounts.filter((other) => other.id !== account.id && other.active);
  const initial: EntryValues = {
    amount: '',
    date: today,
    description: '',
    toAccountId: targets[0]?.id ?? '',
  };
  const form = useSchemaForm<EntryValues, TransferInput>({
    schema: TransferInputSchema,
    initialValues: initial,
    convert: (values) => {
      const { fields, errors } = movedMoney(values, money.currency);
      return { input: { fromAccountId: account.id, toAccountId: values.toAccountId, ...fields }, errors };
    },
  });
  const submit = form.handleSubmit(async (input) => {
    await transfer.mutateAsync(input);
    const to = targets.find((other) => other.id === input.toAccountId)?.name ?? 'the other account';
    toast.success(`Moved ${formatMoney(input.amount, money.currency, money.locale)} to ${to}`);
    form.reset(initial);
  });
  if (targets.length === 0) {
    return (
      <p className="text-sm text-neutral-700">Add another account in Master Data to move money to it.</p>
    );
  }
  return (
    <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Fields form={form} money={money} busy={form.submitting}>
        <SelectField
          label="To account"
          value={form.values.toAccountId}
          disabled={form.submitting}
          onChange={(event) => form.setField('toAccountId', event.target.value)}
        >
          {targets.map((other) => (
            <option key={other.id} value={other.id}>
              {other.name}
            </option>
          ))}
        </SelectField>
      </Fields>
      <Footer
        formError={form.formError}
        busy={form.submitting}
        disabled={!account.active}
        label="Move money"
        busyLabel="Moving..."
      />
    </form>
  );
}

/**
 * Money entered by hand in an account: a deposit, a withdrawal or the bank's fee, or a transfer to
 * another account (cash to the bank at the end of the day). A mistake is voided from the list, never
 * edited.
 */
export function EntryForm({
  account,
  accounts,
  money,
  today,
}: {
  account: AccountBalance;
  accounts: readonly AccountBalance[];
  money: Money;
  /** The restaurant's today, `YYYY-MM-DD`: the date the form starts with. */
  today: string;
}) {
  const [choice, setChoice] = useState<Choice>('deposit');
  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="What to record"
        value={choice}
        onChange={(event) => setChoice(event.target.value as Choice)}
      >
        {CHOICES.map((option) => (
          <option key={option} value={option}>
            {CHOICE_DESCRIPTIONS[option]}
          </option>
        ))}
      </SelectField>
      {choice === 'transfer' ? (
        <TransferEntry account={account} accounts={accounts} money={money} today={today} />
      ) : (
        <ManualEntry key={choice} account={account} kind={choice} money={money} today={today} />
      )}
      {!account.active && <p className="text-sm text-neutral-600">An archived account takes no entries.</p>}
    </div>
  );
}
