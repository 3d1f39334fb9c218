import { z } from 'zod';

/**
 * The identity provider's password policy: minimum length 6 by default, optional
 * maximum, optional lowercase, uppercase, digit and symbol requirements. The same function checks a
 * password on the server and drives the live hints in the forms.
 */
export const PasswordPolicySchema = z
  .object({
    minLength: z.number().int().min(6).max(128),
    maxLength: z.number().int().min(6).max(4096).nullable(),
    requireLowercase: z.boolean(),
    requireUppercase: z.boolean(),
    requireDigit: z.boolean(),
    requireSymbol: z.boolean(),
  })
  .strict()
  .refine((policy) => policy.maxLength === null || policy.maxLength >= policy.minLength, {
    message: 'The maximum length must not be below the minimum length',
    path: ['maxLength'],
  });

export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 6,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireDigit: false,
  requireSymbol: false,
};

export interface PasswordRuleResult {
  rule: 'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'digit' | 'symbol';
  label: string;
  met: boolean;
}

/** Every rule the policy switches on, each with whether `password` meets it. */
export function checkPassword(password: string, policy: PasswordPolicy): PasswordRuleResult[] {
  const length = [...password].length;
  const results: PasswordRuleResult[] = [
    { rule: 'minLength', label: `At least ${policy.minLength} characters`, met: length >= policy.minLength },
  ];
  if (policy.maxLength !== null) {
    results.push({
      rule: 'maxLength',
      label: `At most ${policy.maxLength} characters`,
      met: length <= policy.maxLength,
    });
  }
  if (policy.requireLowercase) {
    results.push({ rule: 'lowercase', label: 'A lowercase letter', met: /\p{Ll}/u.test(password) });
  }
  if (policy.requireUppercase) {
    results.push({ rule: 'uppercase', label: 'An uppercase letter', met: /\p{Lu}/u.test(password) });
  }
  if (policy.requireDigit) {
    results.push({ rule: 'digit', label: 'A digit', met: /\p{Nd}/u.test(password) });
  }
  if (policy.requireSymbol) {
    results.push({
      rule: 'symbol',
      label: 'A symbol (not a letter or digit)',
      met: /[^\p{L}\p{N}]/u.test(password),
    });
  }
  return results;
}

/** The first unmet rule as a sentence, or null when the password satisfies the policy. */
export function describePasswordProblem(password: string, policy: PasswordPolicy): string | null {
  const unmet = checkPassword(password, policy).filter((result) => !result.met);
  if (unmet.length === 0) return null;
  return `Password does not meet the policy: ${unmet.map((result) => result.label.toLowerCase()).join(', ')}.`;
}
