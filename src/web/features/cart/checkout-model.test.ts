import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../../../shared/opening-hours';
import { cartTotal, optionSummary } from './cart-format';
import { checkoutReturnPath } from './checkout-link';
import {
  type CheckoutDetails,
  changeText,
  checkoutProblem,
  checkoutTotals,
  orderBody,
  orderingStatus,
  tableProblem,
} from './checkout-model';

const money = { currency: 'USD', locale: 'en-US' };
const WEEKDAYS_7_TO_18: OpeningHours = {
  mon: [{ open: '07:30', close: '18:00' }],
  tue: [{ open: '07:30', close: '18:00' }],
  wed: [{ open: '07:30', close: '18:00' }],
  thu: [{ open: '07:30', close: '18:00' }],
  fri: [{ open: '07:30', close: '18:00' }],
  sat: [],
  sun: [],
};
const restaurant = { onlineOrdering: true, openingHours: WEEKDAYS_7_TO_18, timeZone: 'America/Los_Angeles' };
// 2026-11-25 is a Wednesday; Los Angeles is UTC−8 in November.
const wednesdayAt = (time: string) => new Date(`2026-11-25T${time}:00-08:00`);

describe('cart button and lines', () => {
  it('totals the lines at the prices seen and lists the options', () => {
    const line = {
      key: 'a',
      menuItemId: 'i',
      name: 'Latte',
      unitPrice: 550,
      optionIds: ['o1', 'o2'],
      options: [
        { id: 'o1', groupName: 'Size', name: 'Large', priceDelta: 100 },
        { id: 'o2', groupName: 'Milk', name: 'Oat milk', priceDelta: 0 },
      ],
      quantity: 2,
      note: '',
    };
    expect(cartTotal({ lines: [line, { ...line, key: 'b', unitPrice: 300, quantity: 1 }] })).toBe(1400);
    expect(optionSummary(line.options)).toBe('Large, Oat milk');
  });
});

describe('orderingStatus', () => {
  it('blocks ordering when online ordering is off, whatever the time', () => {
    const off = { notice: 'Online ordering is not available right now.', blocked: true, ahead: null };
    expect(orderingStatus({ ...restaurant, onlineOrdering: false }, wednesdayAt('12:00'))).toEqual(off);
    expect(orderingStatus({ ...restaurant, onlineOrdering: false }, null)).toEqual(off);
  });

  it('is silent while open or before the clock is read', () => {
    const open = { notice: null, blocked: false, ahead: null };
    expect(orderingStatus(restaurant, wednesdayAt('07:30'))).toEqual(open);
    expect(orderingStatus(restaurant, wednesdayAt('17:59'))).toEqual(open);
    expect(orderingStatus(restaurant, null)).toEqual(open);
  });

  it('while closed with a pickup time in the window, takes a takeaway ordered ahead and says when it opens', () => {
    expect(orderingStatus(restaurant, wednesdayAt('06:00'))).toEqual({
      notice:
        'We are closed now and open again at 07:30. You can order a takeaway now for pickup from 07:30.',
      blocked: false,
      ahead: { opens: { daysAhead: 0, day: 'wed', time: '07:30' } },
    });
    expect(orderingStatus(restaurant, wednesdayAt('22:00'))).toMatchObject({
      notice:
        'We are closed now and open again tomorrow at 07:30. You can order a takeaway now for pickup tomorrow from 07:30.',
      blocked: false,
    });
  });

  it('blocks ordering while the next opening is beyond the window, saying when ordering ahead opens', () => {
    expect(orderingStatus(restaurant, wednesdayAt('18:00'))).toEqual({
      notice:
        'We are closed now and open again tomorrow at 07:30. Ordering ahead for takeaway opens at 19:30.',
      blocked: true,
      ahead: null,
    });
    // Friday evening: closed over the weekend.
    expect(orderingStatus(restaurant, new Date('2026-11-27T20:00:00-08:00')).notice).toBe(
      'We are closed now and open again on Monday at 07:30. Ordering ahead for takeaway opens on Sunday at 19:30.',
    );
    expect(orderingStatus({ ...restaurant, openingHours: {} }, wednesdayAt('12:00'))).toEqual({
      notice: 'We are closed now.',
      blocked: true,
      ahead: null,
    });
  });

  it('reads the clock in the restaurant’s time zone, not the browser’s', () => {
    // 12:00 in Los Angeles is 21:00 in Berlin, where the same hours are closed.
    const noon = wednesdayAt('12:00');
    expect(orderingStatus(restaurant, noon).notice).toBeNull();
    expect(orderingStatus({ ...restaurant, timeZone: 'Europe/Berlin' }, noon).notice).toBe(
      'We are closed now and open again tomorrow at 07:30. You can order a takeaway now for pickup tomorrow from 07:30.',
    );
  });
});

