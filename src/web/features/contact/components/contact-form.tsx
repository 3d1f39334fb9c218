import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { HUMAN_CHECK_NOT_READY, useHumanCheck } from '../../../components/human-check/human-check';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useFocusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSession } from '../../auth';
import { useSendContactMessage } from '../api/send-contact-message';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  firstInvalidField,
  validateContact,
} from '../contact-validation';

const FIELD_LABELS: Record<ContactField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  subject: 'Subject',
  message: 'Message',
};

/** The field messages of a 400 from the server (`details.issues`), for the fields of this form. */
function serverFieldErrors(error: unknown): Partial<ContactErrors> {
  if (!isApiError(error) || error.status !== 400) return {};
  const issues = (error.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  const errors: Partial<ContactErrors> = {};
  for (const issue of issues ?? []) {
    const field = CONTACT_FIELDS.find((name) => name === issue.path);
    if (field && typeof issue.message === 'string' && !errors[field]) {
      errors[field] = `${FIELD_LABELS[field]} ${issue.message}.`;
    }
  }
  return errors;
}

/** A sign-in by phone alone has a placeholder address that is no use for a reply. */
function usableEmail(email: string | undefined): string {
  return email && !email.endsWith('.invalid') ? email : '';
}

interface ContactFormProps {
  onSent: (sender: { name: string; email: string }) => void;
}

/** `/contact`: name, e-mail, optional phone, subject and message, with the human check. */
export function ContactForm({ onSent }: ContactFormProps) {
  const { user } = useSession();
  const send = useSendContactMessage();
  const humanCheck = useHumanCheck();
  const [values, setValues] = useState<ContactValues>(() => ({
    name: user?.name.trim() ?? '',
    email: usableEmail(user?.email),
    phone: '',
    subject: '',
    message: '',
  }));
  const [showErrors, setShowErrors] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<ContactErrors>>({});
  const invalid = useFocusFirstInvalid();

  const errors = validateContact(values);
  const errorFor = (field: ContactField) =>
    (showErrors ? errors[field] : null) ?? serverErrors[field] ?? null;

  function update(field: ContactField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    setShowErrors(true);
    if (firstInvalidField(errors)) {
      invalid.focusFirstInvalid();
      return;
    }
    if (humanCheck.failed || !humanCheck.payload) {
      toast.error(HUMAN_CHECK_NOT_READY);
      return;
    }
    const phone = values.phone.trim();
    const sender = { name: values.name.trim(), email: values.email.trim() };
    send.mutate(
      {
        ...sender,
        ...(phone ? { phone } : {}),
        subject: values.subject.trim(),
        message: values.message.trim(),
        humanCheck: humanCheck.payload,
      },
      {
        onSuccess: () => onSent(sender),
        onError: (error) => {
          // One error, one place: a refused field beside it; anything else once, in a toast.
          const fieldErrors = serverFieldErrors(error);
          setServerErrors(fieldErrors);
          if (CONTACT_FIELDS.some((name) => fieldErrors[name])) invalid.focusFirstInvalid();
          else toast.error(errorMessage(error));
        },
        // Each solved check is accepted once.
        onSettled: () => humanCheck.renew(),
      },
    );
  }

  const messageLength = values.message.trim().length;

  return (
    <form
      ref={invalid.ref}
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={CONTACT_LIMITS.name}
          value={values.name}
          onChange={(event) => update('name', event.target.value)}
          error={errorFor('name')}
          disabled={send.isPending}
          required
        />
        <TextField
          label="Email"
          {...EMAIL_INPUT}
          maxLength={CONTACT_LIMITS.email}
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          error={errorFor('email')}
          disabled={send.isPending}
          required
        />
      </div>
      <TextField
        label="Phone (optional)"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        maxLength={CONTACT_LIMITS.phone}
        value={values.phone}
        onChange={(event) => update('phone', event.target.value)}
        error={errorFor('phone')}
        disabled={send.isPending}
      />
      <TextField
        label="Subject"
        name="subject"
        maxLength={CONTACT_LIMITS.subject}
        value={values.subject}
        onChange={(event) => update('subject', event.target.value)}
        error={errorFor('subject')}
        disabled={send.isPending}
        required
      />
      <TextAreaField
        label="Message"
        name="message"
        rows={6}
        value={values.message}
        onChange={(event) => update('message', event.target.value)}
        error={errorFor('message')}
        description={
          messageLength > CONTACT_LIMITS.message * 0.8
            ? `${messageLength} of ${CONTACT_LIMITS.message} characters`
            : undefined
        }
        disabled={send.isPending}
        required
      />
      {humanCheck.element}
      <Button type="submit" size="lg" isLoading={send.isPending} className="sm:self-start">
        {send.isPending ? 'Sending...' : 'Send message'}
      </Button>
    </form>
  );
}
