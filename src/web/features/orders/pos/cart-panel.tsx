import { clsx } from 'clsx';
import { ChevronDown, MessageSquarePlus, NotebookPen, Percent, Trash2, UserRound } from 'lucide-react';
import { type ComponentType, type ReactNode, useId, useState } from 'react';
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
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { SegmentedChoice } from '../../../components/ui/segmented-choice';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type CartLine, chosenOptions, type DiscountDraft, type OrderDetails, unitPriceWith } from './cart';
import type { MoneyFormat } from './money-format';

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
            aria-label={`${line.note ? 'Edit the note' : 'Add a note'} for ${name}`}
            title={line.note ? 'Edit the note' : 'Add a note'}
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

interface DisclosureProps {
  label: string;
  /** What is filled in, shown while closed ("Dana · Note: birthday"). */
  summary?: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  defaultOpen?: boolean;
  children: ReactNode;
}

/** A button that shows or hides a few fields, with what they hold while hidden. */
function Disclosure({ label, summary, icon: Icon, defaultOpen = false, children }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="-mx-2 flex min-h-11 items-center gap-2 rounded-lg px-2 text-left text-sm font-medium text-neutral-800 hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-neutral-950"
      >
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span className="shrink-0">{label}</span>
        {!open && summary && (
          <span className="min-w-0 flex-1 truncate font-normal text-neutral-600">{summary}</span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={clsx('ml-auto size-4 shrink-0 transition-transform', open && 'rotate-180')}
        />
      </button>
      <div id={panelId} hidden={!open} className="flex flex-col gap-4">
        {children}
      </div>
    </div>
  );
}

interface OrderDetailsProps {
  pos: PointOfSale;
  details: OrderDetails;
  onChange: (patch: Partial<OrderDetails>) => void;
}

function tableLabel(table: PointOfSale['tables'][number], open: number, draft: boolean): string {
  const parts = [table.name, table.area, `${table.seats} seats`].filter(Boolean);
  const busy = open > 0 ? ` — ${open} open ${open === 1 ? 'order' : 'orders'}` : ' — free';
  return `${parts.join(' · ')}${busy}${draft ? ' · draft' : ''}`;
}

/**
 * Dine-in, takeaway or delivery; the table (showing which have open orders, and which keep a draft on
 * this device: choosing one brings its draft back) or the address. A round keeps its check's type
 * (`typeFixed`): only its table may change, to that table's own draft.
 */
export function OrderTypeFields({
  pos,
  details,
  onChange,
  openOrders,
  draftTables,
  typeFixed = false,
}: OrderDetailsProps & {
  openOrders: Map<string, number>;
  draftTables: ReadonlySet<string>;
  typeFixed?: boolean;
}) {
  const busyTables = pos.tables.filter((table) => (openOrders.get(table.id) ?? 0) > 0).length;
  const otherDrafts = pos.tables.filter((table) => draftTables.has(table.id) && table.id !== details.tableId);
  return (
    <div className="flex flex-col gap-3">
      {!typeFixed && (
        <SegmentedChoice
          legend="Order type"
          hideLegend
          options={ORDER_TYPES}
          labels={ORDER_TYPE_LABELS}
          value={details.type}
          onChange={(type) => onChange({ type })}
        />
      )}
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
                {tableLabel(table, openOrders.get(table.id) ?? 0, draftTables.has(table.id))}
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
          {otherDrafts.length > 0 && (
            <fieldset className="flex min-w-0 flex-wrap items-center gap-2">
              <legend className="sr-only">Drafts kept on this device</legend>
              <span aria-hidden="true" className="text-sm font-medium text-neutral-800">
                {otherDrafts.length === 1 ? 'Draft kept for' : 'Drafts kept for'}
              </span>
              {otherDrafts.map((table) => (
                <button
                  key={table.id}
                  type="button"
                  onClick={() => onChange({ tableId: table.id })}
                  aria-label={`Open the draft of ${table.name}`}
                  className="inline-flex h-9 items-center gap-1.5 rounded-full border border-amber-300 bg-amber-50 px-3 text-sm font-medium text-amber-900 hover:border-amber-400 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
                >
                  <NotebookPen aria-hidden="true" className="size-3.5 shrink-0" />
                  {table.name}
                </button>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {details.type === 'delivery' && !typeFixed && (
        <TextField
          label="Delivery address"
          value={details.deliveryAddress}
          onChange={(event) => onChange({ deliveryAddress: event.target.value })}
          maxLength={300}
          autoComplete="street-address"
        />
      )}
    </div>
  );
}

/** The customer, the partner and its reference, and the order's note, behind one button. */
export function CustomerFields({ pos, details, onChange }: OrderDetailsProps) {
  const partner = pos.partners.find((candidate) => candidate.id === details.partnerId);
  const summary = [
    details.customerName.trim(),
    details.customerPhone.trim(),
    partner ? [partner.name, details.partnerReference.trim()].filter(Boolean).join(' ') : '',
    details.note.trim() ? `Note: ${details.note.trim()}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Disclosure
      label={pos.partners.length > 0 ? 'Customer, partner and note' : 'Customer and note'}
      summary={summary}
      icon={UserRound}
    >
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
      {pos.partners.length > 0 && (
        <>
          <SelectField
            label="Partner (optional)"
            value={details.partnerId}
            onChange={(event) => onChange({ partnerId: event.target.value })}
          >
            <option value="">None</option>
            {pos.partners.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
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
        </>
      )}
      <TextField
        label="Note for the order"
        value={details.note}
        onChange={(event) => onChange({ note: event.target.value })}
        maxLength={MAX_ORDER_NOTE}
        autoComplete="off"
      />
    </Disclosure>
  );
}

interface DiscountFieldsProps {
  draft: DiscountDraft;
  onChange: (patch: Partial<DiscountDraft>) => void;
  money: MoneyFormat;
  valueError: string | null;
  reasonError: string | null;
  /** The discount as priced now (minor units), shown while the fields are hidden. */
  amount: number;
  /** The coupon applied to the order: an order takes a coupon or a manual discount, not both. */
  couponCode?: string | null;
}

/** A manager's manual discount: percent or amount, and its reason (required). */
export function DiscountFields({
  draft,
  onChange,
  money,
  valueError,
  reasonError,
  amount,
  couponCode = null,
}: DiscountFieldsProps) {
  if (couponCode) {
    return (
      <Disclosure label="Discount" summary="Not with a coupon" icon={Percent}>
        <p className="rounded-xl bg-neutral-50 p-3 text-sm text-neutral-700">
          Coupon {couponCode} is applied: an order takes a coupon or a manual discount, not both. Remove the
          coupon to give a discount.
        </p>
      </Disclosure>
    );
  }
  const summary =
    amount > 0
      ? `−${formatMoney(amount, money.currency, money.locale)}${draft.reason.trim() ? ` · ${draft.reason.trim()}` : ''}`
      : valueError || reasonError
        ? 'Not complete'
        : '';
  return (
    <Disclosure label="Discount" summary={summary} icon={Percent}>
      <div className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-3">
        <SegmentedChoice
          legend="Discount kind"
          hideLegend
          options={['percent', 'amount'] as const}
          labels={{ percent: 'Percent', amount: `Amount (${money.currency})` }}
          value={draft.kind}
          onChange={(kind) => onChange({ kind })}
        />
        <TextField
          label={draft.kind === 'percent' ? 'Discount percent' : 'Discount amount'}
          inputMode="decimal"
          value={draft.value}
          onChange={(event) => onChange({ value: event.target.value })}
          placeholder={draft.kind === 'percent' ? '10' : '2.50'}
          error={valueError}
          autoComplete="off"
        />
        <TextField
          label="Reason for the discount"
          value={draft.reason}
          onChange={(event) => onChange({ reason: event.target.value })}
          maxLength={MAX_REASON}
          error={reasonError}
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
    </Disclosure>
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
  discountLabel = 'Discount',
}: {
  totals: OrderTotals;
  pricing: PointOfSale['pricing'];
  money: MoneyFormat;
  /** "Coupon SAVE10" when the discount is a coupon's. */
  discountLabel?: string;
}) {
  const format = (minor: number) => formatMoney(minor, money.currency, money.locale);
  return (
    <dl aria-label="Totals" className="flex flex-col gap-1.5">
      <TotalRow label="Subtotal" testId="pos-subtotal">
        {format(totals.subtotal)}
      </TotalRow>
      {totals.discount > 0 && (
        <TotalRow label={discountLabel} testId="pos-discount">
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
