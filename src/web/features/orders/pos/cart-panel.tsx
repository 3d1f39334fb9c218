import { clsx } from 'clsx';
import { MessageSquarePlus, Percent, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import {
  MAX_LINE_NOTE,
  MAX_ORDER_NOTE,
  MAX_REASON,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  type PointOfSale,
  type PointOfSaleItem,
} from '../../../../shared/contracts/orders';
import { formatMoney } from '../../../../shared/money';
import type { OrderTotals } from '../../../../shared/pricing';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type CartLine, chosenOptions, type DiscountDraft, type OrderDetails, unitPriceWith } from './cart';
import type { MoneyFormat } from './money-format';
import { QuantityStepper } from './quantity-stepper';
import { SegmentedChoice } from './segmented-choice';

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-600 transition-colors hover:bg-neutral-100 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-neutral-950';

interface CartLinesProps {
  lines: CartLine[];
  money: MoneyFormat;
  /** The menu as it is now: a line whose item has sold out since it was added says so. */
  liveItem: (id: string) => PointOfSaleItem | undefined;
  onQuantity: (key: string, quantity: number) => void;
  onNote: (key: string, note: string) => void;
  onRemove: (key: string) => void;
}

/** The cart's lines: name, options, note, − quantity +, line total, remove. */
export function CartLines({ lines, money, liveItem, onQuantity, onNote, onRemove }: CartLinesProps) {
  if (lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-neutral-300 px-4 py-6 text-center text-sm text-neutral-600">
        Tap an item on the menu to add it.
      </p>
    );
  }
  return (
    <ul aria-label="Items in the order" className="flex flex-col divide-y divide-neutral-200">
      {lines.map((line) => (
        <CartLineRow
          key={line.key}
          line={line}
          money={money}
          soldOut={liveItem(line.item.id)?.availableToday === false || liveItem(line.item.id) === undefined}
          onQuantity={(quantity) => onQuantity(line.key, quantity)}
          onNote={(note) => onNote(line.key, note)}
          onRemove={() => onRemove(line.key)}
        />
      ))}
    </ul>
  );
}

