import { describe, expect, it } from 'vitest';
import {
  advanceLabel,
  ageMinutes,
  ageTone,
  boardColumns,
  formatAge,
  forStation,
  parseStationFilter,
} from './board-model';

const line = (station: 'kitchen' | 'bar', name: string = station) => ({ station, name });
const order = (
  id: string,
  status: 'pending' | 'confirmed' | 'preparing' | 'ready' | 'out-for-delivery',
  createdAt: string,
  lines = [line('kitchen')],
) => ({ id, status, createdAt, lines });

describe('order age', () => {
  const start = '2026-11-25T12:00:00.000Z';
  const at = (minutes: number, seconds = 0) => Date.parse(start) + minutes * 60_000 + seconds * 1000;

  it('counts whole minutes, never below zero', () => {
    expect(ageMinutes(start, at(0, 59))).toBe(0);
    expect(ageMinutes(start, at(12, 30))).toBe(12);
    expect(ageMinutes(start, at(-1))).toBe(0);
    expect(ageMinutes('not a date', at(5))).toBe(0);
  });

  it('turns amber at the amber threshold and red at the red one', () => {
    const thresholds = { amberMinutes: 10, redMinutes: 20 };
    expect(ageTone(9, thresholds)).toBe('fresh');
    expect(ageTone(10, thresholds)).toBe('amber');
    expect(ageTone(19, thresholds)).toBe('amber');
    expect(ageTone(20, thresholds)).toBe('red');
    expect(ageTone(90, { amberMinutes: 5, redMinutes: 8 })).toBe('red');
  });

  it('reads as minutes, then hours and minutes', () => {
    expect(formatAge(0)).toBe('0 min');
    expect(formatAge(12)).toBe('12 min');
    expect(formatAge(65)).toBe('1 h 05 min');
  });
});

describe('station filter', () => {
  it('keeps only the station’s lines and hides an order with none', () => {
    const mixed = order('a', 'confirmed', '2026-11-25T12:00:00Z', [
      line('kitchen', 'Soup'),
      line('bar', 'Latte'),
    ]);
    expect(forStation(mixed, 'all')).toBe(mixed);
    expect(forStation(mixed, 'bar')?.lines).toEqual([line('bar', 'Latte')]);
    expect(forStation(order('b', 'confirmed', '2026-11-25T12:00:00Z'), 'bar')).toBeNull();
  });

  it('reads a stored value, and anything unknown as all', () => {
    expect(parseStationFilter('bar', ['kitchen', 'bar'])).toBe('bar');
    expect(parseStationFilter('grill', ['kitchen', 'bar'])).toBe('all');
    expect(parseStationFilter(null, ['kitchen', 'bar'])).toBe('all');
  });
});

describe('board columns', () => {
  it('puts each order in its column, oldest first, and leaves other statuses out', () => {
    const orders = [
      order('new', 'confirmed', '2026-11-25T12:10:00Z'),
      order('old', 'confirmed', '2026-11-25T12:00:00Z'),
      order('cooking', 'preparing', '2026-11-25T11:50:00Z'),
      order('pass', 'ready', '2026-11-25T11:40:00Z'),
      order('road', 'out-for-delivery', '2026-11-25T11:30:00Z'),
      order('request', 'pending', '2026-11-25T11:20:00Z'),
    ];
    const columns = boardColumns(orders, 'all');
    expect(columns.confirmed.map((o) => o.id)).toEqual(['old', 'new']);
    expect(columns.preparing.map((o) => o.id)).toEqual(['cooking']);
    expect(columns.ready.map((o) => o.id)).toEqual(['pass']);
  });

  it('applies the station filter', () => {
    const orders = [
      order('food', 'confirmed', '2026-11-25T12:00:00Z'),
      order('drink', 'confirmed', '2026-11-25T12:01:00Z', [line('bar')]),
    ];
    expect(boardColumns(orders, 'bar').confirmed.map((o) => o.id)).toEqual(['drink']);
  });
});

describe('the one-tap button', () => {
  it('names the next status', () => {
    expect(advanceLabel('preparing')).toBe('Start');
    expect(advanceLabel('ready')).toBe('Ready');
    expect(advanceLabel('completed')).toBe('Complete');
    expect(advanceLabel('out-for-delivery')).toBe('Out for delivery');
  });
});
