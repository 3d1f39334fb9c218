import { useQueryClient } from '@tanstack/react-query';
import { useReducer, useRef } from 'react';
import type { Order, PointOfSaleItem } from '../../../../shared/contracts/orders';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { appliedCoupon, isCouponRefusal, useCheckCoupon } from '../../coupons';
import { usePlaceOrder } from '../api/orders-api';
import type { CartLine, DiscountDraft, OrderDetails } from './cart';
import { newIdempotencyKey, orderInput } from './cart';
import {
  type CartKey,
  EMPTY_POS_CART,
  keyForBody,
  type PosCartPricing,
  posCartReducer,
} from './pos-cart-state';

/**
 * The point of sale's cart (`pos-cart-state.ts`) with what talks to the server: checking a coupon and
 * placing the order with one Idempotency-Key per cart.
 */
export function usePosCart() {
  const [state, dispatch] = useReducer(posCartReducer, EMPTY_POS_CART);
  const placeOrder = usePlaceOrder();
  const checkCoupon = useCheckCoupon();
  const queryClient = useQueryClient();
  /** One key per cart: kept for retries of the same cart, renewed after success. */
  const idempotency = useRef<CartKey>({ key: newIdempotencyKey(), refusedBody: null });
  const sending = useRef(false);

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

  function changeDetails(patch: Partial<OrderDetails>) {
    dispatch({ type: 'change-details', patch });
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
    const body = JSON.stringify(input);
    idempotency.current = keyForBody(idempotency.current, body, newIdempotencyKey);
    sending.current = true;
    dispatch({ type: 'placing' });
    placeOrder.mutate(
      { input, idempotencyKey: idempotency.current.key },
      {
        onSuccess: (order) => {
          idempotency.current = { key: newIdempotencyKey(), refusedBody: null };
          dispatch({ type: 'placed', order });
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

  function newOrder() {
    dispatch({ type: 'new-order' });
  }

  return {
    ...state,
    add,
    changeLine,
    removeLine,
    changeDetails,
    changeDiscount,
    applyCoupon,
    removeCoupon,
    editCoupon,
    place,
    newOrder,
    placing: placeOrder.isPending,
    checkingCoupon: checkCoupon.isPending,
  };
}
