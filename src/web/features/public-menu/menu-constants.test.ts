import { describe, expect, it } from 'vitest';
import * as menuContract from '../../../shared/contracts/menu';
import * as settingsContract from '../../../shared/contracts/settings';
import {
  allergenLabel,
  DIETARY_TAGS,
  MENU_TAG_LABELS,
  PUBLIC_MENU_API,
  WEEKDAY_LABELS,
  WEEKDAYS,
} from './menu-constants';

describe('the public menu’s zod-free copies of the contracts', () => {
  it('equal the shared contracts', () => {
    expect(PUBLIC_MENU_API).toBe(menuContract.MENU_API.publicMenu);
    expect(DIETARY_TAGS).toEqual(menuContract.DIETARY_TAGS);
    expect(MENU_TAG_LABELS).toEqual(menuContract.MENU_TAG_LABELS);
    expect(WEEKDAYS).toEqual(settingsContract.WEEKDAYS);
    expect(WEEKDAY_LABELS).toEqual(settingsContract.WEEKDAY_LABELS);
  });

  it('names allergens with a capital', () => {
    expect(menuContract.ALLERGENS.map(allergenLabel)).toContain('Sulphites');
    expect(allergenLabel('milk')).toBe('Milk');
  });
});
