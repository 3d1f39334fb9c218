import { clsx } from 'clsx';
import { Archive, ArchiveRestore, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

interface ResourceRowActionsProps {
  /** The record's name: every button's accessible name says which record it acts on ("Edit Acme"). */
  name: string;
  active: boolean;
  /** Archive or restore is running for this record. */
  statusPending?: boolean;
  onEdit: () => void;
  onSetActive: (active: boolean) => void;
  onDelete: () => void;
  /** Buttons of the screen's own actions (a table's QR code), placed after Edit. */
  children?: ReactNode;
}

/** Edit, the screen's own actions, Archive or Restore, and Delete for one record. */
export function ResourceRowActions({
  name,
  active,
  statusPending = false,
  onEdit,
  onSetActive,
  onDelete,
  children,
}: ResourceRowActionsProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap lg:justify-end">
      <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${name}`}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      {children}
      <Button
        variant="ghost"
        onClick={() => onSetActive(!active)}
        isLoading={statusPending}
        aria-label={`${active ? 'Archive' : 'Restore'} ${name}`}
      >
        {!statusPending &&
          (active ? (
            <Archive aria-hidden="true" className="size-4" />
          ) : (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ))}
        {active ? 'Archive' : 'Restore'}
      </Button>
      <Button
        variant="ghost"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
        className={clsx('text-red-700 hover:bg-red-50 hover:text-red-800')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </div>
  );
}
