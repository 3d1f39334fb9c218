import { Pause, Play } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import {
  type RecurrenceFrequency,
  type RecurringExpense,
  type RecurringExpenseInput,
  RecurringExpenseInputSchema,
  type RecurringExpenseUpdate,
  RecurringExpenseUpdateSchema,
} from '../../../../shared/contracts/expenses';
import { minorToInput } from '../../../../shared/money';
import type { RecurrenceRule } from '../../../../shared/recurrence';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite, staleWriteMessage } from '../../../lib/stale-write';
import { type Conversion, useSchemaForm } from '../../../lib/use-schema-form';
import { conversionErrors, convertMoney } from '../../resources';
import type { ExpenseChoices } from '../api/expenses-api';
import { getRecurringExpense, useSaveRecurringExpense } from '../api/recurring-expenses-api';
import { ChoiceField, optionsWith } from './expense-choice-field';
import { choiceLabel } from './expense-filters';
import { firstDueDay, ordinal, RECURRENCE_WEEKDAYS, shortMonthsTakeLastDay } from './recurrence-text';

interface Money {
  currency: string;
  locale: string;
}

const FREQUENCY_LABELS: Record<RecurrenceFrequency, string> = { monthly: 'Monthly', weekly: 'Weekly' };
const FREQUENCIES = ['monthly', 'weekly'] as const satisfies readonly RecurrenceFrequency[];
const DAYS_OF_MONTH = Array.from({ length: 31 }, (_, index) => index + 1);

/** The form's text as typed; `toInput` makes it the request body the shared schema checks. */
interface RecurringValues {
  description: string;
  categoryId: string;
  amount: string;
  accountId: string;
  /** '' for none. */
  supplierId: string;
  reference: string;
  frequency: RecurrenceFrequency;
  /** '1'…'31', '' until chosen (kept while weekly is chosen, not sent). */
  dayOfMonth: string;
  /** '1' (Monday)…'7' (Sunday), '' until chosen. */
  weekday: string;
  startsOn: string;
  /** '' for no end. */
  endsOn: string;
}

function valuesOf(
  template: RecurringExpense | null,
  choices: ExpenseChoices,
  money: Money,
  today: string,
): RecurringValues {
  if (template) {
    return {
      description: template.description,
      categoryId: template.categoryId,
      amount: minorToInput(template.amount, money.currency),
      accountId: template.accountId,
      supplierId: template.supplierId ?? '',
      reference: template.reference,
      frequency: template.frequency,
      dayOfMonth: template.dayOfMonth === null ? '' : String(template.dayOfMonth),
      weekday: template.weekday === null ? '' : String(template.weekday),
      startsOn: template.startsOn,
      endsOn: template.endsOn ?? '',
    };
  }
  const activeAccounts = choices.accounts.filter((account) => account.active);
  return {
    description: '',
    categoryId: '',
    amount: '',
    // One account to pay from: it is the one.
    accountId: activeAccounts.length === 1 ? (activeAccounts[0]?.id ?? '') : '',
    supplierId: '',
    reference: '',
    frequency: 'monthly',
    dayOfMonth: '',
    weekday: '',
    startsOn: today,
    endsOn: '',
  };
}

/** The rule the values name, once its day is chosen. */
function ruleOfValues(values: RecurringValues): RecurrenceRule | null {
  if (values.frequency === 'weekly') {
    return values.weekday ? { frequency: 'weekly', weekday: Number(values.weekday) } : null;
  }
  return values.dayOfMonth ? { frequency: 'monthly', dayOfMonth: Number(values.dayOfMonth) } : null;
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

function toInput(
  values: RecurringValues,
  currency: string,
  { today, savedStartsOn }: { today: string; savedStartsOn: string | null },
): Conversion {
  const amount = convertMoney(values.amount, currency);
  const monthly = values.frequency === 'monthly';
  // A start already past is fine while it is the saved one (the template has been running since);
  // a new start may not be before today, whose days would not be recorded.
  const startInPast =
    isDay(values.startsOn) && values.startsOn < today && values.startsOn !== savedStartsOn
      ? 'Must not be before today: days already past are not recorded.'
      : null;
  const endBeforeStart =
    isDay(values.endsOn) && isDay(values.startsOn) && values.endsOn < values.startsOn
      ? 'Must not be before the start.'
      : null;
  return {
    input: {
      description: values.description,
      categoryId: values.categoryId,
      amount: amount.minor,
      accountId: values.accountId,
      supplierId: values.supplierId || null,
      reference: values.reference,
      frequency: values.frequency,
      dayOfMonth: monthly && values.dayOfMonth ? Number(values.dayOfMonth) : null,
      weekday: !monthly && values.weekday ? Number(values.weekday) : null,
      startsOn: values.startsOn,
      endsOn: values.endsOn || null,
    },
    errors: conversionErrors([
      ['amount', amount.error],
      ['categoryId', values.categoryId ? null : 'Choose a category.'],
      ['accountId', values.accountId ? null : 'Choose the account it is paid from.'],
      ['dayOfMonth', monthly && !values.dayOfMonth ? 'Choose the day of the month.' : null],
      ['weekday', !monthly && !values.weekday ? 'Choose the weekday.' : null],
      ['startsOn', startInPast],
      ['endsOn', endBeforeStart],
    ]),
  };
}

/** A day with its weekday, as the restaurant's locale writes it ("Tue, Mar 31, 2026"). */
function formatDayWithWeekday(day: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
  } catch {
    return day;
  }
}

