import { describe, expect, it } from 'vitest';
import type { Order, PointOfSale, PointOfSaleItem } from '../../../../shared/contracts/orders';
import type { AppliedCoupon } from '../../coupons';
import { EMPTY_DETAILS } from './cart';
import {
  cartOfDraft,
  type DraftCart,
  draftOf,
  EMPTY_DISCOUNT,
  EMPTY_POS_CART,
  isBlankCart,
  keyForBody,
  openingCart,
  type PosCartAction,
  type PosCartState,
  posCartReducer,
  priceCart,
  switchSlot,
} from './pos-cart-state';
import { type PosDrafts, slotOf } from './pos-drafts';

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
const latte: PointOfSaleItem = {
  id: 'latte',
  name: 'Latte',
  price: 450,
  photoUrl: null,
  availableToday: true,
  station: 'bar',
  modifierGroups: [size],
};
const soup: PointOfSaleItem = { ...latte, id: 'soup', name: 'Tomato soup', price: 700, modifierGroups: [] };

const pos: Pick<PointOfSale, 'canDiscount' | 'currency' | 'pricing'> = {
  canDiscount: true,
  currency: 'USD',
  pricing: { taxPercent: 10, taxInclusive: false, serviceChargePercent: 0, deliveryFee: 300 },
};
const money = { currency: 'USD', locale: 'en-US' };
const menu = new Map([
  [latte.id, latte],
  [soup.id, soup],
]);

const tenOff: AppliedCoupon = {
  terms: { code: 'TENOFF', kind: 'amount', value: 1000, maxDiscount: null, minOrder: 2000 },
  description: '$10 off',
};
const refusal = { message: 'Table 4 is archived.', onCoupon: false };
const placedOrder = { id: 'order-1', number: 1042 } as Order;

const run = (...actions: PosCartAction[]) => actions.reduce(posCartReducer, EMPTY_POS_CART);
const refused = (state: PosCartState) => posCartReducer(state, { type: 'refused', refusal });

