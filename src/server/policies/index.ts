import { findMove, type OrderStatus, type PaymentStatus } from '../../shared/order-status';
import { ROLES, type Role } from '../../shared/roles';
import { forbidden, unauthenticated } from '../lib/errors';

/**
 * Who may do what, in one place (docs/PRODUCT-RULES.md, Roles and access). Route guards (`public`,
 * `signed-in`, `staff`, `manager`, `admin`) stay the coarse first gate; services call `authorize(actor,
 * action, record?)` for the rule itself, including rules about one record ("a customer reads only their own
 * order", "only a manager cancels a paid order", "nobody changes their own role"). Every rule is a row of
 * `POLICIES`, so a test lists them all as a table of action × role and checks every cell.
 */

/** Whoever acts: a signed-in user (`Actor` from lib/context passes), or null for an anonymous caller. */
export interface PolicyActor {
  id: string;
  role: Role;
}

/** A record that belongs to a user: the owner may act on it where a policy says so. */
export interface OwnedRecord {
  /** The user the record belongs to (an order's customer, an account's user); null for none. */
  ownerId: string | null;
}

/** A user account as the user-administration rules see it. */
export interface UserRecord {
  id: string;
}

interface PolicyRule<R> {
  description: string;
  /** Roles allowed whatever the record (besides the owner, if `owner` is set). */
  roles: readonly Role[];
  /** Whether an anonymous caller may do it (the public menu). */
  anonymous?: boolean;
  /** The owner of the record is allowed too, whatever their role. */
  owner?: (record: R) => string | null | undefined;
  /** A record-level refusal that wins over the roles: the reason, or null when it does not apply. */
  refuse?: (actor: PolicyActor, record: R) => string | null;
  /** The 403 message when the role (or ownership) does not allow it; default from the lowest role. */
  message?: string;
}

/** A typed rule; the record type is what `can` and `authorize` then ask for with this action. */
function rule<R = never>(definition: PolicyRule<R>): PolicyRule<R> {
  return definition;
}

const STAFF: readonly Role[] = ['staff', 'manager', 'admin'];
const MANAGER: readonly Role[] = ['manager', 'admin'];
const ADMIN: readonly Role[] = ['admin'];
const ANY_SIGNED_IN: readonly Role[] = ROLES;

const ownerOf = (record: OwnedRecord) => record.ownerId;
const notSelf = (reason: string) => (actor: PolicyActor, record: UserRecord) =>
  actor.id === record.id ? reason : null;

/**
 * Every rule. Staff access is staff, manager or admin; admin is admin only (shared/roles.ts;
 * docs/PRODUCT-RULES.md, Roles and access).
 */
