import type { MenuTag, PublicMenu, PublicMenuItem } from '../../../shared/contracts/menu';
import { MENU_TAG_LABELS } from '../../../shared/menu-catalog';

export type PublicMenuCategory = PublicMenu['categories'][number];

export interface MenuFilters {
  search: string;
  /** Dietary tags an item must all carry. */
  tags: readonly MenuTag[];
}

/** Lower case without accents, so "creme" finds "Crème brûlée". */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchableText(item: PublicMenuItem, category: PublicMenuCategory): string {
  return normalizeText(
    [
      item.name,
      item.description,
      category.name,
      ...item.tags.map((tag) => MENU_TAG_LABELS[tag]),
      ...item.modifierGroups.flatMap((group) => group.options.map((option) => option.name)),
    ].join(' '),
  );
}

/** True when a search or a dietary filter is set. */
export function hasFilters(filters: MenuFilters): boolean {
  return filters.search.trim() !== '' || filters.tags.length > 0;
}

/**
 * The categories with only the items that match: every word of the search somewhere in the item's
 * name, description, category, tags or options, and every chosen dietary tag. Empty categories go.
 */
export function filterMenu(
  categories: readonly PublicMenuCategory[],
  filters: MenuFilters,
): PublicMenuCategory[] {
  if (!hasFilters(filters)) return [...categories];
  const words = normalizeText(filters.search).split(/\s+/).filter(Boolean);
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter((item) => {
        if (!filters.tags.every((tag) => item.tags.includes(tag))) return false;
        if (words.length === 0) return true;
        const text = searchableText(item, category);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((category) => category.items.length > 0);
}

/** "Size: Small, Regular, Large" per modifier group, at most `maxOptions` names each. */
export function modifierHints(item: PublicMenuItem, maxOptions = 4): string[] {
  return item.modifierGroups.map((group) => {
    const names = group.options.map((option) => option.name);
    const shown = names.slice(0, maxOptions).join(', ');
    const more = names.length - maxOptions;
    return `${group.name}: ${shown}${more > 0 ? ` and ${more} more` : ''}`;
  });
}
