import { describe, expect, it } from 'vitest';
import { barSlots, labelledIndexes, linePath, niceTicks, pointX, shareOf, valueY } from './chart-geometry';

const box = { width: 400, height: 200, left: 40, right: 10, top: 10, bottom: 30 };

describe('chart geometry', () => {
  it('puts values between the axis’ bottom and top, and points across the plot', () => {
    expect(valueY(box, 5, 1, 5)).toBe(10);
    expect(valueY(box, 1, 1, 5)).toBe(170);
    expect(valueY(box, 0, 0, 0)).toBe(170);
    expect(pointX(box, 0, 3)).toBe(40);
    expect(pointX(box, 2, 3)).toBe(390);
    expect(pointX(box, 0, 1)).toBe(215);
  });

  it('breaks a line where a value is missing', () => {
    expect(linePath(box, [5, null, 1, 1], 1, 5)).toBe('M40.0 10.0 M273.3 170.0 L390.0 170.0');
    expect(linePath(box, [null], 1, 5)).toBe('');
  });

  it('labels every n-th point and the last without crowding', () => {
    expect([...labelledIndexes(5, 500, 50)]).toEqual([0, 1, 2, 3, 4]);
    const many = labelledIndexes(30, 300, 60);
    expect(many.has(0)).toBe(true);
    expect(many.has(29)).toBe(true);
    expect(many.size).toBeLessThanOrEqual(6);
  });

  it('lays bars side by side within the plot', () => {
    const slots = barSlots(box, 4);
    expect(slots).toHaveLength(4);
    expect(slots[0]!.x).toBeGreaterThanOrEqual(40);
    const last = slots[3]!;
    expect(last.x + last.width).toBeLessThanOrEqual(390);
    expect(barSlots(box, 0)).toEqual([]);
  });

  it('makes round ticks that reach the largest value', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(1000)).toEqual([0, 250, 500, 750, 1000]);
    const ticks = niceTicks(18_437);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(18_437);
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('gives a bar’s share of the largest', () => {
    expect(shareOf(5, 10)).toBe(0.5);
    expect(shareOf(5, 0)).toBe(0);
    expect(shareOf(20, 10)).toBe(1);
  });
});
