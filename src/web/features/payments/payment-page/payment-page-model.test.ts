import { describe, expect, it } from 'vitest';
import { CHECKOUT_OUTCOMES } from '../../../../shared/contracts/payments';
import {
  atTableText,
  inPersonPlace,
  outcomeNotice,
  payStateOf,
  totalRows,
  withoutSessionId,
} from './payment-page-model';

const order = {
  subtotal: 2000,
  discount: 0,
  serviceCharge: 0,
  tax: 160,
  taxInclusive: false,
  deliveryFee: 0,
  total: 2160,
  amountPaid: 500,
  amountRefunded: 0,
  amountDue: 1660,
};
const money = (minor: number) => (minor / 100).toFixed(2);

describe('the payment page', () => {
  it('reads the totals as a bill, then what is paid and still due', () => {
    expect(totalRows(order as never, money)).toEqual([
      { label: 'Subtotal', value: '20.00' },
      { label: 'Tax', value: '1.60' },
      { label: 'Total', value: '21.60', emphasis: 'total' },
      { label: 'Paid', value: '−5.00' },
      { label: 'Amount due', value: '16.60', emphasis: 'due' },
    ]);
    expect(
      totalRows({ ...order, amountPaid: 0, amountDue: 2160 } as never, money).map((row) => row.label),
    ).toEqual(['Subtotal', 'Tax', 'Total', 'Amount due']);
    // Money given back is shown as such, and does not make anything due again.
    expect(
      totalRows({ ...order, amountPaid: 2160, amountRefunded: 300, amountDue: 0 } as never, money),
    ).toEqual([
      { label: 'Subtotal', value: '20.00' },
      { label: 'Tax', value: '1.60' },
      { label: 'Total', value: '21.60', emphasis: 'total' },
      { label: 'Paid', value: '−21.60' },
      { label: 'Refunded', value: '3.00' },
      { label: 'Amount due', value: '0.00', emphasis: 'due' },
    ]);
  });

  it('offers paying only while money is due on an order that is not cancelled or rejected', () => {
    expect(payStateOf({ status: 'confirmed', amountDue: 100 })).toBe('due');
    expect(payStateOf({ status: 'pending', amountDue: 100 })).toBe('due');
    expect(payStateOf({ status: 'completed', amountDue: 0 })).toBe('paid');
    expect(payStateOf({ status: 'cancelled', amountDue: 100 })).toBe('closed');
    expect(payStateOf({ status: 'rejected', amountDue: 0 })).toBe('closed');
  });

  it('says something for every outcome of the checkout, naming the order where it helps', () => {
    for (const outcome of CHECKOUT_OUTCOMES) {
      const notice = outcomeNotice(outcome, '#1042');
      expect(notice.title.length).toBeGreaterThan(0);
      expect(notice.text.length).toBeGreaterThan(0);
    }
    expect(outcomeNotice('paid', '#1042')).toMatchObject({
      tone: 'success',
      text: expect.stringContaining('#1042'),
    });
    expect(outcomeNotice('not-recorded', '#1042').tone).toBe('warning');
  });

  it('drops the checkout id from the address and keeps the key', () => {
    expect(withoutSessionId('?key=abc&session_id=cs_1')).toBe('?key=abc');
    expect(withoutSessionId('?session_id=cs_1')).toBe('');
  });

  it('sends a dine-in guest to pay at their table, a delivery at the door, a takeaway to the counter', () => {
    expect(inPersonPlace({ type: 'dine-in' })).toBe('table');
    expect(inPersonPlace({ type: 'takeaway' })).toBe('counter');
    expect(inPersonPlace({ type: 'delivery' })).toBe('door');
    expect(atTableText('T5')).toBe(
      'Ask a member of staff for the bill. They bring it to table T5, and you can pay there by cash, card or QR.',
    );
    expect(atTableText(null)).toContain('They bring it to your table');
  });
});
