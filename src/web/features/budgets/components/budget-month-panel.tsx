import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, Copy, Pencil } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import type { BudgetLine, BudgetMonth } from '../../../../shared/contracts/expenses';
import { inputToMinor, minorToInput } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { ListEmpty, ListError, ListLoading } from '../../../components/ui/list-states';
import { errorMessage, hasReason, isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { masterDataTabPath } from '../../../lib/paths';
import { useBudgetMonth, useCopyBudget, useSaveBudget } from '../api/budgets-api';
import { BudgetHistory } from './budget-history';
import { monthLabel, shiftMonth } from './budget-months';
import { type BudgetEdit, BudgetTable, type Money } from './budget-table';

/** The server's largest allocation (`BudgetAllocationsInputSchema`). */
const MAX_ALLOCATION = 100_000_000_000;

/** The typed amount of each category while editing, and what each was when editing began. */
interface Draft {
  texts: Record<string, string>;
  startedFrom: Record<string, number>;
  errors: Record<string, string>;
  formError: string | null;
}

const asText = (minor: number, currency: string) => (minor === 0 ? '' : minorToInput(minor, currency));

/** Typed text to minor units, or the problem with it ('' is 0: no budget). */
function readAmount(text: string, currency: string): { amount: number } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { amount: 0 };
  const amount = inputToMinor(trimmed, currency);
  if (amount === null) return { problem: 'Enter an amount such as 1500.00.' };
  if (amount < 0) return { problem: 'Enter 0 or more (0 removes the budget).' };
  if (amount > MAX_ALLOCATION) return { problem: 'This amount is too large.' };
  return { amount };
}

