/**
 * The expenses module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): what the
 * restaurant spends outside purchase orders, each with its withdrawal in the ledger, and who may follow
 * the `expenses` topic. Routes are mounted by app.ts from expenses.routes.ts.
 */
export { budgetMonth, copyBudgetAllocations, setBudgetAllocations } from './budgets.service';
export {
  attachReceipt,
  createExpense,
  EXPENSE_TOPIC_RULES as topicRules,
  type ExpenseListQuery,
  exportExpenses,
  getExpense,
  listExpenses,
  removeReceipt,
  updateExpense,
  voidExpense,
} from './expenses.service';
export {
  createRecurringExpense,
  listRecurringExpenses,
  RecurringExpenseScheduler,
  recordDueRecurringExpenses,
  updateRecurringExpense,
} from './recurring-expenses.service';
