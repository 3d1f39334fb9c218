/** The ledger feature's public entry: an account's page parts. */
export { type LedgerFilter, useAccountBalances } from './api/ledger-api';
export { EntryForm } from './components/entry-form';
export { KIND_LABELS } from './components/ledger-labels';
export { LedgerRows } from './components/ledger-rows';
export { ReconcileDialog } from './components/reconcile-dialog';
export { ReconciliationHistory } from './components/reconciliation-history';
