import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useAuditActors } from '../api/list-audit-actors';
import { AUDIT_AREA_LABELS, type AuditFilters, NO_AUDIT_FILTERS } from '../api/types';
import { auditPerson } from '../audit-person';

interface AuditFiltersBarProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** Shown under "To" when the range is backwards. */
  rangeError: string | null;
}

/** User, area and a date range (days in the restaurant's time zone). */
export function AuditFiltersBar({ filters, onChange, rangeError }: AuditFiltersBarProps) {
  const actors = useAuditActors();
  // By name, as the entries show them: "Ada Admin (ada@example.com)".
  const people = (actors.data ?? [])
    .map((actor) => ({ id: actor.id, person: auditPerson(actor.name, actor.email) }))
    .sort((a, b) => (a.person?.label ?? a.id).localeCompare(b.person?.label ?? b.id));
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
        {people.map(({ id, person }) => (
          <option key={id} value={id}>
            {person ? `${person.label}${person.email ? ` (${person.email})` : ''}` : id}
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
      <TextField
        type="date"
        label="From"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => set({ from: event.target.value })}
      />
      <TextField
        type="date"
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
