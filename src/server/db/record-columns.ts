import { type AnyColumn, sql } from 'drizzle-orm';
import { boolean, type ExtraConfigColumn, index, text } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from './columns';

/** `lower(column)`: names are unique whatever their case (a unique index on it). */
export const lower = (column: AnyColumn) => sql`lower(${column})`;

/**
 * The columns of a named record of the back office (master data, food categories): archived
 * (`active = false`) rather than deleted once something refers to it, with a version for stale writes.
 */
export const namedRecordColumns = () => ({
  id: idColumn(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  version: versionColumn(),
  ...timestampColumns(),
});

/**
 * The indexes every such list needs: newest first (`created_at desc, id desc`, the list's sort
 * key, read backwards from an ascending index: a `desc` index would sort nulls last and not match) and a trigram index over the columns `search` looks in (`ILIKE '%…%'`; one multicolumn GIN
 * index serves a condition on any of its columns).
 */
export const listIndexes = (
  name: string,
  table: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn },
  search: [ExtraConfigColumn, ...ExtraConfigColumn[]],
) => {
  const [first, ...rest] = search;
  return [
    index(`${name}_created_idx`).on(table.createdAt, table.id),
    index(`${name}_search_trgm_idx`).using(
      'gin',
      first.op('gin_trgm_ops'),
      ...rest.map((column) => column.op('gin_trgm_ops')),
    ),
  ];
};
