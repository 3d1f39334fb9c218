export { SearchBox } from '../../../components/ui/search-box';

import { clsx } from 'clsx';
import type { RecordStatus } from '../../../../shared/contracts/fields';

const STATUS_LABELS: Record<RecordStatus, string> = { active: 'Active', archived: 'Archived' };

interface StatusFilterProps {
  value: RecordStatus;
  onChange: (value: RecordStatus) => void;
  /** What is being filtered, for screen readers ("Suppliers to show"). */
  label: string;
}

/** Active or Archived records: two toggle buttons, one pressed. */
export function StatusFilter({ value, onChange, label }: StatusFilterProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form fieldset
    <div
      role="group"
      aria-label={label}
      className="inline-flex shrink-0 self-start rounded-lg bg-neutral-100 p-1 md:self-auto"
    >
      {(['active', 'archived'] as const).map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={value === status}
          onClick={() => onChange(status)}
          className={clsx(
            'h-9 rounded-md px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950',
            value === status
              ? 'bg-white text-neutral-950 shadow-sm'
              : 'text-neutral-600 hover:text-neutral-950',
          )}
        >
          {STATUS_LABELS[status]}
        </button>
      ))}
    </div>
  );
}
