import type { PasswordPolicy } from '../../../../shared/password-policy';
import { TextField } from '../../../components/ui/text-field';
import { PasswordHints } from './password-hints';

interface NewPasswordFieldsProps {
  password: string;
  confirm: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  policy: PasswordPolicy;
  errors: { password: string | null; confirm: string | null };
  disabled: boolean;
  className?: string;
}

/** "New password" with the policy's live hints, and "Confirm new password". */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  return (
    <div className={props.className}>
      <TextField
        label="New password"
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        error={props.errors.password}
        description={<PasswordHints password={props.password} policy={props.policy} />}
        disabled={props.disabled}
        required
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={props.confirm}
        onChange={(event) => props.onConfirmChange(event.target.value)}
        error={props.errors.confirm}
        disabled={props.disabled}
        required
      />
    </div>
  );
}
