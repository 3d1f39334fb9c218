/** The expenses feature's public entry: what the pages may use of it. */
export { expenseExportUrl, useExpenseChoices, useExpenses } from './api/expenses-api';
export { useRecurringExpenses } from './api/recurring-expenses-api';
export { ChoiceField } from './components/expense-choice-field';
export { type ExpenseFilterName, expenseFiltersFrom } from './components/expense-filter-values';
export { ExpenseFiltersBar } from './components/expense-filters';
export { ExpenseFormDialog } from './components/expense-form-dialog';
export { ExpenseList } from './components/expense-list';
export { ExpenseTotals } from './components/expense-totals';
export { RecurringExpenseFormDialog } from './components/recurring-expense-form-dialog';
export { RecurringExpenseList } from './components/recurring-expense-list';
export { VoidExpenseDialog } from './components/void-expense-dialog';
