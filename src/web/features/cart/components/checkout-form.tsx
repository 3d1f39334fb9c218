import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Bike, CircleCheck, type LucideIcon, ShoppingBag, Utensils } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PublicMenu } from '../../../../shared/contracts/menu';
import type { Order } from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import { describeOpening } from '../../../../shared/next-opening';
import {
  MAX_DELIVERY_ADDRESS,
  MAX_ORDER_NOTE,
  orderNumberLabel,
  PICKUP_MAX_AHEAD_HOURS,
} from '../../../../shared/order-limits';
import { type PickupSlot, pickupSlots } from '../../../../shared/pickup-times';
import type { OrderType } from '../../../../shared/pricing';
import { WEEKDAY_LABELS } from '../../../../shared/weekdays';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { isApiError } from '../../../lib/api-client';
import { myOrderPath } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import {
  type AppliedCoupon,
  appliedCoupon,
  CouponField,
  couponPricing,
  isCouponRefusal,
  useCheckCoupon,
} from '../../coupons';
import { usePlaceOrder } from '../../orders';
import { useTableCheck } from '../api/table-by-name';
import { type MoneyFormat, optionSummary } from '../cart-format';
import { clearCart, reconcileLines, replaceCart, useCart } from '../cart-store';
import {
  changeText,
  checkoutProblem,
  checkoutTotals,
  newIdempotencyKey,
  orderBody,
  orderingStatus,
  tableProblem,
} from '../checkout-model';
import { useClock } from '../use-clock';
import { CheckoutHeading, OrderingNotice } from './checkout-parts';
import { SheetFooter } from './sheet';

interface CheckoutFormProps {
  titleId: string;
  menu: PublicMenu;
  table: string | null;
  onBack: () => void;
  onClose: () => void;
  /** Told while an order is being placed, so the sheet does not close under it. */
  onBusyChange: (busy: boolean) => void;
}

const TYPE_CHOICES: { type: OrderType; label: string; icon: LucideIcon }[] = [
  { type: 'dine-in', label: 'Dine-in', icon: Utensils },
  { type: 'takeaway', label: 'Takeaway', icon: ShoppingBag },
  { type: 'delivery', label: 'Delivery', icon: Bike },
];

/**
 * Checkout for a signed-in guest: dine-in at the table of the QR link (checked against the
 * restaurant's tables), takeaway as soon as possible or at a pickup time in the opening hours within
 * the window (today, or the next opening after midnight), or delivery with the fee and the minimum
 * (while the restaurant is closed, only a takeaway ordered ahead is taken: takeaway and the first
 * pickup time are chosen to begin with, and "as soon as possible" waits until it opens); a note; what
 * changed in the menu since the cart was filled (confirmed before anything is placed); the totals the server will charge; and "Place order" with one
 * Idempotency-Key per attempt, so a double tap or a retry never makes two orders.
 */
