import { useState } from 'react';
import toast from 'react-hot-toast';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_CSV_IMPORTED,
  INVENTORY_CSV_REQUIRED,
  type InventoryImportRefusal,
  MAX_IMPORT_CHARACTERS,
  MAX_IMPORT_ROWS,
} from '../../../../shared/contracts/inventory';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useImportItems } from '../api/inventory-api';

/** The rows the server refused (`details.rows` of its 400), if that is what `error` is. */
export function refusedRows(error: unknown): InventoryImportRefusal[] {
  if (!isApiError(error)) return [];
  const rows = (error.details as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as InventoryImportRefusal[]) : [];
}

const REQUIRED = INVENTORY_CSV_REQUIRED.map((column) => INVENTORY_CSV_COLUMNS[column]).join(', ');
const OPTIONAL = INVENTORY_CSV_IMPORTED.filter(
  (column) => !(INVENTORY_CSV_REQUIRED as readonly string[]).includes(column),
)
  .map((column) => INVENTORY_CSV_COLUMNS[column])
  .join(', ');

/** Items from a CSV file for a first set-up: every row is checked, and one refused row refuses the file. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const importItems = useImportItems();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const rows = refusedRows(importItems.error);

  async function choose(chosen: File | undefined) {
    importItems.reset();
    setReadError(null);
    setFile(null);
    if (!chosen) return;
    if (chosen.size > MAX_IMPORT_CHARACTERS) {
      setReadError(`The file is too large: at most ${MAX_IMPORT_ROWS} items fit in one import.`);
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text() });
  }

  function submit() {
    if (!file) return;
    importItems.mutate(file.text, {
      onSuccess: (result) => {
        toast.success(`${result.created} ${result.created === 1 ? 'item' : 'items'} added`);
        onClose();
      },
    });
  }

  return (
    <Dialog
      open
      size="lg"
      title="Import items"
      description="Add items from a CSV file, such as a spreadsheet saved as CSV. Every row is checked first: if any row is refused, nothing is added."
      busy={importItems.isPending}
      onClose={onClose}
    >
      <div className="flex flex-col gap-4">
        <div className="text-sm text-neutral-700">
          <p>
            The first row names the columns: {REQUIRED} are needed; {OPTIONAL} may follow. Units are unit
            symbols from Master Data, the supplier its name. At most {MAX_IMPORT_ROWS} items; stock is not
            imported (a count or a delivery brings it in). An exported file has this shape.
          </p>
        </div>
        <label className="flex flex-col gap-1.5 text-sm font-medium text-neutral-800">
          CSV file
          <input
            type="file"
            accept=".csv,text/csv"
            disabled={importItems.isPending}
            onChange={(event) => void choose(event.target.files?.[0])}
            className="rounded-lg border border-neutral-300 bg-white p-2 text-sm font-normal file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-1.5 file:font-medium"
          />
        </label>
        {readError && (
          <p role="alert" className="text-sm text-red-700">
            {readError}
          </p>
        )}
        {importItems.isError && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">{errorMessage(importItems.error)}</p>
            {rows.length > 0 && (
              <ul className="mt-2 max-h-56 list-none overflow-y-auto" aria-label="Refused rows">
                {rows.map((row) => (
                  <li key={`${row.row}-${row.column ?? ''}-${row.message}`} className="py-0.5">
                    Row {row.row}
                    {row.column ? ` · ${row.column}` : ''}: {row.message}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={importItems.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!file} isLoading={importItems.isPending}>
            {importItems.isPending ? 'Importing...' : 'Import'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
