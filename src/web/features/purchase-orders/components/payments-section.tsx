import { clsx } from 'clsx';
import { Ban, Banknote } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import {
  type PurchaseOrder,
  type PurchaseOrderPayment,
  type PurchaseOrderPaymentInput,
  PurchaseOrderPaymentInputSchema,
} from '../../../../shared/contracts/purchase-orders';
import { restaurantToday } from '../../../../shared/coupon-rules';
import { formatMoney, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { VoidReasonDialog } from '../../../components/ui/void-reason-dialog';
import { bankAccountPath } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useConfig } from '../../config';
import { ChoiceField } from '../../expenses';
import { useAccountBalances } from '../../ledger';
import { conversionErrors, convertMoney } from '../../resources';
import { usePaySupplier, useVoidSupplierPayment } from '../api/purchase-orders-api';
import { dayLabel } from './format';
import { PaymentStatusBadge } from './payment-status-badge';

interface PaymentValues {
  accountId: string;
  amount: string;
  date: string;
  reference: string;
}

/**
 * "Record payment": the account it is paid from (active ones, with their balance), the amount (what
 * is still owed unless changed), the day on the restaurant's calendar and the supplier's reference.
 * The server refuses more than is owed, a closed day or an archived account; its message shows here.
 */
function RecordPaymentDialog({
  order,
  locale,
  today,
  onClose,
}: {
  order: PurchaseOrder;
  locale: string;
  today: string;
  onClose: () => void;
}) {
  const pay = usePaySupplier(order.id);
  const accounts = useAccountBalances();
  const formId = useId();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const active = (accounts.data ?? []).filter((account) => account.active);
  const form = useSchemaForm<PaymentValues, PurchaseOrderPaymentInput>({
    schema: PurchaseOrderPaymentInputSchema,
    initialValues: {
      accountId: '',
      amount: minorToInput(order.owed, order.currency),
      date: today,
      reference: '',
    },
    convert: (values) => {
      const amount = convertMoney(values.amount, order.currency);
      const reference = values.reference.trim();
      return {
        input: {
          accountId: values.accountId,
          amount: amount.minor,
          date: values.date,
          ...(reference ? { reference } : {}),
        },
        errors: conversionErrors([
          ['amount', amount.error],
          ['accountId', values.accountId ? null : 'Choose the account it is paid from.'],
        ]),
      };
    },
  });
  const { setValues } = form;
  const onlyAccount = active.length === 1 ? (active[0]?.id ?? '') : '';
  useEffect(() => {
    // One account to pay from: it is the one.
    if (onlyAccount)
      setValues((current) => (current.accountId ? current : { ...current, accountId: onlyAccount }));
  }, [onlyAccount, setValues]);
  const busy = form.submitting || pay.isPending;

  const submit = form.handleSubmit(async (input) => {
    const paid = await pay.mutateAsync(input);
    toast.success(
      `Paid ${money(input.amount)} to ${paid.supplierName}${paid.owed > 0 ? `: ${money(paid.owed)} still owed` : ''}`,
    );
    onClose();
  });

  return (
    <Dialog
      open
      title={`Pay ${order.supplierName} for ${order.number}`}
      description={`${money(order.owed)} is still owed. The amount is taken out of the account on the day it was paid.`}
      busy={busy}
      onClose={onClose}
      footer={
        <div data-dialog-actions className="flex flex-col gap-3">
          {form.formError && (
            <p role="alert" className="text-sm text-red-700">
              {form.formError}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" form={formId} isLoading={busy} disabled={!accounts.data}>
              {busy ? 'Recording...' : 'Record payment'}
            </Button>
          </div>
        </div>
      }
    >
      {accounts.isError ? (
        <ListError error={accounts.error} onRetry={() => void accounts.refetch()} />
      ) : !accounts.data ? (
        <ListLoading>Loading the accounts...</ListLoading>
      ) : (
        <form
          id={formId}
          ref={form.formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
        >
          <ChoiceField
            label="Paid from"
            value={form.values.accountId}
            disabled={busy}
            error={form.errorOf('accountId') ?? null}
            onChange={(value) => form.setField('accountId', value)}
          >
            {active.length !== 1 && <option value="">Choose an account</option>}
            {active.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name} ({formatMoney(account.balance, account.currency, locale)})
              </option>
            ))}
          </ChoiceField>
          {active.length === 0 && (
            <p className="text-sm text-neutral-700">Add a bank or cash account in Master Data first.</p>
          )}
          <div className="grid grid-cols-2 gap-4">
            <MoneyField
              label="Amount"
              currency={order.currency}
              value={form.values.amount}
              disabled={busy}
              error={form.errorOf('amount')}
              onChange={(event) => form.setField('amount', event.target.value)}
            />
            <TextField
              label="Date"
              type="date"
              value={form.values.date}
              max="2999-12-31"
              disabled={busy}
              error={form.errorOf('date')}
              onChange={(event) => form.setField('date', event.target.value)}
            />
          </div>
          <TextField
            label="Reference (optional)"
            value={form.values.reference}
            maxLength={100}
            autoComplete="off"
            placeholder="Invoice or transfer number"
            disabled={busy}
            error={form.errorOf('reference')}
            onChange={(event) => form.setField('reference', event.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}

/** Voids a payment with a reason: its withdrawal is reversed and the order owes the amount again. */
function VoidPaymentDialog({
  order,
  payment,
  locale,
  onClose,
}: {
  order: PurchaseOrder;
  payment: PurchaseOrderPayment;
  locale: string;
  onClose: () => void;
}) {
  const voiding = useVoidSupplierPayment(order.id);
  const amount = formatMoney(payment.amount, order.currency, locale);
  return (
    <VoidReasonDialog
      title="Void this payment?"
      description={`${amount} from ${payment.accountName} on ${dayLabel(payment.paidOn, locale)}: a reversing entry gives the money back to the account, and ${order.number} owes it again. The payment stays in the list, voided.`}
      placeholder="Paid from the wrong account"
      confirmLabel="Void payment"
      busy={voiding.isPending}
      onClose={onClose}
      onVoid={async (reason) => {
        await voiding.mutateAsync({ paymentId: payment.id, reason });
        toast.success('Payment voided: its withdrawal was reversed.');
        onClose();
      }}
    />
  );
}

function PaymentRow({
  order,
  payment,
  locale,
  formatInstant,
  onVoid,
}: {
  order: PurchaseOrder;
  payment: PurchaseOrderPayment;
  locale: string;
  formatInstant: (iso: string) => string;
  onVoid: () => void;
}) {
  const voided = payment.voidedAt !== null;
  const amount = formatMoney(payment.amount, order.currency, locale);
  return (
    <li
      data-testid="supplier-payment"
      data-voided={voided ? 'true' : undefined}
      className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-4 py-3 sm:px-6"
    >
      <div className="min-w-0 flex-1">
        <p
          className={clsx(
            'font-medium text-neutral-950',
            voided && 'text-neutral-500 line-through decoration-1',
          )}
        >
          <span data-testid="payment-amount" className="tabular-nums">
            {amount}
          </span>{' '}
          from{' '}
          <Link
            to={bankAccountPath(payment.accountId)}
            className="underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-950"
          >
            {payment.accountName}
          </Link>
        </p>
        <p className="mt-0.5 text-sm break-words text-neutral-600">
          {dayLabel(payment.paidOn, locale)}
          {payment.reference ? ` · ${payment.reference}` : ''}
          {payment.createdByName ? ` · ${payment.createdByName}` : ''}
        </p>
        {voided && (
          <p data-testid="payment-void-reason" className="mt-0.5 text-sm break-words text-red-700">
            Voided{payment.voidedAt ? ` ${formatInstant(payment.voidedAt)}` : ''}: {payment.voidReason}
          </p>
        )}
      </div>
      {!voided && (
        <Button
          variant="secondary"
          onClick={onVoid}
          aria-label={`Void the payment of ${amount} on ${dayLabel(payment.paidOn, locale)}`}
        >
          <Ban aria-hidden="true" className="size-4" />
          Void
        </Button>
      )}
    </li>
  );
}

/**
 * The order's payments to the supplier: whether it is paid, what was paid and what is still owed,
 * each payment (a voided one struck through, with its reason), and "Record payment" while it owes.
 */
export function PaymentsSection({
  order,
  locale,
  formatInstant,
}: {
  order: PurchaseOrder;
  locale: string;
  formatInstant: (iso: string) => string;
}) {
  const config = useConfig();
  const headingId = useId();
  const [dialog, setDialog] = useState<
    { kind: 'pay'; today: string } | { kind: 'void'; paymentId: string } | null
  >(null);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const canPay = order.status !== 'draft' && order.owed > 0 && Boolean(config.data);
  const voiding =
    dialog?.kind === 'void' ? order.payments.find((payment) => payment.id === dialog.paymentId) : null;

  return (
    <section aria-labelledby={headingId}>
      <Card className="overflow-hidden p-0">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 sm:px-6">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={headingId} className="text-lg font-semibold text-neutral-950">
              Payments
            </h2>
            <PaymentStatusBadge status={order.paymentStatus} />
          </div>
          {canPay && config.data && (
            <Button
              onClick={() =>
                setDialog({ kind: 'pay', today: restaurantToday(config.data?.timeZone ?? 'UTC') })
              }
            >
              <Banknote aria-hidden="true" className="size-4" />
              Record payment
            </Button>
          )}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 px-4 pt-3 pb-4 sm:grid-cols-4 sm:px-6">
          <div>
            <dt className="text-xs text-neutral-500">Paid</dt>
            <dd data-testid="paid-total" className="text-sm text-neutral-900 tabular-nums">
              {money(order.paidTotal)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-neutral-500">{order.owed < 0 ? 'Overpaid' : 'Still owed'}</dt>
            <dd
              data-testid="owed"
              className={clsx(
                'text-sm font-semibold tabular-nums',
                order.owed > 0 ? 'text-neutral-950' : 'text-neutral-700',
              )}
            >
              {money(Math.abs(order.owed))}
            </dd>
          </div>
        </dl>
        {order.status === 'draft' ? (
          <p className="border-t border-neutral-200 px-4 py-3 text-sm text-neutral-600 sm:px-6">
            A draft owes nothing yet: send it before paying for it.
          </p>
        ) : order.payments.length === 0 ? (
          <p className="border-t border-neutral-200 px-4 py-3 text-sm text-neutral-600 sm:px-6">
            No payments yet.
          </p>
        ) : (
          <ol className="divide-y divide-neutral-200 border-t border-neutral-200">
            {order.payments.map((payment) => (
              <PaymentRow
                key={payment.id}
                order={order}
                payment={payment}
                locale={locale}
                formatInstant={formatInstant}
                onVoid={() => setDialog({ kind: 'void', paymentId: payment.id })}
              />
            ))}
          </ol>
        )}

        {dialog?.kind === 'pay' && (
          <RecordPaymentDialog
            order={order}
            locale={locale}
            today={dialog.today}
            onClose={() => setDialog(null)}
          />
        )}
        {voiding && (
          <VoidPaymentDialog
            order={order}
            payment={voiding}
            locale={locale}
            onClose={() => setDialog(null)}
          />
        )}
      </Card>
    </section>
  );
}