export const POLICIES = {
  // Menu: /menu is an admin page; staff take orders, they do not set prices.
  'menu.public.read': rule({ description: 'See the public menu', roles: ANY_SIGNED_IN, anonymous: true }),
  'menu.item.read': rule({
    description: 'See menu items in the back office (with archived ones)',
    roles: STAFF,
  }),
  'menu.item.create': rule({ description: 'Add a menu item (or a copy of one)', roles: ADMIN }),
  'menu.item.update': rule({ description: 'Change a menu item other than its price', roles: ADMIN }),
  'menu.item.price.change': rule({
    description: 'Change the price of a menu item or of one of its options',
    roles: ADMIN,
    message: 'Only an administrator can change a price.',
  }),
  'menu.item.delete': rule({ description: 'Delete a menu item nothing refers to', roles: ADMIN }),
  'menu.item.reorder': rule({ description: 'Change the order guests see menu items in', roles: ADMIN }),

  // Settings, admins only (docs/PRODUCT-RULES.md, Master data and settings): name, currency, taxes, hours.
  'settings.read': rule({ description: 'Read the restaurant settings', roles: ADMIN }),
  'settings.update': rule({ description: 'Change the restaurant settings (and its logo)', roles: ADMIN }),

  // User Management, admins only (docs/PRODUCT-RULES.md, Users).
  'users.read': rule({ description: 'List and read user accounts in User Management', roles: ADMIN }),
  'users.invite': rule({ description: 'Add a team member and (re)send their invitation', roles: ADMIN }),
  'users.role.change': rule<UserRecord>({
    description: "Change a user's role; never one's own",
    roles: ADMIN,
    refuse: notSelf('You cannot change your own role.'),
  }),
  'users.disable': rule<UserRecord>({
    description: 'Disable a user (signs them out everywhere); never oneself',
    roles: ADMIN,
    refuse: notSelf('You cannot disable your own account.'),
  }),
  'users.enable': rule<UserRecord>({ description: 'Enable a disabled user again', roles: ADMIN }),
  'users.password-reset.send': rule<UserRecord>({
    description: 'E-mail a user a password reset link',
    roles: ADMIN,
  }),
  'customers.read': rule({ description: 'Look up customer accounts (to attach an order)', roles: STAFF }),

  // The account (docs/PRODUCT-RULES.md, Sign-in and accounts): everyone changes only their own.
  'account.read': rule<OwnedRecord>({
    description: 'Read an account’s profile',
    roles: [],
    owner: ownerOf,
    message: 'You can only see your own account.',
  }),
  'account.update': rule<OwnedRecord>({
    description: 'Change an account’s profile and photo',
    roles: [],
    owner: ownerOf,
    message: 'You can only change your own account.',
  }),

  // Orders (docs/PRODUCT-RULES.md, Orders); the owner is the order's customer.
  'order.create': rule({
    description: 'Take an order at the point of sale (starts confirmed)',
    roles: STAFF,
  }),
  'order.place': rule({ description: 'Place an online order (an order request)', roles: ANY_SIGNED_IN }),
  'order.list': rule({ description: 'See all orders', roles: STAFF }),
  'order.read': rule<OwnedRecord>({
    description: 'Read one order; a customer reads only their own',
    roles: STAFF,
    owner: ownerOf,
    message: 'You can only see your own orders.',
  }),
  'order.accept': rule({ description: 'Accept or reject an order request', roles: STAFF }),
  'order.advance': rule({
    description: 'Move an order on (preparing, ready, out for delivery, completed)',
    roles: STAFF,
  }),
  'order.cancel.pending': rule<OwnedRecord>({
    description: 'Cancel a pending order (the customer who placed it, or staff)',
    roles: STAFF,
    owner: ownerOf,
    message: 'You can only cancel your own order.',
  }),
  'order.cancel': rule({ description: 'Cancel a confirmed order that is not paid', roles: STAFF }),
  'order.cancel.paid': rule({
    description: 'Cancel a paid or in-progress (preparing) order',
    roles: MANAGER,
    message: 'Only a manager can cancel a paid or in-progress order.',
  }),
  'order.void': rule({
    description: 'Void or comp a line of an order',
    roles: MANAGER,
    message: 'Only a manager can void or comp a line. Ask a manager to approve it.',
  }),
  'order.round': rule({ description: 'Add a round of lines to an open check', roles: STAFF }),
  'order.void.request': rule({ description: 'Ask the managers to void or comp a line', roles: STAFF }),
  'order.check.change': rule({
    description: 'Move an open check to another table, merge checks, split a check',
    roles: STAFF,
  }),
  'order.recall': rule({ description: 'Take back the last step of an order on the board', roles: STAFF }),
  'order.discount.manual': rule({ description: 'Give a manual discount', roles: MANAGER }),

  // Payments, refunds and feedback (docs/PRODUCT-RULES.md, Payments and refunds; Customer feedback).
  'payment.record': rule({ description: 'Take a payment for an order', roles: STAFF }),
  'payment.pay-own': rule<OwnedRecord>({
    description: 'Pay one’s own order online (/payment/[orderId])',
    roles: [],
    owner: ownerOf,
    message: 'You can only pay for your own order.',
  }),
  'payment.refund': rule({ description: 'Refund a payment, with a reason', roles: MANAGER }),
  // Staff-only payment details: the account, reference, cash tendered and change, who took it, each
  // refund's reason and author. An order's customer sees each payment's method, amount, refunded, date.
  'payment.details.read': rule({
    description: 'See a payment’s account, reference, who took it, and its refunds’ reasons',
    roles: STAFF,
  }),
  'feedback.create': rule<OwnedRecord>({
    description: 'Rate one’s own completed order',
    roles: [],
    owner: ownerOf,
    message: 'You can only rate your own order.',
  }),
  'feedback.read': rule({ description: 'Read and answer all customer feedback', roles: ADMIN }),
  'contact.read': rule({
    description: 'Read the messages sent from /contact and mark them handled',
    roles: ADMIN,
  }),

  // Coupons (docs/PRODUCT-RULES.md, Coupons): the owner makes them; whoever takes or places an order
  // may check a code.
  'coupon.manage': rule({ description: 'List, add, change and delete coupons', roles: ADMIN }),
  'coupon.check': rule({
    description: 'Check whether a coupon code can be used on an order (POS or online)',
    roles: ANY_SIGNED_IN,
  }),

  // Inventory (docs/PRODUCT-RULES.md, Inventory): the owner keeps the stock.
  'inventory.item.read': rule({ description: 'See inventory items and their movements', roles: ADMIN }),
  'inventory.item.create': rule({ description: 'Add an inventory item', roles: ADMIN }),
  'inventory.item.update': rule({ description: 'Change or archive an inventory item', roles: ADMIN }),
  'inventory.movement.create': rule({
    description: 'Record a stock adjustment or waste',
    roles: ADMIN,
  }),
  'inventory.recipe.read': rule({ description: 'See a menu item’s recipe and its food cost', roles: ADMIN }),
  'inventory.recipe.update': rule({ description: 'Change a menu item’s recipe', roles: ADMIN }),
  'inventory.order-stock.read': rule({
    description: 'See on an order whether it took its stock, and which lines took none',
    roles: STAFF,
  }),
  'inventory.count.read': rule({ description: 'See stock counts and their lines', roles: ADMIN }),
  'inventory.count.open': rule({ description: 'Open a stock count', roles: ADMIN }),
  'inventory.count.count': rule({ description: 'Save counted lines of an open stock count', roles: ADMIN }),
  'inventory.count.close': rule({
    description: 'Finish (writing the count movements) or cancel a stock count',
    roles: ADMIN,
  }),

  // Purchase orders (docs/PRODUCT-RULES.md, Purchase orders): the owner buys the stock.
  'purchase-order.read': rule({ description: 'See purchase orders and their deliveries', roles: ADMIN }),
  'purchase-order.create': rule({ description: 'Write or suggest a draft purchase order', roles: ADMIN }),
  'purchase-order.update': rule({ description: 'Change a draft purchase order', roles: ADMIN }),
  'purchase-order.send': rule({ description: 'Send a purchase order to the supplier', roles: ADMIN }),
  'purchase-order.cancel': rule({ description: 'Cancel a purchase order', roles: ADMIN }),
  'purchase-order.receive': rule({
    description: 'Receive a delivery against a purchase order',
    roles: ADMIN,
  }),
  'purchase-order.pay': rule({
    description: 'Pay a supplier for a purchase order, or void such a payment',
    roles: ADMIN,
  }),
  'inventory.item.import': rule({ description: 'Add inventory items from a CSV file', roles: ADMIN }),

  // The bank and cash ledger (docs/PRODUCT-RULES.md, Bank and cash ledger): the owner keeps the books.
  'ledger.read': rule({ description: 'See account balances and their transactions', roles: ADMIN }),
  'ledger.record': rule({
    description: 'Record a deposit, withdrawal or bank fee by hand, or a transfer between accounts',
    roles: ADMIN,
  }),
  'ledger.void': rule({ description: 'Void an entry made by hand or a transfer', roles: ADMIN }),
  'ledger.reconcile': rule({
    description: 'Tick an account’s rows off against a bank statement',
    roles: ADMIN,
  }),

  // Expenses (docs/PRODUCT-RULES.md, Expenses): the owner records what the restaurant spends.
  'expense.read': rule({ description: 'See expenses, their totals and receipts', roles: ADMIN }),
  'expense.record': rule({
    description: 'Record an expense, change it, or attach its receipt',
    roles: ADMIN,
  }),
  'expense.void': rule({ description: 'Void an expense (its withdrawal is reversed)', roles: ADMIN }),
  'budget.read': rule({ description: 'See the budgets against what was spent', roles: ADMIN }),
  'budget.write': rule({ description: 'Set or copy the budget of a month', roles: ADMIN }),

  // Partner settlements (docs/PRODUCT-RULES.md, Partner settlements): the owner settles with partners.
  'settlement.read': rule({ description: 'See partner settlements and their payout reports', roles: ADMIN }),
  'settlement.write': rule({
    description: 'Settle a partner’s orders, adjust, import the payout report, receive or reopen',
    roles: ADMIN,
  }),

  // Closing the day (docs/PRODUCT-RULES.md, Closing the day): a manager counts the cash drawer.
  'cash-close.read': rule({
    description: 'See the cash drawer’s closes and what it should hold',
    roles: MANAGER,
  }),
  'cash-close.record': rule({ description: 'Count the cash drawer and close the day', roles: MANAGER }),

  // Reports (docs/PRODUCT-RULES.md, The financial statement): the owner's numbers.
  'report.read': rule({ description: 'See the financial statement and the analytics', roles: ADMIN }),
} satisfies Record<string, PolicyRule<never>>;

