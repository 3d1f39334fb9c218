import type { Allergen, MenuTag } from '../../../shared/contracts/menu';
import type { Weekday } from '../../../shared/contracts/settings';

/*
 * Copies of plain constants from `src/shared/contracts/menu.ts` and `settings.ts`. Those modules build
 * zod schemas at load time, and importing any value from them puts zod (about 30 kB gzipped) into the
 * public page, which must stay light on a phone. The types keep the copies complete, and
 * `menu-constants.test.ts` checks that they equal the contracts, so they cannot drift apart.
 */

/** `MENU_API.publicMenu`. */
export const PUBLIC_MENU_API = '/api/menu/public';

/** `DIETARY_TAGS`: the tags a guest filters by. */
export const DIETARY_TAGS = [
  'vegetarian',
  'vegan',
  'gluten-free',
  'dairy-free',
  'nut-free',
  'halal',
] as const satisfies readonly MenuTag[];
export type DietaryTag = (typeof DIETARY_TAGS)[number];

/** `MENU_TAG_LABELS`. */
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

/** `WEEKDAYS`, Monday first. */
export const WEEKDAYS = [
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
] as const satisfies readonly Weekday[];

/** `WEEKDAY_LABELS`. */
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** Allergen names as a guest reads them ("sulphites" → "Sulphites"). */
export function allergenLabel(allergen: Allergen): string {
  return allergen.charAt(0).toUpperCase() + allergen.slice(1);
}
