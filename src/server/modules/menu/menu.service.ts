import { createHash } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  MENU_API,
  type MenuItem,
  type MenuItemInput,
  MenuItemInputSchema,
  MenuItemSchema,
  type MenuItemUpdate,
  MenuItemUpdateSchema,
  type ModifierGroup,
  type ModifierGroupInput,
  type PublicMenu,
} from '../../../shared/contracts/menu';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { reorderRecords } from '../../lib/reorder';
import { defineResource, inIds, pickDefined } from '../../lib/resource';
import type { WriteEffects } from '../../lib/write-effects';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { publishChange } from '../events';
import {
  deleteImage,
  getImage,
  IMAGE_SIZES,
  imageIdFromUrl,
  imageUrl,
  type ProcessedImage,
  processImage,
  saveProcessedImage,
} from '../images';
import { getSettings } from '../settings';
import { foodCategories } from './food-categories.schema';
import { menuItems, modifierGroups, modifierOptions } from './menu.schema';

type MenuItemRow = typeof menuItems.$inferSelect;
export const MENU_PHOTO = 'menu-item';

/** The modifier groups of the given items, with their options, in their order. */
export async function loadModifierGroups(
  db: Queryable,
  itemIds: string[],
): Promise<Map<string, ModifierGroup[]>> {
  const result = new Map<string, ModifierGroup[]>();
  if (itemIds.length === 0) return result;
  const groups = await db
    .select()
    .from(modifierGroups)
    .where(inIds(modifierGroups.menuItemId, itemIds))
    .orderBy(asc(modifierGroups.sortOrder), asc(modifierGroups.id));
  const options = groups.length
    ? await db
        .select()
        .from(modifierOptions)
        .where(
          inIds(
            modifierOptions.groupId,
            groups.map((group) => group.id),
          ),
        )
        .orderBy(asc(modifierOptions.sortOrder), asc(modifierOptions.id))
    : [];
  const optionsByGroup = new Map<string, ModifierGroup['options']>();
  for (const option of options) {
    const list = optionsByGroup.get(option.groupId) ?? [];
    list.push({ id: option.id, name: option.name, priceDelta: option.priceDelta });
    optionsByGroup.set(option.groupId, list);
  }
  for (const group of groups) {
    const list = result.get(group.menuItemId) ?? [];
    list.push({
      id: group.id,
      name: group.name,
      minChoices: group.minChoices,
      maxChoices: group.maxChoices,
      options: optionsByGroup.get(group.id) ?? [],
    });
    result.set(group.menuItemId, list);
  }
  return result;
}

/** Replaces an item's modifier groups (orders keep their own copies of names and prices). */
async function replaceModifierGroups(db: Database, itemId: string, groups: ModifierGroupInput[]) {
  await db.delete(modifierGroups).where(eq(modifierGroups.menuItemId, itemId));
  for (const [groupIndex, group] of groups.entries()) {
    const [row] = await db
      .insert(modifierGroups)
      .values({
        menuItemId: itemId,
        name: group.name,
        minChoices: group.minChoices,
        maxChoices: group.maxChoices,
        sortOrder: groupIndex,
      })
      .returning({ id: modifierGroups.id });
    if (!row) throw new Error('modifier group insert returned nothing');
    await db.insert(modifierOptions).values(
      group.options.map((option, optionIndex) => ({
        groupId: row.id,
        name: option.name,
        priceDelta: option.priceDelta,
        sortOrder: optionIndex,
      })),
    );
  }
}

/**
 * The category name and the modifier groups (with their options, in their order) of each given item,
 * in one query: the groups and options come back as JSON built by PostgreSQL, and the ids go as one
 * array parameter (`= any($1)`), not a list of hundreds of parameters.
 */
async function loadItemDetails(
  db: Database,
  itemIds: string[],
): Promise<Map<string, { categoryName: string; modifierGroups: ModifierGroup[] }>> {
  const details = new Map<string, { categoryName: string; modifierGroups: ModifierGroup[] }>();
  if (itemIds.length === 0) return details;
  const result = await db.execute<{
    id: string;
    category_name: string;
    modifier_groups: ModifierGroup[];
  }>(sql`
    select i.id, c.name as category_name,
      coalesce((
        select json_agg(json_build_object(
          'id', g.id, 'name', g.name, 'minChoices', g.min_choices, 'maxChoices', g.max_choices,
          'options', coalesce((
            select json_agg(json_build_object('id', o.id, 'name', o.name, 'priceDelta', o.price_delta)
              order by o.sort_order, o.id)
            from modifier_options o where o.group_id = g.id), '[]'::json)
        ) order by g.sort_order, g.id)
        from modifier_groups g where g.menu_item_id = i.id), '[]'::json) as modifier_groups
    from menu_items i join food_categories c on c.id = i.category_id
    where i.id = any(${sql.param(itemIds)}::uuid[])`);
  for (const row of result.rows) {
    details.set(row.id, { categoryName: row.category_name, modifierGroups: row.modifier_groups });
  }
  return details;
}

