import { clsx } from 'clsx';
import { CheckCircle2 } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type AccountBalance,
  type BankTransaction,
  MAX_STATEMENT_CHARS,
  type StatementMatch,
} from '../../../../shared/contracts/ledger';
import { formatDelta, formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { MoneyField } from '../../../components/ui/money-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDay } from '../../master-data';
import { useCloseReconciliation, useMatchStatement, useReconciliationDraft } from '../api/reconciliation-api';
import { KIND_LABELS } from './ledger-labels';
import { readStatementBalance, reconciliationSums, statementDateProblem } from './reconciliation-model';

interface Money {
  currency: string;
  locale: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The bank's CSV export: a file chosen, matched to the rows; the lines the ledger has no row for listed. */
function StatementImport({
  accountId,
  statementDate,
  money,
  onMatched,
}: {
  accountId: string;
  statementDate: string | null;
  money: Money;
  onMatched: (result: StatementMatch) => void;
}) {
  const match = useMatchStatement(accountId);
  const [readError, setReadError] = useState<string | null>(null);
  const [result, setResult] = useState<{ fileName: string; match: StatementMatch } | null>(null);
  const unmatched = result?.match.lines.filter((line) => line.transactionId === null) ?? [];

  async function choose(file: File | undefined) {
    match.reset();
    setReadError(null);
    setResult(null);
    if (!file) return;
    const csv = await file.text();
    if (csv.length > MAX_STATEMENT_CHARS) {
      setReadError('The file is too large: export a shorter period.');
      return;
    }
    if (csv.trim() === '') {
      setReadError('The file is empty.');
      return;
    }
    match.mutate(
      { csv, ...(statementDate ? { statementDate } : {}) },
      {
        onSuccess: (answer) => {
          setResult({ fileName: file.name, match: answer });
          onMatched(answer);
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1.5 text-sm font-medium text-neutral-800">
        Import bank CSV
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={match.isPending}
          onChange={(event) => void choose(event.target.files?.[0])}
          className="w-full rounded-lg border border-neutral-300 bg-white p-2 text-sm font-normal file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:font-medium"
        />
        <span className="font-normal text-neutral-600">
          The bank’s export ticks the rows it shows: the same amount, at most 5 days apart.
        </span>
      </label>
      {match.isPending && <p className="text-sm text-neutral-600">Matching the file...</p>}
      {(readError || match.isError) && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {readError ?? errorMessage(match.error)}
        </p>
      )}
      {result && (
        <div className="flex flex-col gap-2">
          <p role="status" className="text-sm text-neutral-800">
            <span className="font-medium">{result.fileName}</span>: {result.match.matched} of{' '}
            {plural(result.match.lines.length, 'line')} matched and ticked.
          </p>
          {unmatched.length > 0 && (
            <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <h3 id="unmatched-lines" className="font-semibold">
                Not in the ledger ({unmatched.length})
              </h3>
              <p className="mt-0.5 text-amber-900">
                The bank has these lines and the ledger has no row for them: record them, or check the day.
              </p>
              <ul aria-labelledby="unmatched-lines" className="mt-2 flex flex-col gap-2">
                {unmatched.map((line) => (
                  <li key={line.row} className="border-t border-amber-200 pt-2 first:border-t-0 first:pt-0">
                    <p className="flex flex-wrap justify-between gap-x-3">
                      <span>
                        Row {line.row}
                        {line.date ? ` · ${formatDay(line.date, money.locale)}` : ''}
                      </span>
                      {line.amount !== null && (
                        <span className="font-semibold tabular-nums">
                          {formatDelta(line.amount, money.currency, money.locale) ||
                            formatMoney(0, money.currency, money.locale)}
                        </span>
                      )}
                    </p>
                    {line.reference && <p className="break-words text-amber-900">{line.reference}</p>}
                    {line.problem && <p className="font-medium text-red-800">{line.problem}</p>}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The rows a statement can show, each with its tick box. */
function RowsToTick({
  rows,
  ticked,
  fromFile,
  money,
  stale,
  onToggle,
}: {
  rows: readonly BankTransaction[];
  ticked: ReadonlySet<string>;
  fromFile: ReadonlySet<string>;
  money: Money;
  stale: boolean;
  onToggle: (id: string, on: boolean) => void;
}) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl border border-neutral-200 bg-white p-6 text-center text-sm text-neutral-600">
        No rows to reconcile on or before this day.
      </p>
    );
  }
  return (
    <ul
      aria-label="Rows to tick"
      aria-busy={stale || undefined}
      className={clsx(
        'divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white',
        stale && 'opacity-60',
      )}
    >
      {rows.map((row) => {
        const what = row.description || KIND_LABELS[row.kind];
        return (
          <li key={row.id}>
            <label className="flex cursor-pointer items-start gap-3 px-4 py-3 hover:bg-neutral-50">
              <input
                type="checkbox"
                checked={ticked.has(row.id)}
                onChange={(event) => onToggle(row.id, event.target.checked)}
                className="mt-0.5 size-5 shrink-0 accent-neutral-950"
              />
              <span className="min-w-0 flex-1">
                <span className="block font-medium break-words text-neutral-950">{what}</span>
                <span className="mt-0.5 block text-sm text-neutral-600">
                  {formatDay(row.bookedOn, money.locale)} · {KIND_LABELS[row.kind]}
                  {fromFile.has(row.id) && (
                    <span className="ml-2 inline-block rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200">
                      In the bank file
                    </span>
                  )}
                </span>
              </span>
              <span
                className={clsx(
                  'shrink-0 font-semibold tabular-nums',
                  row.amount < 0 ? 'text-red-700' : 'text-emerald-800',
                )}
              >
                {formatDelta(row.amount, money.currency, money.locale)}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** The running sums, the difference and the button that closes the reconciliation. */
function Summary({
  reconciledBalance,
  sums,
  statementBalance,
  money,
  canClose,
  closing,
  error,
  formId,
  onCancel,
}: {
  reconciledBalance: number | null;
  sums: ReturnType<typeof reconciliationSums> | null;
  statementBalance: number | null;
  money: Money;
  canClose: boolean;
  closing: boolean;
  error: string | null;
  formId: string;
  onCancel: () => void;
}) {
  const show = (minor: number | null | undefined) =>
    minor === null || minor === undefined ? '—' : formatMoney(minor, money.currency, money.locale);
  const difference = sums?.difference ?? null;
  const items = [
    ['Reconciled before', show(reconciledBalance)],
    [`+ Ticked (${sums?.tickedCount ?? 0})`, show(sums?.ticked)],
    ['= Cleared balance', show(sums?.cleared)],
    ['Statement balance', show(statementBalance)],
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <dl
        aria-label="Reconciliation summary"
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-4"
      >
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-semibold tabular-nums text-neutral-950">{value}</dd>
          </div>
        ))}
      </dl>
      <p
        role="status"
        className={clsx(
          'flex items-center gap-2 rounded-lg px-3 py-2 text-sm',
          difference === 0
            ? 'bg-emerald-50 font-semibold text-emerald-900 ring-1 ring-emerald-200'
            : difference === null
              ? 'bg-neutral-100 text-neutral-700'
              : 'bg-amber-50 text-amber-950 ring-1 ring-amber-200',
        )}
      >
        {difference === 0 && <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />}
        {difference === null ? (
          'Enter the statement’s closing balance.'
        ) : difference === 0 ? (
          `Difference ${show(0)} — ready to close`
        ) : (
          <span>
            <span className="font-semibold">Difference {show(difference)}</span>: tick the rows the statement
            shows, or check its balance.
          </span>
        )}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-3 sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={closing} className="flex-1 sm:flex-none">
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          disabled={!canClose}
          isLoading={closing}
          className="flex-1 sm:flex-none"
        >
          {closing ? 'Closing...' : 'Close reconciliation'}
        </Button>
      </div>
    </div>
  );
}

/**
 * Reconciling an account against a bank statement (docs/PRODUCT-RULES.md, Bank and cash ledger): the
 * statement's day and closing balance, the rows not yet reconciled up to that day with a tick box
 * each (or ticked by the bank's CSV export), and the running sums. It closes only when the cleared
 * balance equals the statement's to the minor unit; the server checks the same sum again.
 */
export function ReconcileDialog({
  account,
  money,
  today,
  onClose,
}: {
  account: AccountBalance;
  money: Money;
  /** The restaurant's today, `YYYY-MM-DD`: the statement's day the view starts with. */
  today: string;
  onClose: () => void;
}) {
  const formId = useId();
  const [statementDate, setStatementDate] = useState(today);
  const [balanceText, setBalanceText] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [fromFile, setFromFile] = useState<ReadonlySet<string>>(new Set());
  const close = useCloseReconciliation(account.id);

  const readable = /^\d{4}-\d{2}-\d{2}$/.test(statementDate) && statementDate <= today;
  const draft = useReconciliationDraft(account.id, readable ? statementDate : null);
  const data = draft.data;
  const last = data?.lastReconciliation ?? null;
  const day = (value: string) => formatDay(value, money.locale);
  const dateProblem = statementDateProblem(statementDate, today, last?.statementDate ?? null, day);
  const balance = readStatementBalance(balanceText, money.currency);
  const rows = data?.rows ?? [];
  const sums = useMemo(
    () => (data ? reconciliationSums(data.reconciledBalance, data.rows, ticked, balance.minor) : null),
    [data, ticked, balance.minor],
  );
  const stale = draft.isPlaceholderData || (draft.isFetching && !data);
  const canClose =
    Boolean(data) && !stale && !dateProblem && balance.minor !== null && sums?.difference === 0;

  const toggle = (id: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = () => {
    if (!data || !canClose || balance.minor === null) return;
    const transactionIds = data.rows.filter((row) => ticked.has(row.id)).map((row) => row.id);
    close.mutate(
      { statementDate, statementBalance: balance.minor, transactionIds },
      {
        onSuccess: (kept) => {
          toast.success(
            `${account.name} reconciled to the statement of ${day(kept.statementDate)}: ${plural(kept.rowCount, 'row')}.`,
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      size="screen"
      onClose={onClose}
      busy={close.isPending}
      title={`Reconcile ${account.name}`}
      description={
        <>
          Tick the rows the bank statement shows, until the cleared balance equals its closing balance.{' '}
          {data &&
            (last
              ? `Last reconciled to the statement of ${day(last.statementDate)} (${formatMoney(last.statementBalance, money.currency, money.locale)}).`
              : 'Never reconciled: it starts from the opening balance.')}
        </>
      }
      footer={
        <Summary
          reconciledBalance={data?.reconciledBalance ?? null}
          sums={sums}
          statementBalance={balance.minor}
          money={money}
          canClose={canClose}
          closing={close.isPending}
          error={close.isError ? errorMessage(close.error) : null}
          formId={formId}
          onCancel={onClose}
        />
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="grid gap-6 md:grid-cols-[18rem_minmax(0,1fr)] md:items-start"
      >
        <div className="flex flex-col gap-4">
          <div className="grid grid-cols-2 items-end gap-3 md:grid-cols-1">
            <TextField
              label="Statement date"
              type="date"
              value={statementDate}
              max={today}
              min={last?.statementDate}
              required
              error={dateProblem}
              onChange={(event) => {
                setStatementDate(event.target.value);
                close.reset();
              }}
            />
            <MoneyField
              label="Statement closing balance"
              currency={money.currency}
              value={balanceText}
              placeholder="0.00"
              error={balance.error}
              onChange={(event) => {
                setBalanceText(event.target.value);
                close.reset();
              }}
            />
          </div>
          <p className="-mt-2 text-sm text-neutral-600">
            An overdraft is negative.{' '}
            <button
              type="button"
              className="font-medium text-neutral-900 underline underline-offset-2 hover:text-neutral-700"
              onClick={() =>
                setBalanceText((text) =>
                  text.trim().startsWith('-') ? text.trim().slice(1) : `-${text.trim()}`,
                )
              }
            >
              {balanceText.trim().startsWith('-') ? 'Make it positive' : 'Make it negative'}
            </button>
          </p>
          <StatementImport
            accountId={account.id}
            statementDate={dateProblem ? null : statementDate}
            money={money}
            onMatched={(result) => {
              const ids = result.lines.flatMap((line) => (line.transactionId ? [line.transactionId] : []));
              setFromFile(new Set(ids));
              setTicked((current) => new Set([...current, ...ids]));
              close.reset();
            }}
          />
        </div>
        <section aria-labelledby="rows-to-tick" className="flex min-w-0 flex-col gap-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h3 id="rows-to-tick" className="font-semibold text-neutral-950">
                Rows not yet reconciled
              </h3>
              <p className="text-sm text-neutral-600">
                {data
                  ? `${plural(rows.length, 'row')} up to ${day(statementDate)} · ${sums?.tickedCount ?? 0} ticked`
                  : 'Booked on or before the statement’s day'}
              </p>
            </div>
            <div className="flex gap-2">
              <Button
                variant="secondary"
                disabled={rows.length === 0}
                onClick={() => {
                  setTicked(new Set(rows.map((row) => row.id)));
                  close.reset();
                }}
              >
                Tick all
              </Button>
              <Button
                variant="secondary"
                disabled={(sums?.tickedCount ?? 0) === 0}
                onClick={() => {
                  setTicked(new Set());
                  close.reset();
                }}
              >
                Clear
              </Button>
            </div>
          </div>
          {draft.isError ? (
            <ListError error={draft.error} onRetry={() => void draft.refetch()} />
          ) : !data ? (
            readable ? (
              <ListLoading>Loading the rows...</ListLoading>
            ) : (
              <p className="text-sm text-neutral-600">Enter the statement’s date to see its rows.</p>
            )
          ) : (
            <RowsToTick
              rows={rows}
              ticked={ticked}
              fromFile={fromFile}
              money={money}
              stale={stale}
              onToggle={(id, on) => {
                toggle(id, on);
                close.reset();
              }}
            />
          )}
        </section>
      </form>
    </Dialog>
  );
}
