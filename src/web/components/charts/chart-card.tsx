import { clsx } from 'clsx';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { csvFileName, type DataTable, toCsv } from './data-table';

/** Saves `text` as a file named `fileName`, made in the browser. */
function downloadCsv(text: string, fileName: string): void {
  // A byte-order mark, so a spreadsheet reads accents and currency signs as UTF-8.
  const blob = new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The numbers of a chart as a table, named by the card's heading. */
export function DataTableView({ table, labelledBy }: { table: DataTable; labelledBy: string }) {
  return (
    <div className="max-h-[28rem] overflow-auto">
      <table className="w-full text-left text-sm" aria-labelledby={labelledBy}>
        <thead className="sticky top-0 bg-white">
          <tr className="border-b border-neutral-200 text-neutral-600">
            {table.columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={clsx('py-2 pr-4 font-medium last:pr-0', column.numeric && 'text-right')}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={table.columns[index]?.label}
                    scope="row"
                    className="py-2 pr-4 font-normal text-neutral-800"
                  >
                    {cell.text}
                  </th>
                ) : (
                  <td
                    key={table.columns[index]?.label ?? index}
                    className={clsx(
                      'py-2 pr-4 last:pr-0',
                      table.columns[index]?.numeric && 'text-right tabular-nums',
                    )}
                  >
                    {cell.text}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ChartCardProps {
  title: string;
  /** A line under the title (what is counted). */
  description?: ReactNode;
  /** The chart's numbers: the "Table" view and the CSV file. */
  table: DataTable;
  /** The period in the CSV file's name. */
  period: { from: string; to: string };
  /** Said instead of the chart and the table when there is nothing to show. */
  empty?: string | null;
  /** The chart. */
  children: ReactNode;
  /** Below the chart or the table, in both views (a legend, a list). */
  footer?: ReactNode;
  className?: string;
}

/**
 * A card around one chart: its heading, a "Chart / Table" choice (the same numbers as a table) and
 * "Download CSV" (those rows as a file made in the browser, `sales-over-time-2026-03-01-to-…csv`). The
 * card is a region named by its heading.
 */
export function ChartCard({
  title,
  description,
  table,
  period,
  empty,
  children,
  footer,
  className,
}: ChartCardProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={clsx('min-w-0', className)}>
      <Card className="flex h-full min-w-0 flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-neutral-950">
              {title}
            </h2>
            {description && <p className="text-sm text-neutral-600">{description}</p>}
          </div>
          {!empty && (
            <div className="flex flex-wrap items-center gap-2">
              {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form fieldset */}
              <div
                role="group"
                aria-label={`Show ${title} as`}
                className="flex rounded-lg bg-neutral-100 p-0.5"
              >
                {(['chart', 'table'] as const).map((option) => (
                  <button
                    key={option}
                    type="button"
                    aria-pressed={view === option}
                    onClick={() => setView(option)}
                    className={clsx(
                      'h-8 rounded-md px-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
                      view === option
                        ? 'bg-white text-neutral-950 shadow-sm'
                        : 'text-neutral-600 hover:text-neutral-950',
                    )}
                  >
                    {option === 'chart' ? 'Chart' : 'Table'}
                  </button>
                ))}
              </div>
              <Button
                variant="ghost"
                className="h-9 px-2.5"
                onClick={() => downloadCsv(toCsv(table), csvFileName(title, period))}
              >
                <Download aria-hidden="true" className="size-4" />
                Download CSV
              </Button>
            </div>
          )}
        </div>
        {empty ? (
          <p className="py-6 text-center text-sm text-neutral-600">{empty}</p>
        ) : view === 'chart' ? (
          children
        ) : (
          <DataTableView table={table} labelledBy={headingId} />
        )}
        {footer}
      </Card>
    </section>
  );
}
