import { clsx } from 'clsx';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useBlocker } from 'react-router';
import { SETTINGS_FIELD_LABELS as LABELS } from '../../../../shared/contracts/field-labels';
import { type BankAccount, MASTER_DATA_API } from '../../../../shared/contracts/master-data';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type RestaurantSettings,
  SUPPORTED_LOCALES,
  type UpdateSettings,
  UpdateSettingsSchema,
} from '../../../../shared/contracts/settings';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { Switch } from '../../../components/ui/switch-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { EMAIL_INPUT, TextField } from '../../../components/ui/text-field';
import { paths } from '../../../lib/paths';
import { useSchemaForm } from '../../../lib/use-schema-form';
import type { FormControls, KeysOfType } from '../../resources';
import { FieldNote, useResourceOptions } from '../../resources';
import { getSettings, useUpdateSettings } from '../api/settings';
import { BANK_ACCOUNT_TYPE_LABELS } from '../definitions/bank-accounts';
import { LogoEditor } from './logo-editor';
import { OpeningHoursEditor } from './opening-hours-editor';
import { SettingsSection } from './settings-section';
import { convertSettings, type SettingsValues, settingsToValues } from './settings-values';

type Form = FormControls<SettingsValues>;

/** Props binding a text input to a top-level setting. */
function bindText(form: Form, name: KeysOfType<SettingsValues, string>) {
  return {
    name,
    value: form.values[name],
    onChange: (event: { target: { value: string } }) => form.setField(name, event.target.value),
    error: form.errorOf(name),
    disabled: form.submitting,
  };
}

function supportedValues(kind: 'currency' | 'timeZone'): string[] {
  try {
    return Intl.supportedValuesOf(kind);
  } catch {
    return [];
  }
}

/** Every currency the browser knows, "USD · US Dollar", with the current one kept even if unknown. */
function useCurrencyOptions(current: string, locale: string) {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale, 'en'], { type: 'currency' });
    } catch {
      names = null;
    }
    const codes = supportedValues('currency');
    if (!codes.includes(current)) codes.unshift(current);
    return codes.map((code) => ({ value: code, label: `${code} · ${names?.of(code) ?? code}` }));
  }, [current, locale]);
}

/** The supported locales by name, "English (United States) · en-US"; a stored value off the list stays visible. */
function localeOptions(current: string) {
  const options: { value: string; label: string }[] = SUPPORTED_LOCALES.map((locale) => ({
    value: locale.code,
    label: `${locale.name} · ${locale.code}`,
  }));
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: `${current} (not supported: choose another)` });
  }
  return options;
}

/** `formatMoney` for the sample price, with en-US while the locale is one Intl cannot use. */
function samplePrice(currency: string, locale: string): string {
  try {
    return formatMoney(
      123450,
      currency,
      Intl.NumberFormat.supportedLocalesOf(locale).length ? locale : 'en-US',
    );
  } catch {
    return formatMoney(123450, currency, 'en-US');
  }
}

function useTimeZoneOptions(current: string) {
  return useMemo(() => {
    const zones = ['UTC', ...supportedValues('timeZone').filter((zone) => zone !== 'UTC')];
    if (!zones.includes(current)) zones.unshift(current);
    return zones;
  }, [current]);
}

function RestaurantFields({ form, logoUrl }: { form: Form; logoUrl: string | null }) {
  return (
    <>
      <LogoEditor logoUrl={logoUrl} />
      <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
        <TextField
          label={LABELS.name.label}
          autoComplete="organization"
          maxLength={120}
          className="sm:col-span-2"
          {...bindText(form, 'name')}
        />
        <TextAreaField
          label={LABELS.address.label}
          rows={2}
          maxLength={300}
          className="sm:col-span-2 [&_textarea]:min-h-20"
          {...bindText(form, 'address')}
        />
        <TextField
          label={LABELS.phone.label}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={40}
          {...bindText(form, 'phone')}
        />
        <TextField
          label={LABELS.email.label}
          {...EMAIL_INPUT}
          autoComplete="off"
          maxLength={200}
          {...bindText(form, 'email')}
        />
      </div>
    </>
  );
}