async function presentMenuItems(db: Database, rows: MenuItemRow[]): Promise<MenuItem[]> {
  const details = await loadItemDetails(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    active: row.active,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    categoryName: details.get(row.id)?.categoryName ?? '',
    price: row.price,
    photoUrl: row.photoId ? imageUrl(row.photoId) : null,
    availableToday: row.availableToday,
    shownOnline: row.shownOnline,
    tags: row.tags as MenuItem['tags'],
    allergens: row.allergens as MenuItem['allergens'],
    station: row.station as MenuItem['station'],
    sortOrder: row.sortOrder,
    modifierGroups: details.get(row.id)?.modifierGroups ?? [],
  }));
}

/** Option prices by "group\0option" (names compared as the schema's uniqueness does). */
function optionPrices(
  groups: readonly { name: string; options: readonly { name: string; priceDelta: number }[] }[],
) {
  const prices = new Map<string, number>();
  for (const group of groups) {
    for (const option of group.options) {
      prices.set(
        `${group.name.trim().toLowerCase()}\0${option.name.trim().toLowerCase()}`,
        option.priceDelta,
      );
    }
  }
  return prices;
}

/** Whether a change sets a price: the item's, or an option's (a new option with a surcharge too). */
export function changesAPrice(
  before: Pick<MenuItem, 'price' | 'modifierGroups'>,
  change: Pick<MenuItemUpdate, 'price' | 'modifierGroups'>,
): boolean {
  if (change.price !== undefined && change.price !== before.price) return true;
  if (change.modifierGroups === undefined) return false;
  const old = optionPrices(before.modifierGroups);
  for (const [key, price] of optionPrices(change.modifierGroups)) {
    if (price !== (old.get(key) ?? 0)) return true;
  }
  return false;
}

const ItemListFilters = {
  categoryId: MenuItemInputSchema.shape.categoryId.optional().openapi({ description: 'Only this category' }),
};

export const menuItemResource = defineResource<
  MenuItem,
  MenuItemInput,
  MenuItemUpdate,
  typeof ItemListFilters
>({
  table: menuItems,
  path: MENU_API.items,
  tag: 'Menu',
  noun: 'menu item',
  topics: ['menu'],
  nounPlural: 'menu items',
  auditArea: 'menu',
  effects: { audit: recordAudit, publish: publishChange } satisfies WriteEffects,
  access: { read: 'staff', write: 'admin', readPolicy: 'menu.item.read' },
  inputSchema: MenuItemInputSchema,
  updateSchema: MenuItemUpdateSchema,
  itemSchema: MenuItemSchema,
  toValues: (input) => {
    const { modifierGroups: _groups, ...fields } = input;
    return pickDefined(fields);
  },
  check: async (db, values, existing) => {
    const categoryId = values.categoryId as string | undefined;
    if (categoryId !== undefined && categoryId !== existing?.categoryId) {
      const [category] = await db
        .select({ id: foodCategories.id, active: foodCategories.active })
        .from(foodCategories)
        .where(eq(foodCategories.id, categoryId));
      if (!category?.active) {
        const message = category ? 'is an archived food category' : 'is not a food category';
        throw badRequest(`Invalid request body: categoryId: ${message}`, {
          issues: [{ path: 'categoryId', message }],
        });
      }
    }
    // A new item, or one moved to another category, goes last in its category unless placed.
    if (categoryId !== undefined && values.sortOrder === undefined && categoryId !== existing?.categoryId) {
      const [row] = await db
        .select({ next: sql<number>`coalesce(max(${menuItems.sortOrder}) + 1, 0)::int` })
        .from(menuItems)
        .where(eq(menuItems.categoryId, categoryId));
      values.sortOrder = row?.next ?? 0;
    }
  },
  afterWrite: async (tx, row, input) => {
    if (input.modifierGroups !== undefined) await replaceModifierGroups(tx, row.id, input.modifierGroups);
  },
  afterDelete: async (tx, row) => {
    const photoId = (row as unknown as MenuItemRow).photoId;
    if (photoId) await deleteImage(tx, photoId);
  },
  present: (db, rows) => presentMenuItems(db, rows as unknown as MenuItemRow[]),
  // Policies: who writes menu items, and who changes a price (staff never; see src/server/policies).
  authorize: (actor, { kind, input, before }) => {
    if (!actor) return; // the system (demo seed)
    if (kind === 'create') return authorize(actor, 'menu.item.create');
    if (kind === 'delete') return authorize(actor, 'menu.item.delete');
    if (before && input && changesAPrice(before, input)) authorize(actor, 'menu.item.price.change');
    authorize(actor, 'menu.item.update');
  },
  position: { column: menuItems.sortOrder, key: 'sortOrder' },
  extraFilters: {
    shape: ItemListFilters,
    where: (query) => [query.categoryId ? eq(menuItems.categoryId, query.categoryId) : undefined],
  },
  searchColumns: [menuItems.name, menuItems.description],
  uniqueMessages: {
    menu_items_name_unique: {
      field: 'name',
      message: (values) => `A menu item named “${String(values.name)}” already exists.`,
    },
  },
});

