import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { MAX_REASON, orderNumberLabel } from '../../../shared/contracts/orders';
import {
  type OrderWithPayments,
  PAYMENT_METHOD_LABELS,
  type Payment,
} from '../../../shared/contracts/payments';
import { formatMoney, inputToMinor, minorToInput } from '../../../shared/money';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MoneyField } from '../../components/ui/money-field';
import { TextAreaField } from '../../components/ui/text-area-field';
import { errorMessage, hasReason } from '../../lib/api-client';
import { useFocusFirstInvalid } from '../../lib/focus-first-invalid';
import { useConfig } from '../config';
import { useRefundPayment } from './api/payments-api';

interface RefundDialogProps {
  order: OrderWithPayments;
  /** The payment to refund; null: closed. */
  payment: Payment | null;
  onClose: () => void;
}

/**
 * A manager gives back (part of) one payment: the amount, by default all that remains of it and never
 * more, and the reason, which is required and goes into the audit log. How much may still be refunded
 * is said in one place, under the amount; a refusal of the amount (too much, typed or found by the
 * server when someone refunded meanwhile) takes that place, so the limit is never said twice.
 */
export function RefundDialog({ order, payment: opened, onClose }: RefundDialogProps) {
  const refund = useRefundPayment(order.id);
  const locale = useConfig().data?.locale ?? 'en';
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  // The payment as the order was last read (after a refusal it is read again), not as it was opened.
  const payment = opened ? (order.payments.find((item) => item.id === opened.id) ?? opened) : null;
  const title = payment
    ? `Refund ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} payment of ${money(payment.amount)}?`
    : '';
  return (
    <Dialog
      open={payment !== null}
      onClose={onClose}
      busy={refund.isPending}
      title={title}
      description={
        payment
          ? `Order ${orderNumberLabel(order.number)}. ` +
            (payment.online
              ? 'The money goes back to the guest through the online payment provider.'
              : `The money is paid back from ${payment.account.name}.`)
          : undefined
      }
    >
      {payment && <RefundForm payment={payment} refund={refund} money={money} onClose={onClose} />}
    </Dialog>
  );
}

function RefundForm({
  payment,
  refund,
  money,
  onClose,
}: {
  payment: Payment;
  refund: ReturnType<typeof useRefundPayment>;
  money: (minor: number) => string;
  onClose: () => void;
}) {
  const [amountText, setAmountText] = useState(() => minorToInput(payment.refundable, payment.currency));
  const [reason, setReason] = useState('');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = useFocusFirstInvalid();

  function readAmount(): number | null {
    const amount = inputToMinor(amountText, payment.currency);
    if (amount === null || amount <= 0) {
      setAmountError('Enter the amount to refund, such as 2.50.');
      return null;
    }
    if (amount > payment.refundable) {
      setAmountError(`At most ${money(payment.refundable)} of this payment can be refunded.`);
      return null;
    }
    return amount;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = readAmount();
    const text = reason.trim();
    if (!text) setReasonError('Enter why the money is given back.');
    if (amount === null || !text) {
      invalid.focusFirstInvalid();
      return;
    }
    setRefusal(null);
    refund.mutate(
      { paymentId: payment.id, input: { amount, reason: text } },
      {
        onSuccess: () => {
          toast.success(
            `Refunded ${money(amount)} of the ${PAYMENT_METHOD_LABELS[payment.method].toLowerCase()} payment.`,
          );
          onClose();
        },
        onError: (error) => {
          // Too much for what is left of the payment now is the amount's error; anything else the form's.
          if (hasReason(error, 'over-refundable')) {
            setAmountError(errorMessage(error));
            invalid.focusFirstInvalid();
          } else {
            setRefusal(errorMessage(error));
          }
        },
      },
    );
  }

  const amount = inputToMinor(amountText, payment.currency);
  return (
    <form ref={invalid.ref} noValidate onSubmit={submit} className="flex flex-col gap-5">
      <MoneyField
        label="Amount to refund"
        currency={payment.currency}
        value={amountText}
        error={amountError}
        description={amountError ? undefined : `At most ${money(payment.refundable)}.`}
        onChange={(event) => {
          setAmountText(event.target.value);
          setAmountError(null);
          setRefusal(null);
        }}
      />
      <TextAreaField
        label="Reason"
        value={reason}
        required
        maxLength={MAX_REASON}
        error={reasonError}
        placeholder="For example: the soup was cold."
        className="[&_textarea]:min-h-24"
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
          setRefusal(null);
        }}
      />
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isLoading={refund.isPending}>
          {refund.isPending
            ? 'Refunding...'
            : amount !== null && amount > 0 && amount <= payment.refundable
              ? `Refund ${money(amount)}`
              : 'Refund'}
        </Button>
      </div>
    </form>
  );
}