function MoneyAndOrderingFields({ form, savedCurrency }: { form: Form; savedCurrency: string }) {
  const { values } = form;
  const currencies = useCurrencyOptions(values.currency, values.locale);
  const timeZones = useTimeZoneOptions(values.timeZone);
  const currencyError = form.errorOf('currency');
  const timeZoneError = form.errorOf('timeZone');
  const localeError = form.errorOf('locale');
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      <div className="min-w-0">
        <SelectField
          label={LABELS.currency.label}
          value={values.currency}
          disabled={form.submitting}
          aria-invalid={currencyError ? true : undefined}
          onChange={(event) => form.setField('currency', event.target.value)}
        >
          {currencies.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <FieldNote
          error={currencyError}
          description={
            values.currency !== savedCurrency
              ? 'Changing the currency does not convert prices, fees or balances: check them after saving.'
              : undefined
          }
        />
      </div>
      <div className="min-w-0">
        <SelectField
          label={LABELS.locale.label}
          value={values.locale}
          disabled={form.submitting}
          aria-invalid={localeError ? true : undefined}
          onChange={(event) => form.setField('locale', event.target.value)}
        >
          {localeOptions(values.locale).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <FieldNote
          error={localeError}
          description={`Dates, numbers and prices: ${samplePrice(values.currency, values.locale)}.`}
        />
      </div>
      <div className="min-w-0 sm:col-span-2">
        <SelectField
          label={LABELS.timeZone.label}
          value={values.timeZone}
          disabled={form.submitting}
          aria-invalid={timeZoneError ? true : undefined}
          onChange={(event) => form.setField('timeZone', event.target.value)}
        >
          {timeZones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <FieldNote
          error={timeZoneError}
          description="Days, reports and opening hours follow this time zone."
        />
      </div>
      <TextField
        label={`${LABELS.taxPercent.label} (%)`}
        inputMode="decimal"
        autoComplete="off"
        {...bindText(form, 'taxPercent')}
      />
      <TextField
        label={`${LABELS.serviceChargePercent.label} (%)`}
        inputMode="decimal"
        autoComplete="off"
        description="0 for none."
        {...bindText(form, 'serviceChargePercent')}
      />
      <Switch
        className="sm:col-span-2"
        label={LABELS.taxInclusive.label}
        description="Off: tax is added on top of menu prices."
        checked={values.taxInclusive}
        disabled={form.submitting}
        onChange={(checked) => form.setField('taxInclusive', checked)}
      />
      <MoneyField
        label={LABELS.deliveryFee.label}
        currency={savedCurrency}
        {...bindText(form, 'deliveryFee')}
      />
      <MoneyField
        label={LABELS.deliveryMinimum.label}
        currency={savedCurrency}
        description="0 for no minimum."
        {...bindText(form, 'deliveryMinimum')}
      />
      <Switch
        className="sm:col-span-2"
        label={LABELS.onlineOrdering.label}
        description="Guests can order from the menu page and by scanning a table’s QR code."
        checked={values.onlineOrdering}
        disabled={form.submitting}
        onChange={(checked) => form.setField('onlineOrdering', checked)}
      />
    </div>
  );
}

function PaymentAccountFields({ form }: { form: Form }) {
  const accounts = useResourceOptions<BankAccount>(MASTER_DATA_API.bankAccounts, { status: 'active' });
  const known = new Set((accounts.data ?? []).map((account) => account.id));
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      {PAYMENT_METHODS.map((method) => {
        const value = form.values.paymentAccounts[method];
        const error = form.errorOf(`paymentAccounts.${method}`);
        return (
          <div key={method} className="min-w-0">
            <SelectField
              label={PAYMENT_METHOD_LABELS[method]}
              value={value}
              disabled={form.submitting || accounts.isPending}
              aria-invalid={error ? true : undefined}
              onChange={(event) =>
                form.setValues(
                  (current) => ({
                    ...current,
                    paymentAccounts: { ...current.paymentAccounts, [method]: event.target.value },
                  }),
                  `paymentAccounts.${method}`,
                )
              }
            >
              <option value="">Not set</option>
              {value && accounts.isSuccess && !known.has(value) && (
                <option value={value}>An archived account (choose another)</option>
              )}
              {(accounts.data ?? []).map((account) => (
                <option key={account.id} value={account.id}>
                  {account.name} ({BANK_ACCOUNT_TYPE_LABELS[account.type]})
                </option>
              ))}
            </SelectField>
            <FieldNote error={error} />
          </div>
        );
      })}
      {accounts.isError && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          The accounts could not be loaded. Reload the page to try again.
        </p>
      )}
    </div>
  );
}