describe('the point of sale cart', () => {
  it('adds lines with their own keys, merging the same item with the same options and note', () => {
    const state = run(
      { type: 'add', item: soup },
      { type: 'add', item: soup },
      { type: 'add', item: latte, optionIds: ['o-large'], quantity: 2 },
      { type: 'add', item: latte, optionIds: ['o-small'] },
      { type: 'add', item: latte, optionIds: ['o-large'], note: 'oat milk' },
    );
    expect(
      state.lines.map((line) => [line.key, line.item.id, line.optionIds, line.quantity, line.note]),
    ).toEqual([
      ['line-1', 'soup', [], 2, ''],
      ['line-2', 'latte', ['o-large'], 2, ''],
      ['line-3', 'latte', ['o-small'], 1, ''],
      ['line-4', 'latte', ['o-large'], 1, 'oat milk'],
    ]);
    expect(state.lineCount).toBe(4);
  });

  it('changes a line’s quantity and note, and removes a line, leaving the others alone', () => {
    const changed = run(
      { type: 'add', item: soup },
      { type: 'add', item: latte, optionIds: ['o-small'] },
      { type: 'change-line', key: 'line-1', patch: { quantity: 3 } },
      { type: 'change-line', key: 'line-2', patch: { note: 'extra hot' } },
    );
    expect(changed.lines.map((line) => [line.key, line.quantity, line.note])).toEqual([
      ['line-1', 3, ''],
      ['line-2', 1, 'extra hot'],
    ]);
    const removed = posCartReducer(changed, { type: 'remove-line', key: 'line-1' });
    expect(removed.lines.map((line) => line.key)).toEqual(['line-2']);
    // A line added after a removal never reuses a key.
    expect(posCartReducer(removed, { type: 'add', item: soup }).lines.map((line) => line.key)).toEqual([
      'line-2',
      'line-3',
    ]);
  });

  it('takes the order type, table, customer and partner field by field', () => {
    const state = run(
      { type: 'change-details', patch: { type: 'delivery', deliveryAddress: '1 Main St' } },
      { type: 'change-details', patch: { customerName: 'Ann', customerPhone: '555-0100' } },
      { type: 'change-details', patch: { tableId: 't1' } },
    );
    expect(state.details).toEqual({
      ...EMPTY_DETAILS,
      type: 'delivery',
      deliveryAddress: '1 Main St',
      customerName: 'Ann',
      customerPhone: '555-0100',
      tableId: 't1',
    });
  });

  it('forgets the server’s refusal once the cart, its details or its coupon change', () => {
    const start = refused(run({ type: 'add', item: soup }));
    expect(start.refusal).toEqual(refusal);
    const clearing: PosCartAction[] = [
      { type: 'add', item: latte, optionIds: ['o-large'] },
      { type: 'change-line', key: 'line-1', patch: { quantity: 2 } },
      { type: 'remove-line', key: 'line-1' },
      { type: 'change-details', patch: { tableId: 't2' } },
      { type: 'coupon-applied', coupon: tenOff },
      { type: 'coupon-removed' },
      { type: 'placing' },
    ];
    for (const action of clearing) expect(posCartReducer(start, action).refusal, action.type).toBeNull();
    // Typing a discount or a coupon code is not a change of what was sent.
    expect(posCartReducer(start, { type: 'change-discount', patch: { value: '5' } }).refusal).toEqual(
      refusal,
    );
    expect(posCartReducer(start, { type: 'coupon-edited' }).refusal).toEqual(refusal);
  });

  it('keeps a coupon check’s error until the code is edited, checked again or the coupon removed', () => {
    const failed = run(
      { type: 'coupon-checking' },
      { type: 'coupon-refused', message: 'TENOFF has expired.' },
    );
    expect(failed.couponError).toBe('TENOFF has expired.');
    expect(posCartReducer(failed, { type: 'coupon-edited' }).couponError).toBeNull();
    expect(posCartReducer(failed, { type: 'coupon-checking' }).couponError).toBeNull();
    expect(posCartReducer(failed, { type: 'coupon-removed' }).couponError).toBeNull();
    expect(posCartReducer(failed, { type: 'coupon-applied', coupon: tenOff }).couponError).toBe(
      'TENOFF has expired.',
    );
  });

  it('starts a new cart after placing, keeping the order type, and shows the order until "New order"', () => {
    const full = run(
      { type: 'add', item: soup, quantity: 2 },
      { type: 'change-details', patch: { type: 'takeaway', customerName: 'Ann', note: 'Window seat' } },
      { type: 'change-discount', patch: { kind: 'amount', value: '1.00', reason: 'Regular' } },
      { type: 'coupon-refused', message: 'Not valid yet.' },
      { type: 'coupon-applied', coupon: tenOff },
    );
    const placed = posCartReducer(full, { type: 'placed', order: placedOrder });
    expect(placed).toEqual({
      ...EMPTY_POS_CART,
      details: { ...EMPTY_DETAILS, type: 'takeaway' },
      discountDraft: EMPTY_DISCOUNT,
      placed: placedOrder,
      lineCount: 1,
    });
    // The next order's lines get new keys.
    expect(posCartReducer(placed, { type: 'add', item: soup }).lines[0]?.key).toBe('line-2');
    expect(posCartReducer(placed, { type: 'new-order' }).placed).toBeNull();
  });
});

