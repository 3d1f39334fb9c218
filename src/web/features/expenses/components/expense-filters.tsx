import { clsx } from 'clsx';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { EXPENSE_STATUSES, type ExpenseFilters } from '../../../../shared/contracts/expenses';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { ExpenseChoice, ExpenseChoices } from '../api/expenses-api';
import { EXPENSE_STATUS_LABELS, type ExpenseFilterName, monthOf } from './expense-filter-values';

/** A choice's name in a list, with "(archived)" for one no longer in use. */
export function choiceLabel(choice: ExpenseChoice): string {
  return choice.active ? choice.name : `${choice.name} (archived)`;
}

function ChoiceFilter({
  label,
  allLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  allLabel: string;
  choices: readonly ExpenseChoice[] | undefined;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  return (
    <SelectField label={label} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
      <option value="">{allLabel}</option>
      {/* A filter from a link whose record is not (yet) in the list keeps its place. */}
      {value && choices && !choices.some((choice) => choice.id === value) && (
        <option value={value}>Unknown</option>
      )}
      {choices?.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choiceLabel(choice)}
        </option>
      ))}
    </SelectField>
  );
}

function QuickPeriod({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={clsx(
        'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
        pressed ? 'bg-white text-neutral-950 shadow-sm' : 'text-neutral-600 hover:text-neutral-950',
      )}
    >
      {label}
    </button>
  );
}

/**
 * The list's filters: the period (with this month, last month and all dates in one tap), category,
 * supplier, account, status and a search of the description and reference.
 */
export function ExpenseFiltersBar({
  filters,
  searchInput,
  onSearchInput,
  onChange,
  onPeriod,
  choices,
  today,
  rangeError,
}: {
  filters: ExpenseFilters;
  /** The search box's text as typed (the list follows it after a pause). */
  searchInput: string;
  onSearchInput: (text: string) => void;
  onChange: (name: ExpenseFilterName, value: string | null) => void;
  /** Both ends of the period at once ('' leaves an end open). */
  onPeriod: (from: string, to: string) => void;
  choices: ExpenseChoices | null;
  today: string;
  rangeError: string | null;
}) {
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(today, -1);
  const from = filters.from ?? '';
  const to = filters.to ?? '';
  const isPeriod = (period: { from: string; to: string }) => from === period.from && to === period.to;
  const narrowing = [filters.categoryId, filters.supplierId, filters.accountId, filters.status].filter(
    Boolean,
  ).length;
  const moreId = useId();
  // Open from the start when a link already narrows the list by them.
  const [moreOpen, setMoreOpen] = useState(narrowing > 0);

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <legend className="sr-only">Period</legend>
        <div className="grid grid-cols-2 gap-3 sm:w-[26rem]">
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onPeriod(event.target.value, to)}
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            error={rangeError}
            onChange={(event) => onPeriod(from, event.target.value)}
          />
        </div>
        <div className="flex self-start rounded-lg bg-neutral-100 p-1 sm:self-end">
          <QuickPeriod
            label="This month"
            pressed={isPeriod(thisMonth)}
            onClick={() => onPeriod(thisMonth.from, thisMonth.to)}
          />
          <QuickPeriod
            label="Last month"
            pressed={isPeriod(lastMonth)}
            onClick={() => onPeriod(lastMonth.from, lastMonth.to)}
          />
          <QuickPeriod label="All dates" pressed={!from && !to} onClick={() => onPeriod('', '')} />
        </div>
      </fieldset>
      <SearchBox
        label="Search expenses"
        placeholder="Search description or reference"
        value={searchInput}
        onChange={onSearchInput}
      />
      {/* On a phone the period and the search come first; the other filters open on demand. */}
      <button
        type="button"
        aria-expanded={moreOpen}
        aria-controls={moreId}
        onClick={() => setMoreOpen((open) => !open)}
        className="inline-flex h-10 items-center gap-2 self-start rounded-lg px-1 text-sm font-medium text-neutral-800 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950 md:hidden"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {moreOpen ? 'Fewer filters' : `More filters${narrowing > 0 ? ` (${narrowing} on)` : ''}`}
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', moreOpen && 'rotate-180')}
        />
      </button>
      <div
        id={moreId}
        className={clsx('grid grid-cols-2 gap-3 lg:grid-cols-4', !moreOpen && 'max-md:hidden')}
      >
        <ChoiceFilter
          label="Category"
          allLabel="All categories"
          choices={choices?.categories}
          value={filters.categoryId}
          onChange={(value) => onChange('categoryId', value)}
        />
        <ChoiceFilter
          label="Supplier"
          allLabel="All suppliers"
          choices={choices?.suppliers}
          value={filters.supplierId}
          onChange={(value) => onChange('supplierId', value)}
        />
        <ChoiceFilter
          label="Paid from"
          allLabel="All accounts"
          choices={choices?.accounts}
          value={filters.accountId}
          onChange={(value) => onChange('accountId', value)}
        />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) => onChange('status', event.target.value || null)}
        >
          <option value="">All statuses</option>
          {EXPENSE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {EXPENSE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}