const POLICY_SWITCHES = [
  ['requireLowercase', 'Require a lowercase letter'],
  ['requireUppercase', 'Require an uppercase letter'],
  ['requireDigit', 'Require a digit'],
  ['requireSymbol', 'Require a symbol'],
] as const;

function PasswordPolicyFields({ form }: { form: Form }) {
  const policy = form.values.passwordPolicy;
  function set<K extends keyof SettingsValues['passwordPolicy']>(
    key: K,
    value: SettingsValues['passwordPolicy'][K],
  ) {
    form.setValues(
      (current) => ({ ...current, passwordPolicy: { ...current.passwordPolicy, [key]: value } }),
      `passwordPolicy.${key}`,
    );
  }
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      <TextField
        label="Minimum length"
        inputMode="numeric"
        autoComplete="off"
        value={policy.minLength}
        onChange={(event) => set('minLength', event.target.value)}
        error={form.errorOf('passwordPolicy.minLength')}
        disabled={form.submitting}
        description="At least 6."
      />
      <TextField
        label="Maximum length"
        inputMode="numeric"
        autoComplete="off"
        placeholder="No maximum"
        value={policy.maxLength}
        onChange={(event) => set('maxLength', event.target.value)}
        error={form.errorOf('passwordPolicy.maxLength')}
        disabled={form.submitting}
        description="Leave empty for no maximum."
      />
      {POLICY_SWITCHES.map(([key, label]) => (
        <Switch
          key={key}
          label={label}
          checked={policy[key]}
          disabled={form.submitting}
          onChange={(checked) => set(key, checked)}
        />
      ))}
    </div>
  );
}

const LEGAL_PAGES = [
  { key: 'terms', label: 'Terms of Service', path: paths.terms },
  { key: 'privacy', label: 'Privacy Policy', path: paths.privacyPolicy },
  { key: 'refund', label: 'Refund Policy', path: paths.refundPolicy },
  { key: 'delivery', label: 'Delivery Policy', path: paths.deliveryPolicy },
] as const;

function LegalTextFields({ form }: { form: Form }) {
  return (
    <div className="flex flex-col gap-5">
      {LEGAL_PAGES.map((page) => (
        <TextAreaField
          key={page.key}
          label={page.label}
          rows={6}
          maxLength={50_000}
          value={form.values.legalTexts[page.key]}
          disabled={form.submitting}
          onChange={(event) =>
            form.setValues(
              (current) => ({
                ...current,
                legalTexts: { ...current.legalTexts, [page.key]: event.target.value },
              }),
              `legalTexts.${page.key}`,
            )
          }
          error={form.errorOf(`legalTexts.${page.key}`)}
          description={
            <>
              Empty shows the built-in text.{' '}
              <Link
                to={page.path}
                target="_blank"
                aria-label={`View the ${page.label} page`}
                className="font-medium text-neutral-900 underline"
              >
                View the page
              </Link>
            </>
          }
        />
      ))}
    </div>
  );
}

/**
 * Asks before unsaved changes are lost: another tab, a link or going back (react-router's blocker, the
 * router being a data router) and closing or reloading the page (the browser's own `beforeunload`
 * question; browsers show their own words there).
 */
function useUnsavedChangesGuard(unsaved: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium asks only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  return blocker;
}

/**
 * Every restaurant setting in one form over `UpdateSettingsSchema`, in sections; Save sends the
 * settings that changed (PATCH /api/settings), and the shell's name, currency and password rules follow.
 */
