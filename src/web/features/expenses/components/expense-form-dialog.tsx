import { Ban } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  type Expense,
  type ExpenseInput,
  ExpenseInputSchema,
  type ExpenseUpdate,
  ExpenseUpdateSchema,
} from '../../../../shared/contracts/expenses';
import { formatMoney, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { type Conversion, useSchemaForm } from '../../../lib/use-schema-form';
import { useRestaurantDateTime } from '../../config';
import { formatDay } from '../../master-data';
import { conversionErrors, convertMoney } from '../../resources';
import { type ExpenseChoices, getExpense, type ReceiptChange, useSaveExpense } from '../api/expenses-api';
import { ChoiceField, optionsWith } from './expense-choice-field';
import { choiceLabel } from './expense-filters';
import { ReceiptField } from './receipt-field';

interface Money {
  currency: string;
  locale: string;
}

/** The form's text as typed; `toInput` makes it the request body the shared schema checks. */
interface ExpenseValues {
  date: string;
  categoryId: string;
  amount: string;
  description: string;
  accountId: string;
  /** '' for none. */
  supplierId: string;
  reference: string;
}

function valuesOf(expense: Expense | null, choices: ExpenseChoices, today: string): ExpenseValues {
  if (expense) {
    return {
      date: expense.date,
      categoryId: expense.categoryId,
      amount: minorToInput(expense.amount, expense.currency),
      description: expense.description,
      accountId: expense.accountId,
      supplierId: expense.supplierId ?? '',
      reference: expense.reference,
    } satisfies ExpenseValues;
  }
  const activeAccounts = choices.accounts.filter((account) => account.active);
  return {
    date: today,
    categoryId: '',
    amount: '',
    description: '',
    // One account to pay from: it is the one.
    accountId: activeAccounts.length === 1 ? (activeAccounts[0]?.id ?? '') : '',
    supplierId: '',
    reference: '',
  } satisfies ExpenseValues;
}

function toInput(values: ExpenseValues, currency: string): Conversion {
  const amount = convertMoney(values.amount, currency);
  return {
    input: {
      date: values.date,
      categoryId: values.categoryId,
      amount: amount.minor,
      description: values.description,
      accountId: values.accountId,
      supplierId: values.supplierId || null,
      reference: values.reference,
    },
    errors: conversionErrors([
      ['amount', amount.error],
      ['categoryId', values.categoryId ? null : 'Choose a category.'],
      ['accountId', values.accountId ? null : 'Choose the account it was paid from.'],
    ]),
  };
}

/** A voided expense, read only: what it was, and when, by whom and why it was voided. */
function VoidedExpense({ expense, money, onClose }: { expense: Expense; money: Money; onClose: () => void }) {
  const formatDateTime = useRestaurantDateTime();
  const rows: [string, ReactNode][] = [
    ['Date', formatDay(expense.date, money.locale)],
    ['Category', expense.categoryName],
    ['Amount', formatMoney(expense.amount, expense.currency, money.locale)],
    ['Paid from', expense.accountName],
    ['Supplier', expense.supplierName ?? '—'],
    ['Reference', expense.reference || '—'],
    ['Recorded by', expense.createdByName ?? '—'],
    [
      'Voided',
      `${expense.voidedAt ? formatDateTime(expense.voidedAt) : ''}${
        expense.voidedByName ? ` by ${expense.voidedByName}` : ''
      }`,
    ],
    ['Reason', expense.voidReason ?? '—'],
  ];
  return (
    <Dialog
      open
      onClose={onClose}
      title="Voided expense"
      description="Its withdrawal was reversed in the account. A voided expense cannot be changed."
    >
      <div className="flex flex-col gap-5">
        <p className="font-medium text-neutral-950 line-through decoration-1">{expense.description}</p>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600">{label}</dt>
              <dd className="text-neutral-900">{value}</dd>
            </div>
          ))}
        </dl>
        {expense.receipt && (
          <a
            href={expense.receipt.url}
            target="_blank"
            rel="noreferrer"
            className="self-start text-sm font-medium text-neutral-950 underline underline-offset-2"
          >
            Open the receipt
          </a>
        )}
        <Button variant="secondary" onClick={onClose} className="self-end">
          Close
        </Button>
      </div>
    </Dialog>
  );
}

