import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../db/columns';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded pictures (profile photos now, menu photos later), already decoded, resized and re-encoded.
 * Kept in the database so that every app process serves the same files and backups hold them.
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
    /** Strong validator: SHA-256 of the content, hex. */
    etag: text('etag').notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [index('stored_images_purpose_idx').on(table.purpose)],
);
