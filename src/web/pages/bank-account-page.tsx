import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { BANK_TRANSACTION_KINDS, type BankTransactionKind } from '../../shared/contracts/ledger';
import { restaurantToday } from '../../shared/coupon-rules';
import { formatMoney } from '../../shared/money';
import { Button } from '../components/ui/button';
import { DocumentTitle } from '../components/ui/document-title';
import { ListError, ListLoading } from '../components/ui/list-states';
import { SelectField } from '../components/ui/select-field';
import { TextField } from '../components/ui/text-field';
import { useConfig } from '../features/config';
import {
  EntryForm,
  KIND_LABELS,
  type LedgerFilter,
  LedgerRows,
  ReconcileDialog,
  ReconciliationHistory,
  useAccountBalances,
} from '../features/ledger';
import { formatDay } from '../features/master-data';
import { masterDataTabPath } from '../lib/paths';

const TYPE_LABELS = { cash: 'Cash', bank: 'Bank', 'e-wallet': 'E-wallet' } as const;

/** The first day of the month of `day` (`YYYY-MM-DD`). */
const monthStart = (day: string) => `${day.slice(0, 8)}01`;

/**
 * `/master-data/bank-accounts/:accountId` (admin; docs/PRODUCT-RULES.md, Bank and cash ledger): one
 * account's balance, its entries for a period with the balance after each, and money entered by hand
 * or moved to another account from here; its reconciliation against a bank statement and the
 * statements it was reconciled to.
 */
export function BankAccountPage() {
  const { accountId = '' } = useParams();
  const config = useConfig();
  const balances = useAccountBalances();
  const today = config.data ? restaurantToday(config.data.timeZone) : null;
  const [filter, setFilter] = useState<LedgerFilter | null>(null);
  const [reconciling, setReconciling] = useState(false);
  const account = balances.data?.find((item) => item.id === accountId);
  const money = config.data ? { currency: config.data.currency, locale: config.data.locale } : null;
  const shown: LedgerFilter | null = filter ?? (today ? { from: monthStart(today), to: '', kind: '' } : null);

  return (
    <div className="w-full max-w-6xl px-4 py-6 sm:px-6 md:py-10 lg:px-10">
      <DocumentTitle title={account?.name ?? 'Bank account'} />
      <p className="text-sm">
        <Link
          to={masterDataTabPath('bank-accounts')}
          className="text-neutral-600 underline-offset-2 hover:underline"
        >
          Bank accounts
        </Link>
      </p>
      {balances.isError ? (
        <div className="mt-4">
          <ListError error={balances.error} onRetry={() => void balances.refetch()} />
        </div>
      ) : !balances.data || !money || !today || !shown ? (
        <ListLoading>Loading the account...</ListLoading>
      ) : !account ? (
        <p className="mt-4 text-neutral-700">There is no bank or cash account with this address.</p>
      ) : (
        <>
          <div className="mt-1 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
                {account.name}
              </h1>
              <p className="mt-1 text-sm text-neutral-600">
                {TYPE_LABELS[account.type]} · opened {formatDay(account.openingDate, money.locale)} with{' '}
                {formatMoney(account.openingBalance, money.currency, money.locale)}
                {!account.active && ' · Archived'}
              </p>
            </div>
            <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
              <div className="sm:text-right">
                <p className="text-sm text-neutral-600">Balance</p>
                <p className="text-2xl font-semibold tabular-nums text-neutral-950">
                  {formatMoney(account.balance, money.currency, money.locale)}
                </p>
              </div>
              <Button variant="secondary" onClick={() => setReconciling(true)}>
                Reconcile
              </Button>
            </div>
          </div>
          {reconciling && (
            <ReconcileDialog
              account={account}
              money={money}
              today={today}
              onClose={() => setReconciling(false)}
            />
          )}
          <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <div className="flex min-w-0 flex-col gap-8">
              <section aria-labelledby="record-money">
                <h2 id="record-money" className="mb-3 text-lg font-semibold text-neutral-950">
                  Record money in or out
                </h2>
                <div className="rounded-xl border border-neutral-200 bg-white p-4 shadow-sm">
                  <EntryForm account={account} accounts={balances.data} money={money} today={today} />
                </div>
              </section>
              <section aria-labelledby="reconciliations">
                <h2 id="reconciliations" className="mb-3 text-lg font-semibold text-neutral-950">
                  Reconciliations
                </h2>
                <ReconciliationHistory accountId={account.id} money={money} />
              </section>
            </div>
            <section aria-labelledby="entries" className="min-w-0">
              <h2 id="entries" className="mb-3 text-lg font-semibold text-neutral-950">
                Entries
              </h2>
              <div className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                <TextField
                  label="From"
                  type="date"
                  value={shown.from}
                  max={shown.to || undefined}
                  onChange={(event) => setFilter({ ...shown, from: event.target.value })}
                />
                <TextField
                  label="To"
                  type="date"
                  value={shown.to}
                  min={shown.from || undefined}
                  onChange={(event) => setFilter({ ...shown, to: event.target.value })}
                />
                <SelectField
                  label="Kind"
                  value={shown.kind}
                  className="col-span-2 sm:col-span-1"
                  onChange={(event) =>
                    setFilter({ ...shown, kind: event.target.value as BankTransactionKind | '' })
                  }
                >
                  <option value="">All kinds</option>
                  {BANK_TRANSACTION_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </option>
                  ))}
                </SelectField>
              </div>
              <LedgerRows accountId={account.id} filter={shown} money={money} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}
