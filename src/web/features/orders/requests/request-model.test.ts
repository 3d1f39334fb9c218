import { describe, expect, it } from 'vitest';
import {
  acceptedWithReadyTime,
  CHOSEN_TIME,
  clockTimeOf,
  DEFAULT_READY_IN,
  itemCount,
  oldestFirst,
  READY_IN_MINUTES,
  readyAtOf,
  rejectReasonsFor,
  requestToastBody,
  suggestedClockTime,
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
});

describe('the ready time given on accepting', () => {
  // 12:30:20 in Berlin (UTC+1 in November).
  const now = Date.parse('2026-11-25T11:30:20Z');
  const berlin = 'Europe/Berlin';

  it('offers 10, 15, 20 and 30 minutes, 15 at first', () => {
    expect(READY_IN_MINUTES).toEqual([10, 15, 20, 30]);
    expect(DEFAULT_READY_IN).toBe(15);
    expect(readyAtOf(15, '', now, berlin)).toEqual({ readyAt: '2026-11-25T11:45:20.000Z' });
    expect(readyAtOf(30, 'ignored', now, berlin)).toEqual({ readyAt: '2026-11-25T12:00:20.000Z' });
  });

  it('reads a typed time on the restaurant’s clock, whatever the device’s', () => {
    expect(readyAtOf(CHOSEN_TIME, '12:45', now, berlin)).toEqual({ readyAt: '2026-11-25T11:45:00.000Z' });
    // 06:30 in New York.
    expect(readyAtOf(CHOSEN_TIME, '12:45', now, 'America/New_York')).toEqual({
      readyAt: '2026-11-25T17:45:00.000Z',
    });
    expect(readyAtOf(CHOSEN_TIME, '19:00', now, 'America/New_York')).toEqual({
      problem: 'Choose a time from now to 12 hours ahead.',
    });
    expect(readyAtOf(CHOSEN_TIME, '06:45', now, 'America/New_York')).toEqual({
      readyAt: '2026-11-25T11:45:00.000Z',
    });
    expect(clockTimeOf(now, berlin)).toBe('12:30');
    expect(clockTimeOf(now, 'Asia/Kolkata')).toBe('17:00');
  });

  it('takes the time on the clock now as now, and a time passed today as tomorrow’s within 12 hours', () => {
    expect(readyAtOf(CHOSEN_TIME, '12:30', now, berlin)).toEqual({ readyAt: new Date(now).toISOString() });
    expect(readyAtOf(CHOSEN_TIME, '12:29', now, berlin)).toEqual({
      problem: 'Choose a time from now to 12 hours ahead.',
    });
    // 23:50 in Berlin: 00:20 is tomorrow's.
    const late = Date.parse('2026-11-25T22:50:00Z');
    expect(readyAtOf(CHOSEN_TIME, '00:20', late, berlin)).toEqual({ readyAt: '2026-11-25T23:20:00.000Z' });
  });

  it('follows a change of the clocks', () => {
    // 29 March 2026, 01:30 in Berlin (UTC+1); at 02:00 the clocks go to 03:00 (UTC+2).
    const night = Date.parse('2026-03-29T00:30:00Z');
    expect(readyAtOf(CHOSEN_TIME, '04:00', night, berlin)).toEqual({ readyAt: '2026-03-29T02:00:00.000Z' });
  });

  it('asks for a time when none, or no real one, was typed', () => {
    const problem = { problem: 'Enter the time it will be ready, such as 12:45.' };
    expect(readyAtOf(CHOSEN_TIME, '', now, berlin)).toEqual(problem);
    expect(readyAtOf(CHOSEN_TIME, '25:00', now, berlin)).toEqual(problem);
    expect(readyAtOf(CHOSEN_TIME, '12:5', now, berlin)).toEqual(problem);
  });

  it('suggests the default’s time, rounded up to five minutes, for a typed time', () => {
    expect(suggestedClockTime(now, berlin)).toBe('12:50');
    expect(suggestedClockTime(Date.parse('2026-11-25T11:30:00Z'), berlin)).toBe('12:45');
  });
});

describe('the accepted requests', () => {
  it('are the open orders given a ready time, the soonest first', () => {
    const orders = [
      { id: 'late', readyAt: '2026-11-25T12:30:00Z' },
      { id: 'till', readyAt: null },
      { id: 'soon', readyAt: '2026-11-25T12:10:00Z' },
    ];
    expect(acceptedWithReadyTime(orders).map((order) => order.id)).toEqual(['soon', 'late']);
  });
});
