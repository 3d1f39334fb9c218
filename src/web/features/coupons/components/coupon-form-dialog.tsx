import { useState } from 'react';
import type { z } from 'zod';
import {
  COUPON_CHANNEL_LABELS,
  COUPON_CHANNELS,
  type Coupon,
  type CouponInput,
  CouponInputSchema,
  type CouponKind,
  type CouponUpdate,
  CouponUpdateSchema,
  MAX_COUPON_CODE,
  MAX_COUPON_DESCRIPTION,
} from '../../../../shared/contracts/coupons';
import { Button } from '../../../components/ui/button';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Dialog } from '../../../components/ui/dialog';
import { MoneyField } from '../../../components/ui/money-field';
import { SelectField } from '../../../components/ui/select-field';
import { Switch } from '../../../components/ui/switch-field';
import { TextField } from '../../../components/ui/text-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { getCoupon, useSaveCoupon } from '../api/coupons-api';
import { type CouponValues, convertCouponValues, initialCouponValues } from './coupon-values';

const KIND_LABELS: Record<CouponKind, string> = {
  percent: 'Percentage off',
  amount: 'Fixed amount off',
};

interface CouponFormDialogProps {
  /** The coupon to change, or null for a new one. */
  coupon: Coupon | null;
  currency: string;
  onClose: () => void;
}

/**
 * "Add coupon" and "Edit": the coupon's form in a dialog, checked as the user types with the schema
 * the server uses (`CouponInputSchema`, `CouponUpdateSchema`); amounts typed as money. Mounted while
 * open, so each opening starts from the coupon as saved.
 */
export function CouponFormDialog({ coupon, currency, onClose }: CouponFormDialogProps) {
  const save = useSaveCoupon();
  const convert = (values: CouponValues) => convertCouponValues(values, currency);
  const [initialValues] = useState(() => initialCouponValues(coupon, currency));
  const form = useSchemaForm<CouponValues, CouponInput | CouponUpdate>({
    schema: (coupon ? CouponUpdateSchema : CouponInputSchema) as z.ZodType<CouponInput | CouponUpdate>,
    initialValues,
    convert,
    version: coupon?.version,
    reload: coupon
      ? async () => {
          const fresh = await getCoupon(coupon.id);
          return { values: initialCouponValues(fresh, currency), version: fresh.version };
        }
      : undefined,
    subject: 'this coupon',
  });
  const { values, setField, errorOf } = form;
  const submitting = form.submitting || save.isPending;

  const submit = form.handleSubmit(async (input) => {
    // A change sends only what differs from the coupon as it was opened (or reloaded).
    const fields = coupon ? (form.changes(input) as CouponUpdate | null) : input;
    if (fields === null) {
      onClose();
      return;
    }
    await save.mutateAsync({ id: coupon?.id ?? null, fields });
    onClose();
  });

  const uses =
    coupon &&
    `Used on ${coupon.uses} ${coupon.uses === 1 ? 'order' : 'orders'} so far. Changes apply to orders placed from now on.`;

  return (
    <Dialog
      open
      size="lg"
      onClose={() => {
        if (!submitting) onClose();
      }}
      busy={submitting}
      title={coupon ? `Edit coupon ${coupon.code}` : 'Add coupon'}
      description={uses ?? 'Guests and cashiers type the code at checkout and at the point of sale.'}
    >
      <form
        ref={form.formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-5"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Code"
            value={values.code}
            maxLength={MAX_COUPON_CODE}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="SAVE10"
            disabled={submitting}
            error={errorOf('code')}
            description="Letters, digits, - or _. Saved in capitals; any case works when it is typed."
            onChange={(event) => setField('code', event.target.value)}
          />
          <TextField
            label="Description (optional)"
            value={values.description}
            maxLength={MAX_COUPON_DESCRIPTION}
            autoComplete="off"
            placeholder="Spring offer"
            disabled={submitting}
            error={errorOf('description')}
            description="Shown with the coupon once it is applied."
            onChange={(event) => setField('description', event.target.value)}
          />
          <SelectField
            label="Discount"
            value={values.kind}
            disabled={submitting}
            onChange={(event) => setField('kind', event.target.value as CouponKind)}
          >
            {(Object.keys(KIND_LABELS) as CouponKind[]).map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </SelectField>
          {values.kind === 'percent' ? (
            <TextField
              label="Percent off"
              inputMode="decimal"
              value={values.value}
              placeholder="10"
              autoComplete="off"
              disabled={submitting}
              error={errorOf('value')}
              onChange={(event) => setField('value', event.target.value)}
            />
          ) : (
            <MoneyField
              label="Amount off"
              currency={currency}
              value={values.value}
              placeholder="5.00"
              disabled={submitting}
              error={errorOf('value')}
              onChange={(event) => setField('value', event.target.value)}
            />
          )}
          <MoneyField
            label="Minimum order (optional)"
            currency={currency}
            value={values.minOrder}
            placeholder="No minimum"
            disabled={submitting}
            error={errorOf('minOrder')}
            description="The subtotal before the discount."
            onChange={(event) => setField('minOrder', event.target.value)}
          />
          {values.kind === 'percent' && (
            <MoneyField
              label="Maximum discount (optional)"
              currency={currency}
              value={values.maxDiscount}
              placeholder="No maximum"
              disabled={submitting}
              error={errorOf('maxDiscount')}
              onChange={(event) => setField('maxDiscount', event.target.value)}
            />
          )}
          <TextField
            label="Valid from (optional)"
            type="date"
            value={values.validFrom}
            disabled={submitting}
            error={errorOf('validFrom')}
            description="From the start of this day."
            onChange={(event) => setField('validFrom', event.target.value)}
          />
          <TextField
            label="Valid until (optional)"
            type="date"
            value={values.validUntil}
            disabled={submitting}
            error={errorOf('validUntil')}
            description="To the end of this day, in the restaurant's time zone."
            onChange={(event) => setField('validUntil', event.target.value)}
          />
          <TextField
            label="Usage limit (optional)"
            inputMode="numeric"
            value={values.usageLimit}
            placeholder="No limit"
            autoComplete="off"
            disabled={submitting}
            error={errorOf('usageLimit')}
            description="Orders in all; a cancelled order gives its use back."
            onChange={(event) => setField('usageLimit', event.target.value)}
          />
          <TextField
            label="Per-customer limit (optional)"
            inputMode="numeric"
            value={values.perCustomerLimit}
            placeholder="No limit"
            autoComplete="off"
            disabled={submitting}
            error={errorOf('perCustomerLimit')}
            description="Orders per customer account, or per phone number at the counter."
            onChange={(event) => setField('perCustomerLimit', event.target.value)}
          />
          <ChoiceChips
            legend="Where it can be used"
            options={COUPON_CHANNELS}
            labels={COUPON_CHANNEL_LABELS}
            value={values.channels}
            error={errorOf('channels')}
            onChange={(channels) => setField('channels', channels)}
          />
          <Switch
            label="Active"
            description="Off: the code is refused until you turn it on again."
            checked={values.active}
            disabled={submitting}
            onChange={(active) => setField('active', active)}
            className="sm:self-end"
          />
        </div>
        {form.formError && (
          <p role="alert" className="text-sm text-red-700">
            {form.formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" isLoading={submitting}>
            {submitting ? 'Saving...' : coupon ? 'Save changes' : 'Create coupon'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