/** The categories a refused save names (`lines.2.amount`), with the server's words. */
function issuesByCategory(error: unknown, sent: readonly { categoryId: string }[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const issues = (error.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  const found: Record<string, string> = {};
  for (const issue of issues ?? []) {
    const index = typeof issue.path === 'string' ? /^lines\.(\d+)\.(\w+)/.exec(issue.path) : null;
    const line = index ? sent[Number(index[1])] : undefined;
    if (line && typeof issue.message === 'string') {
      found[line.categoryId] =
        index?.[2] === 'amount' ? `The amount ${issue.message}.` : `This ${issue.message}.`;
    }
  }
  return found;
}

function MonthPicker({
  month,
  current,
  locale,
  disabled,
  onChange,
}: {
  month: string;
  current: string;
  locale: string;
  disabled: boolean;
  onChange: (month: string) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        aria-label="Previous month"
        disabled={disabled}
        onClick={() => onChange(shiftMonth(month, -1))}
      >
        <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
      </Button>
      <h2
        className="min-w-36 text-center text-lg font-semibold whitespace-nowrap text-neutral-950 tabular-nums sm:min-w-44"
        aria-live="polite"
        data-testid="budget-month"
      >
        {monthLabel(month, locale)}
      </h2>
      <Button
        variant="secondary"
        aria-label="Next month"
        disabled={disabled}
        onClick={() => onChange(shiftMonth(month, 1))}
      >
        <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
      </Button>
      {month !== current && (
        <Button variant="ghost" disabled={disabled} onClick={() => onChange(current)}>
          This month
        </Button>
      )}
    </div>
  );
}

/**
 * One month's budget: the month picker, the lines with their totals (edited in place: one save for
 * every changed line), copying the month before into it, and the six months up to it.
 */
export function BudgetMonthPanel({
  month,
  current,
  money,
  onMonthChange,
}: {
  month: string;
  /** This month in the restaurant's calendar. */
  current: string;
  money: Money;
  onMonthChange: (month: string) => void;
}) {
  const query = useBudgetMonth(month);
  const save = useSaveBudget();
  const copy = useCopyBudget();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [shownMonth, setShownMonth] = useState(month);
  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid();
  // Another month forgets what was being said or typed about this one.
  if (shownMonth !== month) {
    setShownMonth(month);
    setDraft(null);
    setNotice(null);
  }

  const budget = query.data;
  const stale = query.isPlaceholderData;
  const name = monthLabel(month, money.locale);
  const previousName = monthLabel(shiftMonth(month, -1), money.locale);

  function startEditing(of: BudgetMonth) {
    setNotice(null);
    setDraft({
      texts: Object.fromEntries(
        of.lines.map((line) => [line.categoryId, asText(line.allocated, money.currency)]),
      ),
      startedFrom: Object.fromEntries(of.lines.map((line) => [line.categoryId, line.allocated])),
      errors: {},
      formError: null,
    });
  }

  function submit(of: BudgetMonth) {
    if (!draft) return;
    const errors: Record<string, string> = {};
    const lines: { categoryId: string; amount: number }[] = [];
    for (const line of of.lines) {
      const text = draft.texts[line.categoryId];
      if (text === undefined) continue;
      const read = readAmount(text, money.currency);
      if ('problem' in read) errors[line.categoryId] = read.problem;
      else if (read.amount !== (draft.startedFrom[line.categoryId] ?? line.allocated)) {
        lines.push({ categoryId: line.categoryId, amount: read.amount });
      }
    }
    if (Object.keys(errors).length > 0) {
      setDraft({ ...draft, errors, formError: 'Check the amounts marked below.' });
      focusFirstInvalid();
      return;
    }
    if (lines.length === 0) {
      setDraft(null);
      toast.success('Nothing changed');
      return;
    }
    setDraft({ ...draft, errors: {}, formError: null });
    save.mutate(
      { month, lines },
      {
        onSuccess: () => {
          setDraft(null);
          toast.success(`Budget for ${name} saved`);
        },
        onError: (error) => {
          setDraft(
            (now) =>
              now && { ...now, errors: issuesByCategory(error, lines), formError: errorMessage(error) },
          );
          focusFirstInvalid();
        },
      },
    );
  }

  function copyLastMonth(before: BudgetMonth) {
    setNotice(null);
    const had = new Set(before.lines.filter((line) => line.allocated > 0).map((line) => line.categoryId));
    copy.mutate(
      { from: shiftMonth(month, -1), to: month },
      {
        onSuccess: (after) => {
          const added = after.lines.filter((line) => line.allocated > 0 && !had.has(line.categoryId)).length;
          if (added > 0) {
            toast.success(
              `Copied ${added} ${added === 1 ? 'budget line' : 'budget lines'} from ${previousName}`,
            );
          } else {
            setNotice(
              `Every category budgeted in ${previousName} already has a budget in ${name}: nothing was copied.`,
            );
          }
        },
        onError: (error) => {
          setNotice(hasReason(error, 'nothing-to-copy') ? error.message : errorMessage(error));
        },
      },
    );
  }

  const editing = draft !== null;
  const edit: BudgetEdit | null = draft && {
    valueOf: (line: BudgetLine) => draft.texts[line.categoryId] ?? asText(line.allocated, money.currency),
    errorOf: (categoryId) => draft.errors[categoryId],
    onChange: (categoryId, text) =>
      setDraft((now) => {
        if (!now) return now;
        const { [categoryId]: _fixed, ...errors } = now.errors;
        return {
          ...now,
          texts: { ...now.texts, [categoryId]: text },
          errors,
        };
      }),
    disabled: save.isPending,
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <MonthPicker
          month={month}
          current={current}
          locale={money.locale}
          disabled={editing || copy.isPending}
          onChange={onMonthChange}
        />
        {budget && !stale && budget.lines.length > 0 && !editing && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              isLoading={copy.isPending}
              onClick={() => copyLastMonth(budget)}
              title={`Fill the categories without a budget in ${name} with ${previousName}'s`}
            >
              {!copy.isPending && <Copy aria-hidden="true" className="size-4" />}
              {copy.isPending ? 'Copying...' : 'Copy last month'}
            </Button>
            <Button onClick={() => startEditing(budget)}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit budget
            </Button>
          </div>
        )}
      </div>

      {notice && (
        <p
          role="alert"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {notice}
        </p>
      )}

      {query.isError && !budget ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : !budget ? (
        <ListLoading>Loading the budget...</ListLoading>
      ) : budget.lines.length === 0 ? (
        <ListEmpty
          action={
            <Link
              to={masterDataTabPath('expense-categories')}
              className="font-medium text-neutral-950 underline underline-offset-2"
            >
              Add expense categories in Master Data
            </Link>
          }
        >
          There are no expense categories to budget for yet.
        </ListEmpty>
      ) : (
        <form
          ref={formRef}
          noValidate
          aria-busy={stale || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            submit(budget);
          }}
          className={clsx('flex flex-col gap-4 transition-opacity', stale && 'opacity-60')}
        >
          {editing ? (
            <p className="text-sm text-neutral-700">
              Type each category&rsquo;s budget for {name}. An empty amount or 0 removes it.
            </p>
          ) : (
            budget.totals.allocated === 0 && (
              <p className="text-sm text-neutral-700" data-testid="budget-empty">
                No budget is set for {name} yet. Edit the budget, or copy last month&rsquo;s.
              </p>
            )
          )}
          <BudgetTable budget={budget} money={money} edit={edit} monthName={name} />
          {draft && (
            <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t border-neutral-200 bg-neutral-50/95 px-4 py-3 backdrop-blur sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
              {draft.formError && (
                <p role="alert" className="text-sm text-red-700">
                  {draft.formError}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button type="submit" isLoading={save.isPending}>
                  {save.isPending ? 'Saving...' : 'Save budget'}
                </Button>
                <Button variant="secondary" disabled={save.isPending} onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              </div>
            </div>
          )}
        </form>
      )}

      {budget && budget.history.lines.length > 0 && (
        <section aria-labelledby="budget-history-heading" className={clsx('mt-4', stale && 'opacity-60')}>
          <h2 id="budget-history-heading" className="text-lg font-semibold text-neutral-950">
            Last six months
          </h2>
          <p className="mt-1 text-sm text-neutral-600">Spent / allocated per category and month.</p>
          <div className="mt-3">
            <BudgetHistory history={budget.history} month={budget.month} money={money} />
          </div>
        </section>
      )}
    </div>
  );
}
