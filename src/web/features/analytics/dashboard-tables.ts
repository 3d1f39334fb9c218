import type { Dashboard } from '../../../shared/contracts/reports';
import type { DataCell, DataTable } from '../../components/charts/data-table';
import { minorAsDecimal, textCell } from '../../components/charts/data-table';
import { type DashboardDish, heatmapGrid, hourRange, WEEKDAY_NAMES } from './dashboard-model';

/**
 * Every chart card's numbers as rows: the "Table" view and the CSV file of each, from the same rows.
 * Amounts show formatted in the table and as plain decimals in the file.
 */

export interface TableFormats {
  /** Minor units as the restaurant writes money ("$184.00"). */
  money: (minor: number) => string;
  /** Digits of the currency (2 for USD), for the file's decimals. */
  digits: number;
  /** A day's name ("Mar 1"). */
  day: (day: string) => string;
  /** Names of keys: order types, sources, payment methods. */
  label: (key: string) => string;
}

function moneyCell(minor: number, formats: TableFormats): DataCell {
  return { text: formats.money(minor), csv: minorAsDecimal(minor, formats.digits) };
}

function countCell(count: number): DataCell {
  return { text: count.toLocaleString(), csv: count };
}

function percentCell(value: number | null): DataCell {
  return value === null ? { text: '—', csv: null } : { text: `${value.toFixed(1)} %`, csv: value };
}

const SALES_COLUMNS = [
  { label: 'Orders', numeric: true },
  { label: 'Sales', numeric: true },
] as const;

/** Sales over time: a row per day (the day as `YYYY-MM-DD` in the file) or per hour. */
export function salesOverTimeTable(sales: Dashboard['salesOverTime'], formats: TableFormats): DataTable {
  return {
    columns: [{ label: sales.unit === 'hour' ? 'Hour' : 'Day' }, ...SALES_COLUMNS],
    rows: sales.points.map((point) => ({
      key: point.key,
      cells: [
        sales.unit === 'hour'
          ? textCell(hourRange(Number(point.key)))
          : { text: formats.day(point.key), csv: point.key },
        countCell(point.orders),
        moneyCell(point.sales, formats),
      ],
    })),
  };
}

/** The heat map: a row per weekday and hour with orders. */
export function heatmapTable(cells: Dashboard['heatmap'], formats: TableFormats): DataTable {
  const grid = heatmapGrid(cells);
  return {
    columns: [{ label: 'Weekday' }, { label: 'Hour' }, ...SALES_COLUMNS],
    rows: grid.flatMap((row, weekday) =>
      row.flatMap((cell, hour) =>
        cell.orders === 0
          ? []
          : [
              {
                key: `${weekday}-${hour}`,
                cells: [
                  textCell(WEEKDAY_NAMES[weekday] ?? ''),
                  textCell(hourRange(hour)),
                  countCell(cell.orders),
                  moneyCell(cell.sales, formats),
                ],
              },
            ],
      ),
    ),
  };
}

/** Dishes: name, category, quantity, revenue and food cost %. */
export function dishesTable(dishes: readonly DashboardDish[], formats: TableFormats): DataTable {
  return {
    columns: [
      { label: 'Dish' },
      { label: 'Category' },
      { label: 'Quantity', numeric: true },
      { label: 'Revenue', numeric: true },
      { label: 'Food cost %', numeric: true },
    ],
    rows: dishes.map((dish, index) => ({
      key: `${dish.menuItemId ?? dish.name}-${index}`,
      cells: [
        textCell(dish.name),
        textCell(dish.categoryName),
        countCell(dish.quantity),
        moneyCell(dish.revenue, formats),
        percentCell(dish.foodCostPercent),
      ],
    })),
  };
}

/** Categories: quantity and revenue. */
export function categoriesTable(categories: Dashboard['categories'], formats: TableFormats): DataTable {
  return {
    columns: [
      { label: 'Category' },
      { label: 'Quantity', numeric: true },
      { label: 'Revenue', numeric: true },
    ],
    rows: categories.map((category) => ({
      key: category.name,
      cells: [textCell(category.name), countCell(category.quantity), moneyCell(category.revenue, formats)],
    })),
  };
}

/** Order types or sources: orders and sales per key. */
export function keyedSalesTable(heading: string, rows: Dashboard['types'], formats: TableFormats): DataTable {
  return {
    columns: [{ label: heading }, ...SALES_COLUMNS],
    rows: rows.map((row) => ({
      key: row.key,
      cells: [textCell(formats.label(row.key)), countCell(row.orders), moneyCell(row.sales, formats)],
    })),
  };
}

/** Payment methods: payments and amount. */
export function paymentMethodsTable(methods: Dashboard['paymentMethods'], formats: TableFormats): DataTable {
  return {
    columns: [{ label: 'Method' }, { label: 'Payments', numeric: true }, { label: 'Amount', numeric: true }],
    rows: methods.map((method) => ({
      key: method.method,
      cells: [
        textCell(formats.label(method.method)),
        countCell(method.count),
        moneyCell(method.amount, formats),
      ],
    })),
  };
}

/** Coupons: orders and discount per code, then the coupon and manual discount totals. */
export function couponsTable(coupons: Dashboard['coupons'], formats: TableFormats): DataTable {
  return {
    columns: [{ label: 'Coupon' }, { label: 'Orders', numeric: true }, { label: 'Discount', numeric: true }],
    rows: [
      ...coupons.uses.map((use) => ({
        key: `coupon-${use.code}`,
        cells: [textCell(use.code), countCell(use.orders), moneyCell(use.discount, formats)],
      })),
      {
        key: 'total-coupon',
        cells: [textCell('All coupons'), { text: '', csv: null }, moneyCell(coupons.couponDiscount, formats)],
      },
      {
        key: 'total-manual',
        cells: [
          textCell('Discounts given by hand'),
          { text: '', csv: null },
          moneyCell(coupons.manualDiscount, formats),
        ],
      },
    ],
  };
}

/** Preparation: orders measured and average minutes per hour. */
export function prepTable(prep: Dashboard['prep']): DataTable {
  return {
    columns: [
      { label: 'Hour' },
      { label: 'Orders', numeric: true },
      { label: 'Average minutes', numeric: true },
    ],
    rows: prep.byHour.map((hour) => ({
      key: String(hour.hour),
      cells: [
        textCell(hourRange(hour.hour)),
        countCell(hour.orders),
        { text: hour.averageMinutes.toFixed(1), csv: hour.averageMinutes },
      ],
    })),
  };
}

/** Ratings: how many gave each number of stars. */
export function ratingsTable(ratings: Dashboard['ratings']): DataTable {
  return {
    columns: [{ label: 'Stars' }, { label: 'Ratings', numeric: true }],
    rows: ratings.distribution.map((count, index) => ({
      key: String(index + 1),
      cells: [{ text: `${index + 1} ${index === 0 ? 'star' : 'stars'}`, csv: index + 1 }, countCell(count)],
    })),
  };
}