describe('a round for an open check', () => {
  const atTable = (...actions: PosCartAction[]) =>
    run({ type: 'change-details', patch: { tableId: 't1' } }, ...actions);
  const check = { id: 'check-1', number: 1042 } as Order;

  it('makes the cart’s lines a round for the check, and goes back to a new check with them', () => {
    const cart = atTable(
      { type: 'add', item: soup, quantity: 2 },
      { type: 'change-details', patch: { customerName: 'Dana' } },
    );
    const round = posCartReducer(refused(cart), { type: 'choose-check', check: 'check-1' });
    expect([round.check, round.newCheck, round.refusal]).toEqual(['check-1', false, null]);
    expect(round.lines).toEqual(cart.lines);
    // What only a new order takes is kept for the way back.
    const fresh = posCartReducer(round, { type: 'new-check' });
    expect([fresh.check, fresh.newCheck, fresh.lines, fresh.details.customerName]).toEqual([
      null,
      true,
      cart.lines,
      'Dana',
    ]);
    expect(posCartReducer(fresh, { type: 'show-checks' }).newCheck).toBe(false);
  });

  it('is kept as its table’s draft with the check, even before its first item', () => {
    const empty = atTable({ type: 'choose-check', check: 'check-1' });
    expect(isBlankCart(empty)).toBe(false);
    const draft = draftOf(empty, { key: 'k', refusedBody: null }, 5);
    expect([draft.check, draft.newCheck]).toEqual(['check-1', false]);
    expect(cartOfDraft(draft).cart.check).toBe('check-1');
    // "New check" alone is no draft.
    expect(isBlankCart(atTable({ type: 'new-check' }))).toBe(true);
  });

  it('is priced without a discount or coupon, and asks only for an item', () => {
    const empty = atTable(
      { type: 'change-discount', patch: { value: '10' } },
      { type: 'coupon-applied', coupon: tenOff },
      { type: 'choose-check', check: 'check-1' },
    );
    expect(priceCart(empty, pos, menu, money).problem).toBe('Add an item to the round.');
    const round = posCartReducer(empty, { type: 'add', item: soup, quantity: 3 });
    const priced = priceCart(round, pos, menu, money);
    expect(priced.problem).toBeNull();
    expect([priced.totals.subtotal, priced.totals.discount, priced.totals.tax]).toEqual([2100, 0, 210]);
    expect([priced.itemCount, priced.manualDiscountTyped]).toEqual([3, false]);
    // Even without a table chosen (a takeaway check's round at the counter).
    const counter = run({ type: 'choose-check', check: 'check-2' }, { type: 'add', item: soup });
    expect(priceCart(counter, pos, menu, money).problem).toBeNull();
  });

  it('starts a new cart once the round is sent, showing the check and the round', () => {
    const round = atTable({ type: 'choose-check', check: 'check-1' }, { type: 'add', item: soup });
    const sent = posCartReducer(round, { type: 'round-sent', order: check, round: 2 });
    expect(sent).toEqual({
      ...EMPTY_POS_CART,
      placed: check,
      placedRound: 2,
      lineCount: 1,
    });
    expect(posCartReducer(sent, { type: 'new-order' })).toMatchObject({ placed: null, placedRound: null });
    // Placing a new order is no round.
    const placed = posCartReducer(sent, { type: 'placed', order: placedOrder });
    expect([placed.placed, placed.placedRound]).toEqual([placedOrder, null]);
  });

  it('is left when discarded: the table’s offer comes back', () => {
    const round = atTable(
      { type: 'new-check' },
      { type: 'choose-check', check: 'check-1' },
      { type: 'add', item: soup },
    );
    const discarded = posCartReducer(round, { type: 'discard' });
    expect([discarded.check, discarded.newCheck, discarded.lines]).toEqual([null, false, []]);
    expect(discarded.details.tableId).toBe('t1');
  });

  it('stays with its table when another is chosen, and comes back with it', () => {
    const newKey = () => 'key-new';
    const round = atTable({ type: 'choose-check', check: 'check-1' }, { type: 'add', item: soup });
    const elsewhere = switchSlot(round, { tableId: 't2' }, {}, newKey);
    expect(elsewhere?.cart.check).toBeNull();
    const drafts = { 'table:t1': draftOf(round, { key: 'k1', refusedBody: null }, 5) };
    const back = switchSlot(elsewhere!.cart, { tableId: 't1' }, drafts, newKey);
    expect([back?.cart.check, back?.cart.lines]).toEqual(['check-1', round.lines]);
    // A counter's round (a takeaway check) does not move along to a table as a round.
    const counterRound = run({ type: 'choose-check', check: 'check-2' }, { type: 'add', item: soup });
    const seated = switchSlot(counterRound, { tableId: 't3' }, {}, newKey);
    expect([seated?.cart.check, seated?.cart.lines, seated?.freed]).toEqual([
      null,
      counterRound.lines,
      'counter',
    ]);
    // Opening a check's round does not take the counter's order along.
    const counter = run({ type: 'add', item: latte, optionIds: ['o-large'] });
    const opened = switchSlot(counter, { tableId: 't1' }, {}, newKey, { carry: false });
    expect([opened?.cart.lines, opened?.freed, opened?.key]).toEqual([
      [],
      null,
      { key: 'key-new', refusedBody: null },
    ]);
  });
});