export function SettingsForm({ settings }: { settings: RestaurantSettings }) {
  const [saved, setSaved] = useState(settings);
  const form = useSchemaForm({
    schema: UpdateSettingsSchema,
    initialValues: settingsToValues(settings),
    convert: (values: SettingsValues) => convertSettings(values, saved.currency),
    // A save is based on this version; when someone else saved first, the form shows their settings.
    version: settings.version,
    reload: async () => {
      const fresh = await getSettings();
      setSaved(fresh);
      return { values: settingsToValues(fresh), version: fresh.version };
    },
    subject: 'the settings',
  });
  const update = useUpdateSettings();
  const { dirty } = form;

  const blocker = useUnsavedChangesGuard(dirty && !form.submitting);

  const save = form.handleSubmit(async (input) => {
    // Only the settings that differ from those loaded, with the version they are based on.
    const changes = form.changes(input);
    if (changes === null) {
      toast('No changes to save.');
      return;
    }
    const result = await update.mutateAsync(changes as UpdateSettings);
    toast.success('Settings saved');
    setSaved(result);
    form.reset(settingsToValues(result), result.version);
  });

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(event) => void save(event)}
      className="flex flex-col gap-6"
    >
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        busyLabel="Leaving..."
        busy={false}
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to the settings are not saved yet. If you leave now, they are lost.
      </ConfirmDialog>
      <SettingsSection
        title="Restaurant"
        description="Shown to guests on the menu, receipts and the contact page."
      >
        <RestaurantFields form={form} logoUrl={settings.logoUrl} />
      </SettingsSection>
      <SettingsSection
        title="Opening hours"
        description="A closing time earlier than the opening time means past midnight."
      >
        <OpeningHoursEditor form={form} />
      </SettingsSection>
      <SettingsSection title="Money & ordering">
        <MoneyAndOrderingFields form={form} savedCurrency={saved.currency} />
      </SettingsSection>
      <SettingsSection
        title="Order monitor"
        description="How long an open order may wait before it changes colour."
      >
        <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
          <TextField
            label={`${LABELS.orderAgeAmberMinutes.label} (minutes)`}
            inputMode="numeric"
            autoComplete="off"
            {...bindText(form, 'orderAgeAmberMinutes')}
          />
          <TextField
            label={`${LABELS.orderAgeRedMinutes.label} (minutes)`}
            inputMode="numeric"
            autoComplete="off"
            {...bindText(form, 'orderAgeRedMinutes')}
          />
        </div>
      </SettingsSection>
      <SettingsSection title="Payments" description="The account each payment method pays into.">
        <PaymentAccountFields form={form} />
      </SettingsSection>
      <SettingsSection
        title="Password policy"
        description="Every new password must meet these rules, for staff and guests alike."
      >
        <PasswordPolicyFields form={form} />
      </SettingsSection>
      <SettingsSection
        title="Legal pages"
        description="Plain text: a blank line starts a paragraph, “## ” a heading and “- ” a list item."
      >
        <LegalTextFields form={form} />
      </SettingsSection>

      <div
        className={clsx(
          // Sticky only while there is something to save, so a saved form ends like any page.
          dirty && 'sticky bottom-0 z-10',
          '-mx-4 flex flex-col gap-3 border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-2xl sm:border sm:px-5 sm:shadow-sm',
        )}
      >
        <p className="text-sm text-neutral-600" aria-live="polite">
          {form.formError ? (
            <span role="alert" className="text-red-700">
              {form.formError}
            </span>
          ) : dirty ? (
            'You have unsaved changes.'
          ) : (
            'All changes saved.'
          )}
        </p>
        <div className="flex gap-3">
          <Button
            variant="secondary"
            disabled={!dirty || form.submitting}
            onClick={() => form.reset(settingsToValues(saved))}
            className="flex-1 sm:flex-none"
          >
            Discard changes
          </Button>
          <Button type="submit" isLoading={form.submitting} className="flex-1 sm:flex-none">
            {form.submitting ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </div>
    </form>
  );
}
