import { sql } from 'drizzle-orm';
import type { InventoryGroup } from '../../../shared/contracts/inventory';
import {
  USAGE_COLUMN_LABELS,
  USAGE_COLUMNS,
  type UsageColumn,
  type UsageFigure,
  type UsageLine,
  type UsageReport,
} from '../../../shared/contracts/inventory-usage';
import { minorToInput } from '../../../shared/money';
import { formatQuantity, parseQuantity } from '../../../shared/quantity';
import type { Queryable } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { type CsvCell, decimalCell, toCsv } from '../../lib/csv';
import { queryDateRange } from '../../lib/date-range';
import { authorize } from '../../policies';
import { getSettings } from '../settings';

export interface UsageQuery {
  from: string;
  to: string;
  group?: InventoryGroup[];
}

type UsageRow = {
  id: string;
  name: string;
  sku: string | null;
  group: string;
  symbol: string;
  opening_q: string;
  opening_v: string;
  received_q: string;
  received_v: string;
  sold_q: string;
  sold_v: string;
  wasted_q: string;
  wasted_v: string;
  adjusted_q: string;
  adjusted_v: string;
  counted_q: string;
  counted_v: string;
};

/** A figure from thousandths and minor units. */
const figure = (quantity: number, value: number): UsageFigure => ({
  quantity: formatQuantity(quantity),
  value,
});

function thousandths(text: string): number {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new Error(`not a quantity from the database: ${text}`);
  return parsed.value;
}

/**
 * The report over the restaurant's days `from`..`to` (inclusive, in its time zone), from one pass over
 * the movements before the end: opening is every movement before the first day, each column the
 * movements of its type within the days, closing opening plus them all. So one period's closing is
 * the next one's opening, and `opening + received + sold + wasted + adjusted + counted = closing` in
 * quantity and money. Items listed: active ones, and archived ones with movements before the end.
 */
export async function usageReport(db: Queryable, actor: Actor, query: UsageQuery): Promise<UsageReport> {
  authorize(actor, 'inventory.item.read');
  const settings = await getSettings(db);
  const range = queryDateRange(query, settings.timeZone);
  const from = range.from as Date;
  const to = range.to as Date;
  const within = sql`m.created_at >= ${from}`;
  const sum = (column: 'quantity' | 'value', condition: ReturnType<typeof sql>) =>
    column === 'quantity'
      ? sql`coalesce(sum(m.quantity) filter (where ${condition}), 0)::text`
      : sql`coalesce(sum(m.value) filter (where ${condition}), 0)::text`;
  const ofType = (...types: string[]) =>
    sql`${within} and m.type in (${sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    )})`;
  const groups = query.group?.length
    ? sql`and i."group" in (${sql.join(
        query.group.map((group) => sql`${group}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<UsageRow>(sql`
    select i.id, i.name, i.sku, i."group", u.symbol,
           ${sum('quantity', sql`m.created_at < ${from}`)} as opening_q,
           ${sum('value', sql`m.created_at < ${from}`)} as opening_v,
           ${sum('quantity', ofType('purchase-receipt'))} as received_q,
           ${sum('value', ofType('purchase-receipt'))} as received_v,
           ${sum('quantity', ofType('sale'))} as sold_q,
           ${sum('value', ofType('sale'))} as sold_v,
           ${sum('quantity', ofType('waste'))} as wasted_q,
           ${sum('value', ofType('waste'))} as wasted_v,
           ${sum('quantity', ofType('adjustment', 'revaluation'))} as adjusted_q,
           ${sum('value', ofType('adjustment', 'revaluation'))} as adjusted_v,
           ${sum('quantity', ofType('count'))} as counted_q,
           ${sum('value', ofType('count'))} as counted_v
      from inventory_items i
      join units u on u.id = i.unit_id
      left join stock_movements m on m.item_id = i.id and m.created_at < ${to}
     where true ${groups}
     group by i.id, u.symbol
    having i.active or count(m.id) > 0`);

  const lines = result.rows.map((row): UsageLine => {
    const q = (text: string) => thousandths(text);
    const v = (text: string) => Number(text);
    const opening = figure(q(row.opening_q), v(row.opening_v));
    const moved = {
      received: figure(q(row.received_q), v(row.received_v)),
      sold: figure(q(row.sold_q), v(row.sold_v)),
      wasted: figure(q(row.wasted_q), v(row.wasted_v)),
      adjusted: figure(q(row.adjusted_q), v(row.adjusted_v)),
      counted: figure(q(row.counted_q), v(row.counted_v)),
    };
    const add = (...figures: UsageFigure[]) =>
      figures.reduce(
        (total, next) => ({
          quantity: total.quantity + thousandths(next.quantity),
          value: total.value + next.value,
        }),
        { quantity: 0, value: 0 },
      );
    const closing = add(opening, ...Object.values(moved));
    const theoretical = { quantity: -thousandths(moved.sold.quantity), value: -moved.sold.value };
    const received = add(moved.received);
    const openingTotals = add(opening);
    const actual = {
      quantity: openingTotals.quantity + received.quantity - closing.quantity,
      value: openingTotals.value + received.value - closing.value,
    };
    return {
      itemId: row.id,
      name: row.name,
      sku: row.sku,
      group: row.group,
      unitSymbol: row.symbol,
      opening,
      ...moved,
      closing: figure(closing.quantity, closing.value),
      theoreticalUse: figure(theoretical.quantity, theoretical.value),
      actualUse: figure(actual.quantity, actual.value),
      variance: figure(actual.quantity - theoretical.quantity, actual.value - theoretical.value),
    };
  });
  lines.sort(
    (a, b) =>
      b.variance.value - a.variance.value || a.name.localeCompare(b.name) || a.itemId.localeCompare(b.itemId),
  );
  const totals = Object.fromEntries(
    USAGE_COLUMNS.map((column) => [column, lines.reduce((total, line) => total + line[column].value, 0)]),
  ) as Record<UsageColumn, number>;
  return { from: query.from, to: query.to, currency: settings.currency, lines, totals };
}

/** The report as a spreadsheet: a quantity and a money column (in major units) per figure. */
export function usageCsv(report: UsageReport): string {
  const header = [
    'Item',
    'SKU',
    'Group',
    'Unit',
    ...USAGE_COLUMNS.flatMap((column) => [
      `${USAGE_COLUMN_LABELS[column]} qty`,
      `${USAGE_COLUMN_LABELS[column]} ${report.currency}`,
    ]),
  ];
  const money = (minor: number): CsvCell => decimalCell(minorToInput(minor, report.currency));
  const rows = report.lines.map((line): CsvCell[] => [
    line.name,
    line.sku,
    line.group,
    line.unitSymbol,
    ...USAGE_COLUMNS.flatMap((column) => [decimalCell(line[column].quantity), money(line[column].value)]),
  ]);
  return toCsv(header, rows);
}
