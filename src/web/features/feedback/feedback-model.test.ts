import { describe, expect, it } from 'vitest';
import {
  authorLabel,
  authorWarning,
  chartY,
  durationLabel,
  feedbackKeyOf,
  feedbackQuery,
  itemsLine,
  labelledIndexes,
  linePath,
  NO_FEEDBACK_FILTERS,
  ratedNote,
  ratingName,
} from './feedback-model';

const box = { width: 400, height: 200, left: 40, right: 10, top: 10, bottom: 30 };

describe('feedback model', () => {
  it('says how many an optional rating’s average is taken over', () => {
    expect(ratedNote('food', 3, 5)).toBe('3 of 5 rated the food');
    expect(ratedNote('service', 1, 1)).toBe('1 of 1 rated the service');
    expect(ratedNote('service', 0, 4)).toBe('None rated the service');
    expect(ratedNote('food', 0, 0)).toBeNull();
  });

  it('names who wrote a feedback, and what about it deserves a second look', () => {
    const customer = { kind: 'customer', id: 'c1', name: 'Cleo Ng', role: 'customer' } as const;
    const staff = { kind: 'account', id: 's1', name: 'Sam Lee', role: 'staff' } as const;
    const linked = { kind: 'account', id: 'c2', name: 'Ana Ruiz', role: 'customer' } as const;
    const guest = { kind: 'guest', id: null, name: null, role: null } as const;
    expect(authorLabel(customer)).toBe('Cleo Ng, the order’s customer');
    expect(authorLabel(staff)).toBe('Sam Lee (staff), with the order’s link');
    expect(authorLabel(linked)).toBe('Ana Ruiz (customer account), with the order’s link');
    expect(authorLabel({ ...staff, role: null })).toBe('Sam Lee, with the order’s link');
    expect(authorLabel(guest)).toBe('Guest with the receipt link (not signed in)');

    const cleo = { id: 'c1', name: 'Cleo Ng' };
    expect(authorWarning({ author: customer, customer: cleo })).toBeNull();
    // Kept before only the order's customer could rate it.
    expect(authorWarning({ author: staff, customer: cleo })).toBe('Not written by the order’s customer.');
    expect(authorWarning({ author: guest, customer: cleo })).toBe('Not written by the order’s customer.');
    // An order without a customer account: staff with its link stand out; a guest does not.
    expect(authorWarning({ author: staff, customer: null })).toBe('Written by a member of staff.');
    expect(authorWarning({ author: guest, customer: null })).toBeNull();
    expect(authorWarning({ author: linked, customer: { id: 'c2', name: 'Ana Ruiz' } })).toBeNull();
  });

  it('names ratings and durations', () => {
    expect(ratingName(1)).toBe('1 star, Poor');
    expect(ratingName(4)).toBe('4 stars, Very good');
    expect(durationLabel(42)).toBe('42 s');
    expect(durationLabel(12 * 60 + 10)).toBe('12 min');
    expect(durationLabel(3600)).toBe('1 h');
    expect(durationLabel(3900)).toBe('1 h 5 min');
    expect(
      itemsLine([
        { name: 'Latte', quantity: 2, options: ['Oat milk'] },
        { name: 'Soup', quantity: 1 },
      ]),
    ).toBe('2× Latte (Oat milk), 1× Soup');
  });

  it('reads the key of a payment link', () => {
    expect(feedbackKeyOf('/payment/abc?key=f00d')).toBe('f00d');
    expect(feedbackKeyOf('/payment/abc')).toBeNull();
  });

  it('writes the filters as the API reads them', () => {
    expect(feedbackQuery(NO_FEEDBACK_FILTERS).toString()).toBe('');
    expect(
      feedbackQuery({
        ratings: [2, 1],
        from: '2026-11-01',
        to: '2026-11-30',
        reviewed: 'unreviewed',
      }).toString(),
    ).toBe('rating=1%2C2&from=2026-11-01&to=2026-11-30&reviewed=unreviewed');
  });

  it('draws ratings from 1 at the bottom to 5 at the top, and breaks the line where a period is empty', () => {
    expect(chartY(box, 5)).toBe(10);
    expect(chartY(box, 1)).toBe(170);
    const path = linePath(box, [5, null, 1, 1]);
    expect(path).toBe('M40.0 10.0 M273.3 170.0 L390.0 170.0');
    expect(path.match(/M/g)).toHaveLength(2);
    expect(path.match(/L/g)).toHaveLength(1);
    expect(linePath(box, [3])).toBe('M215.0 90.0');
  });

  it('labels every n-th period and the last without crowding', () => {
    expect([...labelledIndexes(5, 500, 50)]).toEqual([0, 1, 2, 3, 4]);
    const many = labelledIndexes(30, 300, 60);
    expect(many.has(0)).toBe(true);
    expect(many.has(29)).toBe(true);
    expect(many.size).toBeLessThanOrEqual(6);
  });
});
