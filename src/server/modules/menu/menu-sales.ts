import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { ModifierGroup, Station } from '../../../shared/contracts/menu';
import type { Queryable } from '../../db/transaction';
import { inIds } from '../../lib/resource';
import { imageUrl } from '../images';
import { foodCategories } from './food-categories.schema';
import { menuItems, modifierGroups, modifierOptions } from './menu.schema';
import { loadModifierGroups } from './menu.service';

/** A menu item as an order sees it: what it costs, where it is made, and whether it may be sold. */
export interface SellableItem {
  id: string;
  name: string;
  price: number;
  station: Station;
  /** False once archived, or while its category is archived. */
  onMenu: boolean;
  availableToday: boolean;
  shownOnline: boolean;
  modifierGroups: ModifierGroup[];
}

/**
 * The named items with their modifier groups and options, read in the caller's transaction (missing
 * ids absent), in one statement: placing an order pays for every round trip to the database.
 */
export async function menuItemsForSale(db: Queryable, ids: string[]): Promise<Map<string, SellableItem>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return sellableItems(
    db,
    sql`i.id in (${sql.join(
      unique.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}

/**
 * Every item on the menu (active, in an active category) as `menuItemsForSale` gives it: what a
 * process keeps in memory to check and price point-of-sale orders without reading the menu for each
 * (use-cases/sale-context.ts).
 */
export function allMenuItemsForSale(db: Queryable): Promise<Map<string, SellableItem>> {
  return sellableItems(db, sql`i.active and c.active`);
}

async function sellableItems(db: Queryable, where: SQL): Promise<Map<string, SellableItem>> {
  const result = await db.execute(sql`
    select i.id, i.name, i.price, i.station, i.active and c.active as "onMenu",
      i.available_today as "availableToday", i.shown_online as "shownOnline",
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'minChoices', g.min_choices, 'maxChoices', g.max_choices,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'priceDelta', o.price_delta)
              order by o.sort_order, o.id)
            from ${modifierOptions} o where o.group_id = g.id), '[]'::json))
          order by g.sort_order, g.id)
        from ${modifierGroups} g where g.menu_item_id = i.id), '[]'::json) as "modifierGroups"
    from ${menuItems} i join ${foodCategories} c on c.id = i.category_id
    where ${where}`);
  const rows = result.rows as unknown as SellableItem[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** One category of the point of sale's menu. */
export interface SalesCategory {
  id: string;
  name: string;
  items: {
    id: string;
    name: string;
    price: number;
    photoUrl: string | null;
    availableToday: boolean;
    station: Station;
    modifierGroups: ModifierGroup[];
  }[];
}

/**
 * The point of sale's menu: every active item of every active category in the owner's order, shown
 * online or not (staff sell what guests cannot order online), with items sold out today marked.
 */
export async function pointOfSaleMenu(db: Queryable): Promise<SalesCategory[]> {
  const categories = await db
    .select({ id: foodCategories.id, name: foodCategories.name })
    .from(foodCategories)
    .where(eq(foodCategories.active, true))
    .orderBy(asc(foodCategories.sortOrder), asc(foodCategories.id));
  const rows = await db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.active, true),
        inIds(
          menuItems.categoryId,
          categories.map((category) => category.id),
        ),
      ),
    )
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  const groups = await loadModifierGroups(
    db,
    rows.map((row) => row.id),
  );
  return categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      items: rows
        .filter((row) => row.categoryId === category.id)
        .map((row) => ({
          id: row.id,
          name: row.name,
          price: row.price,
          photoUrl: row.photoId ? imageUrl(row.photoId) : null,
          availableToday: row.availableToday,
          station: row.station as Station,
          modifierGroups: groups.get(row.id) ?? [],
        })),
    }))
    .filter((category) => category.items.length > 0);
}
