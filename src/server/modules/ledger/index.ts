/**
 * The ledger module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the
 * movements of money in bank and cash accounts, and their balances.
 */

export {
  CASH_CLOSE_TOPIC_RULES as topicRules,
  cashAccount,
  cashAccounts,
  drawerBetween,
  getCashClose,
  insertCashClose,
  lastCashClose,
  listCashCloses,
} from './cash-closes.service';
export {
  accountBalance,
  accountTransactionsTotal,
  bookingDay,
  booksLocked,
  countLedgerRowsIn,
  deleteDemoEntries,
  deleteDemoLedgerRows,
  insertManualTransaction,
  insertTransfer,
  liveAccount,
  liveAccountField,
  liveRowsOf,
  type NewBankTransaction,
  type RecordSource,
  recordBankTransaction,
  reverseTransactions,
} from './ledger.service';
export { type AccountPeriod, accountBalancesNow, accountsBetween } from './ledger-periods';
export {
  countReconciliationsIn,
  deleteDemoReconciliations,
  reconcileAllUpTo,
} from './reconciliation.service';
export { readAmount } from './statement-match';
