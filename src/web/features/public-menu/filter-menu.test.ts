import { describe, expect, it } from 'vitest';
import type { PublicMenuItem } from '../../../shared/contracts/menu';
import { filterMenu, hasFilters, modifierHints, normalizeText, type PublicMenuCategory } from './filter-menu';

function item(name: string, patch: Partial<PublicMenuItem> = {}): PublicMenuItem {
  return {
    id: name,
    name,
    description: '',
    price: 450,
    photoUrl: null,
    availableToday: true,
    tags: [],
    allergens: [],
    modifierGroups: [],
    ...patch,
  };
}

const MENU: PublicMenuCategory[] = [
  {
    id: 'coffee',
    name: 'Coffee',
    description: '',
    items: [
      item('Flat White', {
        modifierGroups: [
          {
            id: 'g',
            name: 'Milk',
            minChoices: 1,
            maxChoices: 1,
            options: [
              { id: 'o1', name: 'Whole', priceDelta: 0 },
              { id: 'o2', name: 'Oat', priceDelta: 50 },
            ],
          },
        ],
      }),
      item('Iced Tea', { tags: ['vegan', 'gluten-free'] }),
    ],
  },
  {
    id: 'sweet',
    name: 'Desserts',
    description: '',
    items: [item('Crème brûlée', { description: 'Vanilla custard', tags: ['vegetarian'] })],
  },
];

const names = (categories: PublicMenuCategory[]) => categories.flatMap((c) => c.items.map((i) => i.name));

describe('filterMenu', () => {
  it('returns everything without filters', () => {
    expect(names(filterMenu(MENU, { search: '  ', tags: [] }))).toEqual([
      'Flat White',
      'Iced Tea',
      'Crème brûlée',
    ]);
    expect(hasFilters({ search: ' ', tags: [] })).toBe(false);
  });

  it('matches every word, ignoring case and accents, in names, descriptions, categories and options', () => {
    expect(names(filterMenu(MENU, { search: 'creme', tags: [] }))).toEqual(['Crème brûlée']);
    expect(names(filterMenu(MENU, { search: 'VANILLA dessert', tags: [] }))).toEqual(['Crème brûlée']);
    expect(names(filterMenu(MENU, { search: 'oat', tags: [] }))).toEqual(['Flat White']);
    expect(names(filterMenu(MENU, { search: 'coffee', tags: [] }))).toEqual(['Flat White', 'Iced Tea']);
    expect(filterMenu(MENU, { search: 'pizza', tags: [] })).toEqual([]);
  });

  it('keeps only items with all chosen tags, and drops empty categories', () => {
    const vegan = filterMenu(MENU, { search: '', tags: ['vegan'] });
    expect(vegan.map((c) => c.id)).toEqual(['coffee']);
    expect(names(vegan)).toEqual(['Iced Tea']);
    expect(names(filterMenu(MENU, { search: '', tags: ['vegan', 'vegetarian'] }))).toEqual([]);
  });

  it('finds tags by their label', () => {
    expect(names(filterMenu(MENU, { search: 'gluten-free', tags: [] }))).toEqual(['Iced Tea']);
  });
});

describe('modifierHints and normalizeText', () => {
  it('lists option names per group, shortened', () => {
    expect(modifierHints(MENU[0]!.items[0]!)).toEqual(['Milk: Whole, Oat']);
    expect(modifierHints(MENU[0]!.items[0]!, 1)).toEqual(['Milk: Whole and 1 more']);
  });

  it('folds accents', () => {
    expect(normalizeText('Jalapeño Crème')).toBe('jalapeno creme');
  });
});
