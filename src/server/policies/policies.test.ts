import { describe, expect, it } from 'vitest';
import { STATUS_MOVES } from '../../shared/order-status';
import { ROLES, type Role } from '../../shared/roles';
import { AppError } from '../lib/errors';
import {
  authorize,
  can,
  cancelPolicyFor,
  decide,
  type OwnedRecord,
  POLICIES,
  POLICY_DEFINITIONS,
  type PolicyAction,
  type PolicyActor,
  type PolicyRecord,
} from './index';

/**
 * The whole table of rules, written out by hand: a rule that changes without this table changing
 * fails here. Columns: an anonymous caller; each role acting on someone else's record; a customer
 * acting on a record they own ("owner"); an admin acting on their own account ("self"). `Y` allowed,
 * `.` refused, `-` the column does not apply to the rule.
 */
const COLUMNS = ['anonymous', ...ROLES, 'owner', 'self'] as const;
type Column = (typeof COLUMNS)[number];

const EXPECTED: Record<PolicyAction, string> = {
  //                          anon cust staff mgr admin owner self
  'menu.public.read': '       Y    Y    Y     Y   Y     -     -',
  'menu.item.read': '         .    .    Y     Y   Y     -     -',
  'menu.item.create': '       .    .    .     .   Y     -     -',
  'menu.item.update': '       .    .    .     .   Y     -     -',
  'menu.item.price.change': ' .    .    .     .   Y     -     -',
  'menu.item.delete': '       .    .    .     .   Y     -     -',
  'menu.item.reorder': '      .    .    .     .   Y     -     -',
  'settings.read': '          .    .    .     .   Y     -     -',
  'settings.update': '        .    .    .     .   Y     -     -',
  'users.read': '             .    .    .     .   Y     -     -',
  'users.invite': '           .    .    .     .   Y     -     -',
  'users.role.change': '      .    .    .     .   Y     -     .',
  'users.disable': '          .    .    .     .   Y     -     .',
  'users.enable': '           .    .    .     .   Y     -     -',
  'users.password-reset.send': '.  .    .     .   Y     -     -',
  'customers.read': '         .    .    Y     Y   Y     -     -',
  'account.read': '           .    .    .     .   .     Y     -',
  'account.update': '         .    .    .     .   .     Y     -',
  'order.create': '           .    .    Y     Y   Y     -     -',
  'order.place': '            .    Y    Y     Y   Y     -     -',
  'order.list': '             .    .    Y     Y   Y     -     -',
  'order.read': '             .    .    Y     Y   Y     Y     -',
  'order.accept': '           .    .    Y     Y   Y     -     -',
  'order.advance': '          .    .    Y     Y   Y     -     -',
  'order.cancel.pending': '   .    .    Y     Y   Y     Y     -',
  'order.cancel': '           .    .    Y     Y   Y     -     -',
  'order.cancel.paid': '      .    .    .     Y   Y     -     -',
  'order.void': '             .    .    .     Y   Y     -     -',
  'order.round': '            .    .    Y     Y   Y     -     -',
  'order.void.request': '     .    .    Y     Y   Y     -     -',
  'order.check.change': '     .    .    Y     Y   Y     -     -',
  'order.recall': '           .    .    Y     Y   Y     -     -',
  'order.discount.manual': '  .    .    .     Y   Y     -     -',
  'payment.record': '         .    .    Y     Y   Y     -     -',
  'payment.pay-own': '        .    .    .     .   .     Y     -',
  'payment.refund': '         .    .    .     Y   Y     -     -',
  'payment.details.read': '   .    .    Y     Y   Y     -     -',
  'feedback.create': '        .    .    .     .   .     Y     -',
  'feedback.read': '          .    .    .     .   Y     -     -',
  'contact.read': '           .    .    .     .   Y     -     -',
  'coupon.manage': '          .    .    .     .   Y     -     -',
  'coupon.check': '           .    Y    Y     Y   Y     -     -',
  'inventory.item.read': '    .    .    .     .   Y     -     -',
  'inventory.item.create': '  .    .    .     .   Y     -     -',
  'inventory.item.update': '  .    .    .     .   Y     -     -',
  'inventory.movement.create': '.  .    .     .   Y     -     -',
  'inventory.recipe.read': '    .    .    .     .   Y     -     -',
  'inventory.recipe.update': '  .    .    .     .   Y     -     -',
  'inventory.order-stock.read': '.  .    Y     Y   Y     -     -',
  'inventory.count.read': '     .    .    .     .   Y     -     -',
  'inventory.count.open': '     .    .    .     .   Y     -     -',
  'inventory.count.count': '    .    .    .     .   Y     -     -',
  'inventory.count.close': '    .    .    .     .   Y     -     -',
  'purchase-order.read': '    .    .    .     .   Y     -     -',
  'purchase-order.create': '  .    .    .     .   Y     -     -',
  'purchase-order.update': '  .    .    .     .   Y     -     -',
  'purchase-order.send': '    .    .    .     .   Y     -     -',
  'purchase-order.cancel': '  .    .    .     .   Y     -     -',
  'purchase-order.receive': ' .    .    .     .   Y     -     -',
  'purchase-order.pay': '     .    .    .     .   Y     -     -',
  'inventory.item.import': '  .    .    .     .   Y     -     -',
  'ledger.read': '            .    .    .     .   Y     -     -',
  'ledger.record': '          .    .    .     .   Y     -     -',
  'ledger.void': '            .    .    .     .   Y     -     -',
  'ledger.reconcile': '       .    .    .     .   Y     -     -',
  'expense.read': '           .    .    .     .   Y     -     -',
  'expense.record': '         .    .    .     .   Y     -     -',
  'expense.void': '           .    .    .     .   Y     -     -',
  'budget.read': '            .    .    .     .   Y     -     -',
  'budget.write': '           .    .    .     .   Y     -     -',
  'settlement.read': '        .    .    .     .   Y     -     -',
  'settlement.write': '       .    .    .     .   Y     -     -',
  'cash-close.read': '        .    .    .     Y   Y     -     -',
  'cash-close.record': '      .    .    .     Y   Y     -     -',
  'report.read': '            .    .    .     .   Y     -     -',
};

