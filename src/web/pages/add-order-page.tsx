import { CircleAlert, ShoppingBag, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { orderNumberLabel, type PointOfSaleItem } from '../../shared/contracts/orders';
import { formatMoney } from '../../shared/money';
import { isOpenCheck } from '../../shared/order-status';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { useSession } from '../features/auth';
import { useConfig } from '../features/config';
import { CouponField } from '../features/coupons';
import {
  CartLines,
  CheckRounds,
  CheckSummary,
  CustomerFields,
  checksAtTable,
  closedCheckMessage,
  DiscountFields,
  lastRound,
  MenuGrid,
  ModifierDialog,
  OpenCheckOffer,
  OrderPlaced,
  OrderTypeFields,
  priceCart,
  RoundTotals,
  TotalsList,
  useOpenChecks,
  useOrder,
  useOrderSummary,
  usePointOfSale,
  usePosCart,
} from '../features/orders';
import { errorMessage } from '../lib/api-client';

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
 * `/orders/add`, the point of sale: the menu as a grid by category with search, the modifier picker,
 * the cart (`usePosCart`) with quantities and notes, the order type, table, customer and partner, a
 * manager's discount or a coupon, live totals priced by `priceOrder` as the server prices them, and
 * "Place order" with one idempotency key per cart. Works with a finger and with a keyboard ("/"
 * searches, Enter adds the first match). The cart is the signed-in person's draft for its table (or
 * the counter), kept on the device until the order is placed or the draft discarded.
 *
 * At a table with open checks the cart may instead be a round for one of them ("Add to check #1042"):
 * the review area then shows the check and the round, and "Send round" adds it to the check.
 * `/orders/add?check=<orderId>` opens that round directly (the orders list's "Add round").
 */
export function AddOrderPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <Frame>
        <ListLoading>Loading the menu...</ListLoading>
      </Frame>
    );
  }
  // Another person signed in on the same tablet gets their own drafts.
  return <PointOfSale key={user.id} userId={user.id} />;
}

