import { clsx } from 'clsx';
import { type ComponentProps, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { useAuditActors } from '../api/list-audit-actors';
import { AUDIT_AREA_LABELS, type AuditFilters, NO_AUDIT_FILTERS } from '../api/types';

interface DateFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: string;
  error?: string | null;
}

function DateField({ label, error, className, ...inputProps }: DateFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={clsx(
          'h-11 w-full rounded-lg border bg-white px-3 text-base text-neutral-900 shadow-sm sm:text-sm',
          'focus:outline-2 focus:outline-offset-0',
          error
            ? 'border-red-600 focus:outline-red-600'
            : 'border-neutral-300 hover:border-neutral-400 focus:border-neutral-950 focus:outline-neutral-950',
        )}
        {...inputProps}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** Shown under "To" when the range is backwards. */
  rangeError: string | null;
}

/** User, area and a date range (days in the restaurant's time zone). */
export function AuditFiltersBar({ filters, onChange, rangeError }: AuditFiltersBarProps) {
  const actors = useAuditActors();
  const set = (patch: Partial<AuditFilters>) => onChange({ ...filters, ...patch });
  const active = Object.values(filters).some((value) => value !== '');

  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] xl:items-start">
      <SelectField
        label="User"
        value={filters.actorId}
        onChange={(event) => set({ actorId: event.target.value })}
        className="col-span-2 xl:col-span-1"
      >
        <option value="">{actors.isPending ? 'Loading users...' : 'All users'}</option>
        {actors.data?.map((actor) => (
          <option key={actor.id} value={actor.id}>
            {actor.email ?? actor.name ?? actor.id}
            {actor.name && actor.email ? ` (${actor.name})` : ''}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Area"
        value={filters.area}
        onChange={(event) => set({ area: event.target.value })}
        className="col-span-2 xl:col-span-1"
      >
        <option value="">All areas</option>
        {Object.entries(AUDIT_AREA_LABELS).map(([area, label]) => (
          <option key={area} value={area}>
            {label}
          </option>
        ))}
      </SelectField>
      <DateField
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <DateField
        label="To"
        value={filters.to}
        min={filters.from || undefined}
        onChange={(event) => set({ to: event.target.value })}
        error={rangeError}
      />
      <Button
        variant="ghost"
        onClick={() => onChange(NO_AUDIT_FILTERS)}
        disabled={!active}
        className="col-span-2 justify-self-start xl:col-span-1 xl:mt-[1.625rem]"
      >
        Clear filters
      </Button>
    </div>
  );
}
