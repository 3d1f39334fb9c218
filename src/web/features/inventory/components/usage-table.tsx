import { clsx } from 'clsx';
import { Link } from 'react-router';
import {
  USAGE_COLUMN_LABELS,
  USAGE_COLUMNS,
  type UsageReport,
} from '../../../../shared/contracts/inventory-usage';
import { formatMoney } from '../../../../shared/money';
import { shortQuantity } from '../../../../shared/quantity';
import { ListEmpty } from '../../../components/ui/list-states';
import { inventoryItemPath } from '../../../lib/paths';

/**
 * Where stock went: per item, each column's quantity over the money it moved; the items by money lost
 * (variance), most first; the money of each column over every item at the foot.
 */
export function UsageTable({ report, locale }: { report: UsageReport; locale: string }) {
  const money = (minor: number) => formatMoney(minor, report.currency, locale);
  if (report.lines.length === 0) {
    return <ListEmpty>No stock moved in this period.</ListEmpty>;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm">
      <table className="w-full text-right text-sm">
        <caption className="sr-only">
          Where stock went from {report.from} to {report.to}
        </caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
          <tr>
            <th scope="col" className="sticky left-0 bg-neutral-50 px-3 py-3 text-left font-medium">
              Item
            </th>
            {USAGE_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-3 font-medium whitespace-nowrap">
                {USAGE_COLUMN_LABELS[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {report.lines.map((line) => (
            <tr key={line.itemId}>
              <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-normal">
                <Link
                  to={inventoryItemPath(line.itemId)}
                  className="font-medium whitespace-nowrap text-neutral-950 underline-offset-2 hover:underline"
                >
                  {line.name}
                </Link>
                <span className="block text-xs text-neutral-500">{line.unitSymbol}</span>
              </th>
              {USAGE_COLUMNS.map((column) => {
                const figure = line[column];
                const lost = column === 'variance' && figure.value > 0;
                return (
                  <td key={column} className="px-3 py-2 whitespace-nowrap tabular-nums">
                    <span className={clsx('block', lost ? 'font-semibold text-red-700' : 'text-neutral-900')}>
                      {shortQuantity(figure.quantity)}
                    </span>
                    <span className={clsx('block text-xs', lost ? 'text-red-700' : 'text-neutral-500')}>
                      {money(figure.value)}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-neutral-200 bg-neutral-50 font-medium">
          <tr>
            <th scope="row" className="sticky left-0 bg-neutral-50 px-3 py-3 text-left">
              Total
            </th>
            {USAGE_COLUMNS.map((column) => (
              <td key={column} className="px-3 py-3 whitespace-nowrap tabular-nums">
                {money(report.totals[column])}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
