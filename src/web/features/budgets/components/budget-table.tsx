import { clsx } from 'clsx';
import type { BudgetLine, BudgetMonth } from '../../../../shared/contracts/expenses';
import { formatMoney } from '../../../../shared/money';
import { Card } from '../../../components/ui/card';
import { MoneyField } from '../../../components/ui/money-field';
import { useMediaQuery } from '../../../lib/use-media-query';
import { standingOf, UsageBar } from './budget-state';

/** From here the lines are a table; narrower (a phone, a small tablet) they are cards. */
const WIDE = '(min-width: 64rem)';

export interface Money {
  currency: string;
  locale: string;
}

/** While the budget is edited: each line's typed amount and its problem. */
export interface BudgetEdit {
  valueOf: (line: BudgetLine) => string;
  errorOf: (categoryId: string) => string | undefined;
  onChange: (categoryId: string, text: string) => void;
  disabled: boolean;
}

function Remaining({ minor, money }: { minor: number; money: Money }) {
  return (
    <span
      data-testid="budget-remaining"
      className={clsx('tabular-nums', minor < 0 ? 'font-semibold text-red-700' : 'text-neutral-900')}
    >
      {formatMoney(minor, money.currency, money.locale)}
    </span>
  );
}

function AllocatedInput({
  line,
  edit,
  money,
  inTable,
}: {
  line: BudgetLine;
  edit: BudgetEdit;
  money: Money;
  inTable: boolean;
}) {
  return (
    <MoneyField
      label="Allocated"
      aria-label={`Allocated for ${line.categoryName}`}
      currency={money.currency}
      placeholder="0.00"
      value={edit.valueOf(line)}
      error={edit.errorOf(line.categoryId)}
      disabled={edit.disabled}
      onChange={(event) => edit.onChange(line.categoryId, event.target.value)}
      className={clsx(inTable && 'ml-auto w-40 text-left [&>label]:sr-only')}
    />
  );
}

function CategoryName({ line }: { line: BudgetLine }) {
  return (
    <>
      <span className="font-medium break-words text-neutral-950">{line.categoryName}</span>
      {!line.categoryActive && (
        <span className="ml-2 inline-flex rounded-full bg-neutral-100 px-2 py-0.5 align-middle text-xs font-medium text-neutral-600">
          Archived
        </span>
      )}
    </>
  );
}

function LinesTable({ budget, money, edit, caption }: BudgetTableProps & { caption: string }) {
  const amount = (minor: number) => formatMoney(minor, money.currency, money.locale);
  const { totals } = budget;
  return (
    <div className="relative overflow-x-auto rounded-xl border border-neutral-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-neutral-700">
          <tr>
            <th scope="col" className="px-4 py-3 text-left font-medium">
              Category
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Allocated
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Spent
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              Remaining
            </th>
            <th scope="col" className="w-60 px-4 py-3 text-left font-medium">
              Used
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {budget.lines.map((line) => (
            <tr key={line.categoryId} data-testid="budget-line" data-category-id={line.categoryId}>
              <th scope="row" className="px-4 py-3 text-left font-normal">
                <CategoryName line={line} />
              </th>
              <td className="px-4 py-3 text-right align-middle whitespace-nowrap tabular-nums">
                {edit ? (
                  <AllocatedInput line={line} edit={edit} money={money} inTable />
                ) : (
                  <span data-testid="budget-allocated">{amount(line.allocated)}</span>
                )}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums" data-testid="budget-spent">
                {amount(line.spent)}
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap">
                <Remaining minor={line.remaining} money={money} />
              </td>
              <td className="px-4 py-3">
                <UsageBar percent={line.percentUsed} standing={standingOf(line)} locale={money.locale} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-neutral-200 bg-neutral-50 font-medium" data-testid="budget-totals">
          <tr>
            <th scope="row" className="px-4 py-3 text-left font-semibold text-neutral-950">
              Total
            </th>
            <td
              className="px-4 py-3 text-right whitespace-nowrap tabular-nums"
              data-testid="budget-allocated"
            >
              {amount(totals.allocated)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums" data-testid="budget-spent">
              {amount(totals.spent)}
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap">
              <Remaining minor={totals.remaining} money={money} />
            </td>
            <td className="px-4 py-3">
              <UsageBar percent={totals.percentUsed} standing={standingOf(totals)} locale={money.locale} />
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Figures({
  allocated,
  spent,
  remaining,
  money,
}: {
  allocated?: number;
  spent: number;
  remaining: number;
  money: Money;
}) {
  const amount = (minor: number) => formatMoney(minor, money.currency, money.locale);
  return (
    <dl className={clsx('grid gap-3 text-sm', allocated === undefined ? 'grid-cols-2' : 'grid-cols-3')}>
      {allocated !== undefined && (
        <div>
          <dt className="text-neutral-600">Allocated</dt>
          <dd className="mt-0.5 font-medium text-neutral-950 tabular-nums" data-testid="budget-allocated">
            {amount(allocated)}
          </dd>
        </div>
      )}
      <div>
        <dt className="text-neutral-600">Spent</dt>
        <dd className="mt-0.5 font-medium text-neutral-950 tabular-nums" data-testid="budget-spent">
          {amount(spent)}
        </dd>
      </div>
      <div>
        <dt className="text-neutral-600">Remaining</dt>
        <dd className="mt-0.5 font-medium">
          <Remaining minor={remaining} money={money} />
        </dd>
      </div>
    </dl>
  );
}

function LinesCards({ budget, money, edit, caption }: BudgetTableProps & { caption: string }) {
  const { totals } = budget;
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={caption}>
        {budget.lines.map((line) => (
          <li key={line.categoryId} data-testid="budget-line" data-category-id={line.categoryId}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <p className="text-base">
                <CategoryName line={line} />
              </p>
              <UsageBar percent={line.percentUsed} standing={standingOf(line)} locale={money.locale} />
              {edit && <AllocatedInput line={line} edit={edit} money={money} inTable={false} />}
              <Figures
                allocated={edit ? undefined : line.allocated}
                spent={line.spent}
                remaining={line.remaining}
                money={money}
              />
            </Card>
          </li>
        ))}
      </ul>
      <Card className="flex flex-col gap-3 border-neutral-300 bg-neutral-50 p-4" data-testid="budget-totals">
        <p className="text-base font-semibold text-neutral-950">Total</p>
        <UsageBar percent={totals.percentUsed} standing={standingOf(totals)} locale={money.locale} />
        <Figures
          allocated={totals.allocated}
          spent={totals.spent}
          remaining={totals.remaining}
          money={money}
        />
      </Card>
    </div>
  );
}

interface BudgetTableProps {
  budget: BudgetMonth;
  money: Money;
  /** Set while the budget is edited: each line's allocation is an input. */
  edit: BudgetEdit | null;
}

/**
 * A month's budget per expense category: allocated, spent, remaining (red below zero) and the share
 * used with its state in words, then the totals; a table on a wide screen, cards on a narrow one.
 */
export function BudgetTable({ budget, money, edit, monthName }: BudgetTableProps & { monthName: string }) {
  const wide = useMediaQuery(WIDE, true);
  const caption = `Budget for ${monthName}`;
  return wide ? (
    <LinesTable budget={budget} money={money} edit={edit} caption={caption} />
  ) : (
    <LinesCards budget={budget} money={money} edit={edit} caption={caption} />
  );
}
