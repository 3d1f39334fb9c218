import { describe, expect, it } from 'vitest';
import type { PublicMenu, PublicMenuItem } from '../../../shared/contracts/menu';
import type { Order } from '../../../shared/contracts/orders';
import type { OrderStatus } from '../../../shared/order-status';
import { itemSummary, orderTypeLine } from './order-format';
import { progressSteps, promisedReadyAt, statusSentence } from './order-progress';
import { reorderLines } from './reorder';

type Line = Order['lines'][number];
type Change = Order['timeline'][number];

function at(minute: number): string {
  return new Date(Date.UTC(2026, 10, 26, 9, minute)).toISOString();
}

function timeline(...statuses: OrderStatus[]): Change[] {
  return statuses.map((status, index) => ({
    kind: 'status',
    status,
    at: at(index),
    by: null,
    reason: null,
    detail: null,
  }));
}

function order(patch: Partial<Order> = {}): Order {
  const statuses = patch.timeline ?? timeline('pending');
  return {
    id: 'o1',
    number: 1042,
    type: 'takeaway',
    source: 'online',
    status: statuses.at(-1)?.status ?? 'pending',
    paymentStatus: 'unpaid',
    version: 1,
    currency: 'USD',
    table: null,
    customer: { id: 'u1', name: 'Cleo' },
    customerName: '',
    customerPhone: '',
    deliveryAddress: '',
    pickupAt: null,
    partner: null,
    partnerReference: '',
    note: '',
    lines: [],
    subtotal: 0,
    discount: 0,
    discountReason: '',
    couponCode: null,
    serviceCharge: 0,
    tax: 0,
    taxInclusive: false,
    taxPercent: 0,
    deliveryFee: 0,
    total: 0,
    createdBy: null,
    acceptedBy: null,
    rejectReason: null,
    readyAt: null,
    mergedInto: null,
    cancelReason: null,
    allowedMoves: [],
    createdAt: at(0),
    updatedAt: at(0),
    ...patch,
    timeline: statuses,
  };
}

describe('progressSteps', () => {
  it('shows the whole way of a takeaway under way: reached steps with their times, the current one, the rest to come', () => {
    const steps = progressSteps(order({ timeline: timeline('pending', 'confirmed') }));
    expect(steps.map((step) => [step.label, step.state, step.at])).toEqual([
      ['Pending', 'done', at(0)],
      ['Confirmed', 'current', at(1)],
      ['Preparing', 'upcoming', null],
      ['Ready', 'upcoming', null],
      ['Completed', 'upcoming', null],
    ]);
  });

  it('has "Out for delivery" only for a delivery, and a completed order is done all the way', () => {
    const steps = progressSteps(
      order({
        type: 'delivery',
        timeline: timeline('pending', 'confirmed', 'preparing', 'ready', 'out-for-delivery', 'completed'),
      }),
    );
    expect(steps.map((step) => step.status)).toEqual([
      'pending',
      'confirmed',
      'preparing',
      'ready',
      'out-for-delivery',
      'completed',
    ]);
    expect(steps.every((step) => step.state === 'done')).toBe(true);
  });

  it('ends a rejected or cancelled order where it stopped, with no steps to come', () => {
    expect(
      progressSteps(order({ timeline: timeline('pending', 'rejected') })).map((step) => [
        step.label,
        step.state,
      ]),
    ).toEqual([
      ['Pending', 'done'],
      ['Rejected', 'stopped'],
    ]);
    expect(
      progressSteps(order({ timeline: timeline('pending', 'confirmed', 'cancelled') })).map(
        (step) => step.label,
      ),
    ).toEqual(['Pending', 'Confirmed', 'Cancelled']);
  });

  it('tells the ready time the restaurant gave while the guest waits for the order', () => {
    const readyAt = at(20);
    expect(promisedReadyAt({ status: 'confirmed', readyAt })).toBe(readyAt);
    expect(promisedReadyAt({ status: 'preparing', readyAt })).toBe(readyAt);
    expect(promisedReadyAt({ status: 'confirmed', readyAt: null })).toBeNull();
    for (const status of ['pending', 'ready', 'completed', 'cancelled', 'rejected'] as const) {
      expect(promisedReadyAt({ status, readyAt })).toBeNull();
    }
  });

  it('says where the order stands in the words of its type', () => {
    expect(statusSentence({ status: 'ready', type: 'takeaway' })).toBe('Ready for pickup.');
    expect(statusSentence({ status: 'ready', type: 'delivery' })).toMatch(/driver/);
    expect(statusSentence({ status: 'confirmed', type: 'dine-in' })).toBe('Accepted: the kitchen is on it.');
  });
});

function item(id: string, patch: Partial<PublicMenuItem> = {}): PublicMenuItem {
  return {
    id,
    name: id,
    description: '',
    price: 450,
    photoUrl: null,
    availableToday: true,
    tags: [],
    allergens: [],
    modifierGroups: [],
    ...patch,
  };
}