describe('pricing the point of sale cart', () => {
  it('prices with the menu as it is now and counts the items', () => {
    const state = run(
      { type: 'add', item: soup, quantity: 2 },
      { type: 'add', item: latte, optionIds: ['o-large'] },
    );
    const pricier = new Map(menu).set('soup', { ...soup, price: 800 });
    const priced = priceCart(state, pos, pricier, money);
    expect(priced.totals.subtotal).toBe(2 * 800 + 600);
    expect(priced.itemCount).toBe(3);
    expect(priced.problem).toBe('Choose the table.');
  });

  it('takes a manual discount, and says what to complete while it is half typed', () => {
    const withTable = run({ type: 'add', item: soup }, { type: 'change-details', patch: { tableId: 't1' } });
    const half = posCartReducer(withTable, { type: 'change-discount', patch: { value: '10' } });
    const halfPriced = priceCart(half, pos, menu, money);
    expect(halfPriced.problem).toBe('Complete the discount, or remove it.');
    expect(halfPriced.manualDiscountTyped).toBe(true);
    const whole = posCartReducer(half, { type: 'change-discount', patch: { reason: 'Regular' } });
    const priced = priceCart(whole, pos, menu, money);
    expect(priced.problem).toBeNull();
    expect(priced.totals.discount).toBe(70);
    // Without the right to discount, what is typed counts for nothing.
    const staff = priceCart(half, { ...pos, canDiscount: false }, menu, money);
    expect([staff.problem, staff.totals.discount, staff.manualDiscountTyped]).toEqual([null, 0, false]);
  });

  it('uses a coupon instead of the manual discount, and says when the cart is below its minimum', () => {
    const state = run(
      { type: 'add', item: soup },
      { type: 'change-details', patch: { tableId: 't1' } },
      { type: 'change-discount', patch: { value: '50', reason: 'Friend' } },
      { type: 'coupon-applied', coupon: tenOff },
    );
    const below = priceCart(state, pos, menu, money);
    expect(below.totals.discount).toBe(0);
    expect(below.problem).toBe(
      'Coupon TENOFF: the minimum order is $20.00. Add to the order, or remove the coupon.',
    );
    expect(below.manualDiscountTyped).toBe(false);
    const enough = priceCart(
      posCartReducer(state, { type: 'change-line', key: 'line-1', patch: { quantity: 3 } }),
      pos,
      menu,
      money,
    );
    expect([enough.problem, enough.totals.subtotal, enough.totals.discount]).toEqual([null, 2100, 1000]);
  });
});

describe('the Idempotency-Key of a cart', () => {
  const fresh = () => 'key-2';
  it('is kept for the same cart sent again, and renewed once a refused cart changes', () => {
    const kept = { key: 'key-1', refusedBody: null };
    expect(keyForBody(kept, '{"a":1}', fresh)).toBe(kept);
    const refusedOnce = { key: 'key-1', refusedBody: '{"a":1}' };
    expect(keyForBody(refusedOnce, '{"a":1}', fresh)).toBe(refusedOnce);
    expect(keyForBody(refusedOnce, '{"a":2}', fresh)).toEqual({ key: 'key-2', refusedBody: null });
  });
});

