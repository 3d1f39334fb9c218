import { describe, expect, it } from 'vitest';
import {
  itemCount,
  OTHER_REASON,
  oldestFirst,
  rejectReasonsFor,
  rejectReasonText,
  requestToastBody,
  takeUnseen,
} from './request-model';

const line = (quantity: number) => ({ quantity }) as never;

describe('a new request’s notification', () => {
  it('names the number, the place and the items', () => {
    expect(requestToastBody({ number: 1043, type: 'takeaway', table: null, lines: [line(1), line(1)] })).toBe(
      '#1043 · Takeaway · 2 items',
    );
    expect(
      requestToastBody({ number: 7, type: 'dine-in', table: { id: 't', name: 'T5' }, lines: [line(1)] }),
    ).toBe('#7 · Table T5 · 1 item');
    expect(requestToastBody({ number: 8, type: 'delivery', table: null, lines: [line(3)] })).toBe(
      '#8 · Delivery · 3 items',
    );
  });

  it('counts quantities, not lines', () => {
    expect(itemCount({ lines: [line(2), line(3)] })).toBe('5 items');
  });
});

describe('requests not announced yet', () => {
  it('answers each request once, oldest first', () => {
    const seen = new Set(['a']);
    const pending = [
      { id: 'c', createdAt: '2026-11-25T12:02:00Z' },
      { id: 'b', createdAt: '2026-11-25T12:01:00Z' },
      { id: 'a', createdAt: '2026-11-25T12:00:00Z' },
    ];
    expect(takeUnseen(pending, seen).map((order) => order.id)).toEqual(['b', 'c']);
    expect(takeUnseen(pending, seen)).toEqual([]);
  });
});

describe('the requests list', () => {
  it('puts the guest who has waited longest on top', () => {
    const requests = [
      { id: 'new', createdAt: '2026-11-25T12:02:00Z' },
      { id: 'old', createdAt: '2026-11-25T12:00:00Z' },
      { id: 'mid', createdAt: '2026-11-25T12:01:00Z' },
    ];
    expect(oldestFirst(requests).map((order) => order.id)).toEqual(['old', 'mid', 'new']);
    // The list it was given is left as it was.
    expect(requests[0]?.id).toBe('new');
  });
});

describe('a rejection’s reason', () => {
  it('offers the usual reasons, the address only for a delivery', () => {
    expect(rejectReasonsFor('delivery')).toEqual([
      'Too busy right now',
      'Item sold out',
      'Closing soon',
      'Cannot deliver to this address',
    ]);
    expect(rejectReasonsFor('takeaway')).toEqual(['Too busy right now', 'Item sold out', 'Closing soon']);
    expect(rejectReasonsFor('dine-in')).not.toContain('Cannot deliver to this address');
  });

  it('sends a preset’s words, or the typed reason for Other…', () => {
    expect(rejectReasonText('Item sold out', 'ignored')).toBe('Item sold out');
    expect(rejectReasonText(OTHER_REASON, '  The oven is broken  ')).toBe('The oven is broken');
    expect(rejectReasonText(OTHER_REASON, '   ')).toBe('');
    expect(rejectReasonText(null, 'typed before choosing')).toBe('');
  });
});
