import { clsx } from 'clsx';
import { Banknote, CreditCard, Delete, Handshake, Landmark, type LucideIcon, QrCode } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { orderNumberLabel } from '../../../shared/contracts/orders';
import {
  COUNTER_PAYMENT_METHODS,
  type CounterPaymentMethod,
  MAX_PAYMENT_REFERENCE,
  type OrderWithPayments,
  PAYMENT_METHOD_LABELS,
  type PaymentInput,
} from '../../../shared/contracts/payments';
import { currencyDigits, formatMoney } from '../../../shared/money';
import { quickCashAmounts } from '../../../shared/payment-math';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { MoneyField } from '../../components/ui/money-field';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { SegmentedChoice } from '../../components/ui/segmented-choice';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api-client';
import { useConfig } from '../config';
import { useTakePayment } from './api/payments-api';
import {
  afterPayment,
  billedLines,
  clampParts,
  INITIAL_SPLIT,
  KEYPAD_KEYS,
  type KeypadKey,
  MAX_SPLIT_PARTS,
  MIN_SPLIT_PARTS,
  pressKey,
  readTendered,
  SPLIT_MODE_LABELS,
  SPLIT_MODES,
  type SplitState,
  splitAmount,
  takesReference,
} from './pay-model';

const METHOD_ICONS: Record<CounterPaymentMethod, LucideIcon> = {
  cash: Banknote,
  card: CreditCard,
  qr: QrCode,
  'bank-transfer': Landmark,
  partner: Handshake,
};

/** How the take button and the toast name the method: "Take $4.50 cash", "… by card". */
const METHOD_PHRASES: Record<CounterPaymentMethod, string> = {
  cash: 'cash',
  card: 'by card',
  qr: 'by QR or e-wallet',
  'bank-transfer': 'by bank transfer',
  partner: 'through the partner',
};

interface PayDialogProps {
  open: boolean;
  order: OrderWithPayments;
  onClose: () => void;
}

/**
 * The Pay dialog, at the point of sale right after placing and on the order's page: the
 * amount due large, how the bill is split (in full, equally in 2–10 parts paid part by part, by the
 * items each guest had, or any amount), the method, and for cash a keypad for the cash handed over
 * with quick amounts and the change large. Each payment goes to the server, which checks it against
 * what is due; the dialog then shows the new amount due, and closes itself once the order is paid.
 */
export function PayDialog({ open, order, onClose }: PayDialogProps) {
  const take = useTakePayment(order.id);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      busy={take.isPending}
      size="lg"
      title={`Take payment · Order ${orderNumberLabel(order.number)}`}
    >
      <PayForm order={order} take={take} onClose={onClose} />
    </Dialog>
  );
}