describe('changeText', () => {
  it('names the item and the old and new price, or why it is left out', () => {
    expect(changeText({ kind: 'price', name: 'Latte', before: 450, after: 500 }, money)).toBe(
      'Latte: $4.50 → $5.00 each',
    );
    expect(changeText({ kind: 'unavailable', name: 'Toast', reason: 'sold-out' }, money)).toBe(
      'Toast is sold out today and will be left out.',
    );
    expect(changeText({ kind: 'unavailable', name: 'Pie', reason: 'gone' }, money)).toBe(
      'Pie is no longer on our menu and will be left out.',
    );
  });
});

describe('checkoutTotals', () => {
  const pricing = {
    taxPercent: 10,
    taxInclusive: false,
    serviceChargePercent: 5,
    deliveryFee: 300,
    deliveryMinimum: 2000,
  };
  const lines = [
    { unitPrice: 550, quantity: 2 },
    { unitPrice: 333, quantity: 1 },
  ];

  it('adds the service charge for dine-in only and the delivery fee for delivery only', () => {
    const dineIn = checkoutTotals(lines, 'dine-in', pricing);
    expect(dineIn).toMatchObject({
      subtotal: 1433,
      serviceCharge: 72,
      tax: 151,
      deliveryFee: 0,
      total: 1656,
    });
    const takeaway = checkoutTotals(lines, 'takeaway', pricing);
    expect(takeaway).toMatchObject({ subtotal: 1433, serviceCharge: 0, tax: 143, total: 1576 });
    const delivery = checkoutTotals(lines, 'delivery', pricing);
    expect(delivery).toMatchObject({ deliveryFee: 300, total: 1876 });
  });

  it('leaves an inclusive tax inside the total', () => {
    const totals = checkoutTotals(lines, 'takeaway', { ...pricing, taxInclusive: true });
    expect(totals).toMatchObject({ subtotal: 1433, tax: 130, total: 1433 });
  });
});

