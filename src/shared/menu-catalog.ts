/**
 * The menu's fixed vocabularies, free of zod so that the public page can use
 * them without loading the validation library. `contracts/menu.ts` re-exports them.
 */

/** Tags of a menu item; the dietary ones drive the filters of the public menu. */
export const MENU_TAGS = [
  'vegetarian',
  'vegan',
  'gluten-free',
  'dairy-free',
  'nut-free',
  'halal',
  'spicy',
  'new',
  'popular',
] as const;
export type MenuTag = (typeof MENU_TAGS)[number];

/** The tags a guest filters by on the public menu. */
export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'gluten-free',
  'dairy-free',
  'nut-free',
  'halal',
] as const;
export type DietaryTag = (typeof DIETARY_TAGS)[number];

export const MENU_TAG_LABELS: Record<MenuTag, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  'gluten-free': 'Gluten-free',
  'dairy-free': 'Dairy-free',
  'nut-free': 'Nut-free',
  halal: 'Halal',
  spicy: 'Spicy',
  new: 'New',
  popular: 'Popular',
};

/** The 14 allergens food businesses must declare (EU 1169/2011, UK). */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const STATIONS = ['kitchen', 'bar'] as const;
export type Station = (typeof STATIONS)[number];

/** Allergen names as a guest reads them ("sulphites" → "Sulphites"). */
export function allergenLabel(allergen: Allergen): string {
  return allergen.charAt(0).toUpperCase() + allergen.slice(1);
}

export const MENU_API = {
  items: '/api/menu/items',
  reorderItems: '/api/menu/items/reorder',
  reorderCategories: '/api/food-categories/reorder',
  publicMenu: '/api/menu/public',
} as const;
