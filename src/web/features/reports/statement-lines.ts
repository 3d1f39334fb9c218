import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type OrderSource,
  type OrderType,
} from '../../../shared/contracts/orders';
import type { Statement } from '../../../shared/contracts/reports';

/**
 * The financial statement as the page reads it: its sections and lines in order, each line's two
 * amounts, which way is better for it, how it adds up with the lines above (`+`, `−`, `=`), and which
 * records it opens. The figures are the server's (use-cases/reports/statement.ts); nothing is added
 * up here but the change between the two periods.
 */

/** Whether more of a line is better (sales), worse (costs) or neither (balances, tax owed). */
export type LineSense = 'more-is-better' | 'more-is-worse' | 'neutral';

export type LineFormat = 'money' | 'count' | 'percent';

/** The records behind a line, as its dialog lists them for the period. */
export type LineRecords =
  | { kind: 'orders'; type?: string; source?: string }
  | { kind: 'refunds' }
  | { kind: 'receipts' }
  | { kind: 'settlements' }
  | { kind: 'expenses'; categoryId?: string }
  | { kind: 'ledger'; accountId: string };

export interface StatementLine {
  /** Stable within a statement: `net-sales`, `type-dine-in`, `expense-<categoryId>`. */
  id: string;
  label: string;
  /** A heading inside a section (no amounts): "Net sales by order type". */
  heading?: boolean;
  current: number | null;
  previous: number | null;
  format: LineFormat;
  sense: LineSense;
  /** How it counts with the lines above it, as the day's end report writes it. */
  operator?: '+' | '−' | '=';
  /** `sub`: indented under a heading; `total`: a line that adds up the ones above; `result`: a profit. */
  level: 'line' | 'sub' | 'total' | 'result';
  /** A short word under the label ("owed to the tax office, not income"). */
  note?: string;
  records?: LineRecords;
}

export interface StatementSection {
  id: string;
  /** A section of one line that names itself (Net profit) has no heading of its own. */
  title?: string;
  lines: StatementLine[];
}

/** An order type's or source's name; one the web does not know yet is shown as the server names it. */
export function orderTypeName(type: string): string {
  return ORDER_TYPE_LABELS[type as OrderType] ?? type;
}

export function orderSourceName(source: string): string {
  return ORDER_SOURCE_LABELS[source as OrderSource] ?? source;
}

type Amount = { current: number; previous: number };

function line(
  id: string,
  label: string,
  amount: Amount,
  sense: LineSense,
  more: Partial<StatementLine> = {},
): StatementLine {
  return {
    id,
    label,
    current: amount.current,
    previous: amount.previous,
    format: 'money',
    sense,
    level: 'line',
    ...more,
  };
}

function heading(id: string, label: string): StatementLine {
  return {
    id,
    label,
    heading: true,
    current: null,
    previous: null,
    format: 'money',
    sense: 'neutral',
    level: 'line',
  };
}