export type PolicyAction = keyof typeof POLICIES;
/** The record an action's rule looks at (`never` = the rule does not look at a record). */
export type PolicyRecord<A extends PolicyAction> =
  (typeof POLICIES)[A] extends PolicyRule<infer R> ? R : never;

type RecordArgs<A extends PolicyAction> = [PolicyRecord<A>] extends [never] ? [] : [record?: PolicyRecord<A>];

export type Decision = { allowed: true } | { allowed: false; reason: string };

function roleMessage(roles: readonly Role[]): string {
  if (roles.includes('staff')) return 'Only staff members can do this.';
  if (roles.includes('manager')) return 'Only a manager can do this.';
  if (roles.includes('admin')) return 'Only an administrator can do this.';
  return 'You do not have permission to do this.';
}

/**
 * The decision and its reason. Without a record a record rule answers for "some record" (roles
 * only; the owner clause needs the record). The order of checks: anonymous callers, record refusals
 * (they bind admins too), then role, then ownership.
 */
export function decide<A extends PolicyAction>(
  actor: PolicyActor | null,
  action: A,
  ...[record]: RecordArgs<A>
): Decision {
  const policy = POLICIES[action] as PolicyRule<unknown>;
  const denied = (reason: string): Decision => ({ allowed: false, reason });
  if (!actor) return policy.anonymous ? { allowed: true } : denied('Sign in to continue.');
  if (record !== undefined && policy.refuse) {
    const reason = policy.refuse(actor, record);
    if (reason) return denied(reason);
  }
  if (policy.roles.includes(actor.role)) return { allowed: true };
  if (record !== undefined && policy.owner) {
    const ownerId = policy.owner(record);
    if (ownerId && ownerId === actor.id) return { allowed: true };
  }
  return denied(policy.message ?? roleMessage(policy.roles));
}

