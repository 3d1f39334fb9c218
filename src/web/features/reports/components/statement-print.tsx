import { createPortal } from 'react-dom';
import type { Statement } from '../../../../shared/contracts/reports';
import type { StatementFormat } from '../statement-format';
import { formatPeriod } from '../statement-period';
import { AccountsTable } from './accounts-table';
import { StatementTable } from './statement-table';
import './statement-print.css';

/**
 * A print-only copy of the statement at the end of `<body>`: invisible on screen; while it is in the
 * page, printing prints this and nothing else, on A4. The restaurant's name, the title and both periods
 * head it; the lines are the page's, as plain text.
 */
export function StatementPrintCopy({
  statement,
  format,
  locale,
  restaurantName,
}: {
  statement: Statement;
  format: StatementFormat;
  locale: string;
  restaurantName: string;
}) {
  const current = formatPeriod(statement.period, locale);
  const previous = formatPeriod(statement.previous, locale);
  return createPortal(
    <div className="statement-print hidden" data-testid="statement-print">
      <header className="mb-4">
        {restaurantName && <p className="text-base font-semibold">{restaurantName}</p>}
        <h1 className="text-xl font-bold">Financial Statement</h1>
        <p data-testid="statement-print-period">
          {current}, compared with {previous} · amounts in {statement.currency}
        </p>
      </header>
      <StatementTable statement={statement} format={format} locale={locale} />
      {statement.accounts.length > 0 && (
        <section className="statement-print-accounts mt-6">
          <h2 className="mb-1 text-base font-bold">Cash and bank</h2>
          <p className="mb-2 text-xs">Under each amount: the previous period’s ({previous}).</p>
          <AccountsTable accounts={statement.accounts} format={format} previousLabel={previous} />
        </section>
      )}
    </div>,
    document.body,
  );
}