function PointOfSale({ userId }: { userId: string }) {
  const config = useConfig();
  const pos = usePointOfSale();
  const summary = useOrderSummary();
  const cart = usePosCart(userId);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const openChecks = useOpenChecks();
  const roundCheck = useOrder(cart.check ?? '', { enabled: cart.check !== null });
  const [searchParams, setSearchParams] = useSearchParams();
  const wantedId = searchParams.get('check');
  const wanted = useOrder(wantedId ?? '', { enabled: wantedId !== null });
  /** Why `?check=` opened no round (the check is closed, unknown, or the counter is busy). */
  const [notice, setNotice] = useState<string | null>(null);

  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState<PointOfSaleItem | null>(null);
  const searchRef = useRef<HTMLFormElement>(null);
  const cartRef = useRef<HTMLElement>(null);
  const cartBodyRef = useRef<HTMLDivElement>(null);
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

  // `?check=<orderId>`: the round for that check, once it is read; the address then drops the
  // parameter (the round is the table's draft from here, so a reload keeps it).
  const handledCheck = useRef<string | null>(null);
  useEffect(() => {
    if (!wantedId || handledCheck.current === wantedId) return;
    if (!wanted.data && !wanted.isError) return;
    handledCheck.current = wantedId;
    if (wanted.isError) setNotice(errorMessage(wanted.error));
    else if (wanted.data && !isOpenCheck(wanted.data.status)) setNotice(closedCheckMessage(wanted.data));
    else if (wanted.data && !cart.openCheck(wanted.data)) {
      setNotice(
        `An order being taken at the counter is kept on this device: place or discard it first, then add the round to ${orderNumberLabel(wanted.data.number)}.`,
      );
    } else setNotice(null);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('check');
        return next;
      },
      { replace: true },
    );
  }, [wantedId, wanted.data, wanted.isError, wanted.error, cart, setSearchParams]);

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
  const { lines, details, coupon, placed, refusal } = cart;
  const pricing = priceCart(cart, data, itemsById, money);
  const { discount, couponNow, totals, problem, manualDiscountTyped, itemCount } = pricing;

  // A round: the check as read now (the open checks' list answers first).
  const inRound = cart.check !== null;
  const check = inRound
    ? (roundCheck.data ?? openChecks.data?.find((order) => order.id === cart.check))
    : undefined;
  const checkClosed = check !== undefined && !isOpenCheck(check.status);
  const roundNumber = check ? lastRound(check) + 1 : null;
  const tableName = data.tables.find((table) => table.id === details.tableId)?.name;
  const tableChecks =
    !inRound && details.type === 'dine-in' ? checksAtTable(openChecks.data ?? [], details.tableId) : [];
  const sendProblem =
    problem ??
    (inRound && !check
      ? roundCheck.isError
        ? errorMessage(roundCheck.error)
        : 'Loading the check...'
      : null);

  function pick(item: PointOfSaleItem) {
    if (!item.availableToday) return;
    if (item.modifierGroups.length > 0) setPicking(item);
    else cart.add(item);
  }

  function afterSending() {
    setSearch('');
    setNotice(null);
    // The confirmation appears at the top of the page; the keyboard waits in the search.
    window.scrollTo({ top: 0 });
    cartBodyRef.current?.scrollTo({ top: 0 });
    focusSearch({ preventScroll: true });
  }

  function place() {
    if (inRound) {
      if (check && !checkClosed) cart.sendRound(check, pricing, afterSending);
      return;
    }
    cart.place(pricing, afterSending);
  }

  return (
    <Frame>
      {notice && (
        <div
          role="alert"
          className="mb-6 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p className="min-w-0 flex-1">{notice}</p>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => setNotice(null)}
            className="-m-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-neutral-950"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      )}
      {placed && (
        <div className="mb-6">
          <OrderPlaced
            order={placed}
            money={money}
            round={cart.placedRound}
            onNewOrder={() => {
              cart.newOrder();
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
              <div className="flex min-w-0 flex-wrap items-baseline gap-x-3">
                <h2 id={cartHeadingId} className="text-lg font-semibold whitespace-nowrap text-neutral-950">
                  {!inRound
                    ? 'Current order'
                    : check
                      ? `Round ${roundNumber} for ${orderNumberLabel(check.number)}`
                      : 'New round'}
                </h2>
                <span className="text-sm text-neutral-600 tabular-nums">
                  {itemCount} {itemCount === 1 ? 'item' : 'items'}
                </span>
              </div>
              {!cart.blank && (
                <button
                  type="button"
                  onClick={() => setConfirmingDiscard(true)}
                  disabled={cart.placing}
                  className="-my-1 -mr-2 inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-neutral-700 transition-colors hover:bg-red-50 hover:text-red-800 focus-visible:outline-2 focus-visible:outline-neutral-950 disabled:opacity-50"
                >
                  <Trash2 aria-hidden="true" className="size-4 shrink-0" />
                  Discard draft
                </button>
              )}
            </div>
            <div
              ref={cartBodyRef}
              className="flex flex-col gap-5 px-4 py-3 lg:min-h-0 lg:flex-1 lg:overflow-y-auto"
            >
              {(!inRound || details.type === 'dine-in') && (
                <OrderTypeFields
                  pos={data}
                  details={details}
                  onChange={cart.changeDetails}
                  openOrders={openOrders}
                  draftTables={cart.tablesWithDrafts}
                  typeFixed={inRound}
                />
              )}
              {tableChecks.length > 0 && (
                <OpenCheckOffer
                  tableName={tableChecks[0]?.table?.name ?? tableName ?? ''}
                  checks={tableChecks}
                  money={money}
                  newCheckChosen={cart.newCheck}
                  onChoose={cart.chooseCheck}
                  onNewCheck={cart.startNewCheck}
                  onShowChecks={cart.showChecks}
                />
              )}
              {inRound && (
                <CheckSummary
                  check={check}
                  error={roundCheck.isError && !check ? errorMessage(roundCheck.error) : null}
                  closedShown={refusal?.checkClosed === true}
                  onNewCheck={cart.startNewCheck}
                />
              )}
              <CartLines
                lines={lines}
                money={money}
                liveItem={(id) => itemsById.get(id)}
                onQuantity={(key, quantity) => cart.changeLine(key, { quantity })}
                onNote={(key, note) => cart.changeLine(key, { note })}
                onRemove={cart.removeLine}
              />
              {check && <CheckRounds check={check} money={money} />}
              <div hidden={inRound} className="flex flex-col gap-2 border-t border-neutral-200 pt-3">
                <CustomerFields pos={data} details={details} onChange={cart.changeDetails} />
                <div className="py-1">
                  <CouponField
                    applied={coupon}
                    discount={totals.discount}
                    problem={couponNow.problem ?? (refusal?.onCoupon ? refusal.message : null)}
                    error={cart.couponError}
                    checking={cart.checkingCoupon}
                    blockedReason={
                      manualDiscountTyped ? 'Remove the manual discount to use a coupon instead.' : null
                    }
                    money={money}
                    onApply={(code) => cart.applyCoupon(code, totals.subtotal)}
                    onRemove={cart.removeCoupon}
                    onEdit={cart.editCoupon}
                  />
                </div>
                {data.canDiscount && (
                  <DiscountFields
                    couponCode={coupon?.terms.code ?? null}
                    draft={cart.discountDraft}
                    onChange={cart.changeDiscount}
                    money={money}
                    valueError={discount.ok ? null : discount.valueError}
                    reasonError={discount.ok ? null : discount.reasonError}
                    amount={totals.discount}
                  />
                )}
              </div>
            </div>
            <div ref={setFooter} className="flex flex-col gap-3 border-t border-neutral-200 px-4 py-4">
              {inRound ? (
                <RoundTotals
                  checkTotal={check?.total}
                  roundTotal={totals.total}
                  currency={check?.currency ?? money.currency}
                  money={money}
                />
              ) : (
                <TotalsList
                  totals={totals}
                  pricing={data.pricing}
                  money={money}
                  discountLabel={coupon ? `Coupon ${coupon.terms.code}` : undefined}
                />
              )}
              {refusal && (
                <div
                  role="alert"
                  className="flex flex-col gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
                >
                  <p>{refusal.message}</p>
                  {refusal.checkClosed && (
                    <Button variant="secondary" onClick={cart.startNewCheck}>
                      Start a new check with these items
                    </Button>
                  )}
                </div>
              )}
              {sendProblem && !refusal && (
                <p id={problemId} className="text-sm text-neutral-600">
                  {sendProblem}
                </p>
              )}
              <Button
                size="lg"
                fullWidth
                onClick={place}
                disabled={sendProblem !== null || checkClosed}
                isLoading={cart.placing}
                aria-describedby={sendProblem && !refusal ? problemId : undefined}
              >
                {inRound
                  ? cart.placing
                    ? 'Sending round...'
                    : 'Send round'
                  : cart.placing
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
          // Clear of the navigation's rail on a tablet (md), as of its top bar on a phone.
          className="fixed inset-x-3 bottom-3 z-20 flex h-14 items-center justify-between gap-3 rounded-xl bg-neutral-950 px-4 text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 md:left-[4.75rem] lg:hidden"
        >
          <span className="inline-flex items-center gap-2 font-medium">
            <ShoppingBag aria-hidden="true" className="size-5" />
            {inRound ? 'Review round' : 'Review order'} · {itemCount} {itemCount === 1 ? 'item' : 'items'}
          </span>
          <span className="font-semibold tabular-nums">
            {formatMoney(totals.total, money.currency, money.locale)}
          </span>
        </button>
      )}

      <ConfirmDialog
        open={confirmingDiscard}
        title="Discard this draft?"
        confirmLabel="Discard draft"
        busyLabel="Discarding..."
        busy={false}
        destructive
        cancelLabel="Keep the draft"
        onClose={() => setConfirmingDiscard(false)}
        onConfirm={() => {
          cart.discard();
          setConfirmingDiscard(false);
          // Once the dialog has closed (the page behind it takes focus again), the keyboard waits in
          // the search for the next order.
          requestAnimationFrame(() => focusSearch());
        }}
      >
        {draftDescription(
          details.type === 'dine-in' ? tableName : undefined,
          itemCount,
          inRound && check ? { round: roundNumber ?? 1, label: orderNumberLabel(check.number) } : null,
        )}
      </ConfirmDialog>

      <ModifierDialog
        item={picking}
        money={money}
        onClose={() => setPicking(null)}
        onAdd={({ item, optionIds, quantity, note }) => {
          cart.add(item, { optionIds, quantity, note });
          setPicking(null);
        }}
      />
    </Frame>
  );
}

/** What "Discard draft" removes, in the confirmation's words. */
function draftDescription(
  tableName: string | undefined,
  itemCount: number,
  round: { round: number; label: string } | null,
): string {
  const what = itemCount > 0 ? ` (${itemCount} ${itemCount === 1 ? 'item' : 'items'})` : '';
  if (round) {
    return `Removes round ${round.round} for ${round.label}${what} from this device; what was sent to the check stays on it. It cannot be brought back.`;
  }
  const where = tableName ? ` for ${tableName}` : '';
  return `Removes the order${where}${what} from this device, with everything typed for it. It cannot be brought back.`;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="w-full px-4 pt-6 pb-24 sm:px-6 md:pt-8 lg:flex lg:h-dvh lg:flex-col lg:px-8 lg:pt-5 lg:pb-5">
      <DocumentTitle title="Add Order" />
      {/* On a landscape tablet the title and its hint share one line: the height goes to the menu and
          the cart, which fill the screen there. */}
      <div className="mb-6 lg:mb-4 lg:flex lg:flex-wrap lg:items-baseline lg:gap-x-4">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">Add Order</h1>
        <p className="mt-1 text-neutral-600 lg:mt-0">
          Point of sale: tap items to build the order, then place it.
        </p>
      </div>
      {children}
    </div>
  );
}
