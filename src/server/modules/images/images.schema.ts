import {
  type AnyPgColumn,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded pictures (profile photos, menu photos, the logo), already decoded, resized and re-encoded.
 * Kept in the database so that every app process serves the same files and backups hold them. A
 * smaller copy made for a list or a phone (`variant` `w320`…) points at its source and goes with it.
 */
export const storedImages = pgTable(
  'stored_images',
  {
    id: idColumn(),
    /** `profile-photo`, `menu-item`, … */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The picture a smaller copy was made from; null for an upload. */
    sourceId: uuid('source_id').references((): AnyPgColumn => storedImages.id, { onDelete: 'cascade' }),
    /** `w320`, `w640`, …: the width a copy was fitted to; null for an upload. */
    variant: text('variant'),
    /** Strong validator: SHA-256 of the content, hex. */
    etag: text('etag').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('stored_images_purpose_idx').on(table.purpose),
    uniqueIndex('stored_images_variant_unique').on(table.sourceId, table.variant),
  ],
);
