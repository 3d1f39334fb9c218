import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { Switch } from '../../../components/ui/switch-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { ResourceFieldDefinition, ResourceFieldProps } from './resource-definition';

interface ResourceFormFieldsProps<Values> extends ResourceFieldProps<Values> {
  fields: readonly ResourceFieldDefinition<Values>[];
}

/** Where a field sits in the form's two-column grid. */
export function fieldSpanClass(span: 'full' | 'half' | undefined): string {
  return span === 'half' ? 'sm:col-span-1' : 'sm:col-span-2';
}

/**
 * Renders a definition's fields from `components/ui`, each bound to the form: its value, its change
 * (which shows its live message) and its message from the shared schema or the server.
 */
export function ResourceFormFields<Values>({ fields, ...props }: ResourceFormFieldsProps<Values>) {
  const { form, context } = props;
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-5 sm:grid-cols-2">
      {fields.map((field) => {
        if (field.kind === 'custom') {
          return (
            <div key={field.key} className={clsx('min-w-0', fieldSpanClass(field.span))}>
              <field.Component {...props} />
            </div>
          );
        }
        if (field.visible && !field.visible(form.values)) return null;
        const description =
          typeof field.description === 'function'
            ? field.description(form.values, context)
            : field.description;
        const common = {
          label: field.label,
          description,
          className: clsx('min-w-0', fieldSpanClass(field.span)),
          disabled: form.submitting,
        };
        switch (field.kind) {
          case 'text':
            return (
              <TextField
                key={field.name}
                {...common}
                name={field.name}
                type={field.type ?? 'text'}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete ?? 'off'}
                maxLength={field.maxLength}
                placeholder={field.placeholder}
                spellCheck={field.type === 'email' ? false : undefined}
                value={form.values[field.name] as string}
                onChange={(event) =>
                  form.setField(field.name, event.target.value as Values[typeof field.name])
                }
                error={form.errorOf(field.name)}
              />
            );
          case 'textarea':
            return (
              <TextAreaField
                key={field.name}
                {...common}
                name={field.name}
                rows={field.rows ?? 3}
                maxLength={field.maxLength}
                className={clsx(common.className, '[&_textarea]:min-h-20')}
                value={form.values[field.name] as string}
                onChange={(event) =>
                  form.setField(field.name, event.target.value as Values[typeof field.name])
                }
                error={form.errorOf(field.name)}
              />
            );
          case 'money':
            return (
              <MoneyField
                key={field.name}
                {...common}
                name={field.name}
                currency={context.currency}
                value={form.values[field.name] as string}
                onChange={(event) =>
                  form.setField(field.name, event.target.value as Values[typeof field.name])
                }
                error={form.errorOf(field.name)}
              />
            );
          case 'select': {
            const error = form.errorOf(field.name);
            return (
              <div key={field.name} className={common.className}>
                <SelectField
                  label={field.label}
                  name={field.name}
                  disabled={common.disabled}
                  aria-invalid={error ? true : undefined}
                  value={form.values[field.name] as string}
                  onChange={(event) =>
                    form.setField(field.name, event.target.value as Values[typeof field.name])
                  }
                >
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </SelectField>
                <FieldNote error={error} description={description} />
              </div>
            );
          }
          case 'switch':
            return (
              <Switch
                key={field.name}
                label={field.label}
                description={description}
                className={common.className}
                disabled={common.disabled}
                checked={form.values[field.name] as boolean}
                onChange={(checked) => form.setField(field.name, checked as Values[typeof field.name])}
              />
            );
          default:
            return null;
        }
      })}
    </div>
  );
}

/**
 * The message and help under a control that has no `Field` frame of its own (`SelectField`). The
 * message is a live region, so a screen reader hears it when it appears.
 */
export function FieldNote({ error, description }: { error?: string | null; description?: ReactNode }) {
  return (
    <>
      {error && (
        <p className="mt-1.5 text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
      {description && <div className="mt-1.5 text-sm text-neutral-600">{description}</div>}
    </>
  );
}
