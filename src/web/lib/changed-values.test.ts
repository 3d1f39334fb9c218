import { describe, expect, it } from 'vitest';
import { changedValues, sameValue } from './changed-values';

const latte = {
  name: 'Latte',
  price: 450,
  tags: ['vegetarian'],
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
    { name: 'Milk', minChoices: 0, maxChoices: 1, options: [{ name: 'Oat', priceDelta: 50 }] },
  ],
  version: 3,
};

describe('changedValues', () => {
  it('is empty when nothing differs, the version included', () => {
    expect(changedValues(latte, structuredClone(latte))).toEqual({});
    expect(changedValues(latte, { ...structuredClone(latte), version: 4 })).toEqual({});
  });

  it('keeps only the fields that differ', () => {
    expect(changedValues(latte, { ...latte, price: 480 })).toEqual({ price: 480 });
    expect(changedValues(latte, { ...latte, name: 'Flat white', price: 480 })).toEqual({
      name: 'Flat white',
      price: 480,
    });
  });

  it('sends a list of groups whole when one option deep inside it changed', () => {
    const next = structuredClone(latte);
    next.modifierGroups[0]!.options[1]!.priceDelta = 175;
    expect(changedValues(latte, next)).toEqual({ modifierGroups: next.modifierGroups });
  });

  it('sends a list whole when an element is added, removed or moved', () => {
    const added = structuredClone(latte);
    added.modifierGroups[1]!.options.push({ name: 'Soy', priceDelta: 50 });
    expect(changedValues(latte, added)).toEqual({ modifierGroups: added.modifierGroups });

    const removed = { ...latte, modifierGroups: latte.modifierGroups.slice(0, 1) };
    expect(changedValues(latte, removed)).toEqual({ modifierGroups: removed.modifierGroups });

    const moved = { ...latte, modifierGroups: [...latte.modifierGroups].reverse() };
    expect(changedValues(latte, moved)).toEqual({ modifierGroups: moved.modifierGroups });

    expect(changedValues(latte, { ...latte, tags: [] })).toEqual({ tags: [] });
  });

  it('sends an object field whole when one of its keys differs, and ignores key order', () => {
    const base = { policy: { minLength: 8, requireDigit: true }, legal: { terms: '', privacy: '' } };
    expect(
      changedValues(base, {
        policy: { requireDigit: true, minLength: 8 },
        legal: { terms: 'T', privacy: '' },
      }),
    ).toEqual({ legal: { terms: 'T', privacy: '' } });
  });

  it('tells null from empty text and from zero, and never sends undefined', () => {
    const base = { minOrder: null as number | null, description: '', usageLimit: 0 as number | undefined };
    expect(changedValues(base, { minOrder: 0, description: '', usageLimit: 0 })).toEqual({ minOrder: 0 });
    expect(changedValues(base, { minOrder: null, description: '', usageLimit: undefined })).toEqual({});
  });

  it('sends every field when there is nothing to compare with', () => {
    expect(changedValues(null, { name: 'Latte', price: 450, version: 1 })).toEqual({
      name: 'Latte',
      price: 450,
    });
  });
});

describe('sameValue', () => {
  it('compares lists in order and objects by key, a missing key as undefined', () => {
    expect(sameValue(['pos', 'online'], ['pos', 'online'])).toBe(true);
    expect(sameValue(['pos', 'online'], ['online', 'pos'])).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
  });
});
