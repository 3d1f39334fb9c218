import { clsx } from 'clsx';
import { type ReactNode, useId, useState } from 'react';
import toast from 'react-hot-toast';
import type { PayoutMatch, Settlement } from '../../../../shared/contracts/settlements';
import { formatMoney } from '../../../../shared/money';
import { errorMessage } from '../../../lib/api-client';
import { useRestaurantDateTime } from '../../config';
import { useImportPayoutReport } from '../api/settlements-api';
import { Difference } from './settlement-badges';

/** The largest file the server reads (1 MiB). */
const MAX_REPORT_BYTES = 1024 * 1024;

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function Count({ label, value, tone }: { label: string; value: number; tone: 'ok' | 'warn' | 'bad' }) {
  return (
    <div
      className={clsx(
        'rounded-lg border p-3',
        value === 0 || tone === 'ok'
          ? 'border-neutral-200 bg-white'
          : tone === 'bad'
            ? 'border-red-200 bg-red-50'
            : 'border-amber-200 bg-amber-50',
      )}
    >
      <dt className="text-sm text-neutral-700">{label}</dt>
      <dd
        data-testid={`report-${label.toLowerCase()}`}
        className="mt-0.5 text-xl font-semibold text-neutral-950 tabular-nums"
      >
        {value}
      </dd>
    </div>
  );
}

/** One titled list of the report's result (missing, unknown, paid differently, problems). */
function ResultList({
  title,
  note,
  tone,
  children,
}: {
  title: string;
  note: string;
  tone: 'bad' | 'warn';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div
      className={clsx(
        'rounded-lg border p-3 text-sm',
        tone === 'bad'
          ? 'border-red-200 bg-red-50 text-red-950'
          : 'border-amber-200 bg-amber-50 text-amber-950',
      )}
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <p className="mt-0.5">{note}</p>
      <ul aria-labelledby={id} className="mt-2 flex flex-col">
        {children}
      </ul>
    </div>
  );
}

function ResultRow({ left, sub, right }: { left: ReactNode; sub?: ReactNode; right?: ReactNode }) {
  return (
    <li className="flex items-start justify-between gap-3 border-t border-current/15 py-2 first:border-t-0 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="break-words font-medium">{left}</p>
        {sub && <p className="break-words">{sub}</p>}
      </div>
      {right && <div className="shrink-0 text-right">{right}</div>}
    </li>
  );
}

