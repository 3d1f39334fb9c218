import {
  type Compared,
  previousPeriod,
  type ReportPeriodQuery,
  type Statement,
} from '../../../shared/contracts/reports';
import type { Database } from '../../db/client';
import { type Queryable, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { queryDateBound } from '../../lib/date-range';
import { expensesByCategory } from '../../modules/expenses';
import { stockValueBetween } from '../../modules/inventory';
import { accountsBetween } from '../../modules/ledger';
import { completedSalesBetween, orderKinds } from '../../modules/orders';
import { refundsByOrder } from '../../modules/payments';
import { getSettings } from '../../modules/settings';
import { partnerCostsBetween } from '../../modules/settlements';
import { authorize } from '../../policies';

/**
 * The financial statement: what a period made, and how the money moved, compared with the period
 * before it. Every figure comes from the modules' own period functions, read in one snapshot
 * (`repeatable read`), so the lines add up with each other.
 */

export const ORDER_TYPES = ['dine-in', 'takeaway', 'delivery'] as const;
export const ORDER_SOURCES = ['pos', 'online', 'partner'] as const;

interface SalesLine {
  key: string;
  orders: number;
  gross: number;
  discounts: number;
  refunds: number;
  net: number;
}

/** One period's figures; the statement pairs two of them. */
interface PeriodFigures {
  orders: number;
  gross: number;
  discounts: number;
  couponDiscounts: number;
  refunds: number;
  net: number;
  byType: SalesLine[];
  bySource: SalesLine[];
  serviceCharge: number;
  deliveryFees: number;
  taxCollected: number;
  taxInPrices: number;
  income: number;
  openingStock: number;
  purchases: number;
  closingStock: number;
  cost: number;
  foodCostPercent: number | null;
  grossProfit: number;
  partnerCommissions: number;
  expenses: { categoryId: string; name: string; amount: number }[];
  expensesTotal: number;
  netProfit: number;
  accounts: {
    id: string;
    name: string;
    type: string;
    opening: number;
    in: number;
    out: number;
    closing: number;
  }[];
}

function emptyLine(key: string): SalesLine {
  return { key, orders: 0, gross: 0, discounts: 0, refunds: 0, net: 0 };
}

/** `part / whole` in percent to one decimal; null when there is nothing to divide by. */
export function percentOf(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

async function periodFigures(
  db: Queryable,
  from: string,
  to: string,
  timeZone: string,
): Promise<PeriodFigures> {
  const [sales, refunds, stock, partners, expenses, accounts] = await Promise.all([
    completedSalesBetween(db, from, to),
    refundsByOrder(db, queryDateBound(from, 'from', timeZone), queryDateBound(to, 'to', timeZone)),
    stockValueBetween(db, from, to),
    partnerCostsBetween(db, from, to),
    expensesByCategory(db, from, to),
    accountsBetween(db, from, to),
  ]);
  const kinds = await orderKinds(
    db,
    refunds.map((refund) => refund.orderId),
  );
  const byType = new Map<string, SalesLine>(ORDER_TYPES.map((type) => [type, emptyLine(type)]));
  const bySource = new Map<string, SalesLine>(ORDER_SOURCES.map((source) => [source, emptyLine(source)]));
  const lineOf = (map: Map<string, SalesLine>, key: string) => {
    let line = map.get(key);
    if (!line) {
      line = emptyLine(key);
      map.set(key, line);
    }
    return line;
  };
  let orders = 0;
  let gross = 0;
  let discounts = 0;
  let couponDiscounts = 0;
  let serviceCharge = 0;
  let deliveryFees = 0;
  let taxCollected = 0;
  let taxInPrices = 0;
  for (const row of sales) {
    orders += row.orders;
    gross += row.subtotal;
    discounts += row.discount;
    couponDiscounts += row.couponDiscount;
    serviceCharge += row.serviceCharge;
    deliveryFees += row.deliveryFee;
    taxCollected += row.tax;
    taxInPrices += row.taxInPrices;
    for (const line of [lineOf(byType, row.type), lineOf(bySource, row.source)]) {
      line.orders += row.orders;
      line.gross += row.subtotal;
      line.discounts += row.discount;
    }
  }
  let refunded = 0;
  for (const refund of refunds) {
    refunded += refund.amount;
    const kind = kinds.get(refund.orderId);
    if (!kind) continue;
    lineOf(byType, kind.type).refunds += refund.amount;
    lineOf(bySource, kind.source).refunds += refund.amount;
  }
  for (const line of [...byType.values(), ...bySource.values()]) {
    line.net = line.gross - line.discounts - line.refunds;
  }
  const net = gross - discounts - refunded;
  const income = net + serviceCharge + deliveryFees - taxInPrices;
  const cost = stock.opening + stock.received - stock.closing;
  const grossProfit = income - cost;
  const expensesTotal = expenses.reduce((sum, row) => sum + row.amount, 0);
  return {
    orders,
    gross,
    discounts,
    couponDiscounts,
    refunds: refunded,
    net,
    byType: [...byType.values()],
    bySource: [...bySource.values()],
    serviceCharge,
    deliveryFees,
    taxCollected,
    taxInPrices,
    income,
    openingStock: stock.opening,
    purchases: stock.received,
    closingStock: stock.closing,
    cost,
    foodCostPercent: percentOf(cost, net),
    grossProfit,
    partnerCommissions: partners.cost,
    expenses: expenses.map((row) => ({ categoryId: row.categoryId, name: row.name, amount: row.amount })),
    expensesTotal,
    netProfit: grossProfit - partners.cost - expensesTotal,
    accounts: accounts.map(({ active: _active, ...account }) => account),
  };
}

const pair = (current: number, previous: number): Compared => ({ current, previous });

/** Pairs two lists by key; a key in either is in the result, the current period's order first. */
function pairBy<T, K extends string>(
  current: readonly T[],
  previous: readonly T[],
  keyOf: (item: T) => K,
): { key: K; current: T | undefined; previous: T | undefined }[] {
  const keys = [...new Set([...current.map(keyOf), ...previous.map(keyOf)])];
  return keys.map((key) => ({
    key,
    current: current.find((item) => keyOf(item) === key),
    previous: previous.find((item) => keyOf(item) === key),
  }));
}

function pairLines(current: SalesLine[], previous: SalesLine[]): Statement['sales']['byType'] {
  return pairBy(current, previous, (line) => line.key).map(({ key, current: c, previous: p }) => ({
    key,
    orders: pair(c?.orders ?? 0, p?.orders ?? 0),
    gross: pair(c?.gross ?? 0, p?.gross ?? 0),
    discounts: pair(c?.discounts ?? 0, p?.discounts ?? 0),
    refunds: pair(c?.refunds ?? 0, p?.refunds ?? 0),
    net: pair(c?.net ?? 0, p?.net ?? 0),
  }));
}

export async function financialStatement(
  db: Database,
  actor: Actor,
  query: Pick<ReportPeriodQuery, 'from' | 'to'>,
): Promise<Statement> {
  authorize(actor, 'report.read');
  const settings = await getSettings(db);
  const previous = previousPeriod(query.from, query.to);
  const [c, p] = await withTransaction(
    db,
    async (tx) => [
      await periodFigures(tx, query.from, query.to, settings.timeZone),
      await periodFigures(tx, previous.from, previous.to, settings.timeZone),
    ],
    { isolation: 'repeatable read' },
  );
  return {
    period: { from: query.from, to: query.to },
    previous,
    currency: settings.currency,
    orders: pair(c.orders, p.orders),
    sales: {
      gross: pair(c.gross, p.gross),
      discounts: pair(c.discounts, p.discounts),
      couponDiscounts: pair(c.couponDiscounts, p.couponDiscounts),
      manualDiscounts: pair(c.discounts - c.couponDiscounts, p.discounts - p.couponDiscounts),
      refunds: pair(c.refunds, p.refunds),
      net: pair(c.net, p.net),
      byType: pairLines(c.byType, p.byType),
      bySource: pairLines(c.bySource, p.bySource),
    },
    serviceCharge: pair(c.serviceCharge, p.serviceCharge),
    deliveryFees: pair(c.deliveryFees, p.deliveryFees),
    taxCollected: pair(c.taxCollected, p.taxCollected),
    taxInPrices: pair(c.taxInPrices, p.taxInPrices),
    income: pair(c.income, p.income),
    cogs: {
      openingStock: pair(c.openingStock, p.openingStock),
      purchases: pair(c.purchases, p.purchases),
      closingStock: pair(c.closingStock, p.closingStock),
      cost: pair(c.cost, p.cost),
      foodCostPercent: { current: c.foodCostPercent, previous: p.foodCostPercent },
    },
    grossProfit: pair(c.grossProfit, p.grossProfit),
    partnerCommissions: pair(c.partnerCommissions, p.partnerCommissions),
    expenses: {
      total: pair(c.expensesTotal, p.expensesTotal),
      byCategory: pairBy(c.expenses, p.expenses, (row) => row.categoryId).map(
        ({ key, current, previous }) => ({
          categoryId: key,
          name: current?.name ?? previous?.name ?? '',
          amount: pair(current?.amount ?? 0, previous?.amount ?? 0),
        }),
      ),
    },
    netProfit: pair(c.netProfit, p.netProfit),
    accounts: pairBy(c.accounts, p.accounts, (account) => account.id).map(({ key, current, previous }) => ({
      id: key,
      name: current?.name ?? previous?.name ?? '',
      type: current?.type ?? previous?.type ?? 'bank',
      opening: pair(current?.opening ?? 0, previous?.opening ?? 0),
      in: pair(current?.in ?? 0, previous?.in ?? 0),
      out: pair(current?.out ?? 0, previous?.out ?? 0),
      closing: pair(current?.closing ?? 0, previous?.closing ?? 0),
    })),
  };
}
