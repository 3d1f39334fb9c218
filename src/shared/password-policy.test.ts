import { describe, expect, it } from 'vitest';
import {
  checkPassword,
  DEFAULT_PASSWORD_POLICY,
  describePasswordProblem,
  PasswordPolicySchema,
} from './password-policy';

const strict = {
  minLength: 8,
  maxLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
  requireSymbol: true,
};

describe('password policy', () => {
  it('asks only for 6 characters by default', () => {
    expect(describePasswordProblem('12345', DEFAULT_PASSWORD_POLICY)).toBe(
      'Password does not meet the policy: at least 6 characters.',
    );
    expect(describePasswordProblem('123456', DEFAULT_PASSWORD_POLICY)).toBeNull();
  });

  it('reports each unmet rule of a strict policy', () => {
    expect(
      checkPassword('abc', strict)
        .filter((rule) => !rule.met)
        .map((rule) => rule.rule),
    ).toEqual(['minLength', 'uppercase', 'digit', 'symbol']);
    expect(describePasswordProblem('Abcdef1!', strict)).toBeNull();
    expect(describePasswordProblem('Abcdef1!Abcdef', strict)).toBe(
      'Password does not meet the policy: at most 12 characters.',
    );
  });

  it('counts characters, not UTF-16 units, and knows letters beyond ASCII', () => {
    expect(
      checkPassword('ÉéÉéÉé', { ...strict, minLength: 6 }).find((rule) => rule.rule === 'minLength')?.met,
    ).toBe(true);
    const emoji = checkPassword('😀😀😀', { ...DEFAULT_PASSWORD_POLICY, minLength: 6 });
    expect(emoji[0]?.met).toBe(false);
    const accented = checkPassword('Ñandú9!x', strict);
    expect(accented.every((rule) => rule.met)).toBe(true);
  });

  it('refuses a policy whose maximum is below its minimum, or a minimum below 6', () => {
    expect(PasswordPolicySchema.safeParse({ ...strict, maxLength: 7 }).success).toBe(false);
    expect(PasswordPolicySchema.safeParse({ ...strict, minLength: 5, maxLength: null }).success).toBe(false);
    expect(PasswordPolicySchema.safeParse(strict).success).toBe(true);
  });
});