/** Every section of the statement, in the page's order (the cash and bank accounts are apart). */
export function statementSections(statement: Statement): StatementSection[] {
  const { sales, cogs } = statement;
  const good = 'more-is-better' as const;
  const bad = 'more-is-worse' as const;
  const orders = { kind: 'orders' } as const;
  return [
    {
      id: 'sales',
      title: 'Sales',
      lines: [
        line('orders', 'Completed orders', statement.orders, good, { format: 'count', records: orders }),
        line('gross-sales', 'Gross sales', sales.gross, good, { records: orders }),
        line('coupon-discounts', 'Coupon discounts', sales.couponDiscounts, bad, {
          operator: '−',
          records: orders,
        }),
        line('manual-discounts', 'Manual discounts', sales.manualDiscounts, bad, {
          operator: '−',
          records: orders,
        }),
        line('refunds', 'Refunds', sales.refunds, bad, { operator: '−', records: { kind: 'refunds' } }),
        line('net-sales', 'Net sales', sales.net, good, { operator: '=', level: 'total', records: orders }),
        heading('by-type', 'Net sales by order type'),
        ...sales.byType.map((byType) =>
          line(`type-${byType.key}`, orderTypeName(byType.key), byType.net, good, {
            level: 'sub',
            records: { kind: 'orders', type: byType.key },
          }),
        ),
        heading('by-source', 'Net sales by source'),
        ...sales.bySource.map((bySource) =>
          line(`source-${bySource.key}`, orderSourceName(bySource.key), bySource.net, good, {
            level: 'sub',
            records: { kind: 'orders', source: bySource.key },
          }),
        ),
      ],
    },
    {
      id: 'income',
      title: 'Income',
      lines: [
        line('income-net-sales', 'Net sales', sales.net, good),
        line('service-charge', 'Service charge', statement.serviceCharge, good, { operator: '+' }),
        line('delivery-fees', 'Delivery fees', statement.deliveryFees, good, { operator: '+' }),
        line('tax-in-prices', 'Tax contained in prices', statement.taxInPrices, 'neutral', {
          operator: '−',
          note: 'Part of the prices, owed to the tax office',
        }),
        line('income', 'Income', statement.income, good, { operator: '=', level: 'total' }),
      ],
    },
    {
      id: 'tax',
      title: 'Tax',
      lines: [
        line('tax-collected', 'Tax collected', statement.taxCollected, 'neutral', {
          note: 'Owed to the tax office, not income',
        }),
      ],
    },
    {
      id: 'cogs',
      title: 'Cost of goods sold',
      lines: [
        line('opening-stock', 'Opening stock', cogs.openingStock, 'neutral'),
        line('purchases', 'Purchases received', cogs.purchases, bad, {
          operator: '+',
          records: { kind: 'receipts' },
        }),
        line('closing-stock', 'Closing stock', cogs.closingStock, 'neutral', { operator: '−' }),
        line('cost-of-goods', 'Cost of goods sold', cogs.cost, bad, { operator: '=', level: 'total' }),
        {
          id: 'food-cost',
          label: 'Food cost',
          current: cogs.foodCostPercent.current,
          previous: cogs.foodCostPercent.previous,
          format: 'percent',
          sense: bad,
          level: 'line',
          note: 'Cost of goods sold ÷ net sales',
        },
      ],
    },
    {
      id: 'gross-profit',
      lines: [
        line('gross-profit', 'Gross profit', statement.grossProfit, good, {
          level: 'result',
          note: 'Income − cost of goods sold',
        }),
      ],
    },
    {
      id: 'partners',
      lines: [
        line('partner-commissions', 'Partner commissions', statement.partnerCommissions, bad, {
          records: { kind: 'settlements' },
          note: 'Settlements whose period ends in this one',
        }),
      ],
    },
    {
      id: 'expenses',
      title: 'Operating expenses',
      lines: [
        ...statement.expenses.byCategory.map((category) =>
          line(`expense-${category.categoryId}`, category.name || 'Unnamed category', category.amount, bad, {
            records: { kind: 'expenses', categoryId: category.categoryId },
          }),
        ),
        line('expenses-total', 'Total operating expenses', statement.expenses.total, bad, {
          operator: '=',
          level: 'total',
          records: { kind: 'expenses' },
        }),
      ],
    },
    {
      id: 'net-profit',
      lines: [
        line('net-profit', 'Net profit', statement.netProfit, good, {
          level: 'result',
          note: 'Gross profit − partner commissions − operating expenses',
        }),
      ],
    },
  ];
}

export type ChangeDirection = 'up' | 'down' | 'same';

export interface LineChange {
  /** This period − the previous one (percentage points for a percent); null when either is missing. */
  delta: number | null;
  /** The change against the previous period, in percent to one decimal; null when there was none before. */
  percent: number | null;
  direction: ChangeDirection;
}

/** How a line moved from the previous period to this one. */
export function lineChange(current: number | null, previous: number | null, format: LineFormat): LineChange {
  if (current === null || previous === null) return { delta: null, percent: null, direction: 'same' };
  const delta = format === 'percent' ? Math.round((current - previous) * 10) / 10 : current - previous;
  const direction: ChangeDirection = delta > 0 ? 'up' : delta < 0 ? 'down' : 'same';
  // A percent's change is in points; a percent of a percent would say little.
  if (format === 'percent' || previous === 0) return { delta, percent: null, direction };
  return { delta, percent: Math.round((delta * 1000) / Math.abs(previous)) / 10, direction };
}

export type ChangeTone = 'better' | 'worse' | 'neutral';

/** Whether a move is good news for the line: more sales are, more costs are not. */
export function changeTone(direction: ChangeDirection, sense: LineSense): ChangeTone {
  if (direction === 'same' || sense === 'neutral') return 'neutral';
  return (direction === 'up') === (sense === 'more-is-better') ? 'better' : 'worse';
}
