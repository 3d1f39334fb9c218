import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { KeptBackup, RestoreResult } from '../../../../shared/contracts/backup';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useRestoreKeptBackup } from '../api/backup-api';
import { ErrorNote } from './backup-parts';
import { passwordRefusal, RestorePasswordField, useHasNoPassword } from './restore-password';
import { confirmLabel, confirmsName, RestoreWarning } from './restore-warning';

/**
 * The name typed to confirm, the admin's password, and the buttons; a new one (empty) for every
 * backup asked about.
 */
function RestoreKeptForm({
  backup,
  restaurantName,
  restore,
  onClose,
  onRestored,
}: {
  backup: KeptBackup;
  restaurantName: string;
  restore: ReturnType<typeof useRestoreKeptBackup>;
  onClose: () => void;
  onRestored: (result: RestoreResult) => void;
}) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const noPassword = useHasNoPassword();
  const ready = confirmsName(typed, restaurantName) && password !== '' && !noPassword;
  const refusedPassword = restore.isError ? passwordRefusal(restore.error) : null;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready || restore.isPending) return;
        restore.mutate(
          { id: backup.id, confirm: typed.trim(), password },
          {
            onSuccess: onRestored,
            onError: () => void queryClient.invalidateQueries({ queryKey: queryKeys.backups.all }),
          },
        );
      }}
    >
      <RestoreWarning />
      <TextField
        label={confirmLabel(restaurantName)}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          if (restore.isError) restore.reset();
        }}
        disabled={restore.isPending}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <RestorePasswordField
        value={password}
        onChange={(value) => {
          setPassword(value);
          if (restore.isError) restore.reset();
        }}
        error={refusedPassword}
        disabled={restore.isPending}
        noPassword={noPassword}
      />
      {restore.isPending && (
        <p role="status" className="text-sm text-neutral-700">
          Checking and restoring… Keep this page open.
        </p>
      )}
      {restore.isError && !refusedPassword && <ErrorNote>{errorMessage(restore.error)}</ErrorNote>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={restore.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!ready} isLoading={restore.isPending}>
          {restore.isPending ? 'Restoring...' : 'Replace everything'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Restores one of the kept backups after the restaurant's name is typed: the same question as a
 * restore from a file, in a dialog over the list (open while `backup` is set).
 */
export function RestoreKeptDialog({
  backup,
  formatDateTime,
  restaurantName,
  onClose,
  onRestored,
}: {
  backup: KeptBackup | null;
  formatDateTime: (iso: string) => string;
  restaurantName: string;
  onClose: () => void;
  onRestored: (result: RestoreResult) => void;
}) {
  const restore = useRestoreKeptBackup();
  const close = () => {
    if (restore.isPending) return;
    restore.reset();
    onClose();
  };
  return (
    <Dialog
      open={backup !== null}
      onClose={close}
      busy={restore.isPending}
      title="Restore this backup?"
      description={
        backup && (
          <p>
            Everything in Brigade now is replaced by the backup made on {formatDateTime(backup.startedAt)} (
            <span className="break-all">{backup.fileName}</span>).
          </p>
        )
      }
    >
      {backup && (
        <RestoreKeptForm
          key={backup.id}
          backup={backup}
          restaurantName={restaurantName}
          restore={restore}
          onClose={close}
          onRestored={onRestored}
        />
      )}
    </Dialog>
  );
}
