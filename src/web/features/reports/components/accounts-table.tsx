import type { Statement } from '../../../../shared/contracts/reports';
import type { StatementFormat } from '../statement-format';

type Account = Statement['accounts'][number];
type Compared = Account['opening'];

const COLUMNS = [
  { key: 'opening', label: 'Opening balance' },
  { key: 'in', label: 'Money in' },
  { key: 'out', label: 'Money out' },
  { key: 'closing', label: 'Closing balance' },
] as const;

const TYPE_NAMES: Record<string, string> = { cash: 'Cash', bank: 'Bank', 'e-wallet': 'E-wallet' };

function AmountCell({
  amount,
  format,
  testId,
}: {
  amount: Compared;
  format: StatementFormat;
  testId: string;
}) {
  return (
    <td className="px-3 py-2 text-right align-top whitespace-nowrap tabular-nums" data-testid={testId}>
      {format.money(amount.current)}
      <span className="block text-xs text-neutral-600">
        <span className="sr-only">Previous period: </span>
        {format.money(amount.previous)}
      </span>
    </td>
  );
}

function sum(accounts: readonly Account[], key: (typeof COLUMNS)[number]['key']): Compared {
  return accounts.reduce(
    (total, account) => ({
      current: total.current + account[key].current,
      previous: total.previous + account[key].previous,
    }),
    { current: 0, previous: 0 },
  );
}

/**
 * Cash and bank: per account its opening balance, money in, money out and closing balance for the
 * period, with the previous period's under each amount, and all accounts together. An account's name
 * opens its rows of the period (`onOpen`; plain text in the printout).
 */
export function AccountsTable({
  accounts,
  format,
  previousLabel,
  onOpen,
}: {
  accounts: Statement['accounts'];
  format: StatementFormat;
  /** The previous period in words, for the column headings' note. */
  previousLabel: string;
  onOpen?: (account: Account) => void;
}) {
  return (
    <table className="statement-table w-full min-w-[38rem] border-collapse text-left text-sm text-neutral-900">
      <caption className="sr-only">
        Cash and bank accounts; under each amount, the previous period’s ({previousLabel})
      </caption>
      <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
        <tr>
          <th
            scope="col"
            className="sticky left-0 z-[1] min-w-[11rem] bg-neutral-50 px-4 py-3 align-top font-medium sm:min-w-[16rem]"
          >
            Account
          </th>
          {COLUMNS.map((column) => (
            <th key={column.key} scope="col" className="px-3 py-3 text-right align-top font-medium">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {accounts.map((account) => (
          <tr
            key={account.id}
            data-testid="statement-account"
            className="border-b border-neutral-100 bg-white last:border-b-0"
          >
            <th
              scope="row"
              className="sticky left-0 z-[1] bg-inherit py-2 pr-3 pl-4 text-left align-top font-normal"
            >
              {onOpen ? (
                <button
                  type="button"
                  aria-haspopup="dialog"
                  onClick={() => onOpen(account)}
                  className="-mx-1 rounded px-1 text-left font-medium underline decoration-neutral-400 decoration-dotted underline-offset-4 hover:decoration-neutral-950 hover:decoration-solid focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950"
                >
                  {account.name}
                </button>
              ) : (
                <span className="font-medium">{account.name}</span>
              )}
              <span className="block text-xs text-neutral-600">
                {TYPE_NAMES[account.type] ?? account.type}
              </span>
            </th>
            {COLUMNS.map((column) => (
              <AmountCell
                key={column.key}
                amount={account[column.key]}
                format={format}
                testId={`account-${column.key}`}
              />
            ))}
          </tr>
        ))}
      </tbody>
      {accounts.length > 1 && (
        <tfoot className="border-t-2 border-neutral-300 bg-neutral-50 font-semibold text-neutral-950">
          <tr>
            <th scope="row" className="sticky left-0 z-[1] bg-inherit py-2 pr-3 pl-4 text-left align-top">
              All accounts
            </th>
            {COLUMNS.map((column) => (
              <AmountCell
                key={column.key}
                amount={sum(accounts, column.key)}
                format={format}
                testId={`accounts-${column.key}`}
              />
            ))}
          </tr>
        </tfoot>
      )}
    </table>
  );
}