/** What the schedule as typed means: its first (or next) day, or why there is none. */
function scheduleNote(
  values: RecurringValues,
  template: RecurringExpense | null,
  { today, locale }: { today: string; locale: string },
): string | null {
  const rule = ruleOfValues(values);
  if (!rule || !isDay(values.startsOn) || (values.endsOn !== '' && !isDay(values.endsOn))) return null;
  if (template && !template.active) return 'Off: it records nothing until you start it again.';
  const first = firstDueDay(rule, {
    startsOn: values.startsOn,
    endsOn: values.endsOn || null,
    today,
    lastRecordedOn: template?.lastRecordedOn ?? null,
  });
  if (first === null) {
    return template
      ? 'Ended: there is no day left before its end, so nothing more is recorded.'
      : 'The end comes before its first day: it would never record.';
  }
  return `${template ? 'Next on' : 'First on'} ${formatDayWithWeekday(first, locale)}.`;
}

export interface RecurringExpenseFormDialogProps {
  /** null sets up a new recurring expense. */
  template: RecurringExpense | null;
  choices: ExpenseChoices;
  money: Money;
  /** The restaurant's today (`YYYY-MM-DD`): a new one's start, and where its first day is counted from. */
  today: string;
  onClose: () => void;
}

/**
 * "New recurring expense" and a recurring expense's form: what is paid (description, amount, category,
 * account, supplier, reference) and when (monthly on a day of the month, or weekly on a weekday, from
 * a start to an optional end), with the first day it will record on. An edit sends only what changed,
 * with the version it is based on (someone else's change first reloads it); "Stop" and "Start again"
 * turn it off and on at once.
 */
