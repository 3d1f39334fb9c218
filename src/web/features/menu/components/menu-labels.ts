import type { Allergen, Station } from '../../../../shared/contracts/menu';

/** The 14 declarable allergens as a menu prints them. */
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  peanuts: 'Peanuts',
  soybeans: 'Soybeans',
  milk: 'Milk',
  nuts: 'Tree nuts',
  celery: 'Celery',
  mustard: 'Mustard',
  sesame: 'Sesame',
  sulphites: 'Sulphites',
  lupin: 'Lupin',
  molluscs: 'Molluscs',
};

/** Where an item is prepared: its tickets go to this station. */
export const STATION_LABELS: Record<Station, string> = {
  kitchen: 'Kitchen',
  bar: 'Bar',
};
