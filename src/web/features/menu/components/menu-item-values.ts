import type { Allergen, MenuItem, MenuItemInput, MenuTag, Station } from '../../../../shared/contracts/menu';
import { inputToMinor, minorToInput } from '../../../../shared/money';
import type { Conversion, FieldErrors } from '../../../lib/use-schema-form';

/**
 * The item form's values as typed (amounts and counts are text) and their conversion into the request
 * body the shared schema checks. Pure, so the rules are tested without a browser.
 */

export const AMOUNT_MESSAGE = 'Enter an amount such as 4.50.';
export const COUNT_MESSAGE = 'Enter a whole number such as 1.';
export const CATEGORY_MESSAGE = 'Choose a category.';

export interface OptionValues {
  /** A key for React only; never sent. */
  key: string;
  name: string;
  priceDelta: string;
}

export interface GroupValues {
  key: string;
  name: string;
  minChoices: string;
  maxChoices: string;
  options: OptionValues[];
}

export interface MenuItemValues {
  name: string;
  description: string;
  categoryId: string;
  price: string;
  station: Station;
  availableToday: boolean;
  shownOnline: boolean;
  tags: MenuTag[];
  allergens: Allergen[];
  modifierGroups: GroupValues[];
}

let lastKey = 0;
/** A key for a new group or option row (crypto.randomUUID needs a secure origin; this does not). */
export function rowKey(): string {
  lastKey += 1;
  return `row-${lastKey}`;
}

export function newOption(currency: string): OptionValues {
  return { key: rowKey(), name: '', priceDelta: minorToInput(0, currency) };
}

/** A new group: one option to fill in, "pick up to 1". */
export function newGroup(currency: string): GroupValues {
  return { key: rowKey(), name: '', minChoices: '0', maxChoices: '1', options: [newOption(currency)] };
}

/** The form's first values: a new item in `categoryId`, or an item as saved. */
export function initialMenuItemValues(
  item: MenuItem | null,
  currency: string,
  categoryId: string,
): MenuItemValues {
  if (!item) {
    return {
      name: '',
      description: '',
      categoryId,
      price: '',
      station: 'kitchen',
      availableToday: true,
      shownOnline: true,
      tags: [],
      allergens: [],
      modifierGroups: [],
    };
  }
  return {
    name: item.name,
    description: item.description,
    categoryId: item.categoryId,
    price: minorToInput(item.price, currency),
    station: item.station,
    availableToday: item.availableToday,
    shownOnline: item.shownOnline,
    tags: [...item.tags],
    allergens: [...item.allergens],
    modifierGroups: item.modifierGroups.map((group) => ({
      key: rowKey(),
      name: group.name,
      minChoices: String(group.minChoices),
      maxChoices: String(group.maxChoices),
      options: group.options.map((option) => ({
        key: rowKey(),
        name: option.name,
        priceDelta: minorToInput(option.priceDelta, currency),
      })),
    })),
  };
}

/** `+1.50`, `-0.50`, `1.50` → minor units; a price difference may be negative. */
function amountOf(text: string, currency: string): number | null {
  return inputToMinor(text.trim().replace(/^\+/, ''), currency);
}

function countOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

/** Typed values → the request body of `POST /api/menu/items`, with what could not be read, by path. */
export function convertMenuItemValues(values: MenuItemValues, currency: string): Conversion {
  const errors: FieldErrors = {};
  const amount = (text: string, path: string, allowSign: boolean) => {
    const minor = allowSign ? amountOf(text, currency) : inputToMinor(text, currency);
    if (minor === null) errors[path] = AMOUNT_MESSAGE;
    return minor ?? 0;
  };
  const count = (text: string, path: string) => {
    const value = countOf(text);
    if (value === null) errors[path] = COUNT_MESSAGE;
    return value ?? 0;
  };
  if (values.categoryId === '') errors.categoryId = CATEGORY_MESSAGE;

  const input: MenuItemInput = {
    name: values.name,
    description: values.description,
    // An empty choice is reported above in plain words rather than as "must be an id".
    categoryId: values.categoryId || '00000000-0000-4000-8000-000000000000',
    price: amount(values.price, 'price', false),
    station: values.station,
    availableToday: values.availableToday,
    shownOnline: values.shownOnline,
    tags: values.tags,
    allergens: values.allergens,
    modifierGroups: values.modifierGroups.map((group, groupIndex) => ({
      name: group.name,
      minChoices: count(group.minChoices, `modifierGroups.${groupIndex}.minChoices`),
      maxChoices: count(group.maxChoices, `modifierGroups.${groupIndex}.maxChoices`),
      options: group.options.map((option, optionIndex) => ({
        name: option.name,
        priceDelta: amount(
          option.priceDelta,
          `modifierGroups.${groupIndex}.options.${optionIndex}.priceDelta`,
          true,
        ),
      })),
    })),
  };
  return { input, errors: Object.keys(errors).length > 0 ? errors : undefined };
}
