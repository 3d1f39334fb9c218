import { clsx } from 'clsx';
import { Download, Printer } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { Statement } from '../../../../shared/contracts/reports';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ListError, ListLoading } from '../../../components/ui/list-states';
import { statementCsvUrl, useStatement } from '../api/get-statement';
import { statementFormat } from '../statement-format';
import type { StatementLine } from '../statement-lines';
import { formatPeriod, type ReportPeriod } from '../statement-period';
import { AccountsTable } from './accounts-table';
import { LineRecordsDialog, type OpenLine } from './line-records';
import { PeriodChooser } from './period-chooser';
import { StatementPrintCopy } from './statement-print';
import { StatementTable } from './statement-table';

type Account = Statement['accounts'][number];

/** The frame of a table that may be wider than the screen: it scrolls sideways inside. */
function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // Relative: the screen-reader-only words in the cells (absolutely placed) scroll with the table
      // instead of widening the page.
      className="relative overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm"
    >
      {children}
    </section>
  );
}

/**
 * The financial statement of a period against the one before it (admin): the period chooser, "Download
 * CSV" and "Print"; the statement's lines, each with records behind it opening them in a dialog; the
 * cash and bank accounts; and the copy the printer gets. It refreshes by itself when a record it reads
 * changes.
 */
export function FinancialStatement({
  period,
  today,
  locale,
  restaurantName,
  onPeriodChange,
}: {
  period: ReportPeriod;
  /** The restaurant's today (`YYYY-MM-DD`), which the quick periods count from. */
  today: string;
  locale: string;
  restaurantName: string;
  onPeriodChange: (period: ReportPeriod) => void;
}) {
  const query = useStatement(period);
  const [open, setOpen] = useState<OpenLine | null>(null);
  const statement = query.data;
  const currency = statement?.currency;
  const format = useMemo(() => (currency ? statementFormat(currency, locale) : null), [currency, locale]);
  // The records are the period's asked for: while another period loads, the last one stays on screen.
  const shownPeriod = statement?.period ?? period;
  const loadingAnother = query.isPlaceholderData;

  const openLine = (line: StatementLine) => {
    if (line.records) setOpen({ title: line.label, records: line.records });
  };
  const openAccount = (account: Account) =>
    setOpen({ title: account.name, records: { kind: 'ledger', accountId: account.id } });

  let content: ReactNode;
  if (!statement || !format) {
    content = query.isError ? (
      <ListError error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <ListLoading>Loading the statement...</ListLoading>
    );
  } else {
    const previous = formatPeriod(statement.previous, locale);
    content = (
      <div
        className={clsx('flex flex-col gap-6 transition-opacity', loadingAnother && 'opacity-60')}
        aria-busy={loadingAnother || undefined}
        data-testid="statement"
      >
        {query.isError && <ListError error={query.error} onRetry={() => void query.refetch()} />}
        <p className="text-sm text-neutral-700" data-testid="statement-period">
          <span className="font-medium text-neutral-950">{formatPeriod(statement.period, locale)}</span>,
          compared with {previous}. Amounts in {statement.currency}; a line with a dotted underline lists its
          records. <span className="text-emerald-800">Green</span> is better,{' '}
          <span className="text-red-700">red</span> worse for that line (the arrow shows which way it moved).
        </p>
        {statement.orders.current === 0 && (
          <p
            role="note"
            className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="statement-no-orders"
          >
            No orders were completed in this period, so there are no sales to show.
          </p>
        )}
        <TableFrame label="Statement">
          <StatementTable statement={statement} format={format} locale={locale} onOpen={openLine} />
        </TableFrame>
        <section aria-labelledby="statement-accounts-title" className="flex flex-col gap-2">
          <div>
            <h2 id="statement-accounts-title" className="text-lg font-semibold text-neutral-950">
              Cash and bank
            </h2>
            <p className="text-sm text-neutral-700">
              Each account’s balances and movements in the period; the previous period’s ({previous}) under
              each amount.
            </p>
          </div>
          {statement.accounts.length === 0 ? (
            <p className="rounded-xl border border-neutral-200 bg-white p-6 text-center text-neutral-600">
              No bank or cash accounts yet.
            </p>
          ) : (
            <TableFrame label="Cash and bank accounts">
              <AccountsTable
                accounts={statement.accounts}
                format={format}
                previousLabel={previous}
                onOpen={openAccount}
              />
            </TableFrame>
          )}
        </section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <PeriodChooser period={period} today={today} onChange={onPeriodChange} />
        <div className="flex flex-wrap gap-2">
          <a href={statementCsvUrl(period)} download className={buttonClasses({ variant: 'secondary' })}>
            <Download aria-hidden="true" className="size-4" />
            Download CSV
          </a>
          <Button variant="secondary" onClick={() => window.print()} disabled={!statement}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      {content}
      {statement && format && (
        <>
          <StatementPrintCopy
            statement={statement}
            format={format}
            locale={locale}
            restaurantName={restaurantName}
          />
          <LineRecordsDialog
            line={open}
            period={shownPeriod}
            format={format}
            locale={locale}
            onClose={() => setOpen(null)}
          />
        </>
      )}
    </div>
  );
}
