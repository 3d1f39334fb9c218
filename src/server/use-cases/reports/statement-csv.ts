import {
  ORDER_SOURCE_LABELS,
  ORDER_TYPE_LABELS,
  type OrderSource,
  type OrderType,
} from '../../../shared/contracts/orders';
import type { Compared, Statement } from '../../../shared/contracts/reports';
import { minorToInput } from '../../../shared/money';
import { type CsvCell, toCsv } from '../../lib/csv';

/**
 * The statement as one CSV file: a row per line of the page, the period and the one before it side
 * by side with the change, amounts in the currency's major units as a spreadsheet reads them.
 */
export function statementCsv(statement: Statement): string {
  const { currency } = statement;
  const money = (value: number) => minorToInput(value, currency);
  const rows: CsvCell[][] = [];
  const add = (section: string, line: string, amount: Compared, asMoney = true) => {
    const show = asMoney ? money : (value: number) => String(value);
    rows.push([
      section,
      line,
      show(amount.current),
      show(amount.previous),
      show(amount.current - amount.previous),
    ]);
  };
  const { sales } = statement;
  add('Sales', 'Completed orders', statement.orders, false);
  add('Sales', 'Gross sales', sales.gross);
  add('Sales', 'Coupon discounts', sales.couponDiscounts);
  add('Sales', 'Manual discounts', sales.manualDiscounts);
  add('Sales', 'Refunds', sales.refunds);
  add('Sales', 'Net sales', sales.net);
  for (const line of sales.byType)
    add('Net sales by order type', ORDER_TYPE_LABELS[line.key as OrderType] ?? line.key, line.net);
  for (const line of sales.bySource)
    add('Net sales by source', ORDER_SOURCE_LABELS[line.key as OrderSource] ?? line.key, line.net);
  add('Income', 'Service charge', statement.serviceCharge);
  add('Income', 'Delivery fees', statement.deliveryFees);
  add('Income', 'Tax contained in prices', statement.taxInPrices);
  add('Income', 'Income', statement.income);
  add('Tax', 'Tax collected (owed)', statement.taxCollected);
  add('Cost of goods sold', 'Opening stock', statement.cogs.openingStock);
  add('Cost of goods sold', 'Purchases received', statement.cogs.purchases);
  add('Cost of goods sold', 'Closing stock', statement.cogs.closingStock);
  add('Cost of goods sold', 'Cost of goods sold', statement.cogs.cost);
  const percent = statement.cogs.foodCostPercent;
  rows.push([
    'Cost of goods sold',
    'Food cost %',
    percent.current === null ? '' : percent.current.toFixed(1),
    percent.previous === null ? '' : percent.previous.toFixed(1),
    percent.current === null || percent.previous === null
      ? ''
      : (percent.current - percent.previous).toFixed(1),
  ]);
  add('Profit', 'Gross profit', statement.grossProfit);
  add('Profit', 'Partner commissions', statement.partnerCommissions);
  for (const category of statement.expenses.byCategory)
    add('Operating expenses', category.name, category.amount);
  add('Operating expenses', 'Total expenses', statement.expenses.total);
  add('Profit', 'Net profit', statement.netProfit);
  for (const account of statement.accounts) {
    add(`Account: ${account.name}`, 'Opening balance', account.opening);
    add(`Account: ${account.name}`, 'Money in', account.in);
    add(`Account: ${account.name}`, 'Money out', account.out);
    add(`Account: ${account.name}`, 'Closing balance', account.closing);
  }
  const period = (p: { from: string; to: string }) => `${p.from} to ${p.to} (${currency})`;
  return toCsv(['Section', 'Line', period(statement.period), period(statement.previous), 'Change'], rows);
}
