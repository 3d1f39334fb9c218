import { Printer } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import toast from 'react-hot-toast';
import { type DiningTable, MASTER_DATA_API } from '../../../../shared/contracts/master-data';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { diningTableQrCodeApiPath } from '../../../lib/paths';
import { useConfig } from '../../config';
import { useResourceOptions } from '../../resources';
import './print-only.css';

const tableNameCollator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Tables in the order people count them: T1, T2, … T10 (not T1, T10, T2), then by area. */
export function compareTablesNaturally(a: Pick<DiningTable, 'name'>, b: Pick<DiningTable, 'name'>): number {
  return tableNameCollator.compare(a.name, b.name);
}

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

/** Resolves when every picture in `element` has loaded (or failed): a printout waits for its codes. */
async function picturesLoaded(element: HTMLElement): Promise<void> {
  await Promise.all(
    [...element.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined)),
  );
}

/**
 * "Print all QR codes": every active table's card, in natural order, one per printed page. The cards
 * are put in the page only while printing, and the printer is called once their codes have loaded.
 */
export function PrintAllTableQrCodes() {
  const config = useConfig();
  const tables = useResourceOptions<DiningTable>(MASTER_DATA_API.diningTables, { status: 'active' });
  const [printing, setPrinting] = useState(false);
  const sheetRef = useRef<HTMLDivElement>(null);
  const sorted = [...(tables.data ?? [])].sort(compareTablesNaturally);
  const origin = config.data?.baseUrl ?? window.location.origin;

  useEffect(() => {
    if (!printing) return;
    let cancelled = false;
    const sheet = sheetRef.current;
    void (async () => {
      if (sheet) await picturesLoaded(sheet);
      if (cancelled) return;
      window.print();
      setPrinting(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [printing]);

  return (
    <>
      <Button
        variant="secondary"
        disabled={tables.isPending || printing}
        onClick={() => {
          if (sorted.length === 0) toast.error('There are no active tables to print.');
          else setPrinting(true);
        }}
      >
        <Printer aria-hidden="true" className="size-4" />
        Print all QR codes
      </Button>
      {printing &&
        createPortal(
          <div ref={sheetRef} className="print-only-card hidden print:block" data-testid="qr-print-sheet">
            {sorted.map((table) => (
              <div
                key={table.id}
                className="flex min-h-[90vh] items-center justify-center break-after-page break-inside-avoid"
              >
                <QrCard
                  table={table}
                  url={`${origin}${table.orderingPath}`}
                  restaurantName={config.data?.restaurantName}
                  showUrl
                />
              </div>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
