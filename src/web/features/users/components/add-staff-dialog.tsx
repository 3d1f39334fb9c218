import { type FormEvent, useState } from 'react';
import { asSentence, fieldMessages } from '../../../../shared/field-messages';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { validateEmail, validateRequired } from '../../../lib/form-validation';
import { useCreateStaffMember } from '../api/create-staff-member';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../api/types';

const ROLE_HINTS: Record<StaffRole, string> = {
  staff: 'Takes orders and handles order requests.',
  manager: 'Staff, plus voids, cancellations of paid orders, refunds and manual discounts.',
  admin: 'Everything, including menu, finance, settings and User Management.',
};

interface AddStaffDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Name, e-mail and role of a new team member; the server e-mails them an invitation. */
export function AddStaffDialog({ open, onClose }: AddStaffDialogProps) {
  const create = useCreateStaffMember();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [showErrors, setShowErrors] = useState(false);
  const invalid = useFocusFirstInvalid();

  const errors = {
    name: validateRequired(name, asSentence(fieldMessages.enter('their name'))),
    // The shared check speaks to the person signing in ("your"); here it is someone else's address.
    email: email.trim() ? validateEmail(email) : asSentence(fieldMessages.enter('their email address')),
  };

  function close() {
    if (create.isPending) return;
    setName('');
    setEmail('');
    setRole('staff');
    setShowErrors(false);
    create.reset();
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    setShowErrors(true);
    if (errors.name || errors.email) return invalid.focusFirstInvalid();
    create.mutate({ name: name.trim(), email: email.trim(), role }, { onSuccess: close });
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      busy={create.isPending}
      title="Add staff member"
      description="They get an email with a link to choose their password. The link works for 7 days."
    >
      <form ref={invalid.ref} noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <TextField
          label="Name"
          name="name"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={showErrors ? errors.name : null}
          disabled={create.isPending}
          maxLength={120}
          required
        />
        <TextField
          label="Email"
          {...EMAIL_INPUT}
          // Someone else's address: the admin's own autofill would be wrong here.
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={showErrors ? errors.email : null}
          disabled={create.isPending}
          maxLength={254}
          required
        />
        <div>
          <SelectField
            label="Role"
            name="role"
            value={role}
            onChange={(event) => setRole(event.target.value as StaffRole)}
            disabled={create.isPending}
          >
            {STAFF_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </SelectField>
          <p className="mt-1.5 text-sm text-neutral-600">{ROLE_HINTS[role]}</p>
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            {create.isPending ? 'Sending invitation...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
