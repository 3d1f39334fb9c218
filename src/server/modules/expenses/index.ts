/**
 * The expenses module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): what the
 * restaurant spends outside purchase orders, each with its withdrawal in the ledger, and who may follow
 * the `expenses` topic. Routes are mounted by app.ts from expenses.routes.ts.
 */
export {
  budgetAllocationIds,
  budgetMonth,
  copyBudgetAllocations,
  countBudgetAllocationsIn,
  deleteDemoBudgetAllocations,
  setBudgetAllocations,
  writeBudgetAllocations,
} from './budgets.service';
export { type CategorySpend, expensesByCategory } from './expense-periods';
export {
  attachReceipt,
  countExpensesIn,
  createExpense,
  deleteDemoExpenses,
  EXPENSE_TOPIC_RULES as topicRules,
  type ExpenseListQuery,
  exportExpenses,
  getExpense,
  insertExpense,
  listExpenses,
  removeReceipt,
  updateExpense,
  voidExpense,
} from './expenses.service';
export {
  countRecurringExpensesIn,
  createRecurringExpense,
  deleteDemoRecurringExpenses,
  expensesRecordedBy,
  listRecurringExpenses,
  RecurringExpenseScheduler,
  recordDueRecurringExpenses,
  seedRecurringExpense,
  updateRecurringExpense,
} from './recurring-expenses.service';
