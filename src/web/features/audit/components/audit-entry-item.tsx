import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { AuditArea } from '../../../../shared/contracts/audit';
import { AUDIT_AREA_LABELS, type AuditEntry } from '../api/types';
import { auditPerson } from '../audit-person';

function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined;
}

function JsonBlock({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-xs font-medium tracking-wide text-neutral-600 uppercase">{label}</p>
      <pre className="mt-1 max-h-80 overflow-auto rounded-lg bg-neutral-950 p-3 font-mono text-xs leading-relaxed text-neutral-100">
        {hasValue(value) ? JSON.stringify(value, null, 2) : '—'}
      </pre>
    </div>
  );
}

/**
 * Who made the change, by name, with their e-mail beside it (as a tooltip too); an entry without a
 * person is the system's own (the demo data, a start-up step).
 */
function AuditActor({ entry }: { entry: AuditEntry }) {
  const person = auditPerson(entry.actorName, entry.actorEmail);
  if (!person) return <span>System</span>;
  return (
    <>
      <span
        className="font-medium break-words text-neutral-800"
        title={person.email ?? undefined}
        data-testid="audit-actor"
      >
        {person.label}
      </span>
      {person.email && (
        <span className="break-all text-neutral-500" data-testid="audit-actor-email">
          {person.email}
        </span>
      )}
    </>
  );
}

interface AuditEntryItemProps {
  entry: AuditEntry;
  formatDateTime: (iso: string) => string;
}

/**
 * One entry: what happened as a sentence (built by the server from before and after), who, area and
 * when; the raw values before and after stay behind "Details" for the curious.
 */
export function AuditEntryItem({ entry, formatDateTime }: AuditEntryItemProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const hasChanges = hasValue(entry.before) || hasValue(entry.after);

  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <p className="break-words text-neutral-950">{entry.description}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-neutral-600">
            <span className="inline-flex items-center rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700">
              {AUDIT_AREA_LABELS[entry.area as AuditArea] ?? entry.area}
            </span>
            <span className="font-medium text-neutral-800">{entry.actionLabel}</span>
            <span aria-hidden="true">·</span>
            <AuditActor entry={entry} />
          </p>
        </div>
        <time dateTime={entry.createdAt} className="shrink-0 text-sm whitespace-nowrap text-neutral-600">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {hasChanges && (
        <>
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            className="mt-2 inline-flex items-center gap-1 rounded-md text-sm font-medium text-neutral-700 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
          >
            <ChevronDown
              aria-hidden="true"
              className={open ? 'size-4 rotate-180 transition-transform' : 'size-4 transition-transform'}
            />
            {open ? 'Hide details' : 'Details'}
          </button>
          {open && (
            <div id={detailsId} className="mt-3 flex flex-col gap-3">
              <p className="text-xs text-neutral-600">
                <span className="font-mono">{entry.action}</span>
                {entry.summary !== entry.description && <> · {entry.summary}</>}
              </p>
              <div className="flex flex-col gap-3 md:flex-row">
                <JsonBlock label="Before" value={entry.before} />
                <JsonBlock label="After" value={entry.after} />
              </div>
            </div>
          )}
        </>
      )}
    </li>
  );
}
