import { Printer } from 'lucide-react';
import { createPortal } from 'react-dom';
import type { DiningTable } from '../../../../shared/contracts/master-data';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { diningTableQrCodeApiPath } from '../../../lib/paths';
import { useConfig } from '../../config/api/get-config';
import './print-only.css';

interface QrCardProps {
  table: DiningTable;
  url: string;
  restaurantName: string | undefined;
  /** The printed card spells out the address; on screen a link below says it. */
  showUrl?: boolean;
}

/** What goes on the table: the restaurant, the table's name, the code and the address it opens. */
function QrCard({ table, url, restaurantName, showUrl = false }: QrCardProps) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {restaurantName && <p className="text-sm font-medium text-neutral-600">{restaurantName}</p>}
      <p className="text-2xl font-semibold tracking-tight text-neutral-950">Table {table.name}</p>
      <img
        src={diningTableQrCodeApiPath(table.id)}
        alt={`QR code for table ${table.name}`}
        width={224}
        height={224}
        className="size-56 rounded-lg border border-neutral-200 bg-white p-2"
      />
      <p className="text-sm text-neutral-700">Scan to see the menu and order.</p>
      {showUrl && <p className="text-xs break-all text-neutral-500">{url}</p>}
    </div>
  );
}

/**
 * A table's QR code (the SVG the server draws) and the address it opens, with Print: the printer gets
 * only the card (a copy outside the app, shown by the print stylesheet alone).
 */
export function TableQrCodeDialog({ item, onClose }: { item: DiningTable; onClose: () => void }) {
  const config = useConfig();
  // The code encodes BASE_URL (the server's), which may differ from the address this browser uses.
  const url = `${config.data?.baseUrl ?? window.location.origin}${item.orderingPath}`;
  const restaurantName = config.data?.restaurantName;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`QR code of table ${item.name}`}
      description="Guests scan it to order from this table."
    >
      <div className="flex flex-col gap-6">
        <QrCard table={item} url={url} restaurantName={restaurantName} />
        <p className="text-sm text-neutral-600">
          It opens{' '}
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="font-medium break-all text-neutral-950 underline"
          >
            {url}
          </a>
          .
        </p>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" />
            Print
          </Button>
        </div>
      </div>
      {createPortal(
        <div className="print-only-card hidden print:flex print:min-h-[90vh] print:items-center print:justify-center">
          <QrCard table={item} url={url} restaurantName={restaurantName} showUrl />
        </div>,
        document.body,
      )}
    </Dialog>
  );
}