function PayForm({
  order,
  take,
  onClose,
}: {
  order: OrderWithPayments;
  take: ReturnType<typeof useTakePayment>;
  onClose: () => void;
}) {
  const locale = useConfig().data?.locale ?? 'en';
  const [method, setMethod] = useState<CounterPaymentMethod>('cash');
  const [split, setSplit] = useState<SplitState>(INITIAL_SPLIT);
  const [tendered, setTendered] = useState('');
  const [reference, setReference] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [lastTaken, setLastTaken] = useState<string | null>(null);
  const problemId = useId();
  /** A double tap takes one payment: the second waits for nothing. */
  const sending = useRef(false);

  const currency = order.currency;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const due = order.amountDue;
  const kept = order.amountPaid - order.amountRefunded;
  const result = splitAmount(order, split, money);
  const amount = result.ok ? result.amount : null;
  const cash = method === 'cash' && amount !== null ? readTendered(tendered, amount, currency, money) : null;
  const problem = !result.ok ? result.problem : cash && !cash.ok ? cash.problem : null;

  /** Digits typed anywhere in the dialog but a text box go to the cash handed over, as on the keypad. */
  function typeOnKeypad(event: KeyboardEvent<HTMLFormElement>) {
    if (method !== 'cash' || amount === null || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) return;
    const key: KeypadKey | null = /^[0-9.]$/.test(event.key)
      ? (event.key as KeypadKey)
      : event.key === 'Backspace'
        ? 'back'
        : null;
    if (!key) return;
    event.preventDefault();
    setTendered((text) => pressKey(text, key, currency));
    setRefusal(null);
  }

  const takeLabel = (minor: number) => `Take ${money(minor)} ${METHOD_PHRASES[method]}`;

  function changeSplit(patch: Partial<SplitState>) {
    setSplit((current) => ({ ...current, ...patch }));
    setTendered('');
    setRefusal(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending.current || problem || amount === null) return;
    const input: PaymentInput = { method, amount };
    if (cash?.ok) input.tendered = cash.tendered;
    if (takesReference(method) && reference.trim()) input.reference = reference.trim();
    setRefusal(null);
    let dueNow: number;
    let change: number;
    sending.current = true;
    try {
      const taken = await take.mutateAsync(input);
      dueNow = taken.order.amountDue;
      change = taken.change;
    } catch (error) {
      setRefusal(errorMessage(error));
      return;
    } finally {
      sending.current = false;
    }
    const took = `Took ${money(amount)} ${METHOD_PHRASES[method]}.${change > 0 ? ` Change: ${money(change)}.` : ''}`;
    if (dueNow <= 0) {
      toast.success(`Order ${orderNumberLabel(order.number)} is paid. ${took}`, {
        duration: change > 0 ? 8000 : 4000,
      });
      onClose();
      return;
    }
    setLastTaken(`${took} ${money(dueNow)} still due.`);
    setSplit(afterPayment(split));
    setTendered('');
    setReference('');
  }

  return (
    <form noValidate onSubmit={submit} onKeyDown={typeOnKeypad} className="flex flex-col gap-5">
      <div className="grid gap-5 md:grid-cols-2 md:gap-6">
        <div className="flex min-w-0 flex-col gap-5">
          <div className="rounded-xl bg-neutral-100 px-4 py-3">
            <p className="text-sm font-medium text-neutral-600">Amount due</p>
            <p
              className="text-4xl font-semibold tracking-tight text-neutral-950 tabular-nums"
              data-testid="amount-due"
            >
              {money(due)}
            </p>
            {kept > 0 && (
              <p className="mt-0.5 text-sm text-neutral-600 tabular-nums">
                Total {money(order.total)} · paid {money(kept)}
              </p>
            )}
          </div>

          {lastTaken && (
            <p
              role="status"
              className="rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
            >
              {lastTaken}
            </p>
          )}

          <div className="flex flex-col gap-3">
            <SegmentedChoice
              legend="Split the bill"
              options={SPLIT_MODES}
              labels={SPLIT_MODE_LABELS}
              value={split.mode}
              onChange={(mode) => changeSplit({ mode })}
            />
            {split.mode === 'equal' && (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex items-center gap-3">
                  <span className="text-sm font-medium text-neutral-800">Parts</span>
                  <QuantityStepper
                    value={split.parts}
                    onChange={(parts) => changeSplit({ parts: clampParts(parts), partsPaid: 0 })}
                    name="parts"
                    inputLabel="Number of parts"
                    min={MIN_SPLIT_PARTS}
                    max={MAX_SPLIT_PARTS}
                  />
                </div>
                {result.ok && result.part && (
                  <p
                    className="text-base font-semibold text-neutral-950 tabular-nums"
                    data-testid="split-part"
                  >
                    Part {result.part.index} of {result.part.of}: {money(result.amount)}
                  </p>
                )}
              </div>
            )}
            {split.mode === 'items' && (
              <LinePicker
                order={order}
                split={split}
                money={money}
                onChange={(chosenLines) => changeSplit({ chosenLines })}
              />
            )}
            {split.mode === 'custom' && (
              <MoneyField
                label="Amount of this payment"
                currency={currency}
                value={split.custom}
                placeholder={minorPlaceholder(due, currency)}
                onChange={(event) => changeSplit({ custom: event.target.value })}
              />
            )}
          </div>

          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm font-medium text-neutral-800">Method</legend>
            <div className="grid grid-cols-2 gap-2">
              {COUNTER_PAYMENT_METHODS.map((option) => {
                const Icon = METHOD_ICONS[option];
                const selected = method === option;
                return (
                  <Button
                    key={option}
                    variant={selected ? 'primary' : 'secondary'}
                    aria-pressed={selected}
                    // On a phone the icon sits above the name, so "QR or e-wallet" fits half the width.
                    className={clsx('h-16 flex-col sm:h-12 sm:flex-row', option === 'cash' && 'col-span-2')}
                    onClick={() => {
                      setMethod(option);
                      setRefusal(null);
                    }}
                  >
                    <Icon aria-hidden="true" className="size-5 shrink-0" />
                    <span className="truncate">{PAYMENT_METHOD_LABELS[option]}</span>
                  </Button>
                );
              })}
            </div>
          </fieldset>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex items-baseline justify-between gap-3 border-b border-neutral-200 pb-3">
            <p className="text-sm font-medium text-neutral-600">This payment</p>
            <p className="text-2xl font-semibold text-neutral-950 tabular-nums" data-testid="payment-amount">
              {amount === null ? '—' : money(amount)}
            </p>
          </div>
          {method === 'cash' && amount !== null && (
            <CashPad
              amount={amount}
              currency={currency}
              tendered={tendered}
              onTendered={(text) => {
                setTendered(text);
                setRefusal(null);
              }}
              money={money}
            />
          )}
          {takesReference(method) && (
            <TextField
              label="Reference (optional)"
              value={reference}
              maxLength={MAX_PAYMENT_REFERENCE}
              autoComplete="off"
              placeholder={method === 'card' ? 'Slip or last 4 digits' : 'Transaction number'}
              onChange={(event) => setReference(event.target.value)}
            />
          )}
          {method === 'partner' && (
            <p className="text-sm text-neutral-600">
              The partner collected this money from the guest and pays the restaurant.
            </p>
          )}
        </div>
      </div>

      <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col gap-3 border-t border-neutral-200 bg-white px-6 pt-4 pb-6">
        {refusal && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {refusal}
          </p>
        )}
        {problem && !refusal && (
          <p id={problemId} className="text-sm text-neutral-700">
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          {cash?.ok && <ChangeDue change={cash.change} money={money} />}
          <div className="flex gap-3 sm:ml-auto">
            <Button variant="secondary" size="lg" onClick={onClose} disabled={take.isPending}>
              Close
            </Button>
            <Button
              type="submit"
              size="lg"
              className="min-w-0 flex-1"
              isLoading={take.isPending}
              disabled={problem !== null}
              aria-describedby={problem ? problemId : undefined}
              aria-label={take.isPending || amount === null ? undefined : takeLabel(amount)}
            >
              {take.isPending ? (
                'Taking payment...'
              ) : amount === null ? (
                'Take payment'
              ) : (
                <>
                  {/* A phone shows the amount alone: the method is the pressed button above. */}
                  <span className="sm:hidden">Take {money(amount)}</span>
                  <span className="hidden sm:inline">{takeLabel(amount)}</span>
                </>
              )}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}

/** `12.50`: the amount due as a hint in the amount box. */
function minorPlaceholder(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

/** Split by items: tick the lines this guest had; lines paid for earlier in the dialog are done. */
function LinePicker({
  order,
  split,
  money,
  onChange,
}: {
  order: OrderWithPayments;
  split: SplitState;
  money: (minor: number) => string;
  onChange: (chosen: string[]) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="sr-only">Items this guest pays for</legend>
      <ul className="flex max-h-56 flex-col divide-y divide-neutral-200 overflow-y-auto rounded-lg border border-neutral-200">
        {billedLines(order.lines).map((line) => {
          const paid = split.paidLines.includes(line.id);
          const chosen = split.chosenLines.includes(line.id);
          return (
            <li key={line.id}>
              <label
                className={clsx(
                  'flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  paid && 'cursor-default text-neutral-500',
                )}
              >
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-neutral-950"
                  checked={paid || chosen}
                  disabled={paid}
                  onChange={() =>
                    onChange(
                      chosen
                        ? split.chosenLines.filter((id) => id !== line.id)
                        : [...split.chosenLines, line.id],
                    )
                  }
                />
                <span className="min-w-0 flex-1 break-words">
                  {line.quantity} × {line.name}
                  {paid && <span className="ml-1 font-medium text-emerald-800">· Paid</span>}
                </span>
                <span className="shrink-0 tabular-nums">{money(line.lineTotal)}</span>
              </label>
            </li>
          );
        })}
      </ul>
      {order.total !== order.subtotal && (
        <p className="text-xs text-neutral-600">
          Each item's share of tax, charges and discount is included.
        </p>
      )}
    </fieldset>
  );
}

const KEY_LABELS: Partial<Record<KeypadKey, string>> = { '.': 'Decimal point' };

/** Cash: what the guest hands over, typed, tapped on the keypad or chosen from the quick amounts. */
function CashPad({
  amount,
  currency,
  tendered,
  onTendered,
  money,
}: {
  amount: number;
  currency: string;
  tendered: string;
  onTendered: (text: string) => void;
  money: (minor: number) => string;
}) {
  const digits = currencyDigits(currency);
  const quick = quickCashAmounts(amount, 10 ** digits);
  return (
    <div className="flex flex-col gap-3">
      <MoneyField
        label="Cash handed over"
        currency={currency}
        value={tendered}
        placeholder={minorPlaceholder(amount, currency)}
        description={tendered === '' ? 'Empty: the exact amount.' : undefined}
        onChange={(event) => onTendered(event.target.value.replace(/[^\d.,]/g, ''))}
      />
      <fieldset>
        <legend className="sr-only">Quick amounts</legend>
        <div className="grid grid-cols-2 gap-2">
          {quick.map((value, index) => (
            <Button
              key={value}
              variant="secondary"
              className="tabular-nums"
              onClick={() => onTendered(index === 0 ? '' : minorPlaceholder(value, currency))}
            >
              {index === 0 ? 'Exact' : money(value)}
            </Button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend className="sr-only">Keypad</legend>
        <div className="grid grid-cols-3 gap-2">
          {KEYPAD_KEYS.map((key) =>
            key === '.' && digits === 0 ? (
              <span key={key} />
            ) : (
              <Button
                key={key}
                variant="secondary"
                size="lg"
                className="text-lg tabular-nums"
                aria-label={key === 'back' ? 'Delete last digit' : KEY_LABELS[key]}
                onClick={() => onTendered(pressKey(tendered, key, currency))}
              >
                {key === 'back' ? <Delete aria-hidden="true" className="size-5" /> : key}
              </Button>
            ),
          )}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * The change to give, large, beside the take button (so it stays in sight on a phone while the keypad
 * scrolls).
 */
function ChangeDue({ change, money }: { change: number; money: (minor: number) => string }) {
  return (
    <div
      className={clsx(
        'flex items-baseline justify-between gap-3 rounded-xl px-4 py-2 sm:min-w-64 sm:justify-start',
        change > 0 ? 'bg-emerald-50 text-emerald-950' : 'bg-neutral-100 text-neutral-700',
      )}
    >
      <p className="text-base font-medium">Change</p>
      <output className="text-4xl font-semibold tracking-tight tabular-nums" data-testid="change-due">
        {money(change)}
      </output>
    </div>
  );
}