const expectedCells = (action: PolicyAction): Record<Column, 'Y' | '.' | '-'> => {
  const cells = EXPECTED[action].trim().split(/\s+/) as ('Y' | '.' | '-')[];
  expect(cells).toHaveLength(COLUMNS.length);
  return Object.fromEntries(COLUMNS.map((column, index) => [column, cells[index]])) as Record<
    Column,
    'Y' | '.' | '-'
  >;
};

const OTHER_USER = '00000000-0000-4000-8000-00000000000f';
const actorOf = (role: Role): PolicyActor => ({
  id: `00000000-0000-4000-8000-00000000000${ROLES.indexOf(role)}`,
  role,
});
/** A record of either kind (owned record or user account) that belongs to `userId`. */
const recordOf = (userId: string) => ({ ownerId: userId, id: userId });

type AnyCheck = (actor: PolicyActor | null, action: PolicyAction, record?: unknown) => boolean;
type AnyDecide = (
  actor: PolicyActor | null,
  action: PolicyAction,
  record?: unknown,
) => ReturnType<typeof decide>;
type AnyAuthorize = (actor: PolicyActor | null, action: PolicyAction, record?: unknown) => void;
const check = can as AnyCheck;
const decideAny = decide as AnyDecide;
const authorizeAny = authorize as AnyAuthorize;

/** Who acts and on what, for one cell; null when the column does not apply to the rule. */
function cellCase(
  action: PolicyAction,
  column: Column,
): { actor: PolicyActor | null; record: unknown } | null {
  const definition = POLICY_DEFINITIONS.find((entry) => entry.action === action);
  if (!definition) throw new Error(`no definition for ${action}`);
  const takesRecord = definition.owner || definition.recordRule;
  if (column === 'anonymous') return { actor: null, record: takesRecord ? recordOf(OTHER_USER) : undefined };
  if (column === 'owner') {
    if (!definition.owner) return null;
    const customer = actorOf('customer');
    return { actor: customer, record: recordOf(customer.id) };
  }
  if (column === 'self') {
    if (!definition.recordRule) return null;
    const admin = actorOf('admin');
    return { actor: admin, record: recordOf(admin.id) };
  }
  return { actor: actorOf(column), record: takesRecord ? recordOf(OTHER_USER) : undefined };
}