export function CheckoutForm({ titleId, menu, table, onBack, onClose, onBusyChange }: CheckoutFormProps) {
  const { restaurant } = menu;
  const money: MoneyFormat = { currency: restaurant.currency, locale: restaurant.locale };
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const cart = useCart();
  const now = useClock();
  const tableCheck = useTableCheck(table);
  const place = usePlaceOrder();
  const problemId = useId();

  // Until the guest chooses, the type and pickup follow what the restaurant takes now (the clock is read
  // after the first render, and a sheet left open may see it close).
  const [chosenType, setType] = useState<OrderType | null>(null);
  const [chosenMode, setPickupMode] = useState<'asap' | 'later' | null>(null);
  const [pickupAt, setPickupAt] = useState('');
  const [deliveryAddress, setDeliveryAddress] = useState('');
  const [note, setNote] = useState('');
  const [placed, setPlaced] = useState<Order | null>(null);
  /** The body of the last attempt and its key: a retry of the same body sends the same key. */
  const attempt = useRef<{ text: string; key: string } | null>(null);
  const [failedText, setFailedText] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const checkCoupon = useCheckCoupon();

  // Checkout compares the cart with the menu as it is now, not as the page loaded it.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.publicMenu });
  }, [queryClient]);

  useEffect(() => {
    onBusyChange(place.isPending || placed !== null);
  }, [onBusyChange, place.isPending, placed]);

  const status = orderingStatus(restaurant, now);
  const type = chosenType ?? (table && !status.ahead ? 'dine-in' : 'takeaway');
  const pickupMode = chosenMode ?? (status.ahead ? 'later' : 'asap');
  const reconciled = useMemo(() => reconcileLines(cart.lines, menu), [cart.lines, menu]);
  const subtotal = checkoutTotals(reconciled.lines, type, restaurant.pricing).subtotal;
  const couponNow = couponPricing(coupon, subtotal, money);
  const totals = checkoutTotals(reconciled.lines, type, restaurant.pricing, couponNow.discount);
  const slots = useMemo(
    () => (now ? pickupSlots(restaurant.openingHours, restaurant.timeZone, now) : []),
    [restaurant.openingHours, restaurant.timeZone, now],
  );
  // A time not chosen yet is the first one offered (ordering ahead starts there).
  const pickup = pickupMode === 'asap' ? 'asap' : pickupAt || (slots[0]?.value ?? '');
  const details = { type, table, tableCheck, pickup, deliveryAddress, note };
  const problem =
    checkoutProblem({
      lineCount: cart.lines.length,
      changesPending: reconciled.changes.length > 0,
      notice: status.blocked ? status.notice : null,
      ahead: status.ahead,
      details,
      subtotal: totals.subtotal,
      pricing: restaurant.pricing,
      slots,
      money,
    }) ?? (couponNow.problem ? `${couponNow.problem} Add to your order, or remove the coupon.` : null);
  const body = orderBody(cart.lines, {
    type,
    tableName: tableCheck.status === 'ok' ? tableCheck.name : table,
    pickup,
    deliveryAddress,
    note,
    couponCode: coupon?.terms.code ?? null,
  });
  const bodyText = JSON.stringify(body);
  const error = failedText === bodyText ? place.error : null;
  const couponRefused = error && isCouponRefusal(error) ? error.message : null;

  function applyCoupon(code: string) {
    setCouponError(null);
    checkCoupon.mutate(
      { code, subtotal: totals.subtotal },
      {
        onSuccess: (answer) => setCoupon(appliedCoupon(answer)),
        onError: (refusal) => setCouponError(refusal.message),
      },
    );
  }

  function submit() {
    if (problem || place.isPending || placed) return;
    if (attempt.current?.text !== bodyText) attempt.current = { text: bodyText, key: newIdempotencyKey() };
    const text = bodyText;
    setFailedText(null);
    place.mutate(
      { input: body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (order) => {
          setPlaced(order);
          // The cart empties once the order's page is showing, so this sheet never flashes an empty cart.
          void Promise.resolve(navigate(myOrderPath(order.id))).finally(clearCart);
        },
        onError: (refusal) => {
          setFailedText(text);
          // A refusal about the menu or the settings (sold out meanwhile, closed): show what is true now.
          if (isApiError(refusal) && refusal.status >= 400 && refusal.status < 500) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.publicMenu });
          }
        },
      },
    );
  }

  if (placed) {
    return (
      <div
        role="status"
        className="flex min-h-72 flex-col items-center justify-center gap-3 px-6 py-10 text-center"
      >
        <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
        <h2 id={titleId} className="text-xl font-semibold text-neutral-950">
          Order {orderNumberLabel(placed.number)} is placed
        </h2>
        <p className="flex items-center gap-2 text-neutral-600">
          <Spinner /> Opening your order…
        </p>
      </div>
    );
  }

  const types = TYPE_CHOICES.filter((choice) => choice.type !== 'dine-in' || table);
  const busy = place.isPending;

  return (
    <>
      <div className="flex flex-col gap-6 px-5 pt-6 pb-6 sm:px-6">
        <CheckoutHeading titleId={titleId} onBack={onBack} />
        {status.notice && <OrderingNotice>{status.notice}</OrderingNotice>}

        {reconciled.changes.length > 0 && (
          <section
            aria-labelledby={`${titleId}-changes`}
            className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
          >
            <h3 id={`${titleId}-changes`} className="font-semibold text-amber-950">
              Our menu changed since you added these
            </h3>
            <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-amber-950">
              {reconciled.changes.map((change, index) => (
                // Two lines of one dish may both have changed: the position tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from the cart.
                <li key={index}>{changeText(change, money)}</li>
              ))}
            </ul>
            <Button variant="secondary" className="self-start" onClick={() => replaceCart(reconciled.lines)}>
              Update my cart
            </Button>
          </section>
        )}

        <fieldset className="flex flex-col gap-2" disabled={busy}>
          <legend className="mb-2 font-semibold text-neutral-950">How would you like your order?</legend>
          <div className={clsx('grid gap-2', types.length === 3 ? 'grid-cols-3' : 'grid-cols-2')}>
            {types.map((choice) => (
              <label
                key={choice.type}
                className={clsx(
                  'relative flex cursor-pointer flex-col items-center gap-1.5 rounded-xl border px-2 py-3 text-center text-sm font-medium transition-colors',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-950',
                  type === choice.type
                    ? 'border-neutral-950 bg-neutral-950 text-white'
                    : 'border-neutral-300 bg-white text-neutral-800 hover:border-neutral-500',
                )}
              >
                <input
                  type="radio"
                  name={`${titleId}-type`}
                  value={choice.type}
                  checked={type === choice.type}
                  onChange={() => setType(choice.type)}
                  // Invisible but over the whole card: a tap anywhere on it is a tap on the radio.
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-xl opacity-0"
                />
                <choice.icon aria-hidden="true" className="size-5" />
                {choice.label}
              </label>
            ))}
          </div>
        </fieldset>

        {type === 'dine-in' && table && (
          <TableStatus table={table} check={tableCheck} onRetry={tableCheck.retry} />
        )}

        {type === 'takeaway' && (
          <fieldset className="flex flex-col gap-2" disabled={busy}>
            <legend className="mb-2 font-semibold text-neutral-950">Pickup</legend>
            <RadioRow
              name={`${titleId}-pickup`}
              checked={pickupMode === 'asap'}
              disabled={status.ahead !== null && pickupMode !== 'asap'}
              onChange={() => setPickupMode('asap')}
              label="As soon as possible"
              hint={
                status.ahead
                  ? status.ahead.opens
                    ? `Not while we are closed: we open ${describeOpening(status.ahead.opens)}.`
                    : 'Not while we are closed.'
                  : undefined
              }
            />
            <RadioRow
              name={`${titleId}-pickup`}
              checked={pickupMode === 'later'}
              disabled={slots.length === 0 && pickupMode !== 'later'}
              onChange={() => {
                setPickupMode('later');
                if (!slots.some((slot) => slot.value === pickupAt)) setPickupAt(slots[0]?.value ?? '');
              }}
              label="At a later time"
              hint={
                slots.length === 0
                  ? `No pickup times are left within the next ${PICKUP_MAX_AHEAD_HOURS} hours.`
                  : undefined
              }
            />
            {pickupMode === 'later' && (
              <SelectField
                label="Pickup time"
                value={slots.some((slot) => slot.value === pickup) ? pickup : ''}
                onChange={(event) => setPickupAt(event.target.value)}
                className="mt-1"
              >
                <option value="" disabled>
                  Choose a time
                </option>
                {slotDays(slots).map(({ label, slots: daySlots }) => (
                  <optgroup key={label} label={label}>
                    {daySlots.map((slot) => (
                      <option key={slot.value} value={slot.value}>
                        {slot.time}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </SelectField>
            )}
          </fieldset>
        )}

        {type === 'delivery' && (
          <TextAreaField
            label="Delivery address"
            value={deliveryAddress}
            onChange={(event) => setDeliveryAddress(event.target.value)}
            maxLength={MAX_DELIVERY_ADDRESS}
            autoComplete="street-address"
            required
            disabled={busy}
            placeholder="Street and number, floor, city"
            description={
              restaurant.pricing.deliveryMinimum > 0
                ? `Delivery fee ${format(restaurant.pricing.deliveryFee)}. Minimum order ${format(restaurant.pricing.deliveryMinimum)}.`
                : `Delivery fee ${format(restaurant.pricing.deliveryFee)}.`
            }
          />
        )}

        <section aria-labelledby={`${titleId}-summary`} className="flex flex-col gap-2">
          <h3 id={`${titleId}-summary`} className="font-semibold text-neutral-950">
            Your order
          </h3>
          <ul className="flex flex-col gap-2 text-sm">
            {reconciled.lines.map((line) => (
              <li key={`${line.menuItemId}|${line.optionIds.join()}|${line.note}`} className="flex gap-3">
                <span className="w-8 shrink-0 font-medium text-neutral-950 tabular-nums">
                  {line.quantity}×
                </span>
                <span className="min-w-0 flex-1">
                  <span className="font-medium text-neutral-950">{line.name}</span>
                  {line.options.length > 0 && (
                    <span className="block text-neutral-600">{optionSummary(line.options)}</span>
                  )}
                  {line.note && <span className="block text-neutral-600 italic">“{line.note}”</span>}
                </span>
                <span className="shrink-0 text-neutral-900 tabular-nums">
                  {format(line.unitPrice * line.quantity)}
                </span>
              </li>
            ))}
          </ul>
        </section>

        <CouponField
          applied={coupon}
          discount={totals.discount}
          problem={couponNow.problem ?? couponRefused}
          error={couponError}
          checking={checkCoupon.isPending}
          money={money}
          onApply={applyCoupon}
          onRemove={() => {
            setCoupon(null);
            setCouponError(null);
          }}
          onEdit={() => setCouponError(null)}
          disabled={busy}
          labelClassName="font-semibold text-neutral-950"
        />

        <TextAreaField
          label="Note for the restaurant (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={MAX_ORDER_NOTE}
          disabled={busy}
          placeholder="Allergies, a birthday, where to find you…"
        />

        <dl className="flex flex-col gap-1.5 border-t border-neutral-200 pt-4 text-sm">
          <TotalRow label="Subtotal" value={format(totals.subtotal)} />
          {totals.discount > 0 && coupon && (
            <TotalRow label={`Coupon ${coupon.terms.code}`} value={`−${format(totals.discount)}`} />
          )}
          {totals.serviceCharge > 0 && (
            <TotalRow
              label={`Service charge (${restaurant.pricing.serviceChargePercent}%)`}
              value={format(totals.serviceCharge)}
            />
          )}
          {restaurant.pricing.taxPercent > 0 && (
            <TotalRow
              label={
                totals.taxInclusive
                  ? `Includes tax (${restaurant.pricing.taxPercent}%)`
                  : `Tax (${restaurant.pricing.taxPercent}%)`
              }
              value={format(totals.tax)}
            />
          )}
          {type === 'delivery' && <TotalRow label="Delivery fee" value={format(totals.deliveryFee)} />}
          <TotalRow label="Total" value={format(totals.total)} strong />
        </dl>
      </div>

      <SheetFooter>
        <div className="flex flex-col gap-2">
          {error ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error.message}
            </p>
          ) : (
            problem && (
              <p id={problemId} className="text-sm font-medium text-amber-800">
                {problem}
              </p>
            )
          )}
          <Button
            size="lg"
            fullWidth
            disabled={problem !== null}
            isLoading={busy}
            aria-describedby={problem && !error ? problemId : undefined}
            onClick={submit}
          >
            {busy ? 'Placing order...' : `Place order · ${format(totals.total)}`}
          </Button>
          {!busy && (
            <button
              type="button"
              onClick={onClose}
              className="self-center rounded-md px-2 py-1 text-sm font-medium text-neutral-600 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950"
            >
              Keep browsing
            </button>
          )}
        </div>
      </SheetFooter>
    </>
  );
}

/** The pickup times by the restaurant's day: "Today", "Tomorrow", then weekdays. */
function slotDays(slots: readonly PickupSlot[]): { label: string; slots: PickupSlot[] }[] {
  const days: { label: string; slots: PickupSlot[] }[] = [];
  for (const slot of slots) {
    const label =
      slot.daysAhead === 0 ? 'Today' : slot.daysAhead === 1 ? 'Tomorrow' : WEEKDAY_LABELS[slot.day];
    const last = days.at(-1);
    if (last?.label === label) last.slots.push(slot);
    else days.push({ label, slots: [slot] });
  }
  return days;
}

function TableStatus({
  table,
  check,
  onRetry,
}: {
  table: string;
  check: ReturnType<typeof useTableCheck>;
  onRetry: () => void;
}) {
  if (check.status === 'ok') {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200">
        <Utensils aria-hidden="true" className="size-4 shrink-0" />
        We will bring your order to table {check.name}.
      </p>
    );
  }
  if (check.status === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner /> Checking table {table}…
      </p>
    );
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200"
    >
      <p className="font-medium">{tableProblem(table, check)}</p>
      {check.status === 'failed' && (
        <Button variant="secondary" className="self-start" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

function RadioRow({
  name,
  checked,
  disabled = false,
  onChange,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  label: string;
  hint?: ReactNode;
}) {
  return (
    <label
      className={clsx(
        'flex min-h-12 items-center gap-3 rounded-xl border px-3.5 py-2 transition-colors',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-neutral-950',
        checked ? 'border-neutral-950 bg-neutral-50' : 'border-neutral-300',
        disabled ? 'cursor-not-allowed text-neutral-500' : 'cursor-pointer hover:border-neutral-500',
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="size-5 shrink-0 accent-neutral-950"
      />
      <span className="flex flex-col">
        <span className="font-medium text-neutral-950">{label}</span>
        {hint && <span className="text-sm text-neutral-600">{hint}</span>}
      </span>
    </label>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={clsx(
        'flex items-baseline justify-between gap-4',
        strong ? 'mt-1 text-base font-semibold text-neutral-950' : 'text-neutral-700',
      )}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