/** Whether `actor` may do `action` (to `record`, for rules about one record). */
export function can<A extends PolicyAction>(
  actor: PolicyActor | null,
  action: A,
  ...record: RecordArgs<A>
): boolean {
  return decide(actor, action, ...record).allowed;
}

/**
 * Throws a 403 error envelope (permission-denied) with the rule's reason unless `can` says yes;
 * 401 (unauthenticated) when an anonymous caller is refused.
 */
export function authorize<A extends PolicyAction>(
  actor: PolicyActor | null,
  action: A,
  ...record: RecordArgs<A>
): void {
  const decision = decide(actor, action, ...record);
  if (!decision.allowed) throw actor ? forbidden(decision.reason) : unauthenticated(decision.reason);
}

/** One rule as a test or a document lists it. */
export interface PolicyDefinition {
  action: PolicyAction;
  description: string;
  roles: readonly Role[];
  anonymous: boolean;
  /** The record's owner is allowed too. */
  owner: boolean;
  /** A record-level refusal applies (e.g. not oneself). */
  recordRule: boolean;
}

/** Every rule, in declaration order. */
export const POLICY_DEFINITIONS: readonly PolicyDefinition[] = Object.entries(POLICIES).map(
  ([action, policy]) => {
    const rule = policy as PolicyRule<unknown>;
    return {
      action: action as PolicyAction,
      description: rule.description,
      roles: rule.roles,
      anonymous: rule.anonymous === true,
      owner: rule.owner !== undefined,
      recordRule: rule.refuse !== undefined,
    };
  },
);

/**
 * Which rule a cancellation falls under (the order status flow): a pending order (an order request) may be
 * cancelled by its customer or staff; a confirmed unpaid one by staff; a confirmed order with money
 * on it, or one being prepared, only by a manager. Null: the status flow allows no cancellation (a
 * 409 of the status flow, not a 403).
 */
export function cancelPolicyFor(order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}): 'order.cancel.pending' | 'order.cancel' | 'order.cancel.paid' | null {
  // Cancelling does not depend on the order type: any type reads the same rows of the status table.
  const move = findMove({ ...order, type: 'takeaway' }, 'cancelled');
  return move ? (move.action as 'order.cancel.pending' | 'order.cancel' | 'order.cancel.paid') : null;
}
