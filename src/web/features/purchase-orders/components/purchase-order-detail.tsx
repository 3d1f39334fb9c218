import { Ban, Mail, PackageCheck, Printer, Save, Send } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import {
  PURCHASE_ORDERS_API,
  type PurchaseOrder,
  type PurchaseOrderReceipt,
} from '../../../../shared/contracts/purchase-orders';
import { formatMoney } from '../../../../shared/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { isStaleWrite, staleActionMessage } from '../../../lib/stale-write';
import {
  type OrderChoices,
  useChangePurchaseOrderStatus,
  useEmailPurchaseOrder,
  useUpdatePurchaseOrder,
} from '../api/purchase-orders-api';
import { dayLabel, shortQuantity } from './format';
import { type DraftLine, draftLinesOf, draftTotal, LinesEditor, linesInput } from './lines-editor';
import { PaymentsSection } from './payments-section';
import { PurchaseOrderStatusBadge } from './purchase-order-status-badge';
import { ReceiveDialog } from './receive-dialog';
import { SupplierBalanceDialog } from './supplier-balance-dialog';

interface DetailProps {
  order: PurchaseOrder;
  choices: OrderChoices | undefined;
  locale: string;
  formatInstant: (iso: string) => string;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-neutral-500">{label}</dt>
      <dd className="text-sm break-words text-neutral-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** Editing a draft: expected day, note and lines, saved together with the version they are based on. */
function DraftEditor({
  order,
  choices,
  locale,
}: {
  order: PurchaseOrder;
  choices: OrderChoices;
  locale: string;
}) {
  const update = useUpdatePurchaseOrder(order.id);
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(order));
  const [expectedDate, setExpectedDate] = useState(order.expectedDate ?? '');
  const [note, setNote] = useState(order.note);
  const [errors, setErrors] = useState<Record<string, { quantity?: string; cost?: string }>>({});

