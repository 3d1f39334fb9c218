import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import {
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  type BackupSchedule,
  BackupScheduleInputSchema,
} from '../../../../shared/contracts/backup';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { type Conversion, useSchemaForm } from '../../../lib/use-schema-form';
import { backupOverviewQueryOptions, useSaveBackupSchedule } from '../api/backup-api';
import { ErrorNote } from './backup-parts';

interface ScheduleValues {
  enabled: boolean;
  time: string;
  /** As typed. */
  keep: string;
}

function valuesOf(schedule: BackupSchedule): ScheduleValues {
  return { enabled: schedule.enabled, time: schedule.time, keep: String(schedule.keep) };
}

const KEEP_MESSAGE = `Enter how many backups to keep: a whole number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}.`;

function convert(values: ScheduleValues): Conversion {
  const keep = values.keep.trim();
  if (!/^\d+$/.test(keep)) {
    return { input: { ...values, keep: undefined }, errors: { keep: KEEP_MESSAGE } };
  }
  return { input: { ...values, keep: Number(keep) } };
}

/**
 * The daily backup's schedule: on or off, the time (the restaurant's), how many to keep. Saved with
 * the version it was read at; when someone else saved first, the form shows theirs and says so.
 */
export function ScheduleForm({
  schedule,
  formatDateTime,
}: {
  schedule: BackupSchedule;
  formatDateTime: (iso: string) => string;
}) {
  const queryClient = useQueryClient();
  const save = useSaveBackupSchedule();
  const form = useSchemaForm({
    schema: BackupScheduleInputSchema,
    initialValues: valuesOf(schedule),
    convert,
    version: schedule.version,
    reload: async () => {
      const fresh = await queryClient.fetchQuery({ ...backupOverviewQueryOptions(), staleTime: 0 });
      return { values: valuesOf(fresh.schedule), version: fresh.schedule.version };
    },
    subject: 'the automatic backups',
  });
  const { dirty } = form;

  // Saved elsewhere meanwhile (another admin, another tab): an untouched form follows.
  const { reset } = form;
  useEffect(() => {
    if (!dirty && !form.submitting && form.version !== schedule.version) {
      reset(valuesOf(schedule), schedule.version);
    }
  }, [dirty, form.submitting, form.version, schedule, reset]);

  // PUT /api/backup/schedule takes the whole schedule (enabled, time, keep): it is sent whole.
  const submit = form.handleSubmit(async (input) => {
    const saved = await save.mutateAsync(input);
    form.reset(valuesOf(saved), saved.version);
    toast.success(saved.enabled ? 'Automatic backups saved' : 'Automatic backups are off');
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label="Schedule"
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      <Switch
        label="Back up every day"
        description="A backup file is written in the backup folder on the server at the time below."
        checked={form.values.enabled}
        disabled={form.submitting}
        onChange={(enabled) => form.setField('enabled', enabled)}
      />
      <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField
          label="Time"
          type="time"
          name="time"
          value={form.values.time}
          onChange={(event) => form.setField('time', event.target.value)}
          error={form.errorOf('time')}
          disabled={form.submitting}
          description={`In the restaurant's time zone, ${schedule.timeZone}.`}
        />
        <TextField
          label="Backups to keep"
          type="number"
          name="keep"
          inputMode="numeric"
          min={BACKUP_KEEP_MIN}
          max={BACKUP_KEEP_MAX}
          step={1}
          value={form.values.keep}
          onChange={(event) => form.setField('keep', event.target.value)}
          error={form.errorOf('keep')}
          disabled={form.submitting}
          description={`The oldest daily backup is removed when there are more (${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}).`}
        />
      </div>
      {form.formError && <ErrorNote>{form.formError}</ErrorNote>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-neutral-700" data-testid="next-backup">
          {schedule.enabled && schedule.nextRunAt
            ? `Next backup: ${formatDateTime(schedule.nextRunAt)}`
            : 'Automatic backups are off.'}
        </p>
        <Button
          type="submit"
          isLoading={form.submitting}
          disabled={!dirty}
          className="self-start sm:self-auto"
        >
          {form.submitting ? 'Saving...' : 'Save schedule'}
        </Button>
      </div>
    </form>
  );
}
