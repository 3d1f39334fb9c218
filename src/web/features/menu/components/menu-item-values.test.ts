import { describe, expect, it } from 'vitest';
import { type MenuItem, MenuItemInputSchema } from '../../../../shared/contracts/menu';
import { changedValues } from '../../../lib/changed-values';
import { validateWithSchema } from '../../../lib/use-schema-form';
import {
  AMOUNT_MESSAGE,
  CATEGORY_MESSAGE,
  convertMenuItemValues,
  initialMenuItemValues,
  type MenuItemValues,
} from './menu-item-values';

const CATEGORY = '6f1c2b9e-8a43-4d5e-9b7a-0c1d2e3f4a5b';

function latte(): MenuItemValues {
  return {
    ...initialMenuItemValues(null, 'USD', CATEGORY),
    name: 'Latte',
    price: '4.5',
    modifierGroups: [
      {
        key: 'g',
        name: 'Size',
        minChoices: '1',
        maxChoices: '1',
        options: [
          { key: 'a', name: 'Small', priceDelta: '0.00' },
          { key: 'b', name: 'Large', priceDelta: '+1.50' },
        ],
      },
    ],
  };
}

const validate = (values: MenuItemValues) =>
  validateWithSchema(MenuItemInputSchema, values, (current) => convertMenuItemValues(current, 'USD'));

describe('the menu item form values', () => {
  it('become the request body the server expects: minor units, whole numbers, no row keys', () => {
    const { input, errors } = validate(latte());
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      name: 'Latte',
      categoryId: CATEGORY,
      price: 450,
      modifierGroups: [
        {
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Small', priceDelta: 0 },
            { name: 'Large', priceDelta: 150 },
          ],
        },
      ],
    });
  });

  it('name each nested problem on its own path, in sentences', () => {
    const values = latte();
    values.price = '4.505';
    values.categoryId = '';
    const group = values.modifierGroups[0]!;
    values.modifierGroups[0] = {
      ...group,
      minChoices: '2',
      maxChoices: '1',
      options: [group.options[0]!, { ...group.options[1]!, name: 'small', priceDelta: '-0.5' }],
    };
    const { input, errors } = validate(values);
    expect(input).toBeNull();
    expect(errors).toMatchObject({
      price: AMOUNT_MESSAGE,
      categoryId: CATEGORY_MESSAGE,
      'modifierGroups.0.minChoices': 'Must not be more than the maximum choices.',
      'modifierGroups.0.options.1.name': 'Is the same as another option of this group.',
    });
    // A negative price difference is fine.
    expect(errors['modifierGroups.0.options.1.priceDelta']).toBeUndefined();
  });

  it('report counts that are not whole numbers', () => {
    const values = latte();
    values.modifierGroups[0] = { ...values.modifierGroups[0]!, maxChoices: 'two' };
    expect(validate(values).errors['modifierGroups.0.maxChoices']).toBe('Enter a whole number such as 1.');
  });

  it('patch only what changed, and the whole group list when a group changed', () => {
    const saved: MenuItem = {
      id: 'i',
      active: true,
      version: 1,
      createdAt: '',
      updatedAt: '',
      name: 'Latte',
      description: '',
      categoryId: CATEGORY,
      categoryName: 'Coffee',
      price: 450,
      photoUrl: null,
      availableToday: true,
      shownOnline: true,
      tags: [],
      allergens: ['milk'],
      station: 'bar',
      sortOrder: 0,
      modifierGroups: [
        {
          id: 'g',
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { id: 'a', name: 'Small', priceDelta: 0 },
            { id: 'b', name: 'Large', priceDelta: 150 },
          ],
        },
      ],
    };
    const initial = initialMenuItemValues(saved, 'USD', '');
    const before = validate(initial).input!;
    expect(changedValues(before, validate({ ...initial, price: '4.80' }).input!)).toEqual({ price: 480 });

    const renamed = structuredClone(initial);
    renamed.modifierGroups[0]!.options[1]!.name = 'Grande';
    expect(changedValues(before, validate(renamed).input!)).toEqual({
      modifierGroups: [
        {
          name: 'Size',
          minChoices: 1,
          maxChoices: 1,
          options: [
            { name: 'Small', priceDelta: 0 },
            { name: 'Grande', priceDelta: 150 },
          ],
        },
      ],
    });
    expect(changedValues(before, validate(initial).input!)).toEqual({});
  });
});
