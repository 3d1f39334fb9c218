import { useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Order, PointOfSaleItem } from '../../shared/contracts/orders';
import { formatMoney } from '../../shared/money';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useConfig } from '../features/config';
import {
  type AppliedCoupon,
  appliedCoupon,
  CouponField,
  couponPricing,
  isCouponRefusal,
  useCheckCoupon,
} from '../features/coupons';
import {
  addToCart,
  type CartLine,
  CartLines,
  CustomerFields,
  cartSubtotal,
  cartTotals,
  type DiscountDraft,
  DiscountFields,
  detailsProblem,
  EMPTY_DETAILS,
  MenuGrid,
  ModifierDialog,
  newIdempotencyKey,
  type PosOrderDetails as OrderDetails,
  OrderPlaced,
  OrderTypeFields,
  orderInput,
  readDiscount,
  TotalsList,
  useOrderSummary,
  usePlaceOrder,
  usePointOfSale,
} from '../features/orders';
import { errorMessage, isApiError } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

const EMPTY_DISCOUNT: DiscountDraft = { kind: 'percent', value: '', reason: '' };

/** Whether a key press happens in something that takes text (where "/" is a character, not a shortcut). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type))
  );
}

/**
 * `/orders/add`, the point of sale (PRODUCT.md section 7): the menu as a grid by category with search,
 * the modifier picker, the cart with quantities and notes, the order type, table, customer and partner,
 * a manager's discount, live totals priced by `priceOrder` as the server prices them, and "Place order"
 * with one idempotency key per cart. Works with a finger and with a keyboard ("/" searches, Enter adds
 * the first match).
 */
