import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { Order, PointOfSaleItem } from '../../../../shared/contracts/orders';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { appliedCoupon, isCouponRefusal, useCheckCoupon } from '../../coupons';
import { addRound, type CachedOrder, readOrder, usePlaceOrder } from '../api/orders-api';
import type { CartLine, DiscountDraft, OrderDetails } from './cart';
import { newIdempotencyKey, orderInput } from './cart';
import {
  type CartKey,
  cartOfDraft,
  type DraftCart,
  draftOf,
  EMPTY_POS_CART,
  isBlankCart,
  keyForBody,
  openingCart,
  type PosCartPricing,
  type PosCartState,
  posCartReducer,
  switchSlot,
} from './pos-cart-state';
import { deliverRound, lastRound, type RoundRequest, roundInput } from './pos-checks';
import {
  COUNTER_SLOT,
  type DraftSlot,
  type DraftStorage,
  draftsKey,
  type PosDrafts,
  pruneStoredDrafts,
  readDrafts,
  slotOf,
  tableOfSlot,
  updateDrafts,
  withDraft,
} from './pos-drafts';

/** Storage for this page only, when the browser's is switched off: drafts then last as long as the page. */
function memoryStorage(): DraftStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
    key: (index) => [...values.keys()][index] ?? null,
    get length() {
      return values.size;
    },
  };
}

let pageStorage: DraftStorage | null = null;

function draftStorage(): DraftStorage {
  if (pageStorage) return pageStorage;
  try {
    const storage = window.localStorage;
    storage.getItem(COUNTER_SLOT);
    pageStorage = storage;
  } catch {
    pageStorage = memoryStorage();
  }
  return pageStorage;
}

/** The tables that keep a draft, as one comparable value. */
function draftTablesOf(drafts: PosDrafts): string {
  return Object.keys(drafts.drafts)
    .map((slot) => tableOfSlot(slot as DraftSlot))
    .filter((table): table is string => table !== null)
    .sort()
    .join('\n');
}

/** A round sent without an answer: the same lines sent to the same check again first look for it. */
interface UnansweredRound {
  checkId: string;
  /** The round's lines as sent. */
  body: string;
  /** The check's last round before it was sent. */
  knownRounds: number;
}

/**
 * The point of sale's cart (`pos-cart-state.ts`) with what talks to the server: checking a coupon,
 * placing the order with one Idempotency-Key per cart, and sending a round to an open check
 * (`pos-checks.ts`). The cart is kept on the device as the draft of its table or of the counter
 * (`pos-drafts.ts`, per user), a round with the check it is for, written at every change, so it
 * survives leaving the page, a reload or a crash; choosing another table shows that table's draft. A
 * draft goes when its order is placed or its round sent, or when it is discarded.
 */
