import type { BankTransactionKind, LedgerSource } from '../../../../shared/contracts/ledger';

export const KIND_LABELS: Record<BankTransactionKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  fee: 'Bank fee',
  reversal: 'Reversal',
};

export const SOURCE_LABELS: Record<LedgerSource, string> = {
  payment: 'Payment',
  refund: 'Refund',
  expense: 'Expense',
  'supplier-payment': 'Supplier payment',
  settlement: 'Partner settlement',
  'cash-close': 'Drawer over or short',
  manual: 'Entered by hand',
  transfer: 'Transfer',
};
