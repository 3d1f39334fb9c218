import { PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrder } from '../../../shared/contracts/purchase-orders';
import { formatMoney } from '../../../shared/money';

/** Who the document is from and to: the restaurant's contact details and the supplier's. */
export interface DocumentParties {
  restaurant: { name: string; address: string; phone: string; email: string; locale: string };
  supplier: { name: string; contactName: string; email: string; phone: string; address: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A quantity without the trailing zeros a supplier does not need ("2.500" → "2.5", "3.000" → "3"). */
const shortQuantity = (text: string) => text.replace(/\.?0+$/, '');

/**
 * The order as a page for the supplier, printable on A4 and a phone: what is ordered, in which
 * unit, at what cost, and the total; nothing internal (received quantities, stock units).
 */
export function purchaseOrderHtml(order: PurchaseOrder, parties: DocumentParties): string {
  const money = (minor: number) => escapeHtml(formatMoney(minor, order.currency, parties.restaurant.locale));
  const contact = (lines: string[]) =>
    lines
      .filter((line) => line.trim() !== '')
      .map((line) => `<div>${escapeHtml(line)}</div>`)
      .join('');
  const rows = order.lines
    .map(
      (line, index) => `<tr>
        <td>${index + 1}</td>
        <td>${escapeHtml(line.itemName)}</td>
        <td class="num">${escapeHtml(shortQuantity(line.quantity))} ${escapeHtml(line.unitSymbol)}</td>
        <td class="num">${money(line.unitCost)}</td>
        <td class="num">${money(line.total)}</td>
      </tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(order.number)} – ${escapeHtml(parties.supplier.name)}</title>
<style>
  body { font-family: system-ui, sans-serif; color: #111; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; }
  h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
  .parties { display: flex; flex-wrap: wrap; gap: 2rem; margin: 1.5rem 0; }
  .parties > div { flex: 1 1 14rem; }
  .label { font-size: .75rem; text-transform: uppercase; color: #555; margin-bottom: .25rem; }
  table { width: 100%; border-collapse: collapse; margin-top: 1rem; }
  th, td { text-align: left; padding: .5rem .25rem; border-bottom: 1px solid #ddd; vertical-align: top; }
  .num { text-align: right; white-space: nowrap; }
  tfoot td { font-weight: 600; border-bottom: none; }
  .note { margin-top: 1.5rem; white-space: pre-wrap; }
  @media (max-width: 30rem) { th, td { padding: .5rem .15rem; } .num { white-space: normal; } }
  @media print { body { margin: 0; } }
</style>
</head>
<body>
<h1>Purchase order ${escapeHtml(order.number)}</h1>
<div>${escapeHtml(
    [
      order.status === 'draft' || order.status === 'cancelled'
        ? PURCHASE_ORDER_STATUS_LABELS[order.status]
        : null,
      order.orderedAt ? `Ordered ${order.orderedAt.slice(0, 10)}` : null,
      order.expectedDate ? `Expected ${order.expectedDate}` : null,
    ]
      .filter((part) => part !== null)
      .join(' · '),
  )}</div>
<div class="parties">
  <div><div class="label">From</div>${contact([
    parties.restaurant.name,
    parties.restaurant.address,
    parties.restaurant.phone,
    parties.restaurant.email,
  ])}</div>
  <div><div class="label">To</div>${contact([
    parties.supplier.name,
    parties.supplier.contactName,
    parties.supplier.address,
    parties.supplier.phone,
    parties.supplier.email,
  ])}</div>
</div>
<table>
  <thead><tr><th>#</th><th>Item</th><th class="num">Quantity</th><th class="num">Unit price</th><th class="num">Amount</th></tr></thead>
  <tbody>${rows}</tbody>
  <tfoot><tr><td></td><td colspan="3">Total</td><td class="num">${money(order.total)}</td></tr></tfoot>
</table>
${order.note ? `<div class="note"><div class="label">Note</div>${escapeHtml(order.note)}</div>` : ''}
</body>
</html>
`;
}

/** The same order as the text of an e-mail. */
export function purchaseOrderText(order: PurchaseOrder, parties: DocumentParties): string {
  const money = (minor: number) => formatMoney(minor, order.currency, parties.restaurant.locale);
  const lines = order.lines.map(
    (line, index) =>
      `${index + 1}. ${line.itemName}: ${shortQuantity(line.quantity)} ${line.unitSymbol} × ${money(line.unitCost)} = ${money(line.total)}`,
  );
  return [
    `Hello ${parties.supplier.contactName || parties.supplier.name},`,
    '',
    `${parties.restaurant.name} orders the following (purchase order ${order.number}):`,
    '',
    ...lines,
    '',
    `Total: ${money(order.total)}`,
    ...(order.expectedDate ? [`Expected delivery: ${order.expectedDate}`] : []),
    ...(order.note ? ['', order.note] : []),
    '',
    'Thank you,',
    parties.restaurant.name,
    ...[parties.restaurant.address, parties.restaurant.phone, parties.restaurant.email].filter(
      (line) => line.trim() !== '',
    ),
  ].join('\n');
}