export function usePosCart(userId: string) {
  const [opening] = useState(() => {
    const storage = draftStorage();
    const now = Date.now();
    pruneStoredDrafts(storage, now);
    const drafts = readDrafts(storage, userId, now);
    return { drafts, ...openingCart(drafts) };
  });
  const [state, dispatch] = useReducer(posCartReducer, opening.cart, (cart) => ({
    ...EMPTY_POS_CART,
    ...cart,
  }));
  const placeOrder = usePlaceOrder();
  const roundSend = useMutation({
    mutationFn: (request: RoundRequest) => deliverRound(request, { addRound, readCheck: readOrder }),
  });
  const unanswered = useRef<UnansweredRound | null>(null);
  const checkCoupon = useCheckCoupon();
  const queryClient = useQueryClient();
  /** One key per cart: kept for retries of the same cart (also after a reload), renewed after success. */
  const idempotency = useRef<CartKey>(opening.key ?? { key: newIdempotencyKey(), refusedBody: null });
  const sending = useRef(false);
  const [draftTables, setDraftTables] = useState(() => draftTablesOf(opening.drafts));

  /** Keeps `cart` as its slot's draft (none when it is blank) and as the slot to open with. */
  const keep = useCallback(
    (cart: PosCartState) => {
      const slot = slotOf(cart.details);
      const now = Date.now();
      const kept = updateDrafts(draftStorage(), userId, now, (drafts) => ({
        ...withDraft(drafts, slot, isBlankCart(cart) ? null : draftOf(cart, idempotency.current, now)),
        active: slot,
      }));
      setDraftTables(draftTablesOf(kept));
    },
    [userId],
  );

  // Every change is written at once: a crash loses nothing that was on the screen.
  useEffect(() => {
    keep(state);
  }, [keep, state]);

  // Another tab of this browser changed the drafts: the table picker shows it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== draftsKey(userId)) return;
      setDraftTables(draftTablesOf(readDrafts(draftStorage(), userId, Date.now())));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  function add(
    item: PointOfSaleItem,
    options: { optionIds?: string[]; quantity?: number; note?: string } = {},
  ) {
    dispatch({ type: 'add', item, ...options });
  }

  function changeLine(key: string, patch: Partial<Pick<CartLine, 'quantity' | 'note'>>) {
    dispatch({ type: 'change-line', key, patch });
  }

  function removeLine(key: string) {
    dispatch({ type: 'remove-line', key });
  }

  /**
   * Changes the order's details. A change of table, or between a table and the counter, shows that
   * slot's draft (the cart left behind stays as its own); not while the cart is being sent.
   */
  function changeDetails(patch: Partial<OrderDetails>) {
    if (slotOf({ ...state.details, ...patch }) === slotOf(state.details)) {
      dispatch({ type: 'change-details', patch });
      return;
    }
    if (sending.current) return;
    const storage = draftStorage();
    const change = switchSlot(
      state,
      patch,
      readDrafts(storage, userId, Date.now()).drafts,
      newIdempotencyKey,
    );
    if (!change) return;
    keep(state);
    const { freed } = change;
    if (freed) updateDrafts(storage, userId, Date.now(), (kept) => withDraft(kept, freed, null));
    if (change.key) idempotency.current = change.key;
    dispatch({ type: 'restore', cart: change.cart });
  }

  /** The cart becomes a round for the open check `checkId` (of its table); its lines stay. */
  function chooseCheck(checkId: string) {
    if (sending.current) return;
    dispatch({ type: 'choose-check', check: checkId });
  }

  /** The cart is a new check (at a table with open checks: the offer is put away); its lines stay. */
  function startNewCheck() {
    if (sending.current) return;
    dispatch({ type: 'new-check' });
  }

  /** Shows the offer to add the cart to one of the table's open checks again. */
  function showChecks() {
    dispatch({ type: 'show-checks' });
  }

  /**
   * Opens a round for `check` (`/orders/add?check=…`): the cart of the check's table (its draft, or an
   * empty one) becomes the round. A check without a table takes the counter's cart, unless the counter
   * keeps another order being taken: then nothing changes and the answer is false.
   */
  function openCheck(check: Pick<CachedOrder, 'id' | 'type' | 'table'>): boolean {
    if (sending.current) return false;
    const patch = { type: check.type, tableId: check.table?.id ?? '' };
    const storage = draftStorage();
    const drafts = readDrafts(storage, userId, Date.now()).drafts;
    const change = switchSlot(state, patch, drafts, newIdempotencyKey, { carry: false });
    const target: DraftCart = change?.cart ?? {
      lines: state.lines,
      details: { ...state.details, ...patch },
      discountDraft: state.discountDraft,
      coupon: state.coupon,
      lineCount: state.lineCount,
      check: state.check,
      newCheck: state.newCheck,
    };
    if (slotOf(patch) === COUNTER_SLOT && target.check !== check.id && !isBlankCart(target)) return false;
    if (change) keep(state);
    if (change?.key) idempotency.current = change.key;
    dispatch({ type: 'restore', cart: { ...target, check: check.id, newCheck: false } });
    return true;
  }

  /** Empties the cart and forgets its draft; the order type and table stay. */
  function discard() {
    idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
    const slot = slotOf(state.details);
    updateDrafts(draftStorage(), userId, Date.now(), (drafts) => withDraft(drafts, slot, null));
    dispatch({ type: 'discard' });
  }

  function changeDiscount(patch: Partial<DiscountDraft>) {
    dispatch({ type: 'change-discount', patch });
  }

  /** Checks `code` against the cart's subtotal (and the customer's phone) and applies it. */
  function applyCoupon(code: string, subtotal: number) {
    dispatch({ type: 'coupon-checking' });
    checkCoupon.mutate(
      { code, subtotal, customerPhone: state.details.customerPhone },
      {
        onSuccess: (answer) => dispatch({ type: 'coupon-applied', coupon: appliedCoupon(answer) }),
        onError: (error) => dispatch({ type: 'coupon-refused', message: errorMessage(error) }),
      },
    );
  }

  function removeCoupon() {
    dispatch({ type: 'coupon-removed' });
  }

  function editCoupon() {
    dispatch({ type: 'coupon-edited' });
  }

  /**
   * Sends the cart as it is priced now, unless something stops it or it is being sent already. After
   * success the cart starts again and `onPlaced` runs; after a refusal the point of sale's menu and
   * tables are read again, since the refusal may come from one that changed.
   */
  function place(pricing: PosCartPricing, onPlaced: (order: Order) => void) {
    const { problem, discount } = pricing;
    if (problem || sending.current || !discount.ok) return;
    const input = orderInput(state.lines, state.details, discount.discount, state.coupon?.terms.code ?? null);
    const sentSlot = slotOf(state.details);
    const body = JSON.stringify(input);
    idempotency.current = keyForBody(idempotency.current, body, newIdempotencyKey);
    sending.current = true;
    dispatch({ type: 'placing' });
    placeOrder.mutate(
      { input, idempotencyKey: idempotency.current.key },
      {
        onSuccess: (order) => {
          idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
          const storage = draftStorage();
          const drafts = updateDrafts(storage, userId, Date.now(), (kept) => withDraft(kept, sentSlot, null));
          dispatch({ type: 'placed', order });
          // The next cart is the counter's: its draft comes back if one is kept.
          const counter = drafts.drafts[COUNTER_SLOT];
          if (counter) {
            const restored = cartOfDraft(counter);
            idempotency.current = restored.key;
            dispatch({ type: 'restore', cart: restored.cart });
          }
          onPlaced(order);
        },
        onError: (error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) {
            idempotency.current.refusedBody = body;
          }
          dispatch({
            type: 'refused',
            refusal: { message: errorMessage(error), onCoupon: isCouponRefusal(error) },
          });
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.pointOfSale });
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.summary });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  /**
   * Sends the cart as a round to `check` (as the screen shows it: its version is the one the round is
   * based on), unless something stops it or something is being sent already. A check changed meanwhile
   * is read again and the round sent once more (`deliverRound`). After success the table's draft goes,
   * the cart starts again and `onSent` runs; after a refusal the check and the menu are read again.
   */
  function sendRound(
    check: Pick<CachedOrder, 'id' | 'number' | 'version' | 'lines'>,
    pricing: PosCartPricing,
    onSent: (order: Order) => void,
  ) {
    if (pricing.problem || sending.current || state.check !== check.id) return;
    const { lines } = roundInput(state.lines, check.version);
    const body = JSON.stringify(lines);
    const previous = unanswered.current;
    const unansweredAfter =
      previous && previous.checkId === check.id && previous.body === body ? previous.knownRounds : null;
    const knownRounds = unansweredAfter ?? lastRound(check);
    const sentSlot = slotOf(state.details);
    sending.current = true;
    dispatch({ type: 'placing' });
    roundSend.mutate(
      { check, lines, unansweredAfter },
      {
        onSuccess: (outcome) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
          if (!outcome.ok) {
            unanswered.current =
              outcome.reason === 'unanswered' ? { checkId: check.id, body, knownRounds } : null;
            dispatch({
              type: 'refused',
              refusal: {
                message: outcome.message,
                onCoupon: false,
                checkClosed: outcome.reason === 'not-open',
              },
            });
            if (outcome.reason === 'refused') {
              void queryClient.invalidateQueries({ queryKey: queryKeys.orders.pointOfSale });
            }
            return;
          }
          unanswered.current = null;
          const { order } = outcome;
          // The answer may not carry the check's money: what was read of it stays until it is read again.
          queryClient.setQueryData<CachedOrder>(queryKeys.orders.one(order.id), (shown) =>
            shown && 'payments' in shown && !('payments' in order) ? { ...shown, ...order } : order,
          );
          const drafts = updateDrafts(draftStorage(), userId, Date.now(), (kept) =>
            withDraft(kept, sentSlot, null),
          );
          idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
          dispatch({ type: 'round-sent', order, round: lastRound(order) });
          const counter = drafts.drafts[COUNTER_SLOT];
          if (counter) {
            const restored = cartOfDraft(counter);
            idempotency.current = restored.key;
            dispatch({ type: 'restore', cart: restored.cart });
          }
          onSent(order);
        },
        onError: (error) => {
          dispatch({ type: 'refused', refusal: { message: errorMessage(error), onCoupon: false } });
        },
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  function newOrder() {
    dispatch({ type: 'new-order' });
  }

  const tablesWithDrafts = useMemo(() => new Set(draftTables.split('\n').filter(Boolean)), [draftTables]);

  return {
    ...state,
    /** The tables whose cart is kept as a draft on this device (the one shown included). */
    tablesWithDrafts,
    /** Nothing is chosen or typed: there is no draft to discard. */
    blank: isBlankCart(state),
    discard,
    add,
    changeLine,
    removeLine,
    changeDetails,
    changeDiscount,
    applyCoupon,
    removeCoupon,
    editCoupon,
    place,
    chooseCheck,
    startNewCheck,
    showChecks,
    openCheck,
    sendRound,
    newOrder,
    placing: placeOrder.isPending || roundSend.isPending,
    checkingCoupon: checkCoupon.isPending,
  };
}