function ReportResult({
  report,
  currency,
  locale,
}: {
  report: PayoutMatch;
  currency: string;
  locale: string;
}) {
  const formatInstant = useRestaurantDateTime();
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const paidDifferently = report.matched.filter((row) => row.difference !== 0);
  return (
    <div className="flex flex-col gap-4" data-testid="payout-report">
      <p className="text-sm text-neutral-700">
        <span className="font-medium break-all text-neutral-950">{report.fileName}</span>, imported{' '}
        {formatInstant(report.importedAt)}
        {report.importedByName ? ` by ${report.importedByName}` : ''}.
      </p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Count label="Matched" value={report.matched.length} tone="ok" />
        <Count label="Missing" value={report.missing.length} tone="bad" />
        <Count label="Unknown" value={report.unknown.length} tone="warn" />
        <Count label="Problems" value={report.problems.length} tone="warn" />
      </dl>
      <p className="text-sm text-neutral-700" role="status">
        {report.matched.length === 0
          ? 'No row of the report matches an order of this settlement.'
          : `${plural(report.matched.length, 'order')} matched, ${
              paidDifferently.length === 0
                ? 'each paid as expected.'
                : `${paidDifferently.length} with a difference.`
            }`}
      </p>
      <dl className="grid grid-cols-3 gap-3 rounded-lg border border-neutral-200 bg-white p-3 text-sm">
        <div>
          <dt className="text-neutral-600">Expected</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{money(report.totals.expected)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Reported</dt>
          <dd className="mt-0.5 font-semibold tabular-nums">{money(report.totals.reported)}</dd>
        </div>
        <div>
          <dt className="text-neutral-600">Difference</dt>
          <dd className="mt-0.5">
            <Difference minor={report.totals.difference} currency={currency} locale={locale} />
          </dd>
        </div>
      </dl>
      {paidDifferently.length > 0 && (
        <ResultList
          title={`Paid differently (${paidDifferently.length})`}
          note="The partner paid these orders another amount than expected."
          tone="bad"
        >
          {paidDifferently.map((row) => (
            <ResultRow
              key={row.orderId}
              left={`Order #${row.number} · ${row.reference}`}
              sub={`Expected ${money(row.expected.payout)}, reported ${money(row.reported.payout)}`}
              right={<Difference minor={row.difference} currency={currency} locale={locale} />}
            />
          ))}
        </ResultList>
      )}
      {report.missing.length > 0 && (
        <ResultList
          title={`Missing (${report.missing.length})`}
          note="Orders of this settlement the report does not pay for."
          tone="bad"
        >
          {report.missing.map((row) => (
            <ResultRow
              key={row.orderId}
              left={`Order #${row.number} · ${row.reference || 'no reference'}`}
              sub={`Expected ${money(row.expectedPayout)}`}
              right={<Difference minor={row.difference} currency={currency} locale={locale} />}
            />
          ))}
        </ResultList>
      )}
      {report.unknown.length > 0 && (
        <ResultList
          title={`Unknown (${report.unknown.length})`}
          note="Rows for orders this settlement does not hold: another period, or another restaurant’s."
          tone="warn"
        >
          {report.unknown.map((row) => (
            <ResultRow
              key={row.row}
              left={row.reference}
              sub={`Row ${row.row}`}
              right={<span className="font-semibold tabular-nums">{money(row.reported.payout)}</span>}
            />
          ))}
        </ResultList>
      )}
      {report.problems.length > 0 && (
        <ResultList
          title={`Problems (${report.problems.length})`}
          note="Rows that could not be read: they count for nothing."
          tone="warn"
        >
          {report.problems.map((row) => (
            <ResultRow key={row.row} left={`Row ${row.row}`} sub={row.problem} />
          ))}
        </ResultList>
      )}
    </div>
  );
}

/**
 * "Import payout report": the partner's CSV (a Reference and a Payout column; Gross and Commission when
 * it has them), matched by the server to the settlement's orders. The result stays with the settlement:
 * matched, missing, unknown and unreadable rows, and the totals expected and reported. Importing again
 * replaces it.
 */
export function PayoutReportSection({ settlement, locale }: { settlement: Settlement; locale: string }) {
  const upload = useImportPayoutReport();
  const [problem, setProblem] = useState<string | null>(null);
  const descriptionId = useId();

  function choose(file: File | undefined) {
    setProblem(null);
    if (!file) return;
    if (file.size === 0) {
      setProblem('The file is empty.');
      return;
    }
    if (file.size > MAX_REPORT_BYTES) {
      setProblem('The payout report is larger than 1 MiB.');
      return;
    }
    upload.mutate(
      { id: settlement.id, file },
      {
        onSuccess: (answer) => {
          const report = answer.payoutReport;
          toast.success(
            report
              ? `Payout report imported: ${report.matched.length} matched, ${report.missing.length} missing, ${report.unknown.length} unknown`
              : 'Payout report imported',
          );
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <label className="flex flex-col gap-1.5 text-sm font-medium text-neutral-800">
        {settlement.payoutReport ? 'Import another payout report (CSV)' : 'Import payout report (CSV)'}
        <input
          type="file"
          accept=".csv,text/csv"
          disabled={upload.isPending}
          aria-describedby={descriptionId}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // The same file may be chosen again after a fix.
            event.target.value = '';
            choose(file);
          }}
          className="w-full min-w-0 rounded-lg border border-neutral-300 bg-white p-2 text-sm font-normal file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:font-medium"
        />
        <span id={descriptionId} className="font-normal text-neutral-600">
          The partner’s CSV: a Reference and a Payout column (Gross and Commission when it has them), amounts
          such as 12.50.{settlement.payoutReport ? ' It replaces the report imported before.' : ''}
        </span>
      </label>
      {upload.isPending && <p className="text-sm text-neutral-600">Matching the report...</p>}
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      {settlement.payoutReport ? (
        <ReportResult report={settlement.payoutReport} currency={settlement.currency} locale={locale} />
      ) : (
        <p className="text-sm text-neutral-600">No payout report imported yet.</p>
      )}
    </div>
  );
}