async function replaceMenuItemPhoto(
  db: Database,
  actor: Actor | null,
  id: string,
  image: ProcessedImage | null,
): Promise<MenuItem> {
  if (actor) authorize(actor, 'menu.item.update');
  return db.transaction(async (tx) => {
    await publishChange(tx, 'menu'); // announced at commit only
    const [current] = await tx.select().from(menuItems).where(eq(menuItems.id, id)).for('update');
    if (!current) throw notFound('There is no menu item with this id.');
    const stored = image ? await saveProcessedImage(tx, MENU_PHOTO, image) : null;
    const [row] = await tx
      .update(menuItems)
      .set({ photoId: stored?.id ?? null, updatedAt: new Date() })
      .where(eq(menuItems.id, id))
      .returning();
    if (!row) throw notFound('There is no menu item with this id.');
    if (current.photoId) {
      await deleteImage(tx, current.photoId, MENU_PHOTO);
    }
    await recordAudit(tx, actor, {
      area: 'menu',
      action: stored ? 'menu-item.photo-changed' : 'menu-item.photo-removed',
      summary: `${stored ? 'Changed' : 'Removed'} the photo of menu item “${row.name}”`,
      targetType: 'menu item',
      targetId: row.id,
      before: { photoUrl: current.photoId ? imageUrl(current.photoId) : null },
      after: { photoUrl: stored ? imageUrl(stored.id) : null },
    });
    const [item] = await presentMenuItems(tx, [row]);
    if (!item) throw new Error('menu item could not be presented');
    return item;
  });
}

/**
 * Sets a menu item's photo from an upload: decoded (JPEG, PNG or WebP only), turned upright, stripped
 * of metadata, fitted in 1200 × 1200 and stored as WebP in the database; the previous photo is deleted.
 */
export async function setMenuItemPhoto(db: Database, actor: Actor | null, id: string, bytes: Uint8Array) {
  // Decode before the transaction, so no row lock is held while the CPU works.
  const image = await processImage(bytes, IMAGE_SIZES[MENU_PHOTO]);
  return replaceMenuItemPhoto(db, actor, id, image);
}

/** Removes a menu item's photo. */
export async function removeMenuItemPhoto(db: Database, actor: Actor | null, id: string) {
  return replaceMenuItemPhoto(db, actor, id, null);
}

