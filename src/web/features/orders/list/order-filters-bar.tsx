import { clsx } from 'clsx';
import { SlidersHorizontal, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  type OrderSource,
  type OrderType,
} from '../../../../shared/contracts/orders';
import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '../../../../shared/order-status';
import { Button } from '../../../components/ui/button';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { controlClasses, Field } from '../../../components/ui/field';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import type { OrderFilters } from './order-filters';

interface OrderFiltersBarProps {
  filters: OrderFilters;
  onChange: (patch: Partial<OrderFilters>) => void;
  /** The search box's text as typed (the URL gets it once typing pauses). */
  searchText: string;
  onSearchTextChange: (text: string) => void;
  onClear: () => void;
  /** Shown under "To" when the range is backwards. */
  rangeError: string | null;
  active: boolean;
}

function DateField({
  label,
  value,
  min,
  max,
  error,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  error?: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <input
          {...control}
          type="date"
          value={value}
          min={min || undefined}
          max={max || undefined}
          onChange={(event) => onChange(event.target.value)}
          className={clsx('h-11 px-3', controlClasses(Boolean(error)))}
        />
      )}
    </Field>
  );
}

/** Search, type, source, payment, a date range (days in the restaurant's time zone) and statuses. */
export function OrderFiltersBar({
  filters,
  onChange,
  searchText,
  onSearchTextChange,
  onClear,
  rangeError,
  active,
}: OrderFiltersBarProps) {
  const panelId = useId();
  // On a phone the filters fold away under the search box, so the list starts on the first screen.
  const [open, setOpen] = useState(false);
  const inUse =
    filters.statuses.length +
    [filters.type, filters.source, filters.paymentStatus, filters.from, filters.to].filter(Boolean).length;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={searchText}
          onChange={onSearchTextChange}
          label="Search orders"
          placeholder="Number, customer or phone"
          className="sm:max-w-sm"
        />
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            className="lg:hidden"
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            {inUse > 0 ? `Filters (${inUse})` : 'Filters'}
          </Button>
          <Button variant="ghost" onClick={onClear} disabled={!active}>
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        </div>
      </div>
      <div id={panelId} className={clsx('flex-col gap-4 lg:flex', open ? 'flex' : 'hidden')}>
        <div className="grid grid-cols-2 items-start gap-x-3 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
          <SelectField
            label="Type"
            value={filters.type}
            onChange={(event) => onChange({ type: event.target.value as OrderType | '' })}
          >
            <option value="">All types</option>
            {ORDER_TYPES.map((type) => (
              <option key={type} value={type}>
                {ORDER_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Source"
            value={filters.source}
            onChange={(event) => onChange({ source: event.target.value as OrderSource | '' })}
          >
            <option value="">All sources</option>
            {ORDER_SOURCES.map((source) => (
              <option key={source} value={source}>
                {ORDER_SOURCE_LABELS[source]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Payment"
            value={filters.paymentStatus}
            onChange={(event) => onChange({ paymentStatus: event.target.value as PaymentStatus | '' })}
            className="col-span-2 sm:col-span-1"
          >
            <option value="">Any payment</option>
            {PAYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {PAYMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
          <DateField
            label="From"
            value={filters.from}
            max={filters.to}
            onChange={(from) => onChange({ from })}
          />
          <DateField
            label="To"
            value={filters.to}
            min={filters.from}
            error={rangeError}
            onChange={(to) => onChange({ to })}
          />
        </div>
        <ChoiceChips
          legend="Status"
          options={ORDER_STATUSES}
          labels={ORDER_STATUS_LABELS}
          value={filters.statuses}
          onChange={(statuses) =>
            // Kept in the status table's order, whatever order they were picked in.
            onChange({ statuses: ORDER_STATUSES.filter((status) => statuses.includes(status)) })
          }
        />
      </div>
    </div>
  );
}
