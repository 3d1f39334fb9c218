import { z } from 'zod';
import { ALLERGENS, MENU_TAGS, STATIONS } from '../menu-catalog';
import {
  idField,
  nameField,
  priceDeltaField,
  priceField,
  recordFields,
  sortOrderField,
  textField,
} from './fields';
import { updateSchemaOf } from './master-data';

export {
  ALLERGENS,
  type Allergen,
  allergenLabel,
  DIETARY_TAGS,
  type DietaryTag,
  MENU_API,
  MENU_TAG_LABELS,
  MENU_TAGS,
  type MenuTag,
  STATIONS,
  type Station,
} from '../menu-catalog';

export const MAX_MODIFIER_GROUPS = 10;
export const MAX_MODIFIER_OPTIONS = 30;

const uniqueList = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item, { error: `must be a list of ${what}` })
    .max(20, `must have at most 20 ${what}`)
    .refine((values) => new Set(values).size === values.length, `must not name the same ${what} twice`);

export const ModifierOptionInputSchema = z.strictObject({
  name: nameField(60),
  priceDelta: priceDeltaField,
});

/**
 * A modifier group: "Size" (pick exactly 1) or "Extras" (pick 0..3). The guest must choose at least
 * `minChoices` and at most `maxChoices` options; every order is checked against this.
 */
export const ModifierGroupInputSchema = z
  .strictObject({
    name: nameField(60),
    minChoices: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(MAX_MODIFIER_OPTIONS, `must be at most ${MAX_MODIFIER_OPTIONS}`),
    maxChoices: z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_MODIFIER_OPTIONS, `must be at most ${MAX_MODIFIER_OPTIONS}`),
    options: z
      .array(ModifierOptionInputSchema, { error: 'must be a list of options' })
      .min(1, 'must have at least one option')
      .max(MAX_MODIFIER_OPTIONS, `must have at most ${MAX_MODIFIER_OPTIONS} options`),
  })
  .superRefine((group, context) => {
    if (group.minChoices > group.maxChoices) {
      context.addIssue({
        code: 'custom',
        path: ['minChoices'],
        message: 'must not be more than the maximum choices',
      });
    }
    if (group.maxChoices > group.options.length) {
      context.addIssue({
        code: 'custom',
        path: ['maxChoices'],
        message: 'must not be more than the number of options',
      });
    }
    const names = group.options.map((option) => option.name.trim().toLowerCase());
    names.forEach((name, index) => {
      if (names.indexOf(name) !== index) {
        context.addIssue({
          code: 'custom',
          path: ['options', index, 'name'],
          message: 'is the same as another option of this group',
        });
      }
    });
  });

export const MenuItemInputSchema = z.strictObject({
  name: nameField(),
  description: textField(1000).optional(),
  categoryId: idField,
  price: priceField,
  availableToday: z.boolean({ error: 'must be true or false' }).optional(),
  shownOnline: z.boolean({ error: 'must be true or false' }).optional(),
  tags: uniqueList(z.enum(MENU_TAGS, { error: `must be one of ${MENU_TAGS.join(', ')}` }), 'tags').optional(),
  allergens: uniqueList(
    z.enum(ALLERGENS, { error: `must be one of ${ALLERGENS.join(', ')}` }),
    'allergens',
  ).optional(),
  station: z.enum(STATIONS, { error: 'must be kitchen or bar' }).optional(),
  sortOrder: sortOrderField.optional(),
  modifierGroups: z
    .array(ModifierGroupInputSchema, { error: 'must be a list of modifier groups' })
    .max(MAX_MODIFIER_GROUPS, `must have at most ${MAX_MODIFIER_GROUPS} groups`)
    .superRefine((groups, context) => {
      const names = groups.map((group) => group.name.trim().toLowerCase());
      names.forEach((name, index) => {
        if (names.indexOf(name) !== index) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            message: 'is the same as another group of this item',
          });
        }
      });
    })
    .optional(),
});
export const MenuItemUpdateSchema = updateSchemaOf(MenuItemInputSchema);
export type MenuItemInput = z.infer<typeof MenuItemInputSchema>;
export type MenuItemUpdate = z.infer<typeof MenuItemUpdateSchema>;
export type ModifierGroupInput = z.infer<typeof ModifierGroupInputSchema>;

export const ModifierOptionSchema = z.object({ id: z.string(), name: z.string(), priceDelta: z.number() });
export const ModifierGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  minChoices: z.number(),
  maxChoices: z.number(),
  options: z.array(ModifierOptionSchema),
});
export type ModifierGroup = z.infer<typeof ModifierGroupSchema>;

export const MenuItemSchema = z.object({
  ...recordFields,
  name: z.string(),
  description: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  price: z.number(),
  photoUrl: z.string().nullable(),
  availableToday: z.boolean(),
  shownOnline: z.boolean(),
  tags: z.array(z.enum(MENU_TAGS)),
  allergens: z.array(z.enum(ALLERGENS)),
  station: z.enum(STATIONS),
  sortOrder: z.number(),
  modifierGroups: z.array(ModifierGroupSchema),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** `POST /api/food-categories/reorder` and `POST /api/menu/items/reorder`: the new order, first to last. */
export const ReorderInputSchema = z.strictObject({
  ids: z
    .array(idField, { error: 'must be a list of ids' })
    .min(1, 'must name at least one record')
    .max(500, 'must name at most 500 records')
    .refine((ids) => new Set(ids).size === ids.length, 'must not name the same record twice'),
});

/** One item of the public menu: what a guest may see, nothing about cost, visibility or archive. */
export const PublicMenuItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  photoUrl: z.string().nullable(),
  availableToday: z.boolean(),
  tags: z.array(z.enum(MENU_TAGS)),
  allergens: z.array(z.enum(ALLERGENS)),
  modifierGroups: z.array(ModifierGroupSchema),
});
export type PublicMenuItem = z.infer<typeof PublicMenuItemSchema>;

export const OpeningHoursRangeSchema = z.object({ open: z.string(), close: z.string() });

export const PublicMenuSchema = z.object({
  restaurant: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    logoUrl: z.string().nullable(),
    currency: z.string(),
    locale: z.string(),
    timeZone: z.string(),
    onlineOrdering: z.boolean(),
    openingHours: z.record(z.string(), z.array(OpeningHoursRangeSchema)),
    /** What the guests' checkout prices a cart with (the server prices the order the same way). */
    pricing: z.object({
      taxPercent: z.number(),
      taxInclusive: z.boolean(),
      serviceChargePercent: z.number(),
      deliveryFee: z.number(),
      deliveryMinimum: z.number(),
    }),
  }),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      items: z.array(PublicMenuItemSchema),
    }),
  ),
});
export type PublicMenu = z.infer<typeof PublicMenuSchema>;