export function AddOrderPage() {
  const config = useConfig();
  const pos = usePointOfSale();
  const summary = useOrderSummary();
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();

  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<CartLine[]>([]);
  const [details, setDetails] = useState<OrderDetails>(EMPTY_DETAILS);
  const [discountDraft, setDiscountDraft] = useState<DiscountDraft>(EMPTY_DISCOUNT);
  const [picking, setPicking] = useState<PointOfSaleItem | null>(null);
  const [placed, setPlaced] = useState<Order | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The refusal was about the coupon (`details.path: 'couponCode'`): it shows on the coupon too. */
  const [refusalOnCoupon, setRefusalOnCoupon] = useState(false);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const checkCoupon = useCheckCoupon();
  const searchRef = useRef<HTMLFormElement>(null);
  const cartRef = useRef<HTMLElement>(null);
  const cartBodyRef = useRef<HTMLDivElement>(null);
  const lineKeys = useRef(0);
  /** One key per cart: kept for retries of the same cart, renewed after success. */
  const idempotency = useRef({ key: newIdempotencyKey(), refusedBody: null as string | null });
  const sending = useRef(false);
  const cartHeadingId = useId();
  const problemId = useId();

  // On a phone the "Review order" bar gives way once the totals and "Place order" are on the screen.
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  const [footerInView, setFooterInView] = useState(false);
  useEffect(() => {
    if (!footer) return;
    const observer = new IntersectionObserver(([entry]) => setFooterInView(entry?.isIntersecting ?? false));
    observer.observe(footer);
    return () => observer.disconnect();
  }, [footer]);

  const focusSearch = (options?: FocusOptions) => searchRef.current?.querySelector('input')?.focus(options);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      searchRef.current?.querySelector('input')?.focus();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const data = pos.data;
  const itemsById = useMemo(
    () =>
      new Map((data?.categories ?? []).flatMap((category) => category.items.map((item) => [item.id, item]))),
    [data],
  );
  const openOrders = useMemo(
    () => new Map((summary.data?.tables ?? []).map((table) => [table.tableId, table.openOrders])),
    [summary.data],
  );

  if (pos.isError) {
    return (
      <Frame>
        <ListError error={pos.error} onRetry={() => void pos.refetch()} />
      </Frame>
    );
  }
  if (!data || !config.data) {
    return (
      <Frame>
        <ListLoading>Loading the menu...</ListLoading>
      </Frame>
    );
  }

  const money = { currency: data.currency, locale: config.data.locale };
  // Lines are priced with the menu as it is now (a price changed while the cart was open counts).
  const liveLines = lines.map((line) => ({ ...line, item: itemsById.get(line.item.id) ?? line.item }));
  // A coupon or a manual discount, never both: while a coupon is applied the discount fields are shut.
  const discount =
    data.canDiscount && !coupon
      ? readDiscount(discountDraft, data.currency)
      : { ok: true as const, discount: null };
  const couponNow = couponPricing(coupon, cartSubtotal(liveLines, details.type, data.pricing), money);
  const totals = cartTotals(
    liveLines,
    details.type,
    data.pricing,
    discount.ok ? discount.discount : null,
    couponNow.discount,
  );
  const problem =
    detailsProblem(lines, details) ??
    (discount.ok ? null : 'Complete the discount, or remove it.') ??
    (couponNow.problem ? `${couponNow.problem} Add to the order, or remove the coupon.` : null);
  const manualDiscountTyped = data.canDiscount && !coupon && discountDraft.value.trim() !== '';

  function applyCoupon(code: string) {
    setCouponError(null);
    checkCoupon.mutate(
      { code, subtotal: totals.subtotal, customerPhone: details.customerPhone },
      {
        onSuccess: (answer) => {
          setCoupon(appliedCoupon(answer));
          setRefusal(null);
        },
        onError: (error) => setCouponError(errorMessage(error)),
      },
    );
  }
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);

  function add(
    item: PointOfSaleItem,
    options: { optionIds?: string[]; quantity?: number; note?: string } = {},
  ) {
    setLines((current) => addToCart(current, { item, ...options }, () => `line-${++lineKeys.current}`));
    setRefusal(null);
  }

  function pick(item: PointOfSaleItem) {
    if (!item.availableToday) return;
    if (item.modifierGroups.length > 0) setPicking(item);
    else add(item);
  }

  function changeLine(key: string, patch: Partial<CartLine>) {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    setRefusal(null);
  }

  function changeDetails(patch: Partial<OrderDetails>) {
    setDetails((current) => ({ ...current, ...patch }));
    setRefusal(null);
  }

  function place() {
    if (problem || sending.current || !discount.ok) return;
    const input = orderInput(lines, details, discount.discount, coupon?.terms.code ?? null);
    const body = JSON.stringify(input);
    // A cart changed after the server refused it is another request: it gets its own key. The same cart
    // sent again (a retry after a lost answer) keeps its key, so the server never makes two orders.
    if (idempotency.current.refusedBody !== null && idempotency.current.refusedBody !== body) {
      idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
    }
    sending.current = true;
    setRefusal(null);
    placeOrder.mutate(
      { input, idempotencyKey: idempotency.current.key },
      {
        onSuccess: (order) => {
          idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
          setPlaced(order);
          setLines([]);
          setDetails((current) => ({ ...EMPTY_DETAILS, type: current.type }));
          setDiscountDraft(EMPTY_DISCOUNT);
          setCoupon(null);
          setCouponError(null);
          setSearch('');
          // The confirmation appears at the top of the page; the keyboard waits in the search.
          window.scrollTo({ top: 0 });
          cartBodyRef.current?.scrollTo({ top: 0 });
          focusSearch({ preventScroll: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            idempotency.current.refusedBody = body;
          }
          setRefusal(errorMessage(error));
          setRefusalOnCoupon(isCouponRefusal(error));
          // The refusal may come from a menu or table that changed: show what is true now.
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.pointOfSale });
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.summary });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  return (
    <Frame>
      {placed && (
        <div className="mb-6">
          <OrderPlaced
            order={placed}
            money={money}
            onNewOrder={() => {
              setPlaced(null);
              focusSearch();
            }}
          />
        </div>
      )}
      <div className="grid grid-cols-1 gap-6 lg:min-h-0 lg:flex-1 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[minmax(0,1fr)] xl:grid-cols-[minmax(0,1fr)_25rem]">
        <section aria-label="Menu" className="min-w-0 lg:-m-1 lg:overflow-y-auto lg:p-1">
          {data.categories.length === 0 ? (
            <Card className="p-8 text-center text-neutral-600">
              The menu is empty: add categories and items in Menu Management.
            </Card>
          ) : (
            <MenuGrid
              categories={data.categories}
              money={money}
              categoryId={categoryId}
              onCategory={(id) => {
                setCategoryId(id);
                setSearch('');
              }}
              search={search}
              onSearch={setSearch}
              onPick={pick}
              searchRef={searchRef}
            />
          )}
        </section>

        <section
          ref={cartRef}
          tabIndex={-1}
          aria-labelledby={cartHeadingId}
          className="scroll-mt-20 focus:outline-none lg:min-h-0"
        >
          <Card className="flex flex-col lg:max-h-full">
            <div className="flex items-center justify-between gap-3 border-b border-neutral-200 px-4 py-3">
              <h2 id={cartHeadingId} className="text-lg font-semibold text-neutral-950">
                Current order
              </h2>
              <span className="text-sm text-neutral-600 tabular-nums">
                {itemCount} {itemCount === 1 ? 'item' : 'items'}
              </span>
            </div>
            <div
              ref={cartBodyRef}
              className="flex flex-col gap-5 px-4 py-3 lg:min-h-0 lg:flex-1 lg:overflow-y-auto"
            >
              <OrderTypeFields
                pos={data}
                details={details}
                onChange={changeDetails}
                openOrders={openOrders}
              />
              <CartLines
                lines={lines}
                money={money}
                liveItem={(id) => itemsById.get(id)}
                onQuantity={(key, quantity) => changeLine(key, { quantity })}
                onNote={(key, note) => changeLine(key, { note })}
                onRemove={(key) => {
                  setLines((current) => current.filter((line) => line.key !== key));
                  setRefusal(null);
                }}
              />
              <div className="flex flex-col gap-2 border-t border-neutral-200 pt-3">
                <CustomerFields pos={data} details={details} onChange={changeDetails} />
                <div className="py-1">
                  <CouponField
                    applied={coupon}
                    discount={totals.discount}
                    problem={couponNow.problem ?? (refusalOnCoupon ? refusal : null)}
                    error={couponError}
                    checking={checkCoupon.isPending}
                    blockedReason={
                      manualDiscountTyped ? 'Remove the manual discount to use a coupon instead.' : null
                    }
                    money={money}
                    onApply={applyCoupon}
                    onRemove={() => {
                      setCoupon(null);
                      setCouponError(null);
                      setRefusal(null);
                    }}
                    onEdit={() => setCouponError(null)}
                  />
                </div>
                {data.canDiscount && (
                  <DiscountFields
                    couponCode={coupon?.terms.code ?? null}
                    draft={discountDraft}
                    onChange={(patch) => setDiscountDraft((current) => ({ ...current, ...patch }))}
                    money={money}
                    valueError={discount.ok ? null : discount.valueError}
                    reasonError={discount.ok ? null : discount.reasonError}
                    amount={totals.discount}
                  />
                )}
              </div>
            </div>
            <div ref={setFooter} className="flex flex-col gap-3 border-t border-neutral-200 px-4 py-4">
              <TotalsList
                totals={totals}
                pricing={data.pricing}
                money={money}
                discountLabel={coupon ? `Coupon ${coupon.terms.code}` : undefined}
              />
              {refusal && (
                <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                  {refusal}
                </p>
              )}
              {problem && !refusal && (
                <p id={problemId} className="text-sm text-neutral-600">
                  {problem}
                </p>
              )}
              <Button
                size="lg"
                fullWidth
                onClick={place}
                disabled={problem !== null}
                isLoading={placeOrder.isPending}
                aria-describedby={problem && !refusal ? problemId : undefined}
              >
                {placeOrder.isPending
                  ? 'Placing order...'
                  : `Place order · ${formatMoney(totals.total, money.currency, money.locale)}`}
              </Button>
            </div>
          </Card>
        </section>
      </div>

      {lines.length > 0 && !footerInView && (
        <button
          type="button"
          onClick={() => {
            const cart = cartRef.current;
            cart?.scrollIntoView({ behavior: 'smooth', block: 'start' });
            cart?.focus({ preventScroll: true });
          }}
          className="fixed inset-x-3 bottom-3 z-20 flex h-14 items-center justify-between gap-3 rounded-xl bg-neutral-950 px-4 text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 lg:hidden"
        >
          <span className="inline-flex items-center gap-2 font-medium">
            <ShoppingBag aria-hidden="true" className="size-5" />
            Review order · {itemCount} {itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className="font-semibold tabular-nums">
            {formatMoney(totals.total, money.currency, money.locale)}
          </span>
        </button>
      )}

      <ModifierDialog
        item={picking}
        money={money}
        onClose={() => setPicking(null)}
        onAdd={({ item, optionIds, quantity, note }) => {
          add(item, { optionIds, quantity, note });
          setPicking(null);
        }}
      />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="w-full px-4 pt-6 pb-24 sm:px-6 md:pt-8 lg:flex lg:h-dvh lg:flex-col lg:px-8 lg:pb-6">
      <DocumentTitle title="Add Order" />
      <div className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Add Order</h1>
        <p className="mt-1 text-neutral-600">Point of sale: tap items to build the order, then place it.</p>
      </div>
      {children}
    </div>
  );
}
