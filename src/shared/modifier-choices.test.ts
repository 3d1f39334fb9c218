import { describe, expect, it } from 'vitest';
import {
  type ChoiceItem,
  choiceHint,
  choicesProblem,
  chooseRow,
  clearGroup,
  groupChoices,
  type ModifierGroup,
  toggleOption,
  unitPriceWith,
} from './modifier-choices';

/** A group whose options are `[id, name, priceDelta]`. */
function group(
  name: string,
  [minChoices, maxChoices]: [number, number],
  options: [string, string, number][],
): ModifierGroup {
  return {
    id: `g-${name.toLowerCase()}`,
    name,
    minChoices,
    maxChoices,
    options: options.map(([id, optionName, priceDelta]) => ({ id, name: optionName, priceDelta })),
  };
}

const size = group(
  'Size',
  [1, 1],
  [
    ['o-small', 'Small', -50],
    ['o-large', 'Large', 150],
  ],
);
const extras = group(
  'Extras',
  [0, 2],
  [
    ['o-shot', 'Extra shot', 75],
    ['o-syrup', 'Syrup', 50],
    ['o-cream', 'Cream', 0],
  ],
);
const milk = group(
  'Milk',
  [0, 1],
  [
    ['o-oat', 'Oat', 60],
    ['o-soy', 'Soy', 40],
  ],
);
const latte: ChoiceItem = { price: 450, modifierGroups: [size, extras, milk] };

/** The rows as `label:checked/blocked` marks, to compare at a glance. */
const marks = (rows: ReturnType<typeof groupChoices>['rows']) =>
  rows.map((row) => `${row.label}${row.checked ? ' ✓' : ''}${row.blocked ? ' ✗' : ''}`);

describe('modifier rules', () => {
  it('says what to choose, never more than the options', () => {
    expect(choiceHint(size)).toBe('Choose 1');
    expect(choiceHint(extras)).toBe('Choose up to 2');
    expect(choiceHint({ ...extras, minChoices: 1 })).toBe('Choose 1 to 2');
    expect(choiceHint({ ...extras, minChoices: 2 })).toBe('Choose 2');
    expect(choiceHint({ ...extras, maxChoices: 9 })).toBe('Choose up to 3');
  });

  it('refuses a missing required choice or too many, naming the group', () => {
    expect(choicesProblem(latte, [])).toBe('Choose a size option.');
    expect(choicesProblem(latte, ['o-large'])).toBeNull();
    expect(choicesProblem({ ...latte, modifierGroups: [{ ...extras, minChoices: 2 }] }, ['o-shot'])).toBe(
      'Choose 1 more extras option.',
    );
    expect(
      choicesProblem({ ...latte, modifierGroups: [{ ...extras, minChoices: 3, maxChoices: 3 }] }, []),
    ).toBe('Choose 3 more extras options.');
    expect(choicesProblem(latte, ['o-large', 'o-shot', 'o-syrup', 'o-cream'])).toBe(
      'Choose at most 2 extras options.',
    );
  });

  it('toggles radios and checkboxes within their limits', () => {
    expect(toggleOption(size, ['o-small'], 'o-large')).toEqual(['o-large']);
    expect(toggleOption(size, ['o-large'], 'o-large')).toEqual(['o-large']);
    expect(toggleOption(milk, ['o-oat'], 'o-oat')).toEqual([]);
    expect(toggleOption(extras, ['o-shot'], 'o-syrup')).toEqual(['o-shot', 'o-syrup']);
    expect(toggleOption(extras, ['o-shot', 'o-syrup'], 'o-cream')).toEqual(['o-shot', 'o-syrup']);
    expect(toggleOption(extras, ['o-shot', 'o-syrup'], 'o-shot')).toEqual(['o-syrup']);
  });

  it("changes only the tapped group's choices", () => {
    expect(toggleOption(size, ['o-shot', 'o-small', 'o-oat'], 'o-large')).toEqual([
      'o-shot',
      'o-oat',
      'o-large',
    ]);
    expect(clearGroup(extras, ['o-large', 'o-shot', 'o-oat', 'o-syrup'])).toEqual(['o-large', 'o-oat']);
  });

  it('prices an item with its options, never below nothing', () => {
    expect(unitPriceWith(latte, ['o-large', 'o-shot'])).toBe(675);
    expect(unitPriceWith({ ...latte, price: 20 }, ['o-small'])).toBe(0);
  });
});

describe('a picker of one group', () => {
  it('shows a required single choice as radios without "None"', () => {
    const picked = groupChoices(size, []);
    expect(picked).toMatchObject({ single: true, required: true, satisfied: false });
    expect(marks(picked.rows)).toEqual(['Small', 'Large']);
    expect(picked.rows.map((row) => row.priceDelta)).toEqual([-50, 150]);
    expect(groupChoices(size, ['o-large'])).toMatchObject({ satisfied: true });
    expect(marks(groupChoices(size, ['o-large']).rows)).toEqual(['Small', 'Large ✓']);
  });

  it('starts an optional single choice with "None", ticked while nothing is chosen', () => {
    const picked = groupChoices(milk, ['o-large']);
    expect(picked).toMatchObject({ single: true, required: false, satisfied: true });
    expect(marks(picked.rows)).toEqual(['None ✓', 'Oat', 'Soy']);
    expect(picked.rows[0]).toMatchObject({ optionId: null, priceDelta: 0 });
    expect(marks(groupChoices(milk, ['o-soy']).rows)).toEqual(['None', 'Oat', 'Soy ✓']);
  });

  it('shows a multiple choice as checkboxes and blocks the rest once it holds its maximum', () => {
    const picked = groupChoices(extras, ['o-shot']);
    expect(picked).toMatchObject({ single: false, required: false });
    expect(marks(picked.rows)).toEqual(['Extra shot ✓', 'Syrup', 'Cream']);
    expect(marks(groupChoices(extras, ['o-shot', 'o-cream']).rows)).toEqual([
      'Extra shot ✓',
      'Syrup ✗',
      'Cream ✓',
    ]);
    // Another group's choices do not count towards this one's maximum.
    expect(marks(groupChoices(extras, ['o-shot', 'o-large']).rows)).toEqual([
      'Extra shot ✓',
      'Syrup',
      'Cream',
    ]);
  });

  it('counts a required multiple choice as satisfied from its minimum', () => {
    const two = { ...extras, minChoices: 2, maxChoices: 3 };
    expect(groupChoices(two, ['o-shot'])).toMatchObject({ required: true, satisfied: false });
    expect(groupChoices(two, ['o-shot', 'o-cream'])).toMatchObject({ satisfied: true });
  });

  it('clears the group for "None" and toggles an option otherwise', () => {
    expect(chooseRow(milk, ['o-large', 'o-oat'], null)).toEqual(['o-large']);
    expect(chooseRow(milk, ['o-large', 'o-oat'], 'o-soy')).toEqual(['o-large', 'o-soy']);
    expect(chooseRow(extras, ['o-shot'], 'o-shot')).toEqual([]);
  });
});