function CartLineRow({
  line,
  money,
  soldOut,
  onQuantity,
  onNote,
  onRemove,
}: {
  line: CartLine;
  money: MoneyFormat;
  soldOut: boolean;
  onQuantity: (quantity: number) => void;
  onNote: (note: string) => void;
  onRemove: () => void;
}) {
  const [editingNote, setEditingNote] = useState(false);
  const options = chosenOptions(line.item, line.optionIds);
  const lineTotal = unitPriceWith(line.item, line.optionIds) * line.quantity;
  const name = line.item.name;
  return (
    <li aria-label={name} className="flex flex-col gap-2 py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-neutral-950">{name}</p>
          {options.length > 0 && (
            <p className="text-sm break-words text-neutral-600">
              {options.map((option) => option.name).join(', ')}
            </p>
          )}
          {line.note && !editingNote && (
            <p className="text-sm break-words text-neutral-800">
              <span className="font-medium">Note:</span> {line.note}
            </p>
          )}
          {soldOut && <p className="text-sm font-medium text-red-700">Sold out today: remove it.</p>}
        </div>
        <span className="shrink-0 font-medium text-neutral-950 tabular-nums">
          {formatMoney(lineTotal, money.currency, money.locale)}
        </span>
      </div>
      {editingNote && (
        <TextField
          label={`Note for ${name}`}
          value={line.note}
          onChange={(event) => onNote(event.target.value)}
          onBlur={() => onNote(line.note.trim())}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'Escape') {
              event.preventDefault();
              onNote(line.note.trim());
              setEditingNote(false);
            }
          }}
          maxLength={MAX_LINE_NOTE}
          autoComplete="off"
          autoFocus
        />
      )}
      <div className="flex items-center justify-between gap-2">
        <QuantityStepper value={line.quantity} onChange={onQuantity} name={name} />
        <div className="flex items-center gap-1">
          <button
            type="button"
            aria-label={`Note for ${name}`}
            title="Note"
            aria-expanded={editingNote}
            onClick={() => setEditingNote((open) => !open)}
            className={ICON_BUTTON}
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            aria-label={`Remove ${name}`}
            title="Remove"
            onClick={onRemove}
            className={clsx(ICON_BUTTON, 'hover:bg-red-50 hover:text-red-700')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

interface OrderDetailsFieldsProps {
  pos: PointOfSale;
  details: OrderDetails;
  onChange: (patch: Partial<OrderDetails>) => void;
  /** Open orders per table id (`GET /api/orders/summary`). */
  openOrders: Map<string, number>;
}

function tableLabel(table: PointOfSale['tables'][number], open: number): string {
  const parts = [table.name, table.area, `${table.seats} seats`].filter(Boolean);
  const busy = open > 0 ? ` — ${open} open ${open === 1 ? 'order' : 'orders'}` : ' — free';
  return `${parts.join(' · ')}${busy}`;
}

/** Order type, the table or the address, the customer, the partner and the order's note. */
export function OrderDetailsFields({ pos, details, onChange, openOrders }: OrderDetailsFieldsProps) {
  const busyTables = pos.tables.filter((table) => (openOrders.get(table.id) ?? 0) > 0).length;
  return (
    <div className="flex flex-col gap-4">
      <SegmentedChoice
        legend="Order type"
        options={ORDER_TYPES}
        labels={ORDER_TYPE_LABELS}
        value={details.type}
        onChange={(type) => onChange({ type })}
      />
      {details.type === 'dine-in' && (
        <div className="flex flex-col gap-1.5">
          <SelectField
            label="Table"
            value={details.tableId}
            onChange={(event) => onChange({ tableId: event.target.value })}
          >
            <option value="">Choose a table…</option>
            {pos.tables.map((table) => (
              <option key={table.id} value={table.id}>
                {tableLabel(table, openOrders.get(table.id) ?? 0)}
              </option>
            ))}
          </SelectField>
          {pos.tables.length === 0 ? (
            <p className="text-sm text-amber-800">No tables yet: add them in Master Data.</p>
          ) : (
            <p className="text-sm text-neutral-600">
              {busyTables === 0
                ? 'Every table is free.'
                : `${busyTables} of ${pos.tables.length} ${pos.tables.length === 1 ? 'table has' : 'tables have'} open orders.`}
            </p>
          )}
        </div>
      )}
      {details.type === 'delivery' && (
        <TextField
          label="Delivery address"
          value={details.deliveryAddress}
          onChange={(event) => onChange({ deliveryAddress: event.target.value })}
          maxLength={300}
          autoComplete="street-address"
        />
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <TextField
          label="Customer name (optional)"
          value={details.customerName}
          onChange={(event) => onChange({ customerName: event.target.value })}
          maxLength={100}
          autoComplete="off"
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          inputMode="tel"
          value={details.customerPhone}
          onChange={(event) => onChange({ customerPhone: event.target.value })}
          maxLength={30}
          autoComplete="off"
        />
      </div>
      {pos.partners.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
          <SelectField
            label="Partner (optional)"
            value={details.partnerId}
            onChange={(event) => onChange({ partnerId: event.target.value })}
          >
            <option value="">None</option>
            {pos.partners.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
          </SelectField>
          {details.partnerId && (
            <TextField
              label="Partner reference"
              value={details.partnerReference}
              onChange={(event) => onChange({ partnerReference: event.target.value })}
              maxLength={60}
              autoComplete="off"
            />
          )}
        </div>
      )}
      <TextField
        label="Note for the order"
        value={details.note}
        onChange={(event) => onChange({ note: event.target.value })}
        maxLength={MAX_ORDER_NOTE}
        autoComplete="off"
      />
    </div>
  );
}

interface DiscountFieldsProps {
  draft: DiscountDraft;
  onChange: (patch: Partial<DiscountDraft>) => void;
  currency: string;
  valueError: string | null;
  reasonError: string | null;
  /** Errors show once the person has left the fields or tried to place the order. */
  showErrors: boolean;
}

/** A manager's manual discount: percent or amount, and its reason (required). */
export function DiscountFields({
  draft,
  onChange,
  currency,
  valueError,
  reasonError,
  showErrors,
}: DiscountFieldsProps) {
  const [open, setOpen] = useState(draft.value !== '');
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex h-10 items-center gap-2 self-start rounded-lg px-2 text-sm font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <Percent aria-hidden="true" className="size-4" />
        Discount
      </button>
      {open && (
        <div id={panelId} className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-3">
          <SegmentedChoice
            legend="Discount kind"
            hideLegend
            options={['percent', 'amount'] as const}
            labels={{ percent: 'Percent', amount: `Amount (${currency})` }}
            value={draft.kind}
            onChange={(kind) => onChange({ kind })}
          />
          <TextField
            label={draft.kind === 'percent' ? 'Discount percent' : 'Discount amount'}
            inputMode="decimal"
            value={draft.value}
            onChange={(event) => onChange({ value: event.target.value })}
            placeholder={draft.kind === 'percent' ? '10' : '2.50'}
            error={showErrors ? valueError : null}
            autoComplete="off"
          />
          <TextField
            label="Reason for the discount"
            value={draft.reason}
            onChange={(event) => onChange({ reason: event.target.value })}
            maxLength={MAX_REASON}
            error={showErrors ? reasonError : null}
            autoComplete="off"
          />
          {draft.value !== '' && (
            <button
              type="button"
              onClick={() => onChange({ value: '', reason: '' })}
              className="self-start rounded-md text-sm font-medium text-neutral-700 underline underline-offset-4 hover:text-neutral-950 focus-visible:outline-2 focus-visible:outline-neutral-950"
            >
              Remove the discount
            </button>
          )}
        </div>
      )}
    </div>
  );
}

function TotalRow({
  label,
  children,
  strong,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  testId: string;
}) {
  return (
    <div
      className={clsx(
        'flex items-baseline justify-between gap-3',
        strong
          ? 'border-t border-neutral-200 pt-2 text-lg font-semibold text-neutral-950'
          : 'text-sm text-neutral-700',
      )}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The live totals, priced by `priceOrder` as the server prices the order. */
export function TotalsList({
  totals,
  pricing,
  money,
}: {
  totals: OrderTotals;
  pricing: PointOfSale['pricing'];
  money: MoneyFormat;
}) {
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
  return (
    <dl aria-label="Totals" className="flex flex-col gap-1.5">
      <TotalRow label="Subtotal" testId="pos-subtotal">
        {format(totals.subtotal)}
      </TotalRow>
      {totals.discount > 0 && (
        <TotalRow label="Discount" testId="pos-discount">
          −{format(totals.discount)}
        </TotalRow>
      )}
      {totals.serviceCharge > 0 && (
        <TotalRow label={`Service charge (${pricing.serviceChargePercent}%)`} testId="pos-service-charge">
          {format(totals.serviceCharge)}
        </TotalRow>
      )}
      {pricing.taxPercent > 0 && (
        <TotalRow
          label={`Tax (${pricing.taxPercent}%${totals.taxInclusive ? ', incl.' : ''})`}
          testId="pos-tax"
        >
          {format(totals.tax)}
        </TotalRow>
      )}
      {totals.deliveryFee > 0 && (
        <TotalRow label="Delivery fee" testId="pos-delivery-fee">
          {format(totals.deliveryFee)}
        </TotalRow>
      )}
      <TotalRow label="Total" strong testId="pos-total">
        {format(totals.total)}
      </TotalRow>
    </dl>
  );
}
