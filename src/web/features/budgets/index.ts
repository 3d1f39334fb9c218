/** The budgets feature's public entry: what the pages may use of it. */
export { BudgetMonthPanel } from './components/budget-month-panel';
export { isMonth } from './components/budget-months';