const actual = (action: PolicyAction, column: Column): 'Y' | '.' | '-' => {
  const cell = cellCase(action, column);
  if (!cell) return '-';
  return check(cell.actor, action, cell.record) ? 'Y' : '.';
};

describe('the policy table', () => {
  it('prints every action × role, and lists exactly the rules written out here', () => {
    const symbol = { Y: '✓', '.': '✗', '-': '—' } as const;
    const rows = POLICY_DEFINITIONS.map((definition) => ({
      action: definition.action,
      ...Object.fromEntries(COLUMNS.map((column) => [column, symbol[actual(definition.action, column)]])),
      rule: definition.description,
    }));
    const header = `| action | ${COLUMNS.join(' | ')} | rule |`;
    const rule = `|${' --- |'.repeat(COLUMNS.length + 2)}`;
    const lines = rows.map(
      (row) =>
        `| \`${row.action}\` | ${COLUMNS.map((column) => (row as Record<string, string>)[column]).join(' | ')} | ${row.rule} |`,
    );
    console.log(
      [
        'Policies (✓ allowed, ✗ refused, — does not apply). Roles act on someone else’s record;',
        'owner = a customer acting on their own record; self = an admin acting on their own account.',
        '',
        header,
        rule,
        ...lines,
      ].join('\n'),
    );
    expect(POLICY_DEFINITIONS.map((definition) => definition.action).sort()).toEqual(
      Object.keys(EXPECTED).sort(),
    );
    expect(Object.keys(POLICIES)).toHaveLength(POLICY_DEFINITIONS.length);
  });

  it('gives every rule a one-line description', () => {
    for (const definition of POLICY_DEFINITIONS) {
      expect(definition.description, definition.action).toMatch(/^[A-Z][^\n]{5,100}$/);
    }
  });
});

