import { describe, expect, it } from 'vitest';
import {
  bottomDishes,
  completedAt,
  type DashboardDish,
  heatmapGrid,
  hourRange,
  inDrill,
  topDishes,
  zonedParts,
} from './dashboard-model';

const dish = (name: string, quantity: number, revenue: number): DashboardDish => ({
  menuItemId: name,
  name,
  categoryName: 'Mains',
  quantity,
  revenue,
  foodCostPercent: null,
});

describe('dashboard model', () => {
  it('builds the full weekday × hour grid', () => {
    const grid = heatmapGrid([
      { weekday: 1, hour: 9, orders: 2, sales: 1000 },
      { weekday: 7, hour: 23, orders: 1, sales: 500 },
      { weekday: 8, hour: 1, orders: 1, sales: 1 },
    ]);
    expect(grid).toHaveLength(7);
    expect(grid.every((row) => row.length === 24)).toBe(true);
    expect(grid[0]![9]).toEqual({ orders: 2, sales: 1000 });
    expect(grid[6]![23]).toEqual({ orders: 1, sales: 500 });
    expect(grid.flat().reduce((sum, cell) => sum + cell.orders, 0)).toBe(3);
  });

  it('picks the top and bottom dishes by quantity or revenue', () => {
    const dishes = [
      dish('Soup', 10, 5000),
      dish('Cake', 2, 9000),
      dish('Tea', 30, 3000),
      dish('Pie', 2, 100),
    ];
    expect(topDishes(dishes, 'quantity', 2).map((d) => d.name)).toEqual(['Tea', 'Soup']);
    expect(topDishes(dishes, 'revenue', 2).map((d) => d.name)).toEqual(['Cake', 'Soup']);
    // Equal quantities: by name.
    expect(bottomDishes(dishes, 'quantity', 2).map((d) => d.name)).toEqual(['Cake', 'Pie']);
    expect(bottomDishes(dishes, 'revenue', 1).map((d) => d.name)).toEqual(['Pie']);
    expect(topDishes(dishes, 'revenue')).toHaveLength(4);
  });

  it('names hours', () => {
    expect(hourRange(9)).toBe('9:00–10:00');
    expect(hourRange(23)).toBe('23:00–24:00');
  });

  it('finds when and on which weekday and hour an order was completed, in the restaurant’s zone', () => {
    const order = {
      timeline: [
        { kind: 'status', status: 'confirmed', at: '2026-03-10T08:00:00Z' },
        { kind: 'status', status: 'completed', at: '2026-03-10T09:30:00Z' },
      ],
      updatedAt: '2026-03-11T00:00:00Z',
    };
    expect(completedAt(order)).toBe('2026-03-10T09:30:00Z');
    expect(completedAt({ timeline: [], updatedAt: '2026-03-11T00:00:00Z' })).toBe('2026-03-11T00:00:00Z');
    // 2026-03-10 is a Tuesday.
    expect(zonedParts('2026-03-10T09:30:00Z', 'UTC')).toEqual({ day: '2026-03-10', weekday: 2, hour: 9 });
    expect(zonedParts('2026-03-10T23:30:00Z', 'Asia/Tokyo')).toEqual({
      day: '2026-03-11',
      weekday: 3,
      hour: 8,
    });
    expect(zonedParts('2026-03-15T00:10:00Z', 'UTC')).toEqual({ day: '2026-03-15', weekday: 7, hour: 0 });
    const period = { from: '2026-03-01', to: '2026-03-31' };
    expect(inDrill(order, { title: '', period, weekday: 2, hour: 9 }, 'UTC')).toBe(true);
    expect(inDrill(order, { title: '', period, weekday: 2, hour: 10 }, 'UTC')).toBe(false);
    expect(inDrill(order, { title: '', period, hour: 9 }, 'UTC')).toBe(true);
    expect(inDrill(order, { title: '', period }, 'UTC')).toBe(true);
  });
});
