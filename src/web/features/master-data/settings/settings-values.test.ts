import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OPENING_HOURS,
  type RestaurantSettings,
  UpdateSettingsSchema,
} from '../../../../shared/contracts/settings';
import { DEFAULT_PASSWORD_POLICY } from '../../../../shared/password-policy';
import { changedValues } from '../../../lib/changed-values';
import { validateWithSchema } from '../../../lib/use-schema-form';
import { convertSettings, type SettingsValues, settingsToValues } from './settings-values';

const settings: RestaurantSettings = {
  version: 1,
  name: 'Brigade Cafe',
  currency: 'USD',
  locale: 'en-US',
  timeZone: 'UTC',
  address: '',
  phone: '',
  email: '',
  logoUrl: null,
  openingHours: DEFAULT_OPENING_HOURS,
  taxPercent: 8.25,
  taxInclusive: false,
  serviceChargePercent: 0,
  deliveryFee: 250,
  deliveryMinimum: 1500,
  onlineOrdering: true,
  orderAgeAmberMinutes: 10,
  orderAgeRedMinutes: 20,
  booksLockedUntil: null,
  paymentAccounts: { cash: null, card: null, qr: null, 'bank-transfer': null, online: null, partner: null },
  legalTexts: { terms: '', privacy: '', refund: '', delivery: '' },
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

// The form adds the version it was loaded with (useSchemaForm `version`).
const validate = (values: SettingsValues) =>
  validateWithSchema(UpdateSettingsSchema, values, (current) => {
    const conversion = convertSettings(current, 'USD');
    return { ...conversion, input: { ...(conversion.input as object), version: 1 } };
  });

describe('settings form values', () => {
  it('round-trips the stored settings through the shared schema unchanged', () => {
    const values = settingsToValues(settings);
    expect(values.deliveryFee).toBe('2.50');
    const { input, errors } = validate(values);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      deliveryFee: 250,
      taxPercent: 8.25,
      passwordPolicy: DEFAULT_PASSWORD_POLICY,
    });
    expect(changedValues(input!, input!)).toEqual({});
  });

  it('sends only the settings that changed; a nested one (a legal text, the policy) whole', () => {
    const before = validate(settingsToValues(settings)).input!;
    const values = settingsToValues(settings);
    values.phone = '+1 555 0100';
    values.orderAgeRedMinutes = '25';
    values.legalTexts.terms = 'Be kind.';
    values.passwordPolicy.requireSymbol = true;
    const after = validate(values).input!;
    expect(changedValues(before, after)).toEqual({
      phone: '+1 555 0100',
      orderAgeRedMinutes: 25,
      legalTexts: { terms: 'Be kind.', privacy: '', refund: '', delivery: '' },
      passwordPolicy: { ...DEFAULT_PASSWORD_POLICY, requireSymbol: true },
    });
  });

  it('names wrong money, lengths and thresholds on their fields', () => {
    const values = settingsToValues(settings);
    values.deliveryFee = '2.505';
    values.passwordPolicy.minLength = '4';
    values.passwordPolicy.maxLength = '';
    values.orderAgeRedMinutes = '5';
    values.openingHours.mon = [{ open: '09:00', close: '09:00' }];
    const { input, errors } = validate(values);
    expect(input).toBeNull();
    expect(errors).toMatchObject({
      deliveryFee: 'Enter an amount such as 4.50.',
      'passwordPolicy.minLength': 'Must be a whole number from 6 to 128.',
      orderAgeRedMinutes: 'Must be more than the amber threshold.',
      'openingHours.mon.0.close': 'Must differ from the opening time.',
    });
    expect(errors['passwordPolicy.maxLength']).toBeUndefined();
  });
});
