import type { OrderInput } from '../../shared/contracts/orders';
import { commissionOf } from '../../shared/contracts/settlements';
import { restaurantToday } from '../../shared/coupon-rules';
import { currencyDigits } from '../../shared/money';
import type { Tx } from '../db/transaction';
import { queryDateBound } from '../lib/date-range';
import { liveAccount } from '../modules/ledger';
import { findPartnerTerms } from '../modules/master-data';
import type { SellableItem } from '../modules/menu';
import { backdateDemoOrder, insertOrder } from '../modules/orders';
import { bookkeeping } from '../modules/settings';
import { insertPayoutReport, insertReceipt, insertSettlement } from '../modules/settlements';
import { checkAndPrice } from './place-order';
import { recordPaymentInTx } from './record-payment';

/**
 * The demo partners' last week (docs/PRODUCT-RULES.md, The demo restaurant): each partner's orders of
 * the week before this one, completed and collected by the partner, settled, its payout report
 * imported (the partner paid one order short: the disputed order) and the payout received into the
 * bank a few days later. Made through the same functions as the screens.
 */

const DAY_MS = 86_400_000;

/** Orders per partner: which day of last week (0 = Monday), the hour, and what was ordered. */
const WEEK: { day: number; hour: number; lines: { item: string; quantity: number }[] }[] = [
  { day: 0, hour: 12, lines: [{ item: 'Classic Club', quantity: 2 }] },
  {
    day: 1,
    hour: 13,
    lines: [
      { item: 'Salmon Poke Bowl', quantity: 1 },
      { item: 'Homemade Lemonade', quantity: 1 },
    ],
  },
  { day: 2, hour: 19, lines: [{ item: 'Chicken Caesar Salad', quantity: 2 }] },
  {
    day: 4,
    hour: 12,
    lines: [
      { item: 'Smashed Avocado Toast', quantity: 1 },
      { item: 'Flat White', quantity: 2 },
    ],
  },
  { day: 5, hour: 10, lines: [{ item: 'Brigade Breakfast', quantity: 2 }] },
  {
    day: 6,
    hour: 18,
    lines: [
      { item: 'Caprese Ciabatta', quantity: 2 },
      { item: 'Salted Caramel Brownie', quantity: 2 },
    ],
  },
];

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Minor units as the partner's file writes them ("12.50"). */
const major = (minor: number, digits: number) => (minor / 10 ** digits).toFixed(digits);

export interface DemoSettlements {
  orders: string[];
  settlements: string[];
}

export async function seedDemoSettlements(
  tx: Tx,
  records: { partners: string[]; bankAccounts: string[] },
  items: readonly SellableItem[],
): Promise<DemoSettlements> {
  const made: DemoSettlements = { orders: [], settlements: [] };
  const { timeZone } = await bookkeeping(tx);
  const today = restaurantToday(timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = plusDays(today, -weekday - 7);
  const sunday = plusDays(monday, 6);
  let bankId: string | null = null;
  for (const id of records.bankAccounts) {
    const account = await liveAccount(tx, id).catch(() => null);
    if (account?.type === 'bank') bankId = account.id;
  }
  if (!bankId) return made;
  for (const [index, partnerId] of records.partners.entries()) {
    const partner = await findPartnerTerms(tx, partnerId);
    if (!partner) continue;
    const prefix = partner.name.slice(0, 2).toUpperCase();
    const orders: { id: string; reference: string; total: number }[] = [];
    for (const [position, demo] of WEEK.entries()) {
      const lines = demo.lines.map(({ item: name, quantity }) => {
        const item = items.find((candidate) => candidate.name === name);
        if (!item) throw new Error(`demo settlement names an unknown item ${name}`);
        const optionIds = item.modifierGroups.flatMap((group) =>
          group.options.slice(0, group.minChoices).map((option) => option.id),
        );
        return { menuItemId: item.id, quantity, optionIds };
      });
      const reference = `${prefix}-${48_200 + index * 1_000 + position * 37}`;
      const input: OrderInput = {
        type: 'takeaway',
        lines,
        partnerId: partner.id,
        partnerReference: reference,
        customerName: `${partner.name} ${reference}`,
      };
      const { order } = await insertOrder(tx, null, await checkAndPrice(tx, null, input, { online: false }));
      if (!order) throw new Error('a demo partner order was not written');
      await recordPaymentInTx(tx, null, order.id, { method: 'partner', amount: order.total, reference });
      const placedAt =
        queryDateBound(plusDays(monday, demo.day), 'from', timeZone).getTime() + demo.hour * 3_600_000;
      const minutesAgo = Math.max(30, Math.round((Date.now() - placedAt) / 60_000));
      await backdateDemoOrder(tx, order.id, ['preparing', 'ready', 'completed'], minutesAgo);
      orders.push({ id: order.id, reference, total: order.total });
      made.orders.push(order.id);
    }
    const settlement = await insertSettlement(tx, null, { partnerId: partner.id, from: monday, to: sunday });
    const digits = currencyDigits(settlement.currency.trim());
    // The partner's file: each order at its commission, except one it charged 5 points more for.
    const rows = orders.map((order, position) => {
      const percent = partner.commissionPercent + (position === 2 ? 5 : 0);
      const commission = commissionOf(order.total, percent);
      return [
        order.reference,
        major(order.total, digits),
        major(commission, digits),
        major(order.total - commission, digits),
      ];
    });
    const csv = ['Order ID,Gross,Commission,Payout', ...rows.map((row) => row.join(','))].join('\r\n');
    const matched = await insertPayoutReport(tx, null, settlement.id, {
      fileName: `${partner.name.toLowerCase().replaceAll(/[^a-z]+/g, '-')}-payout-${monday}.csv`,
      text: csv,
    });
    const paidOn = plusDays(sunday, 3) < today ? plusDays(sunday, 3) : today;
    await insertReceipt(tx, null, settlement.id, {
      accountId: bankId,
      date: paidOn,
      amount: matched.payoutReport?.totals.reported ?? matched.net,
    });
    made.settlements.push(settlement.id);
  }
  return made;
}
