import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/transaction';
import { type ProcessedImage, saveProcessedImage } from '../images';
import { foodCategories } from './food-categories.schema';
import { menuItems } from './menu.schema';
import { MENU_PHOTO } from './menu.service';

/** Whether the menu has anything yet (a food category or an item): the demo seed leaves such a menu alone. */
export async function menuHasRecords(db: Queryable): Promise<boolean> {
  const result = await db.execute(
    sql`select exists (select 1 from ${foodCategories}) or exists (select 1 from ${menuItems}) as found`,
  );
  return (result.rows[0] as { found: boolean } | undefined)?.found === true;
}

/**
 * Stores an already processed photo as a menu item's photo, inside the caller's transaction (the demo
 * seed decodes its pictures before it opens one). No audit entry: the item's creation has one.
 */
export async function attachMenuItemPhoto(
  tx: Queryable,
  itemId: string,
  image: ProcessedImage,
): Promise<void> {
  const stored = await saveProcessedImage(tx, MENU_PHOTO, image);
  await tx.update(menuItems).set({ photoId: stored.id }).where(eq(menuItems.id, itemId));
}
