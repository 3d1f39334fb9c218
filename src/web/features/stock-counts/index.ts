/** The stock counts feature's public entry: what the pages may use of it. */
export { useOpenStockCount, useStockCount } from './api/stock-counts-api';
export { CountList } from './components/count-list';
export { GROUP_LABELS } from './components/count-model';
export { ClosedCount, CountSheet } from './components/count-sheet';
