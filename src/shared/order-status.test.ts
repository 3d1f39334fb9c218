import { describe, expect, it } from 'vitest';
import {
  findMove,
  isFinalStatus,
  movesFrom,
  nextStatus,
  ORDER_STATUSES,
  type OrderState,
  PAYMENT_STATUSES,
  refusedMoveMessage,
  STATUS_MOVES,
} from './order-status';

const order = (state: Partial<OrderState>): OrderState => ({
  status: 'confirmed',
  type: 'dine-in',
  paymentStatus: 'unpaid',
  ...state,
});

describe('the order status flow', () => {
  it('has exactly the rows of the product table', () => {
    expect(STATUS_MOVES.map((move) => `${move.from} → ${move.to}: ${move.action}`)).toEqual([
      'pending → confirmed: order.accept',
      'pending → rejected: order.accept',
      'pending → cancelled: order.cancel.pending',
      'confirmed → preparing: order.advance',
      'confirmed → cancelled: order.cancel',
      'confirmed → cancelled: order.cancel.paid',
      'preparing → ready: order.advance',
      'preparing → cancelled: order.cancel.paid',
      'ready → out-for-delivery: order.advance',
      'ready → completed: order.advance',
      'out-for-delivery → completed: order.advance',
    ]);
  });

  it('lets staff cancel a confirmed order while it is unpaid, and only a manager once a payment was taken', () => {
    expect(findMove(order({ paymentStatus: 'unpaid' }), 'cancelled')?.action).toBe('order.cancel');
    for (const paymentStatus of ['partially-paid', 'paid', 'partially-refunded', 'refunded'] as const) {
      expect(findMove(order({ paymentStatus }), 'cancelled')?.action, paymentStatus).toBe(
        'order.cancel.paid',
      );
    }
    // Whatever is paid, a preparing order is a manager's to cancel.
    for (const paymentStatus of PAYMENT_STATUSES) {
      expect(findMove(order({ status: 'preparing', paymentStatus }), 'cancelled')?.action).toBe(
        'order.cancel.paid',
      );
    }
  });

  it('requires a reason to reject and to cancel a confirmed or preparing order', () => {
    expect(findMove(order({ status: 'pending' }), 'rejected')?.reason).toBe('required');
    expect(findMove(order({ status: 'pending' }), 'cancelled')?.reason).toBe('optional');
    expect(findMove(order({}), 'cancelled')?.reason).toBe('required');
    expect(findMove(order({ status: 'preparing' }), 'cancelled')?.reason).toBe('required');
  });

  it('sends only a delivery out for delivery', () => {
    expect(findMove(order({ status: 'ready', type: 'delivery' }), 'out-for-delivery')).toBeDefined();
    expect(findMove(order({ status: 'ready', type: 'takeaway' }), 'out-for-delivery')).toBeUndefined();
    expect(findMove(order({ status: 'ready', type: 'dine-in' }), 'out-for-delivery')).toBeUndefined();
  });

  it('moves the board on one tap at a time, and never moves a finished order', () => {
    expect(nextStatus(order({ status: 'confirmed' }))).toBe('preparing');
    expect(nextStatus(order({ status: 'preparing' }))).toBe('ready');
    expect(nextStatus(order({ status: 'ready', type: 'delivery' }))).toBe('out-for-delivery');
    expect(nextStatus(order({ status: 'ready', type: 'takeaway' }))).toBe('completed');
    expect(nextStatus(order({ status: 'out-for-delivery', type: 'delivery' }))).toBe('completed');
    expect(nextStatus(order({ status: 'pending' }))).toBeUndefined();
    expect(ORDER_STATUSES.filter(isFinalStatus)).toEqual(['completed', 'rejected', 'cancelled', 'merged']);
    for (const status of ['completed', 'rejected', 'cancelled'] as const) {
      expect(movesFrom(order({ status }))).toEqual([]);
    }
  });

  it('says which moves are allowed when one is refused', () => {
    expect(refusedMoveMessage(order({ status: 'confirmed' }), 'completed')).toBe(
      'A confirmed order cannot become completed; it can become preparing or cancelled.',
    );
    expect(refusedMoveMessage(order({ status: 'pending' }), 'ready')).toBe(
      'A pending order cannot become ready; it can become confirmed, rejected or cancelled.',
    );
    expect(refusedMoveMessage(order({ status: 'completed' }), 'cancelled')).toBe(
      'A completed order cannot change any more.',
    );
  });
});
