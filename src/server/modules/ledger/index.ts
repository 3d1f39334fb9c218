/**
 * The ledger module's public face (docs/ARCHITECTURE.md, "Modules, use cases and events"): the
 * movements of money in bank and cash accounts, and their balances.
 */
export {
  accountBalance,
  accountTransactionsTotal,
  bookingDay,
  booksLocked,
  deleteDemoLedgerRows,
  liveAccount,
  liveRowsOf,
  type NewBankTransaction,
  type RecordSource,
  recordBankTransaction,
  reverseTransactions,
} from './ledger.service';