export function RecurringExpenseFormDialog({
  template,
  choices,
  money,
  today,
  onClose,
}: RecurringExpenseFormDialogProps) {
  const save = useSaveRecurringExpense();
  const formId = useId();
  // The template as last saved or read (Stop / Start again and a reload move it on).
  const [record, setRecord] = useState<RecurringExpense | null>(template);
  const [actionError, setActionError] = useState<string | null>(null);
  const [initialValues] = useState(() => valuesOf(template, choices, money, today));
  const form = useSchemaForm<RecurringValues, RecurringExpenseInput | RecurringExpenseUpdate>({
    schema: (template ? RecurringExpenseUpdateSchema : RecurringExpenseInputSchema) as z.ZodType<
      RecurringExpenseInput | RecurringExpenseUpdate
    >,
    initialValues,
    convert: (values) => toInput(values, money.currency, { today, savedStartsOn: record?.startsOn ?? null }),
    version: template?.version,
    reload: template
      ? async () => {
          const fresh = await getRecurringExpense(template.id);
          setRecord(fresh);
          return { values: valuesOf(fresh, choices, money, today), version: fresh.version };
        }
      : undefined,
    subject: 'this recurring expense',
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
    setActionError(null);
    if (!record) {
      const created = await save.mutateAsync({ id: null, fields: input as RecurringExpenseInput });
      toast.success(`“${created.description}” set up`);
      onClose();
      return;
    }
    const changes = form.changes(input) as RecurringExpenseUpdate | null;
    if (changes === null) {
      toast('No changes to save.');
      onClose();
      return;
    }
    await save.mutateAsync({ id: record.id, fields: changes });
    toast.success('Recurring expense saved');
    onClose();
  });

  /** Stop or Start again, at once; what was typed meanwhile stays in the form, still to save. */
  const setActive = async (current: RecurringExpense, active: boolean) => {
    setActionError(null);
    try {
      const saved = await save.mutateAsync({
        id: current.id,
        fields: { version: form.version ?? current.version, active },
      });
      toast.success(
        active
          ? 'Started again: it records from today on.'
          : 'Stopped: it records nothing until you start it again.',
      );
      if (!form.dirty) {
        onClose();
        return;
      }
      const typed = form.values;
      setRecord(saved);
      form.reset(valuesOf(saved, choices, money, today), saved.version);
      form.setValues(() => typed);
    } catch (failure) {
      if (!isStaleWrite(failure)) {
        setActionError(errorMessage(failure));
        return;
      }
      try {
        const fresh = await getRecurringExpense(current.id);
        setRecord(fresh);
        form.reset(valuesOf(fresh, choices, money, today), fresh.version);
        setActionError(staleWriteMessage('this recurring expense'));
      } catch (readFailure) {
        setActionError(errorMessage(readFailure));
      }
    }
  };

  const close = () => {
    if (!busy) onClose();
  };

  const note = scheduleNote(values, record, { today, locale: money.locale });
  const problem = form.formError ?? actionError;
  const monthly = values.frequency === 'monthly';
  const dayOfMonth = Number(values.dayOfMonth);

  return (
    <Dialog
      open
      size="lg"
      onClose={close}
      busy={busy}
      title={record ? 'Edit recurring expense' : 'New recurring expense'}
      description={
        record
          ? record.active
            ? 'Changes apply to the days still to come; the expenses it recorded stay as they are.'
            : 'Off: it records nothing until you start it again, then from that day on.'
          : 'The app records this expense, and its withdrawal from the account, on each of its days.'
      }
      footer={
        <div data-dialog-actions className="flex flex-col gap-3">
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            {record ? (
              <Button
                variant={record.active ? 'ghost' : 'secondary'}
                className={record.active ? 'text-red-700 hover:text-red-800' : undefined}
                onClick={() => void setActive(record, !record.active)}
                disabled={busy}
              >
                {record.active ? (
                  <Pause aria-hidden="true" className="size-4" />
                ) : (
                  <Play aria-hidden="true" className="size-4" />
                )}
                {record.active ? 'Stop' : 'Start again'}
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button variant="secondary" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" form={formId} isLoading={form.submitting}>
                {form.submitting ? 'Saving...' : record ? 'Save changes' : 'Save recurring expense'}
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
        <TextField
          label="Description"
          value={values.description}
          maxLength={200}
          autoComplete="off"
          placeholder="Rent, wages, a subscription"
          disabled={busy}
          error={errorOf('description')}
          onChange={(event) => setField('description', event.target.value)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField
            label="Amount"
            currency={money.currency}
            value={values.amount}
            placeholder="0.00"
            disabled={busy}
            error={errorOf('amount')}
            onChange={(event) => setField('amount', event.target.value)}
          />
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
        </div>
        <TextField
          label="Reference (optional)"
          value={values.reference}
          maxLength={100}
          autoComplete="off"
          placeholder="Contract or account number"
          disabled={busy}
          error={errorOf('reference')}
          onChange={(event) => setField('reference', event.target.value)}
        />

        <fieldset className="flex flex-col gap-4 border-t border-neutral-200 pt-4">
          <legend className="sr-only">When</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <SegmentedChoice
              legend="Repeats"
              options={FREQUENCIES}
              labels={FREQUENCY_LABELS}
              value={values.frequency}
              onChange={(frequency) => setField('frequency', frequency)}
            />
            {monthly ? (
              <ChoiceField
                label="Day of the month"
                value={values.dayOfMonth}
                error={errorOf('dayOfMonth')}
                disabled={busy}
                onChange={(value) => setField('dayOfMonth', value)}
              >
                {values.dayOfMonth === '' && <option value="">Choose a day</option>}
                {DAYS_OF_MONTH.map((day) => (
                  <option key={day} value={String(day)}>
                    {ordinal(day)}
                  </option>
                ))}
              </ChoiceField>
            ) : (
              <ChoiceField
                label="Weekday"
                value={values.weekday}
                error={errorOf('weekday')}
                disabled={busy}
                onChange={(value) => setField('weekday', value)}
              >
                {values.weekday === '' && <option value="">Choose a weekday</option>}
                {RECURRENCE_WEEKDAYS.map((day) => (
                  <option key={day.value} value={String(day.value)}>
                    {day.label}
                  </option>
                ))}
              </ChoiceField>
            )}
          </div>
          {monthly && shortMonthsTakeLastDay(dayOfMonth) && (
            <p className="-mt-2 text-sm text-neutral-600">
              Months without a {ordinal(dayOfMonth)} record it on their last day.
            </p>
          )}
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label="Starts on"
              type="date"
              value={values.startsOn}
              min={record ? undefined : today}
              max="2999-12-31"
              disabled={busy}
              error={errorOf('startsOn')}
              onChange={(event) => setField('startsOn', event.target.value)}
            />
            <TextField
              label="Ends on (optional)"
              type="date"
              value={values.endsOn}
              min={values.startsOn || undefined}
              max="2999-12-31"
              disabled={busy}
              error={errorOf('endsOn')}
              onChange={(event) => setField('endsOn', event.target.value)}
            />
          </div>
          {/* Always in the page, so a screen reader hears it change as the schedule is typed. */}
          <p
            aria-live="polite"
            data-testid="recurring-schedule-note"
            className={
              note ? 'rounded-lg bg-neutral-100 px-3 py-2 text-sm font-medium text-neutral-900' : 'sr-only'
            }
          >
            {note}
          </p>
        </fieldset>
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
