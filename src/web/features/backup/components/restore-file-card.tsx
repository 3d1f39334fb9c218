import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { MAX_BACKUP_UPLOAD_BYTES, type RestoreResult } from '../../../../shared/contracts/backup';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { controlClasses, Field } from '../../../components/ui/field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type RestoreProgress, restoreFromFile } from '../api/backup-api';
import { BackupSection, ErrorNote, formatBytes, ProgressBar } from './backup-parts';
import { passwordRefusal, RestorePasswordField, useHasNoPassword } from './restore-password';
import { confirmLabel, confirmsName, RestoreWarning } from './restore-warning';

type RestoreState =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'running'; progress: RestoreProgress }
  | { kind: 'refused'; message: string };

/**
 * "Restore from a file": the warning, the file, the restaurant's name typed to confirm and the admin's
 * password, one more question, then the upload (with its percentage) and the server's check and
 * restore. A refusal is shown here in the server's words (a refused password beside its field); a
 * restore that worked goes to `onRestored`.
 */
export function RestoreFileCard({
  restaurantName,
  locale,
  onRestored,
}: {
  /** Undefined until the overview has loaded. */
  restaurantName: string | undefined;
  locale?: string;
  onRestored: (result: RestoreResult) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // Changing the file input's key empties it (a file input cannot be cleared through its value).
  const [fileInputKey, setFileInputKey] = useState(0);
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [state, setState] = useState<RestoreState>({ kind: 'idle' });
  const noPassword = useHasNoPassword();

  const running = state.kind === 'running';
  const matches = confirmsName(typed, restaurantName);
  const ready = file !== null && fileError === null && matches && password !== '' && !noPassword && !running;

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    if (state.kind === 'refused') setState({ kind: 'idle' });
    if (chosen && chosen.size > MAX_BACKUP_UPLOAD_BYTES) {
      setFileError(
        `This file is ${formatBytes(chosen.size, locale)}; a backup to restore can be at most ${formatBytes(MAX_BACKUP_UPLOAD_BYTES, locale)}.`,
      );
    } else if (chosen && chosen.size === 0) {
      setFileError('This file is empty: choose a Brigade backup file (it ends in .gz).');
    } else {
      setFileError(null);
    }
  }

  async function restore() {
    if (!file) return;
    setState({ kind: 'running', progress: { phase: 'uploading', loaded: 0, total: file.size } });
    try {
      const result = await restoreFromFile(file, { confirm: typed.trim(), password }, (progress) =>
        setState({ kind: 'running', progress }),
      );
      setState({ kind: 'idle' });
      onRestored(result);
    } catch (error) {
      const aboutPassword = passwordRefusal(error);
      setPasswordError(aboutPassword);
      setState(aboutPassword ? { kind: 'idle' } : { kind: 'refused', message: errorMessage(error) });
      // A 409 means a backup or restore is running: the list shows it.
      void queryClient.invalidateQueries({ queryKey: queryKeys.backups.all });
    }
  }

  let progress = null;
  if (state.kind === 'running') {
    if (state.progress.phase === 'uploading') {
      const { loaded, total } = state.progress;
      const percent = total > 0 ? (loaded / total) * 100 : 0;
      progress = (
        <div role="status" className="flex flex-col gap-2">
          <ProgressBar label="Upload" percent={percent} />
          <p className="text-sm text-neutral-700 tabular-nums">
            Uploading… {Math.floor(percent)} % ({formatBytes(loaded, locale)} of {formatBytes(total, locale)})
          </p>
        </div>
      );
    } else {
      progress = (
        <div role="status" className="flex flex-col gap-2">
          <ProgressBar label="Restore" />
          <p className="text-sm text-neutral-700">
            Checking and restoring… This can take a few minutes for a large restaurant. Keep this page open.
          </p>
        </div>
      );
    }
  }

  return (
    <BackupSection
      title="Restore from a file"
      icon={Upload}
      description="Bring back everything from a backup file downloaded here before, or from another Brigade."
    >
      <RestoreWarning />
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) setState({ kind: 'asking' });
        }}
      >
        <Field
          label="Backup file"
          error={fileError}
          description={file && !fileError ? `${file.name} · ${formatBytes(file.size, locale)}` : undefined}
        >
          {(control) => (
            <input
              {...control}
              key={fileInputKey}
              type="file"
              accept=".gz,application/gzip"
              disabled={running}
              onChange={(event) => chooseFile(event.target.files?.[0] ?? null)}
              className={clsx(
                controlClasses(Boolean(fileError)),
                'py-2 pr-3 pl-2 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-neutral-900 hover:file:bg-neutral-200',
              )}
            />
          )}
        </Field>
        <TextField
          label={confirmLabel(restaurantName)}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          disabled={running || restaurantName === undefined}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          description={
            typed.trim() !== '' && !matches
              ? "This does not match the restaurant's name yet (capitals and spaces count)."
              : undefined
          }
        />
        <RestorePasswordField
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          error={passwordError}
          disabled={running}
          noPassword={noPassword}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="danger" disabled={!ready} isLoading={running}>
            {!running && <Upload aria-hidden="true" className="size-4" />}
            {running ? 'Restoring...' : 'Restore from this file'}
          </Button>
          {file && !running && (
            <Button
              variant="ghost"
              onClick={() => {
                chooseFile(null);
                setFileInputKey((key) => key + 1);
              }}
            >
              Clear the file
            </Button>
          )}
        </div>
      </form>
      {progress}
      {state.kind === 'refused' && <ErrorNote>{state.message}</ErrorNote>}
      <ConfirmDialog
        open={state.kind === 'asking'}
        title="Replace everything with this backup?"
        confirmLabel="Replace everything"
        busyLabel="Restoring..."
        busy={false}
        destructive
        onClose={() => setState({ kind: 'idle' })}
        onConfirm={() => void restore()}
      >
        <p>
          Everything in Brigade now is replaced by what is in{' '}
          <span className="font-medium break-all text-neutral-900">{file?.name}</span>. Everyone is signed
          out, you too. A safety backup of the current data is taken first.
        </p>
      </ConfirmDialog>
    </BackupSection>
  );
}
