import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type InventoryGroup, quantityOf } from '../../../shared/contracts/inventory';
import {
  STOCK_COUNTS_TOPIC,
  type StockCount,
  type StockCountClose,
  type StockCountInput,
  type StockCountLine,
  type StockCountLinesInput,
  type StockCountPage,
  type StockCountStatus,
  type StockCountSummary,
} from '../../../shared/contracts/stock-counts';
import { formatQuantity, roundRate } from '../../../shared/quantity';
import type { Database } from '../../db/client';
import { type Queryable, type Tx, withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { newestFirst, toPage } from '../../lib/pagination';
import { staleWrite } from '../../lib/versions';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import { stockCountLines, stockCounts } from './inventory.schema';
import { postStockMovements, type StockPosting } from './stock-posting';

/**
 * Stock counts (docs/PRODUCT-RULES.md, Inventory, Stock counts). Opening snapshots the expected stock
 * of every active item of the count. Each counted line keeps the stock the books said at the moment
 * it was counted; finishing adjusts each item by `counted - that stock`, so a sale or delivery during
 * the count stays counted once. Finishing writes every count movement through `postStockMovements` in
 * one call and one transaction; a finished or cancelled count is read-only. Every change announces
 * the `inventory-counts` topic, so everyone counting sees the others' lines.
 */

const missing = () => notFound('There is no stock count with this id.');
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const quantityText = (text: string | null) => (text === null ? null : formatQuantity(quantityOf(text)));
const GROUP_WORDS: Record<InventoryGroup, string> = {
  ingredient: 'ingredients',
  beverage: 'beverages',
  packaging: 'packaging',
  other: 'other items',
};
const scopeWords = (group: string | null) =>
  group === null ? 'all items' : GROUP_WORDS[group as InventoryGroup];

function fieldError(path: string, message: string) {
  return badRequest(`Invalid request body: ${path}: ${message}`, { issues: [{ path, message }] });
}

/** A PostgreSQL array literal of simple values (uuids, decimals, NULL: no quoting needed). */
const arrayOf = (values: (string | null)[]) => `{${values.map((value) => value ?? 'NULL').join(',')}}`;

type SummaryRow = {
  id: string;
  status: StockCountStatus;
  group: InventoryGroup | null;
  note: string | null;
  version: number;
  opened_by: string | null;
  opened_by_name: string | null;
  closed_by: string | null;
  closed_by_name: string | null;
  closed_at: Date | string | null;
  value_difference: string | number | null;
  line_count: string | number;
  counted_count: string | number;
  created_at: Date | string;
  updated_at: Date | string;
};

const summarySelect = sql`
  select stock_counts.id, stock_counts.status, stock_counts."group", stock_counts.note, stock_counts.version, stock_counts.opened_by, opener.name as opened_by_name,
         stock_counts.closed_by, closer.name as closed_by_name, stock_counts.closed_at, stock_counts.value_difference,
         (select count(*) from stock_count_lines l where l.count_id = stock_counts.id) as line_count,
         (select count(*) from stock_count_lines l where l.count_id = stock_counts.id and l.counted is not null)
           as counted_count,
         stock_counts.created_at, stock_counts.updated_at
    from stock_counts
    left join users opener on opener.id = stock_counts.opened_by
    left join users closer on closer.id = stock_counts.closed_by`;

function presentSummary(row: SummaryRow): StockCountSummary {
  return {
    id: row.id,
    status: row.status,
    group: row.group,
    note: row.note,
    version: Number(row.version),
    openedById: row.opened_by,
    openedByName: row.opened_by_name,
    closedById: row.closed_by,
    closedByName: row.closed_by_name,
    closedAt: iso(row.closed_at),
    valueDifference: row.value_difference === null ? null : Number(row.value_difference),
    lineCount: Number(row.line_count),
    countedCount: Number(row.counted_count),
    createdAt: iso(row.created_at) as string,
    updatedAt: iso(row.updated_at) as string,
  };
}

type LineRow = {
  item_id: string;
  item_name: string;
  unit_symbol: string | null;
  storage_area: string | null;
  storage_order: number | null;
  expected: string;
  counted: string | null;
  on_hand_at_count: string | null;
  counted_at: Date | string | null;
  counted_by: string | null;
  counted_by_name: string | null;
  difference: string | null;
  value_difference: string | number | null;
  average_cost: string;
};

function presentLine(row: LineRow): StockCountLine {
  return {
    itemId: row.item_id,
    itemName: row.item_name,
    unitSymbol: row.unit_symbol ?? '',
    storageArea: row.storage_area,
    storageOrder: row.storage_order === null ? null : Number(row.storage_order),
    expected: quantityText(row.expected) as string,
    counted: quantityText(row.counted),
    onHandAtCount: quantityText(row.on_hand_at_count),
    countedAt: iso(row.counted_at),
    countedById: row.counted_by,
    countedByName: row.counted_by_name,
    difference: quantityText(row.difference),
    valueDifference: row.value_difference === null ? null : Number(row.value_difference),
    averageCost: roundRate(row.average_cost),
  };
}

/** A count with its lines in storage order: by place on the walk, then area, then name. */
async function loadCount(db: Queryable, id: string): Promise<StockCount> {
  const summary = await db.execute<SummaryRow>(sql`${summarySelect} where stock_counts.id = ${id}`);
  const row = summary.rows[0];
  if (!row) throw missing();
  const lines = await db.execute<LineRow>(sql`
    select l.item_id, i.name as item_name, u.symbol as unit_symbol, i.storage_area, i.storage_order,
           l.expected::text, l.counted::text, l.on_hand_at_count::text, l.counted_at, l.counted_by,
           counter.name as counted_by_name, l.difference::text, l.value_difference,
           i.average_cost::text
      from stock_count_lines l
      join inventory_items i on i.id = l.item_id
      left join units u on u.id = i.unit_id
      left join users counter on counter.id = l.counted_by
     where l.count_id = ${id}
     order by i.storage_order nulls last, lower(i.storage_area) nulls last, lower(i.name), i.id`);
  return { ...presentSummary(row), lines: lines.rows.map(presentLine) };
}

/** The count's row, locked for this transaction; a 404 when there is none. */
async function lockCount(tx: Tx, id: string) {
  const [row] = await tx.select().from(stockCounts).where(eq(stockCounts.id, id)).for('update');
  if (!row) throw missing();
  return row;
}

/** A finished or cancelled count takes no more changes (409 `count-closed`). */
function requireOpen(row: typeof stockCounts.$inferSelect) {
  if (row.status !== 'open') {
    throw conflict(`This count is ${row.status}: it can no longer change.`, {
      reason: 'count-closed',
      status: row.status,
    });
  }
}

// ---------------------------------------------------------------------------------------------------

/** Counts, newest first; `status` narrows the list. */
export async function listStockCounts(
  db: Queryable,
  actor: Actor,
  query: { status?: StockCountStatus[]; limit: number; cursor?: string },
): Promise<StockCountPage> {
  authorize(actor, 'inventory.count.read');
  const order = newestFirst(stockCounts, query.cursor);
  const conditions: (SQL | undefined)[] = [order.where];
  if (query.status && query.status.length > 0) {
    conditions.push(sql`${stockCounts.status} = any(${arrayOf(query.status)}::text[])`);
  }
  const where = and(...conditions);
  const result = await db.execute<SummaryRow>(sql`
    ${summarySelect}
    ${where ? sql`where ${where}` : sql``}
    order by stock_counts.created_at desc, stock_counts.id desc
    limit ${query.limit + 1}`);
  const rows = result.rows.map((row) => ({ ...row, createdAt: new Date(row.created_at) }));
  return toPage(rows, query.limit, presentSummary);
}

/** One count with its lines, or a 404. */
export async function getStockCount(db: Queryable, actor: Actor, id: string): Promise<StockCount> {
  authorize(actor, 'inventory.count.read');
  return loadCount(db, id);
}

/**
 * Opens a count of every active item (or one group's), each line expecting the item's stock now. Two
 * open counts never share an item: a count of everything overlaps any other, a group's count overlaps
 * one of the same group (409 `count-overlaps` naming the open count). Openings take one lock, so two
 * at once cannot both pass the check.
 */
export async function openStockCount(
  db: Database,
  actor: Actor,
  input: StockCountInput,
): Promise<StockCount> {
  authorize(actor, 'inventory.count.open');
  const group = input.group ?? null;
  return withTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('brigade.stock-counts.open'))`);
    const open = await tx
      .select({ id: stockCounts.id, group: stockCounts.group })
      .from(stockCounts)
      .where(eq(stockCounts.status, 'open'));
    const overlapping = open.find((count) => count.group === null || group === null || count.group === group);
    if (overlapping) {
      throw conflict(
        `A count of ${scopeWords(overlapping.group)} is already open: finish or cancel it before counting ${scopeWords(group)}.`,
        { reason: 'count-overlaps', countId: overlapping.id },
      );
    }
    const [count] = await tx
      .insert(stockCounts)
      .values({ group, note: input.note?.trim() || null, openedBy: actor.id })
      .returning({ id: stockCounts.id });
    if (!count) throw new Error('stock count insert returned nothing');
    const inserted = await tx.execute(sql`
      insert into stock_count_lines (count_id, item_id, expected)
      select ${count.id}, id, on_hand from inventory_items
       where active ${group === null ? sql`` : sql`and "group" = ${group}`}`);
    if ((inserted.rowCount ?? 0) === 0) {
      throw conflict(`There are no active ${scopeWords(group)} to count.`, { reason: 'count-empty' });
    }
    const result = await loadCount(tx, count.id);
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'inventory.count.opened',
      summary: `Opened a stock count of ${scopeWords(group)} (${result.lineCount} items)`,
      targetType: 'stock-count',
      targetId: count.id,
      after: { group, note: result.note, lineCount: result.lineCount },
    });
    await publishChange(tx, STOCK_COUNTS_TOPIC);
    return result;
  });
}

/**
 * Saves counted lines as they are typed, by anyone counting: each line keeps who counted it, when,
 * and the item's stock on the books at that moment; `null` clears a line. A line saved again with the
 * same quantity keeps its first stamp (a retried save does not move the moment it was counted). Each
 * save counts the count's version up, so a finish based on what was seen before is refused.
 */
export async function saveStockCountLines(
  db: Database,
  actor: Actor,
  id: string,
  input: StockCountLinesInput,
): Promise<StockCount> {
  authorize(actor, 'inventory.count.count');
  return withTransaction(db, async (tx) => {
    const count = await lockCount(tx, id);
    requireOpen(count);
    const ids = input.lines.map((line) => line.itemId);
    const present = await tx.execute<{ item_id: string }>(sql`
      select item_id from stock_count_lines
       where count_id = ${id} and item_id = any(${arrayOf(ids)}::uuid[])`);
    const known = new Set(present.rows.map((row) => row.item_id));
    const strayIndex = ids.findIndex((itemId) => !known.has(itemId));
    if (strayIndex >= 0) throw fieldError(`lines.${strayIndex}.itemId`, 'is not an item of this count');
    await tx.execute(sql`
      update stock_count_lines as l
         set counted = v.counted,
             counted_at = case when v.counted is null then null
                               when l.counted = v.counted then l.counted_at else clock_timestamp() end,
             counted_by = case when v.counted is null then null
                               when l.counted = v.counted then l.counted_by else ${actor.id}::uuid end,
             on_hand_at_count = case when v.counted is null then null
                                     when l.counted = v.counted then l.on_hand_at_count else i.on_hand end
        from unnest(${arrayOf(ids)}::uuid[],
                    ${arrayOf(input.lines.map((line) => line.counted && formatQuantity(quantityOf(line.counted))))}::numeric[])
               as v(item_id, counted)
        join inventory_items i on i.id = v.item_id
       where l.count_id = ${id} and l.item_id = v.item_id`);
    await tx
      .update(stockCounts)
      .set({ version: sql`${stockCounts.version} + 1` })
      .where(eq(stockCounts.id, id));
    await publishChange(tx, STOCK_COUNTS_TOPIC);
    return loadCount(tx, id);
  });
}

/**
 * Finishes a count based on `version`: one `count` movement per counted line whose quantity differs
 * from the stock on the books when it was counted, all posted in one call, then the count keeps each
 * line's difference and value and its total, and takes no more changes. Lines never counted change
 * nothing.
 */
export async function finishStockCount(
  db: Database,
  actor: Actor,
  id: string,
  input: StockCountClose,
): Promise<StockCount> {
  authorize(actor, 'inventory.count.close');
  return withTransaction(db, async (tx) => {
    const count = await lockCount(tx, id);
    requireOpen(count);
    if (count.version !== input.version) throw staleWrite('this count', count.version);
    const counted = await tx
      .select({
        itemId: stockCountLines.itemId,
        counted: stockCountLines.counted,
        onHandAtCount: stockCountLines.onHandAtCount,
      })
      .from(stockCountLines)
      .where(and(eq(stockCountLines.countId, id), sql`${stockCountLines.counted} is not null`));
    const differences = counted.map((line) => ({
      itemId: line.itemId,
      difference: quantityOf(line.counted as string) - quantityOf(line.onHandAtCount as string),
    }));
    const postings: StockPosting[] = differences
      .filter((line) => line.difference !== 0)
      .map((line) => ({
        itemId: line.itemId,
        type: 'count',
        quantity: line.difference,
        reference: { type: 'count', id },
        reason: 'Stock count',
      }));
    const posted = await postStockMovements(tx, actor, postings);
    const values = new Map<string, number>();
    for (const movement of posted)
      values.set(movement.itemId, (values.get(movement.itemId) ?? 0) + movement.value);
    const total = [...values.values()].reduce((sum, value) => sum + value, 0);
    if (differences.length > 0) {
      await tx.execute(sql`
        update stock_count_lines as l
           set difference = v.difference, value_difference = v.value
          from unnest(${arrayOf(differences.map((line) => line.itemId))}::uuid[],
                      ${arrayOf(differences.map((line) => formatQuantity(line.difference)))}::numeric[],
                      ${arrayOf(differences.map((line) => String(values.get(line.itemId) ?? 0)))}::bigint[])
                 as v(item_id, difference, value)
         where l.count_id = ${id} and l.item_id = v.item_id`);
    }
    await tx
      .update(stockCounts)
      .set({
        status: 'finished',
        closedBy: actor.id,
        closedAt: sql`clock_timestamp()`,
        valueDifference: total,
        version: sql`${stockCounts.version} + 1`,
      })
      .where(eq(stockCounts.id, id));
    const result = await loadCount(tx, id);
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'inventory.count.finished',
      summary: `Finished the stock count of ${scopeWords(count.group)}: ${postings.length} of ${result.lineCount} items adjusted`,
      targetType: 'stock-count',
      targetId: id,
      after: { counted: differences.length, adjusted: postings.length, valueDifference: total },
    });
    await publishChange(tx, STOCK_COUNTS_TOPIC);
    return result;
  });
}

/** Cancels an open count based on `version`: nothing is written to stock, and it takes no more changes. */
export async function cancelStockCount(
  db: Database,
  actor: Actor,
  id: string,
  input: StockCountClose,
): Promise<StockCount> {
  authorize(actor, 'inventory.count.close');
  return withTransaction(db, async (tx) => {
    const count = await lockCount(tx, id);
    requireOpen(count);
    if (count.version !== input.version) throw staleWrite('this count', count.version);
    await tx
      .update(stockCounts)
      .set({
        status: 'cancelled',
        closedBy: actor.id,
        closedAt: sql`clock_timestamp()`,
        version: sql`${stockCounts.version} + 1`,
      })
      .where(eq(stockCounts.id, id));
    await recordAudit(tx, actor, {
      area: 'inventory',
      action: 'inventory.count.cancelled',
      summary: `Cancelled the stock count of ${scopeWords(count.group)}`,
      targetType: 'stock-count',
      targetId: id,
    });
    await publishChange(tx, STOCK_COUNTS_TOPIC);
    return loadCount(tx, id);
  });
}