describe('checkoutProblem', () => {
  const pricing = {
    taxPercent: 0,
    taxInclusive: true,
    serviceChargePercent: 0,
    deliveryFee: 300,
    deliveryMinimum: 2000,
  };
  const details: CheckoutDetails = {
    type: 'takeaway',
    table: null,
    tableCheck: { status: 'checking' },
    pickup: 'asap',
    deliveryAddress: '',
    note: '',
  };
  const base = {
    lineCount: 1,
    changesPending: false,
    notice: null,
    details,
    subtotal: 1500,
    pricing,
    slots: [],
    money,
  };

  it('is null for a takeaway as soon as possible', () => {
    expect(checkoutProblem(base)).toBeNull();
  });

  it('asks to update the cart first, then says what the restaurant refuses', () => {
    expect(checkoutProblem({ ...base, changesPending: true, notice: 'We are closed now.' })).toMatch(
      /update your cart/,
    );
    expect(checkoutProblem({ ...base, notice: 'We are closed now.' })).toBe('We are closed now.');
  });

  it('refuses an unknown or archived table by name, and waits for the check', () => {
    const dineIn = (tableCheck: CheckoutDetails['tableCheck']) =>
      checkoutProblem({ ...base, details: { ...details, type: 'dine-in', table: 'T9', tableCheck } });
    expect(dineIn({ status: 'unknown' })).toBe(
      'Table T9 is not one of ours: scan the code on your table again, or choose takeaway.',
    );
    expect(dineIn({ status: 'archived' })).toMatch(/^Table T9 is not taking orders/);
    expect(dineIn({ status: 'checking' })).toBe('Checking table T9…');
    expect(dineIn({ status: 'ok', name: 'T9' })).toBeNull();
    expect(tableProblem('T9', { status: 'failed', message: 'Could not reach the server.' })).toBe(
      'Could not reach the server.',
    );
  });

  it('needs a delivery address and says how much is missing below the minimum', () => {
    const delivery = { ...details, type: 'delivery' as const };
    expect(checkoutProblem({ ...base, details: delivery })).toBe('Enter the delivery address.');
    expect(checkoutProblem({ ...base, details: { ...delivery, deliveryAddress: '1 Main St' } })).toBe(
      'Add $5.00 more for delivery: the minimum order is $20.00.',
    );
    expect(
      checkoutProblem({ ...base, subtotal: 2000, details: { ...delivery, deliveryAddress: '1 Main St' } }),
    ).toBeNull();
  });

  it('while closed, takes only a takeaway for a pickup time, saying when the rest opens', () => {
    const ahead = { opens: { daysAhead: 1, day: 'thu' as const, time: '07:30' } };
    const slot = { value: '2026-11-26T15:30:00.000Z', time: '07:30', daysAhead: 1, day: 'thu' as const };
    const later = { ...details, pickup: slot.value };
    expect(checkoutProblem({ ...base, ahead, details: later, slots: [slot] })).toBeNull();
    expect(checkoutProblem({ ...base, ahead, slots: [slot] })).toBe(
      'We are closed now: choose a pickup time to order ahead.',
    );
    expect(
      checkoutProblem({
        ...base,
        ahead,
        details: { ...details, type: 'dine-in', table: 'T9', tableCheck: { status: 'ok', name: 'T9' } },
      }),
    ).toBe(
      'We are closed now: dine-in orders are taken again tomorrow at 07:30. Choose takeaway to order ahead.',
    );
    expect(
      checkoutProblem({
        ...base,
        ahead,
        details: { ...details, type: 'delivery', deliveryAddress: '1 Main St' },
      }),
    ).toBe(
      'We are closed now: delivery orders are taken again tomorrow at 07:30. Choose takeaway to order ahead.',
    );
  });

  it('refuses a pickup time that is no longer offered', () => {
    const later = { ...details, pickup: '2026-11-26T01:15:00.000Z' };
    expect(checkoutProblem({ ...base, details: later })).toMatch(/pickup time has passed/);
    expect(
      checkoutProblem({
        ...base,
        details: later,
        slots: [{ value: '2026-11-26T01:15:00.000Z', time: '17:15', daysAhead: 0, day: 'wed' }],
      }),
    ).toBeNull();
  });
});

describe('orderBody', () => {
  const lines = [
    { menuItemId: 'm1', quantity: 2, optionIds: ['o1'], note: ' no sugar ' },
    { menuItemId: 'm2', quantity: 1, optionIds: [], note: '' },
  ];

  it('sends only what the order type needs, without empty texts', () => {
    expect(
      orderBody(lines, { type: 'dine-in', tableName: 'T5', pickup: 'asap', deliveryAddress: 'x', note: ' ' }),
    ).toEqual({
      type: 'dine-in',
      tableName: 'T5',
      lines: [
        { menuItemId: 'm1', quantity: 2, optionIds: ['o1'], note: 'no sugar' },
        { menuItemId: 'm2', quantity: 1 },
      ],
    });
    expect(
      orderBody(lines, {
        type: 'takeaway',
        tableName: 'T5',
        pickup: '2026-11-26T01:15:00.000Z',
        deliveryAddress: '',
        note: 'Ring twice',
      }),
    ).toMatchObject({ type: 'takeaway', pickupAt: '2026-11-26T01:15:00.000Z', note: 'Ring twice' });
    const delivery = orderBody(lines, {
      type: 'delivery',
      tableName: 'T5',
      pickup: '2026-11-26T01:15:00.000Z',
      deliveryAddress: ' 1 Main St ',
      note: '',
    });
    expect(delivery).toMatchObject({ deliveryAddress: '1 Main St' });
    expect(delivery).not.toHaveProperty('tableName');
    expect(delivery).not.toHaveProperty('pickupAt');
  });
});

describe('checkoutReturnPath', () => {
  it('keeps the table of the link and adds the checkout flag', () => {
    expect(checkoutReturnPath('/', '?table=T5', 'T5')).toBe('/?table=T5&checkout=1');
    expect(checkoutReturnPath('/', '', 'T 5')).toBe('/?table=T+5&checkout=1');
    expect(checkoutReturnPath('/', '?checkout=1', null)).toBe('/?checkout=1');
  });
});