describe('the cart as a draft of its table or of the counter', () => {
  const newKey = () => 'key-new';
  const atTable = (tableId: string, ...actions: PosCartAction[]) =>
    run({ type: 'change-details', patch: { tableId } }, ...actions);
  const kept = (cart: DraftCart, keyName: string) =>
    draftOf(cart, { key: keyName, refusedBody: null }, Date.UTC(2026, 4, 1));

  it('is blank with nothing chosen or typed but its order type and table', () => {
    expect(isBlankCart(EMPTY_POS_CART)).toBe(true);
    expect(isBlankCart(atTable('t1'))).toBe(true);
    expect(isBlankCart(run({ type: 'change-details', patch: { type: 'delivery' } }))).toBe(true);
    expect(isBlankCart(run({ type: 'add', item: soup }))).toBe(false);
    expect(isBlankCart(run({ type: 'change-details', patch: { customerPhone: '555' } }))).toBe(false);
    expect(isBlankCart(run({ type: 'change-details', patch: { note: 'Window' } }))).toBe(false);
    expect(isBlankCart(run({ type: 'change-discount', patch: { reason: 'Regular' } }))).toBe(false);
    expect(isBlankCart(run({ type: 'coupon-applied', coupon: tenOff }))).toBe(false);
    // Spaces alone are nothing typed.
    expect(isBlankCart(run({ type: 'change-details', patch: { customerName: '  ' } }))).toBe(true);
  });

  it('comes back from its draft with its key, never reusing a line key', () => {
    const cart = atTable(
      't1',
      { type: 'add', item: soup },
      { type: 'add', item: latte, optionIds: ['o-large'] },
      { type: 'remove-line', key: 'line-1' },
      { type: 'change-details', patch: { customerName: 'Dana' } },
      { type: 'coupon-applied', coupon: tenOff },
    );
    const draft = draftOf(cart, { key: 'key-1', refusedBody: '{"a":1}' }, 5);
    expect(draft.savedAt).toBe(5);
    const back = cartOfDraft(draft);
    expect(back.key).toEqual({ key: 'key-1', refusedBody: '{"a":1}' });
    expect(back.cart).toEqual({
      lines: cart.lines,
      details: cart.details,
      discountDraft: cart.discountDraft,
      coupon: tenOff,
      lineCount: 2,
      check: null,
      newCheck: false,
    });
    // A draft whose count fell behind its lines (edited elsewhere) still gives new keys.
    expect(cartOfDraft({ ...draft, lineCount: 0 }).cart.lineCount).toBe(2);
  });

  it('opens with the draft of the slot shown last, or empty', () => {
    const t1 = kept(atTable('t1', { type: 'add', item: soup }), 'key-t1');
    const drafts: PosDrafts = { active: 'table:t1', drafts: { 'table:t1': t1 } };
    expect(openingCart(drafts)).toEqual(cartOfDraft(t1));
    const empty = openingCart({ active: 'table:t2', drafts: { 'table:t1': t1 } });
    expect(empty.key).toBeNull();
    expect(isBlankCart({ ...EMPTY_POS_CART, ...empty.cart })).toBe(true);
  });

  it('stays in its slot when the change does not leave it', () => {
    const counter = run({ type: 'add', item: soup });
    expect(switchSlot(counter, { type: 'takeaway' }, {}, newKey)).toBeNull();
    expect(switchSlot(counter, { customerName: 'Ann' }, {}, newKey)).toBeNull();
    const t1 = atTable('t1', { type: 'add', item: soup });
    expect(switchSlot(t1, { note: 'Window' }, {}, newKey)).toBeNull();
  });

  it('takes items tapped before the table was chosen to that table, when it has no draft', () => {
    const counter = run(
      { type: 'add', item: soup },
      { type: 'change-details', patch: { customerName: 'Ann' } },
    );
    const change = switchSlot(counter, { tableId: 't1' }, {}, newKey);
    expect(change).toEqual({
      cart: { ...counter, details: { ...counter.details, tableId: 't1' } },
      key: null,
      freed: 'counter',
    });
    // From takeaway to a table the same way: the order becomes the table's.
    const takeaway = run(
      { type: 'add', item: soup },
      { type: 'change-details', patch: { type: 'takeaway' } },
    );
    const seated = switchSlot(takeaway, { type: 'dine-in', tableId: 't2' }, {}, newKey);
    expect(seated?.cart.details).toMatchObject({ type: 'dine-in', tableId: 't2' });
    expect(seated?.cart.lines).toEqual(takeaway.lines);
    expect(seated?.freed).toBe('counter');
  });

  it('leaves a table’s order with its table: another table starts empty, or with its own draft', () => {
    const t1 = atTable('t1', { type: 'add', item: soup, quantity: 2 });
    const empty = switchSlot(t1, { tableId: 't2' }, {}, newKey);
    expect(empty?.freed).toBeNull();
    expect(empty?.key).toEqual({ key: 'key-new', refusedBody: null });
    expect(empty?.cart.details).toEqual({ ...EMPTY_DETAILS, type: 'dine-in', tableId: 't2' });
    expect(empty?.cart.lines).toEqual([]);

    const t2Cart = atTable('t2', { type: 'add', item: latte, optionIds: ['o-small'] });
    const drafts = { 'table:t2': kept(t2Cart, 'key-t2') };
    const restored = switchSlot(t1, { tableId: 't2' }, drafts, newKey);
    expect(restored).toEqual({
      cart: cartOfDraft(drafts['table:t2']).cart,
      key: { key: 'key-t2', refusedBody: null },
      freed: null,
    });
  });

  it('shows the counter’s draft when a table’s order switches to takeaway, with the type just chosen', () => {
    const t1 = atTable('t1', { type: 'add', item: soup });
    const counterCart = run(
      { type: 'add', item: latte, optionIds: ['o-large'] },
      { type: 'change-details', patch: { type: 'delivery', deliveryAddress: '1 Main St' } },
    );
    const drafts = { counter: kept(counterCart, 'key-counter') };
    const change = switchSlot(t1, { type: 'takeaway' }, drafts, newKey);
    expect(change?.cart.lines).toEqual(counterCart.lines);
    expect(change?.cart.details).toEqual({ ...counterCart.details, type: 'takeaway', tableId: 't1' });
    expect(change?.key).toEqual({ key: 'key-counter', refusedBody: null });
    // Without a counter draft, takeaway starts empty and the table keeps its order.
    const fresh = switchSlot(t1, { type: 'takeaway' }, {}, newKey);
    expect(fresh?.cart.lines).toEqual([]);
    expect(fresh?.cart.details.type).toBe('takeaway');
    // Back to dine-in: the table chosen before is the one whose draft comes back.
    expect(slotOf({ ...fresh!.cart.details, type: 'dine-in' })).toBe('table:t1');
  });

  it('restores a cart and discards one, keeping the order type, the table and the order placed', () => {
    const t1 = atTable(
      't1',
      { type: 'add', item: soup },
      { type: 'change-details', patch: { customerName: 'Dana' } },
      { type: 'coupon-refused', message: 'Expired.' },
    );
    const withOrder = { ...refused(t1), placed: placedOrder };
    const discarded = posCartReducer(withOrder, { type: 'discard' });
    expect(discarded).toEqual({
      ...EMPTY_POS_CART,
      details: { ...EMPTY_DETAILS, tableId: 't1' },
      lineCount: 1,
      placed: placedOrder,
    });
    const restored = posCartReducer(discarded, {
      type: 'restore',
      cart: cartOfDraft(kept(withOrder, 'k')).cart,
    });
    expect(restored.lines).toEqual(withOrder.lines);
    expect(restored.details.customerName).toBe('Dana');
    expect([restored.refusal, restored.couponError, restored.placed]).toEqual([null, null, placedOrder]);
  });
});