  function save() {
    const input = linesInput(lines, order.currency);
    if (!input.ok) {
      setErrors(input.errors);
      return;
    }
    setErrors({});
    update.mutate({ lines: input.lines, expectedDate: expectedDate || null, note, version: order.version });
  }

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-neutral-950">Lines</h2>
      <LinesEditor
        lines={lines}
        onChange={setLines}
        choices={choices}
        supplierId={order.supplierId}
        currency={order.currency}
        locale={locale}
        errors={errors}
        disabled={update.isPending}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Expected delivery"
          type="date"
          value={expectedDate}
          disabled={update.isPending}
          onChange={(event) => setExpectedDate(event.target.value)}
        />
        <TextAreaField
          label="Note for the supplier"
          rows={2}
          value={note}
          maxLength={1000}
          disabled={update.isPending}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {update.isError && (
        <p role="alert" className="text-sm text-red-700">
          {isStaleWrite(update.error)
            ? staleActionMessage('this purchase order')
            : errorMessage(update.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-neutral-700 tabular-nums">
          Total {formatMoney(draftTotal(lines, order.currency), order.currency, locale)}
        </span>
        <Button onClick={save} isLoading={update.isPending} disabled={lines.length === 0}>
          <Save aria-hidden="true" className="size-4" />
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </Card>
  );
}

/** The lines as ordered, with what has been received of each. */
function LinesTable({ order, locale }: { order: PurchaseOrder; locale: string }) {
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <Card className="overflow-hidden p-0">
      <h2 className="px-4 pt-4 text-lg font-semibold text-neutral-950 sm:px-6">Lines</h2>
      <ul className="mt-2 divide-y divide-neutral-200">
        {order.lines.map((line) => {
          const done = line.receivedQuantity === line.quantity;
          return (
            <li
              key={line.id}
              data-testid="order-line"
              className="flex flex-wrap items-start gap-x-4 gap-y-1 px-4 py-3 sm:px-6"
            >
              <div className="min-w-0 flex-1">
                <div className="font-medium text-neutral-950">{line.itemName}</div>
                <div className="text-sm text-neutral-600 tabular-nums">
                  {shortQuantity(line.quantity)} {line.unitSymbol} × {money(line.unitCost)}
                  {line.factor !== '1.000' && ` · ${shortQuantity(line.factor)} ${line.stockUnitSymbol} each`}
                </div>
              </div>
              <div className="text-right">
                <div className="font-medium text-neutral-950 tabular-nums">{money(line.total)}</div>
                {order.status !== 'draft' && order.status !== 'cancelled' && (
                  <div
                    data-testid="line-received"
                    className={
                      done ? 'text-sm text-emerald-700 tabular-nums' : 'text-sm text-neutral-600 tabular-nums'
                    }
                  >
                    {shortQuantity(line.receivedQuantity)} of {shortQuantity(line.quantity)} received
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="flex justify-between border-t border-neutral-200 px-4 py-3 font-semibold sm:px-6">
        <span>Total</span>
        <span className="tabular-nums">{money(order.total)}</span>
      </div>
    </Card>
  );
}

/** The deliveries so far, newest first, each with its lines. */
function Deliveries({ order, locale, formatInstant }: Omit<DetailProps, 'choices'>) {
  const deliveries = new Map<string, PurchaseOrderReceipt[]>();
  for (const receipt of order.receipts) {
    deliveries.set(receipt.deliveryId, [...(deliveries.get(receipt.deliveryId) ?? []), receipt]);
  }
  if (deliveries.size === 0) return null;
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-neutral-950">Deliveries</h2>
      <ol className="mt-3 flex flex-col gap-4">
        {[...deliveries.values()].reverse().map((receipts) => {
          const first = receipts[0] as PurchaseOrderReceipt;
          return (
            <li key={first.deliveryId} data-testid="delivery" className="border-l-2 border-neutral-200 pl-3">
              <div className="text-sm font-medium text-neutral-900">
                {formatInstant(first.createdAt)}
                {first.actorName ? ` · ${first.actorName}` : ''}
              </div>
              <ul className="mt-1 text-sm text-neutral-700">
                {receipts.map((receipt) => (
                  <li key={receipt.id} className="tabular-nums">
                    {shortQuantity(receipt.quantity)} {receipt.unitSymbol} {receipt.itemName} at{' '}
                    {money(receipt.unitCost)} = {money(receipt.value)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

/** Sending: the order becomes ordered, and is e-mailed to the supplier when asked. */
function SendDialog({ order, email, onClose }: { order: PurchaseOrder; email: string; onClose: () => void }) {
  const status = useChangePurchaseOrderStatus(order.id);
  const mail = useEmailPurchaseOrder(order.id);
  const [sendEmail, setSendEmail] = useState(email !== '');
  const busy = status.isPending || mail.isPending;
  async function send() {
    await status.mutateAsync({ status: 'ordered', version: order.version });
    if (sendEmail) await mail.mutateAsync().catch(() => undefined);
    onClose();
  }
  const error = status.error ?? mail.error;
  return (
    <Dialog open title={`Send ${order.number}`} busy={busy} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700">
          The order is marked as ordered and can no longer be changed. Print it from its page, or e-mail it
          now.
        </p>
        <label className="flex items-start gap-3 text-sm text-neutral-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-neutral-950"
            checked={sendEmail}
            disabled={email === '' || busy}
            onChange={(event) => setSendEmail(event.target.checked)}
          />
          <span>
            {email === ''
              ? `${order.supplierName} has no e-mail address in master data.`
              : `E-mail it to ${order.supplierName} (${email})`}
          </span>
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {isStaleWrite(error) ? staleActionMessage('this purchase order') : errorMessage(error)}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void send().catch(() => undefined)} isLoading={busy}>
            <Send aria-hidden="true" className="size-4" />
            {busy ? 'Sending...' : 'Mark as ordered'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * One purchase order: its facts, what can be done now (edit and send a draft, receive deliveries,
 * print, e-mail, cancel), its payments to the supplier, its lines with what arrived, the deliveries,
 * and what the supplier is owed over all its orders.
 */
export function PurchaseOrderDetail({ order, choices, locale, formatInstant }: DetailProps) {
  const [dialog, setDialog] = useState<'send' | 'receive' | 'cancel' | 'balance' | null>(null);
  const status = useChangePurchaseOrderStatus(order.id);
  const mail = useEmailPurchaseOrder(order.id);
  const email = choices?.suppliers.find((supplier) => supplier.id === order.supplierId)?.email ?? '';
  const receiving = order.status === 'ordered' || order.status === 'partially-received';
  const money = (minor: number) => formatMoney(minor, order.currency, locale);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-mono text-2xl font-semibold tracking-tight text-neutral-950 sm:text-3xl">
              {order.number}
            </h1>
            <PurchaseOrderStatusBadge status={order.status} />
          </div>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-neutral-700">{order.supplierName}</span>
            <button
              type="button"
              onClick={() => setDialog('balance')}
              className="rounded-sm text-sm font-medium text-neutral-950 underline decoration-neutral-300 underline-offset-2 hover:decoration-neutral-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-950"
            >
              What {order.supplierName} is owed
            </button>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.status === 'draft' && (
            <Button onClick={() => setDialog('send')}>
              <Send aria-hidden="true" className="size-4" />
              Send
            </Button>
          )}
          {receiving && (
            <Button onClick={() => setDialog('receive')}>
              <PackageCheck aria-hidden="true" className="size-4" />
              Receive delivery
            </Button>
          )}
          <a
            href={PURCHASE_ORDERS_API.document(order.id)}
            target="_blank"
            rel="noopener"
            className={buttonClasses({ variant: 'secondary' })}
          >
            <Printer aria-hidden="true" className="size-4" />
            Print
          </a>
          {order.status !== 'draft' && order.status !== 'cancelled' && (
            <Button
              variant="secondary"
              onClick={() => mail.mutate()}
              isLoading={mail.isPending}
              disabled={email === ''}
              title={email === '' ? 'The supplier has no e-mail address' : undefined}
            >
              <Mail aria-hidden="true" className="size-4" />
              E-mail
            </Button>
          )}
          {(order.status === 'draft' || order.status === 'ordered') && (
            <Button
              variant="ghost"
              onClick={() => setDialog('cancel')}
              className="text-red-700 hover:bg-red-50"
            >
              <Ban aria-hidden="true" className="size-4" />
              Cancel order
            </Button>
          )}
        </div>
      </div>
      {mail.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(mail.error)}
        </p>
      )}

      <Card className="p-4 sm:p-6">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4">
          <Fact label="Total">{money(order.total)}</Fact>
          <Fact label="Received so far">
            <span data-testid="received-total">{money(order.receivedTotal)}</span>
          </Fact>
          <Fact label="Expected">
            {order.expectedDate ? dayLabel(order.expectedDate, locale) : 'Not set'}
          </Fact>
          <Fact label="Ordered">{order.orderedAt ? formatInstant(order.orderedAt) : 'Not yet'}</Fact>
        </dl>
        {order.note && order.status !== 'draft' && (
          <p className="mt-3 text-sm whitespace-pre-wrap text-neutral-700">{order.note}</p>
        )}
      </Card>

      {order.status !== 'draft' && (
        <PaymentsSection order={order} locale={locale} formatInstant={formatInstant} />
      )}
      {order.status === 'draft' && choices ? (
        <DraftEditor key={order.version} order={order} choices={choices} locale={locale} />
      ) : (
        <LinesTable order={order} locale={locale} />
      )}
      <Deliveries order={order} locale={locale} formatInstant={formatInstant} />
      {order.status === 'draft' && (
        <PaymentsSection order={order} locale={locale} formatInstant={formatInstant} />
      )}

      {dialog === 'send' && <SendDialog order={order} email={email} onClose={() => setDialog(null)} />}
      {dialog === 'receive' && <ReceiveDialog order={order} onClose={() => setDialog(null)} />}
      {dialog === 'balance' && (
        <SupplierBalanceDialog
          supplierId={order.supplierId}
          supplierName={order.supplierName}
          currency={order.currency}
          locale={locale}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={`Cancel ${order.number}?`}
        confirmLabel="Cancel order"
        busyLabel="Cancelling..."
        cancelLabel="Keep it"
        destructive
        busy={status.isPending}
        onConfirm={() =>
          status.mutate({ status: 'cancelled', version: order.version }, { onSettled: () => setDialog(null) })
        }
        onClose={() => setDialog(null)}
      >
        The supplier is not told: if you sent it, let them know.
      </ConfirmDialog>
    </div>
  );
}
