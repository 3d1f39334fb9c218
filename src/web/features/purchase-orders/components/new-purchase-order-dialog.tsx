import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { purchaseOrderPath } from '../../../lib/paths';
import {
  type OrderChoices,
  useCreatePurchaseOrder,
  useSuggestPurchaseOrder,
} from '../api/purchase-orders-api';
import { type DraftLine, draftLineFor, draftTotal, LinesEditor, linesInput } from './lines-editor';

interface DialogProps {
  choices: OrderChoices;
  currency: string;
  locale: string;
  onClose: () => void;
}

function SupplierSelect({
  choices,
  value,
  onChange,
  disabled,
}: {
  choices: OrderChoices;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      label="Supplier"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.suppliers.map((supplier) => (
        <option key={supplier.id} value={supplier.id}>
          {supplier.name}
        </option>
      ))}
    </SelectField>
  );
}

/** Write a draft: a supplier, the lines, an expected day; it opens on its own page once written. */
export function NewPurchaseOrderDialog({ choices, currency, locale, onClose }: DialogProps) {
  const navigate = useNavigate();
  const create = useCreatePurchaseOrder();
  const [supplierId, setSupplierId] = useState(choices.suppliers[0]?.id ?? '');
  const [expectedDate, setExpectedDate] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => {
    const first =
      choices.items.find((item) => item.preferredSupplierId === supplierId && item.lowStock) ??
      choices.items.find((item) => item.preferredSupplierId === supplierId) ??
      choices.items[0];
    return first ? [draftLineFor(first, currency)] : [];
  });
  const [errors, setErrors] = useState<Record<string, { quantity?: string; cost?: string }>>({});

  function submit() {
    const input = linesInput(lines, currency);
    if (!input.ok) {
      setErrors(input.errors);
      return;
    }
    setErrors({});
    create.mutate(
      { supplierId, lines: input.lines, ...(expectedDate ? { expectedDate } : {}) },
      { onSuccess: (order) => void navigate(purchaseOrderPath(order.id)) },
    );
  }

  const ready = supplierId !== '' && lines.length > 0;
  return (
    <Dialog
      open
      size="lg"
      title="New purchase order"
      busy={create.isPending}
      onClose={onClose}
      footer={
        <div data-dialog-actions className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-neutral-700 tabular-nums">
            Total {formatMoney(draftTotal(lines, currency), currency, locale)}
          </span>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} isLoading={create.isPending} disabled={!ready}>
              {create.isPending ? 'Writing...' : 'Write draft'}
            </Button>
          </div>
        </div>
      }
    >
      {choices.suppliers.length === 0 || choices.items.length === 0 ? (
        <p className="text-neutral-700">
          Add a supplier in master data and an inventory item first: a purchase order orders items from a
          supplier.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <SupplierSelect
              choices={choices}
              value={supplierId}
              onChange={setSupplierId}
              disabled={create.isPending}
            />
            <TextField
              label="Expected delivery"
              type="date"
              value={expectedDate}
              disabled={create.isPending}
              onChange={(event) => setExpectedDate(event.target.value)}
            />
          </div>
          <LinesEditor
            lines={lines}
            onChange={setLines}
            choices={choices}
            supplierId={supplierId}
            currency={currency}
            locale={locale}
            errors={errors}
            disabled={create.isPending}
          />
          {create.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(create.error)}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

/** Suggest an order: a draft of everything of one supplier at or below its reorder level, up to par. */
export function SuggestPurchaseOrderDialog({ choices, onClose }: Omit<DialogProps, 'currency' | 'locale'>) {
  const navigate = useNavigate();
  const suggest = useSuggestPurchaseOrder();
  const [supplierId, setSupplierId] = useState(choices.suppliers[0]?.id ?? '');
  const lowCount = choices.items.filter(
    (item) => item.preferredSupplierId === supplierId && item.lowStock,
  ).length;
  return (
    <Dialog
      open
      title="Suggest an order"
      description="A draft with every item of the supplier at or below its reorder level, enough to bring it to its par level, in whole purchase units."
      busy={suggest.isPending}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <SupplierSelect
          choices={choices}
          value={supplierId}
          onChange={(id) => {
            suggest.reset();
            setSupplierId(id);
          }}
          disabled={suggest.isPending}
        />
        <p className="text-sm text-neutral-600" data-testid="low-count">
          {lowCount === 0
            ? 'No item of this supplier is low now.'
            : `${lowCount} ${lowCount === 1 ? 'item is' : 'items are'} low.`}
        </p>
        {suggest.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(suggest.error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={suggest.isPending}>
            Cancel
          </Button>
          <Button
            onClick={() =>
              suggest.mutate(supplierId, { onSuccess: (order) => void navigate(purchaseOrderPath(order.id)) })
            }
            isLoading={suggest.isPending}
            disabled={supplierId === ''}
          >
            {suggest.isPending ? 'Suggesting...' : 'Suggest'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
