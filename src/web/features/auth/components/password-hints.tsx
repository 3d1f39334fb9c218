import { clsx } from 'clsx';
import { Check, Circle } from 'lucide-react';
import { checkPassword, type PasswordPolicy } from '../../../../shared/password-policy';

interface PasswordHintsProps {
  password: string;
  policy: PasswordPolicy;
}

/** The password policy as a live checklist: the forms show it as the user types. */
export function PasswordHints({ password, policy }: PasswordHintsProps) {
  const rules = checkPassword(password, policy);
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {rules.map((rule) => (
        <li
          key={rule.rule}
          className={clsx('flex items-center gap-2', rule.met ? 'text-emerald-700' : 'text-neutral-600')}
        >
          {rule.met ? (
            <Check aria-hidden="true" className="size-4 shrink-0" />
          ) : (
            <Circle aria-hidden="true" className="size-4 shrink-0 text-neutral-400" />
          )}
          <span>
            {rule.label}
            <span className="sr-only">{rule.met ? ' (done)' : ' (not yet)'}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
