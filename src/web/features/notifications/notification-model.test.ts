import { describe, expect, it } from 'vitest';
import { badgeText, takeArrivals, timeAgo } from './notification-model';

const NOW = Date.parse('2026-03-12T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo', () => {
  it('speaks in minutes, hours and days, then gives the date', () => {
    expect(timeAgo(ago(20_000), NOW, String)).toBe('Just now');
    expect(timeAgo(ago(-5_000), NOW, String)).toBe('Just now');
    expect(timeAgo(ago(5 * 60_000), NOW, String)).toBe('5 min ago');
    expect(timeAgo(ago(3 * 3_600_000 + 5), NOW, String)).toBe('3 h ago');
    expect(timeAgo(ago(30 * 3_600_000), NOW, String)).toBe('Yesterday');
    expect(timeAgo(ago(4 * 86_400_000), NOW, String)).toBe('4 days ago');
    expect(timeAgo(ago(7 * 86_400_000), NOW, (iso) => `on ${iso.slice(0, 10)}`)).toBe('on 2026-03-05');
    expect(timeAgo('not a date', NOW, String)).toBe('');
  });
});

describe('badgeText', () => {
  it('caps at 99+', () => {
    expect(badgeText(3)).toBe('3');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('takeArrivals', () => {
  const item = (id: string, minutesAgo: number, read = false) => ({
    id,
    readAt: read ? ago(0) : null,
    createdAt: ago(minutesAgo * 60_000),
  });

  it('gives the unread ones not seen before, oldest first, and remembers every id', () => {
    const known = new Set<string>(['a']);
    const read = [item('d', 1), item('c', 2, true), item('b', 3), item('a', 4)];
    expect(takeArrivals(read, known, null)).toEqual([item('b', 3), item('d', 1)]);
    expect([...known].sort()).toEqual(['a', 'b', 'c', 'd']);
    // The same read again: nothing new.
    expect(takeArrivals(read, known, null)).toEqual([]);
  });

  it('leaves out what is older than the first read', () => {
    const known = new Set<string>(['a']);
    expect(takeArrivals([item('n', 1), item('a', 10), item('old', 20)], known, ago(10 * 60_000))).toEqual([
      item('n', 1),
    ]);
  });
});
