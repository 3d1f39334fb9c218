import { describe, expect, it } from 'vitest';
import type { PointOfSale, PointOfSaleItem } from '../../../../shared/contracts/orders';
import {
  addToCart,
  cartTotals,
  detailsProblem,
  EMPTY_DETAILS,
  orderInput,
  readDiscount,
  visibleItems,
} from './cart';

const size = {
  id: 'g-size',
  name: 'Size',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: 'o-small', name: 'Small', priceDelta: -50 },
    { id: 'o-large', name: 'Large', priceDelta: 150 },
  ],
};
const extras = {
  id: 'g-extras',
  name: 'Extras',
  minChoices: 0,
  maxChoices: 2,
  options: [
    { id: 'o-shot', name: 'Extra shot', priceDelta: 75 },
    { id: 'o-syrup', name: 'Syrup', priceDelta: 50 },
    { id: 'o-cream', name: 'Cream', priceDelta: 0 },
  ],
};

const latte: PointOfSaleItem = {
  id: 'latte',
  name: 'Latte',
  price: 450,
  photoUrl: null,
  availableToday: true,
  station: 'bar',
  modifierGroups: [size, extras],
};
const soup: PointOfSaleItem = { ...latte, id: 'soup', name: 'Tomato soup', price: 700, modifierGroups: [] };

const pricing: PointOfSale['pricing'] = {
  taxPercent: 10,
  taxInclusive: false,
  serviceChargePercent: 12.5,
  deliveryFee: 300,
};

let keys = 0;
const makeKey = () => `k${++keys}`;

describe('the cart', () => {
  it('merges equal lines and keeps different ones apart', () => {
    let lines = addToCart([], { item: soup }, makeKey);
    lines = addToCart(lines, { item: soup }, makeKey);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.quantity).toBe(2);
    lines = addToCart(lines, { item: soup, note: 'no salt' }, makeKey);
    lines = addToCart(lines, { item: latte, optionIds: ['o-shot', 'o-large'], quantity: 2 }, makeKey);
    lines = addToCart(lines, { item: latte, optionIds: ['o-large', 'o-shot'] }, makeKey);
    expect(lines.map((line) => [line.item.id, line.quantity, line.note, line.optionIds])).toEqual([
      ['soup', 2, '', []],
      ['soup', 1, 'no salt', []],
      ['latte', 3, '', ['o-large', 'o-shot']],
    ]);
  });

  it('prices the cart with priceOrder: service charge for dine-in, the fee for delivery', () => {
    const lines = addToCart(
      addToCart([], { item: soup, quantity: 2 }, makeKey),
      { item: latte, optionIds: ['o-large'] },
      makeKey,
    );
    const dineIn = cartTotals(lines, 'dine-in', pricing, null);
    expect(dineIn.subtotal).toBe(2000);
    expect(dineIn.serviceCharge).toBe(250);
    expect(dineIn.tax).toBe(225);
    expect(dineIn.total).toBe(2475);
    const delivery = cartTotals(lines, 'delivery', pricing, { kind: 'percent', value: 10 });
    expect(delivery.discount).toBe(200);
    expect(delivery.serviceCharge).toBe(0);
    expect(delivery.deliveryFee).toBe(300);
    expect(delivery.total).toBe(1800 + 180 + 300);
  });

  it('builds the order body with only what the order type uses', () => {
    const lines = addToCart([], { item: latte, optionIds: ['o-small'], note: ' hot ' }, makeKey);
    const details = {
      ...EMPTY_DETAILS,
      type: 'takeaway' as const,
      tableId: 't1',
      customerName: ' Ann ',
      partnerReference: 'R-1',
    };
    expect(orderInput(lines, details, null)).toEqual({
      type: 'takeaway',
      tableId: undefined,
      deliveryAddress: undefined,
      lines: [{ menuItemId: 'latte', quantity: 1, optionIds: ['o-small'], note: 'hot' }],
      note: undefined,
      customerName: 'Ann',
      customerPhone: undefined,
      partnerId: undefined,
      partnerReference: undefined,
      discount: undefined,
    });
    expect(detailsProblem(lines, EMPTY_DETAILS)).toBe('Choose the table.');
    expect(detailsProblem([], details)).toBe('Add an item to the order.');
    expect(detailsProblem(lines, { ...details, type: 'delivery' })).toBe('Enter the delivery address.');
  });
});

describe('discounts', () => {
  it('reads a percentage or an amount with a reason', () => {
    expect(readDiscount({ kind: 'percent', value: '', reason: '' }, 'USD')).toEqual({
      ok: true,
      discount: null,
    });
    expect(readDiscount({ kind: 'percent', value: '12.5', reason: ' Regular ' }, 'USD')).toEqual({
      ok: true,
      discount: { kind: 'percent', value: 12.5, reason: 'Regular' },
    });
    expect(readDiscount({ kind: 'amount', value: '2.50', reason: 'Late' }, 'USD')).toEqual({
      ok: true,
      discount: { kind: 'amount', value: 250, reason: 'Late' },
    });
    expect(readDiscount({ kind: 'percent', value: '101', reason: '' }, 'USD')).toEqual({
      ok: false,
      valueError: 'Enter a percentage from 0.01 to 100, such as 10 or 12.5.',
      reasonError: 'Enter the reason for the discount.',
    });
    expect(readDiscount({ kind: 'amount', value: '1.234', reason: 'x' }, 'USD')).toMatchObject({ ok: false });
  });
});

describe('the menu grid', () => {
  const categories = [
    { id: 'c1', name: 'Soups', items: [soup] },
    { id: 'c2', name: 'Coffee', items: [latte] },
  ];
  it('shows a category, all, or what matches the search in every category', () => {
    expect(visibleItems(categories, 'c1', '').map((item) => item.id)).toEqual(['soup']);
    expect(visibleItems(categories, null, '').map((item) => item.id)).toEqual(['soup', 'latte']);
    expect(visibleItems(categories, 'c1', 'LAT').map((item) => item.id)).toEqual(['latte']);
    expect(visibleItems(categories, null, 'soup tom').map((item) => item.id)).toEqual(['soup']);
  });
});