/** A name for a copy that no other item has: "Latte (copy)", "Latte (copy 2)", … */
async function freeCopyName(db: Database, name: string): Promise<string> {
  const base = `${name.slice(0, 88)} (copy`;
  const taken = await db
    .select({ name: menuItems.name })
    .from(menuItems)
    .where(sql`lower(${menuItems.name}) like lower(${`${base.replace(/[\\%_]/g, '\\$&')}%`})`);
  const names = new Set(taken.map((row) => row.name.toLowerCase()));
  for (let index = 1; ; index++) {
    const candidate = index === 1 ? `${base})` : `${base} ${index})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Copies a menu item with its modifier groups and photo, placed right after it. The copy is hidden
 * online until the owner has edited it, so guests never see "Latte (copy)".
 */
export async function duplicateMenuItem(db: Database, actor: Actor | null, id: string): Promise<MenuItem> {
  return db.transaction(async (tx) => {
    await publishChange(tx, 'menu'); // announced at commit only
    // Copies of one item are made one at a time, so two at once cannot both pick "… (copy)".
    const locked = await menuItemResource.loadRow(tx, id, true);
    if (!locked) throw notFound('There is no menu item with this id.');
    const source = await menuItemResource.presentOne(tx, locked);
    const photoId = imageIdFromUrl(source.photoUrl);
    const photo = photoId ? await getImage(tx, photoId) : null;
    const copiedPhoto = photo
      ? await saveProcessedImage(tx, MENU_PHOTO, {
          content: photo.content,
          contentType: photo.contentType,
          width: photo.width,
          height: photo.height,
          etag: photo.etag,
        })
      : null;
    // Make room right after the original.
    await tx
      .update(menuItems)
      .set({ sortOrder: sql`${menuItems.sortOrder} + 1` })
      .where(
        and(eq(menuItems.categoryId, source.categoryId), sql`${menuItems.sortOrder} > ${source.sortOrder}`),
      );
    const input: MenuItemInput = {
      name: await freeCopyName(tx, source.name),
      description: source.description,
      categoryId: source.categoryId,
      price: source.price,
      availableToday: source.availableToday,
      shownOnline: false,
      tags: source.tags,
      allergens: source.allergens,
      station: source.station,
      sortOrder: source.sortOrder + 1,
      modifierGroups: source.modifierGroups.map((group) => ({
        name: group.name,
        minChoices: group.minChoices,
        maxChoices: group.maxChoices,
        options: group.options.map((option) => ({ name: option.name, priceDelta: option.priceDelta })),
      })),
    };
    const copy = await menuItemResource.create(tx, actor, input);
    if (!copiedPhoto) return copy;
    await tx.update(menuItems).set({ photoId: copiedPhoto.id }).where(eq(menuItems.id, copy.id));
    // Read back: setting the photo also moved `updatedAt`, and the answer must be the stored record.
    return menuItemResource.get(tx, actor, copy.id);
  });
}

/** Puts menu items in the order guests see them (the items of one category, in the order given). */
export async function reorderMenuItems(db: Database, actor: Actor, ids: string[]): Promise<void> {
  authorize(actor, 'menu.item.reorder');
  await reorderRecords(
    db,
    actor,
    {
      table: menuItems,
      noun: 'menu item',
      nounPlural: 'menu items',
      auditArea: 'menu',
      topics: ['menu'],
      ids,
    },
    { audit: recordAudit, publish: publishChange },
  );
}

/**
 * The version of everything the public menu shows: it changes whenever an item, a category or the
 * settings change, so `If-None-Match` can be answered, and a built menu reused, without building it.
 * Besides the count and the newest `updated_at`, the sum of the rows' `xmin` (the transaction that
 * wrote each row version) moves on every write, even two in the same millisecond.
 */
export async function publicMenuVersion(db: Database): Promise<string> {
  const state = (table: string) =>
    sql.raw(
      `(select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || coalesce(sum(xmin::text::bigint), 0) from ${table})`,
    );
  const result = await db.execute(sql`
    select ${state('menu_items')} as items, ${state('food_categories')} as categories,
      ${state('restaurant_settings')} as settings
  `);
  const row = result.rows[0] as Record<string, string> | undefined;
  return createHash('sha256')
    .update(`${row?.items}|${row?.categories}|${row?.settings}`)
    .digest('base64url')
    .slice(0, 27);
}

/**
 * The public menu (`/`): the restaurant's details and the items shown online, by
 * category in the owner's order. Hidden, archived and archived-category items never appear, and
 * nothing about cost does.
 */
export async function getPublicMenu(db: Database): Promise<PublicMenu> {
  const settings = await getSettings(db);
  const categories = await db
    .select()
    .from(foodCategories)
    .where(eq(foodCategories.active, true))
    .orderBy(asc(foodCategories.sortOrder), asc(foodCategories.id));
  const rows = await db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.active, true),
        eq(menuItems.shownOnline, true),
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
  return {
    restaurant: {
      name: settings.name,
      address: settings.address,
      phone: settings.phone,
      email: settings.email,
      logoUrl: settings.logoUrl,
      currency: settings.currency,
      locale: settings.locale,
      timeZone: settings.timeZone,
      onlineOrdering: settings.onlineOrdering,
      openingHours: settings.openingHours,
      pricing: {
        taxPercent: settings.taxPercent,
        taxInclusive: settings.taxInclusive,
        serviceChargePercent: settings.serviceChargePercent,
        deliveryFee: settings.deliveryFee,
        deliveryMinimum: settings.deliveryMinimum,
      },
    },
    categories: categories
      .map((category) => ({
        id: category.id,
        name: category.name,
        description: category.description,
        items: rows
          .filter((row) => row.categoryId === category.id)
          .map((row) => ({
            id: row.id,
            name: row.name,
            description: row.description,
            price: row.price,
            photoUrl: row.photoId ? imageUrl(row.photoId) : null,
            availableToday: row.availableToday,
            tags: row.tags as MenuItem['tags'],
            allergens: row.allergens as MenuItem['allergens'],
            modifierGroups: groups.get(row.id) ?? [],
          })),
      }))
      .filter((category) => category.items.length > 0),
  };
}