export interface ExpenseFormDialogProps {
  /** null records a new expense. */
  expense: Expense | null;
  choices: ExpenseChoices;
  money: Money;
  /** The restaurant's today (`YYYY-MM-DD`): a new expense's date. */
  today: string;
  /** Why the last receipt was not attached (a new expense whose receipt upload was refused). */
  receiptProblem?: string | null;
  onClose: () => void;
  /** A new expense was recorded but its receipt refused: the dialog goes on with it. */
  onRecordedWithoutReceipt: (expense: Expense, problem: string) => void;
  /** "Void expense": the void dialog takes over. */
  onVoid: (expense: Expense) => void;
}

/**
 * "Record expense" and a recorded expense's form: the day, category, amount, description, the account
 * it was paid from, the supplier and reference, and the receipt. An edit sends only what changed, with
 * the version it is based on (someone else's change first reloads it); the receipt goes up once the
 * expense is saved. A voided expense is shown read only.
 */
export function ExpenseFormDialog(props: ExpenseFormDialogProps) {
  const { expense, money, onClose } = props;
  if (expense?.status === 'voided')
    return <VoidedExpense expense={expense} money={money} onClose={onClose} />;
  return <ExpenseForm {...props} />;
}

function ExpenseForm({
  expense,
  choices,
  money,
  today,
  receiptProblem: initialProblem = null,
  onClose,
  onRecordedWithoutReceipt,
  onVoid,
}: ExpenseFormDialogProps) {
  const save = useSaveExpense();
  const formId = useId();
  // The expense as last saved or read (a partial save or a reload moves it on).
  const [record, setRecord] = useState<Expense | null>(expense);
  const [receipt, setReceipt] = useState<ReceiptChange>({ kind: 'keep' });
  const [receiptProblem, setReceiptProblem] = useState<string | null>(initialProblem);
  const currency = record?.currency ?? money.currency;
  const [initialValues] = useState(() => valuesOf(expense, choices, today));
  const form = useSchemaForm<ExpenseValues, ExpenseInput | ExpenseUpdate>({
    schema: (expense ? ExpenseUpdateSchema : ExpenseInputSchema) as z.ZodType<ExpenseInput | ExpenseUpdate>,
    initialValues,
    convert: (values) => toInput(values, currency),
    version: expense?.version,
    reload: expense
      ? async () => {
          const fresh = await getExpense(expense.id);
          setRecord(fresh);
          return { values: valuesOf(fresh, choices, today), version: fresh.version };
        }
      : undefined,
    subject: 'this expense',
  });
  const { values, setField, errorOf } = form;
  const busy = form.submitting || save.isPending;

  const categories = useMemo(
    () =>
      optionsWith(choices.categories, { id: record?.categoryId ?? null, name: record?.categoryName ?? null }),
    [choices.categories, record],
  );
  const accounts = useMemo(
    () => optionsWith(choices.accounts, { id: record?.accountId ?? null, name: record?.accountName ?? null }),
    [choices.accounts, record],
  );
  const suppliers = useMemo(
    () =>
      optionsWith(choices.suppliers, { id: record?.supplierId ?? null, name: record?.supplierName ?? null }),
    [choices.suppliers, record],
  );

  const submit = form.handleSubmit(async (input) => {
    setReceiptProblem(null);
    if (!record) {
      const saved = await save.mutateAsync({ id: null, fields: input as ExpenseInput, receipt });
      const created = saved.expense as Expense;
      toast.success(`Expense of ${formatMoney(created.amount, created.currency, money.locale)} recorded`);
      if (saved.receiptError) {
        onRecordedWithoutReceipt(
          created,
          `The expense is recorded, but its receipt was not attached: ${errorMessage(saved.receiptError)} Attach it again.`,
        );
        return;
      }
      onClose();
      return;
    }
    const changes = form.changes(input) as ExpenseUpdate | null;
    if (changes === null && receipt.kind === 'keep') {
      toast('No changes to save.');
      onClose();
      return;
    }
    const saved = await save.mutateAsync({ id: record.id, fields: changes, receipt });
    if (saved.receiptError) {
      // The changes are saved: the form goes on from the expense as saved, with the receipt's refusal.
      if (saved.expense) {
        setRecord(saved.expense);
        form.reset(valuesOf(saved.expense, choices, today), saved.expense.version);
      }
      setReceipt({ kind: 'keep' });
      setReceiptProblem(
        `${changes ? 'The changes are saved, but the' : 'The'} receipt was not ${
          receipt.kind === 'remove' ? 'removed' : 'attached'
        }: ${errorMessage(saved.receiptError)}`,
      );
      return;
    }
    toast.success('Expense saved');
    onClose();
  });

  const close = () => {
    if (!busy) onClose();
  };

  // Voided meanwhile by someone else (read again after a stale write): nothing is left to change.
  if (record?.status === 'voided') return <VoidedExpense expense={record} money={money} onClose={onClose} />;

  return (
    <Dialog
      open
      size="lg"
      onClose={close}
      busy={busy}
      title={record ? 'Edit expense' : 'Record expense'}
      description={
        record
          ? `Recorded${record.createdByName ? ` by ${record.createdByName}` : ''}. A new amount, day or account is corrected in the account’s ledger.`
          : 'The amount is taken out of the account it was paid from, on its day.'
      }
      footer={
        <div data-dialog-actions className="flex flex-col gap-3">
          {form.formError && (
            <p role="alert" className="text-sm text-red-700">
              {form.formError}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {record ? (
              <Button
                variant="ghost"
                className="text-red-700 hover:text-red-800"
                onClick={() => onVoid(record)}
                disabled={busy}
              >
                <Ban aria-hidden="true" className="size-4" />
                Void expense
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" form={formId} isLoading={busy}>
                {busy ? 'Saving...' : record ? 'Save changes' : 'Record expense'}
              </Button>
            </div>
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
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Date"
            type="date"
            value={values.date}
            max="2999-12-31"
            disabled={busy}
            error={errorOf('date')}
            onChange={(event) => setField('date', event.target.value)}
          />
          <MoneyField
            label="Amount"
            currency={currency}
            value={values.amount}
            placeholder="0.00"
            disabled={busy}
            error={errorOf('amount')}
            onChange={(event) => setField('amount', event.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Category"
            value={values.categoryId}
            error={errorOf('categoryId')}
            disabled={busy}
            onChange={(value) => setField('categoryId', value)}
          >
            {values.categoryId === '' && <option value="">Choose a category</option>}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {choiceLabel(category)}
              </option>
            ))}
          </ChoiceField>
          <ChoiceField
            label="Paid from"
            value={values.accountId}
            error={errorOf('accountId')}
            disabled={busy}
            onChange={(value) => setField('accountId', value)}
          >
            {values.accountId === '' && <option value="">Choose an account</option>}
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {choiceLabel(account)}
              </option>
            ))}
          </ChoiceField>
        </div>
        <TextField
          label="Description"
          value={values.description}
          maxLength={200}
          autoComplete="off"
          placeholder="What it was for"
          disabled={busy}
          error={errorOf('description')}
          onChange={(event) => setField('description', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Supplier (optional)"
            value={values.supplierId}
            error={errorOf('supplierId')}
            disabled={busy}
            onChange={(value) => setField('supplierId', value)}
          >
            <option value="">None</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {choiceLabel(supplier)}
              </option>
            ))}
          </ChoiceField>
          <TextField
            label="Reference (optional)"
            value={values.reference}
            maxLength={100}
            autoComplete="off"
            placeholder="Invoice or receipt number"
            disabled={busy}
            error={errorOf('reference')}
            onChange={(event) => setField('reference', event.target.value)}
          />
        </div>
        <ReceiptField
          current={record?.receipt ?? null}
          value={receipt}
          onChange={(change) => {
            setReceipt(change);
            setReceiptProblem(null);
          }}
          disabled={busy}
          problem={receiptProblem}
        />
        {(categories.length === 0 || accounts.length === 0) && (
          <p className="text-sm text-neutral-700">
            Add {categories.length === 0 ? 'an expense category' : ''}
            {categories.length === 0 && accounts.length === 0 ? ' and ' : ''}
            {accounts.length === 0 ? 'a bank or cash account' : ''} in Master Data first.
          </p>
        )}
      </form>
    </Dialog>
  );
}
