import { describe, expect, it } from 'vitest';
import type { Order } from './contracts/orders';
import { LOW_RATING_QUOTE_LENGTH, lowRatingNotice, noticeFor, requestToastBody } from './order-notices';

describe('order notices', () => {
  it('a request: number, place and item count', () => {
    const lines = [{ quantity: 1 }, { quantity: 1 }] as Order['lines'];
    expect(requestToastBody({ number: 1043, type: 'takeaway', table: null, lines })).toBe(
      '#1043 · Takeaway · 2 items',
    );
    expect(
      requestToastBody({ number: 7, type: 'dine-in', table: { id: 't', name: 'T5' }, lines: lines.slice(1) }),
    ).toBe('#7 · Table T5 · 1 item');
  });

  it('a customer’s status notices', () => {
    const order = { id: 'o', number: 1042, type: 'delivery' as const, rejectReason: null };
    expect(noticeFor(order, 'confirmed')).toMatchObject({
      title: 'Order #1042 accepted',
      body: 'The kitchen is on it.',
    });
    expect(noticeFor({ ...order, rejectReason: 'Out of soup' }, 'rejected')?.body).toBe(
      'Rejected: Out of soup',
    );
    expect(noticeFor(order, 'preparing')).toBeNull();
  });

  it('a low rating quotes a short comment, and cuts a long one', () => {
    expect(lowRatingNotice({ number: 1043 }, { overall: 2, comment: ' Cold\n soup ' })).toEqual({
      title: 'Low rating for order #1043',
      body: 'Overall 2 of 5: “Cold soup”',
    });
    expect(lowRatingNotice({ number: 1 }, { overall: 1, comment: '' }).body).toBe('Overall 1 of 5.');
    const long = lowRatingNotice({ number: 1 }, { overall: 1, comment: 'x'.repeat(300) }).body;
    expect(long).toBe(`Overall 1 of 5: “${'x'.repeat(LOW_RATING_QUOTE_LENGTH - 1)}…”`);
  });
});