describe.each(POLICY_DEFINITIONS.map((definition) => definition.action))('%s', (action) => {
  const expected = expectedCells(action);

  it.each(COLUMNS.filter((column) => expected[column] !== '-'))(
    'answers the %s as the table says',
    (column) => {
      const cell = cellCase(action, column);
      expect(cell, `${column} applies to ${action}`).not.toBeNull();
      if (!cell) return;
      const allowed = expected[column] === 'Y';
      expect(check(cell.actor, action, cell.record)).toBe(allowed);
      if (allowed) {
        expect(() => authorizeAny(cell.actor, action, cell.record)).not.toThrow();
      } else {
        // authorize throws a 403 permission-denied (401 for an anonymous caller) with the rule's reason.
        const decision = decideAny(cell.actor, action, cell.record);
        expect(decision.allowed).toBe(false);
        let thrown: unknown;
        try {
          authorizeAny(cell.actor, action, cell.record);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(AppError);
        expect((thrown as AppError).status).toBe(cell.actor ? 403 : 401);
        expect((thrown as AppError).message).toBe(decision.allowed ? '' : decision.reason);
        expect((thrown as AppError).message).toMatch(/^[A-Z].+\.$/);
      }
    },
  );

  it('marks the columns that do not apply as such', () => {
    for (const column of COLUMNS) {
      expect(expected[column] === '-', `${action} / ${column}`).toBe(cellCase(action, column) === null);
    }
  });
});

describe('record rules', () => {
  const admin = actorOf('admin');
  const customer = actorOf('customer');

  it('lets a customer read their own order and no one else’s', () => {
    expect(can(customer, 'order.read', { ownerId: customer.id })).toBe(true);
    expect(can(customer, 'order.read', { ownerId: OTHER_USER })).toBe(false);
    // Without the record the owner clause cannot apply: only the roles answer.
    expect(can(customer, 'order.read')).toBe(false);
    expect(can(actorOf('staff'), 'order.read')).toBe(true);
  });

  it('refuses an order with no customer to every customer', () => {
    expect(can(customer, 'order.read', { ownerId: null })).toBe(false);
  });

  it('names the reason of a refusal about oneself, which binds an admin too', () => {
    expect(decide(admin, 'users.role.change', { id: admin.id })).toEqual({
      allowed: false,
      reason: 'You cannot change your own role.',
    });
    expect(decide(admin, 'users.disable', { id: admin.id })).toEqual({
      allowed: false,
      reason: 'You cannot disable your own account.',
    });
    expect(can(admin, 'users.enable', { id: admin.id })).toBe(true);
    expect(can(admin, 'users.role.change', { id: OTHER_USER })).toBe(true);
  });

  it('explains a refused price change and a refused paid cancellation in words', () => {
    expect(decide(actorOf('staff'), 'menu.item.price.change')).toEqual({
      allowed: false,
      reason: 'Only an administrator can change a price.',
    });
    expect(decide(actorOf('staff'), 'order.cancel.paid')).toEqual({
      allowed: false,
      reason: 'Only a manager can cancel a paid or in-progress order.',
    });
    expect(decide(actorOf('customer'), 'order.void')).toEqual({
      allowed: false,
      reason: 'Only a manager can void or comp a line. Ask a manager to approve it.',
    });
    expect(decide(null, 'order.place')).toEqual({ allowed: false, reason: 'Sign in to continue.' });
  });

  it('types the record each rule looks at', () => {
    // Compile-time checks: a role-only rule takes no record, a record rule takes its own kind.
    const owned: PolicyRecord<'order.read'> = { ownerId: customer.id };
    const account: PolicyRecord<'users.disable'> = { id: customer.id };
    // @ts-expect-error settings.update looks at no record
    can(admin, 'settings.update', owned);
    // @ts-expect-error order.read looks at an owned record, not a user account
    can(admin, 'order.read', account);
    expect(can(admin, 'users.disable', account)).toBe(true);
  });
});

describe('the order status table (src/shared/order-status.ts)', () => {
  it('names a policy for every move, which decides who may make it', () => {
    for (const move of STATUS_MOVES) {
      expect(Object.keys(POLICIES), `${move.from} → ${move.to}`).toContain(move.action);
    }
    // Accepting and moving on are staff work; a customer may only cancel their own pending order.
    const customer = actorOf('customer');
    // Each with the customer's own order, for the rules that look at the record.
    const canMove = can as (actor: PolicyActor, action: string, record?: OwnedRecord) => boolean;
    const allowed = STATUS_MOVES.filter((move) => canMove(customer, move.action, { ownerId: customer.id }));
    expect(allowed.map((move) => `${move.from} → ${move.to}`)).toEqual(['pending → cancelled']);
  });
});

describe('cancelPolicyFor (who cancels, by the order status flow)', () => {
  it.each([
    ['pending', 'unpaid', 'order.cancel.pending'],
    ['pending', 'paid', 'order.cancel.pending'],
    ['confirmed', 'unpaid', 'order.cancel'],
    ['confirmed', 'partially-paid', 'order.cancel.paid'],
    ['confirmed', 'paid', 'order.cancel.paid'],
    ['confirmed', 'refunded', 'order.cancel.paid'],
    ['preparing', 'unpaid', 'order.cancel.paid'],
    ['ready', 'unpaid', null],
    ['completed', 'paid', null],
    ['cancelled', 'unpaid', null],
  ] as const)('a %s %s order falls under %s', (status, paymentStatus, action) => {
    expect(cancelPolicyFor({ status, paymentStatus })).toBe(action);
  });

  it('lets staff cancel a confirmed unpaid order but only a manager a paid one', () => {
    const staff = actorOf('staff');
    const unpaid = cancelPolicyFor({ status: 'confirmed', paymentStatus: 'unpaid' });
    const paid = cancelPolicyFor({ status: 'confirmed', paymentStatus: 'paid' });
    expect(unpaid && can(staff, unpaid)).toBe(true);
    expect(paid && can(staff, paid)).toBe(false);
    expect(paid && can(actorOf('manager'), paid)).toBe(true);
    const pending = cancelPolicyFor({ status: 'pending', paymentStatus: 'unpaid' });
    const customer = actorOf('customer');
    expect(pending).toBe('order.cancel.pending');
    expect(can(customer, 'order.cancel.pending', { ownerId: customer.id })).toBe(true);
    expect(can(customer, 'order.cancel.pending', { ownerId: OTHER_USER })).toBe(false);
  });
});