function menu(items: PublicMenuItem[]): PublicMenu {
  return {
    restaurant: {
      name: 'Cafe',
      address: '',
      phone: '',
      email: '',
      logoUrl: null,
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
      onlineOrdering: true,
      openingHours: {},
      pricing: {
        taxPercent: 0,
        taxInclusive: false,
        serviceChargePercent: 0,
        deliveryFee: 0,
        deliveryMinimum: 0,
      },
    },
    categories: [{ id: 'c', name: 'All', description: '', items }],
  };
}

function line(patch: Partial<Line>): Line {
  return {
    id: 'l',
    round: 1,
    sentAt: '2026-11-26T09:00:00.000Z',
    voided: false,
    comped: false,
    voidReason: null,
    voidedBy: null,
    voidedAt: null,
    menuItemId: 'latte',
    name: 'Latte',
    unitPrice: 450,
    station: 'bar',
    quantity: 1,
    options: [],
    note: '',
    lineTotal: 450,
    ...patch,
  };
}

describe('reorderLines', () => {
  const milk = {
    id: 'milk',
    name: 'Milk',
    minChoices: 0,
    maxChoices: 1,
    options: [{ id: 'oat', name: 'Oat milk', priceDelta: 60 }],
  };

  it('maps each line with its options, quantity and note at the price it was sold, and keeps it when nothing changed', () => {
    const past = order({
      lines: [
        line({
          quantity: 2,
          note: 'Extra hot',
          options: [{ optionId: 'oat', groupName: 'Milk', name: 'Oat milk', priceDelta: 60 }],
        }),
      ],
    });
    const result = reorderLines(past, menu([item('latte', { name: 'Latte', modifierGroups: [milk] })]));
    expect(result.changes).toEqual([]);
    expect(result.lines).toEqual([
      {
        menuItemId: 'latte',
        name: 'Latte',
        unitPrice: 510,
        optionIds: ['oat'],
        options: [{ id: 'oat', groupName: 'Milk', name: 'Oat milk', priceDelta: 60 }],
        quantity: 2,
        note: 'Extra hot',
      },
    ]);
  });

  it('leaves out and names what cannot be ordered today, and says what costs something else now', () => {
    const past = order({
      lines: [
        line({ id: 'a', menuItemId: 'soup', name: 'Soup', unitPrice: 650 }),
        line({ id: 'b', menuItemId: 'latte', name: 'Latte', unitPrice: 450 }),
        line({ id: 'c', menuItemId: 'cake', name: 'Cake', unitPrice: 300 }),
        line({ id: 'd', menuItemId: null, name: 'Old special', unitPrice: 900 }),
        line({
          id: 'e',
          menuItemId: 'tea',
          name: 'Tea',
          options: [{ optionId: null, groupName: 'Size', name: 'Huge', priceDelta: 100 }],
        }),
        line({ id: 'f', menuItemId: 'bun', name: 'Bun', unitPrice: 200 }),
      ],
    });
    const today = menu([
      item('soup', { name: 'Soup', price: 650, availableToday: false }),
      item('latte', { name: 'Latte', price: 475 }),
      item('tea', { name: 'Tea' }),
      item('bun', { name: 'Bun', price: 200 }),
    ]);
    const result = reorderLines(past, today);
    expect(result.lines.map((kept) => [kept.name, kept.unitPrice])).toEqual([
      ['Latte', 475],
      ['Bun', 200],
    ]);
    expect(result.changes).toEqual([
      { kind: 'unavailable', name: 'Soup', reason: 'sold-out' },
      { kind: 'price', name: 'Latte', before: 450, after: 475 },
      { kind: 'unavailable', name: 'Cake', reason: 'gone' },
      { kind: 'unavailable', name: 'Old special', reason: 'gone' },
      { kind: 'unavailable', name: 'Tea', reason: 'choices' },
    ]);
  });
});

describe('the list line of an order', () => {
  const time = (iso: string) => iso.slice(11, 16);

  it('sums up what it holds, the first three lines and how many more', () => {
    const lines = ['Soup', 'Latte', 'Cake', 'Bun', 'Tea'].map((name, index) =>
      line({ id: name, name, quantity: index + 1 }),
    );
    expect(itemSummary(order({ lines: lines.slice(0, 2) }))).toBe('1× Soup, 2× Latte');
    expect(itemSummary(order({ lines }))).toBe('1× Soup, 2× Latte, 3× Cake and 2 more');
  });

  it('names the type with the table, the pickup time, or as soon as possible', () => {
    expect(orderTypeLine(order({ type: 'dine-in', table: { id: 't', name: 'T5' } }), time)).toBe(
      'Dine-in · Table T5',
    );
    expect(orderTypeLine(order({ pickupAt: '2026-11-26T12:30:00.000Z' }), time)).toBe(
      'Takeaway · Pickup 12:30',
    );
    expect(orderTypeLine(order(), time)).toBe('Takeaway · As soon as possible');
    expect(orderTypeLine(order({ source: 'pos' }), time)).toBe('Takeaway');
    expect(orderTypeLine(order({ type: 'delivery' }), time)).toBe('Delivery');
  });
});
