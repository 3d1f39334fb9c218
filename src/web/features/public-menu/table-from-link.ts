import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

/** Where the table of a QR link (`/?table=T5`) is kept for the tab's later cart. */
export const TABLE_STORAGE_KEY = 'brigade.table';

/** Longest table name accepted from a link; anything longer is not a table of ours. */
const MAX_TABLE_NAME = 40;

/** The table named by `?table=T5`, trimmed, or null when missing, blank or implausibly long. */
export function tableFromSearch(value: string | null): string | null {
  const name = value?.trim() ?? '';
  return name !== '' && name.length <= MAX_TABLE_NAME ? name : null;
}

function readStoredTable(): string | null {
  try {
    return tableFromSearch(window.sessionStorage.getItem(TABLE_STORAGE_KEY));
  } catch {
    // Storage can be switched off (private modes, strict settings): the note simply is not remembered.
    return null;
  }
}

function noChanges(): () => void {
  return () => {};
}

/**
 * The table a guest is sitting at: from a table QR link (`/?table=T5`), remembered for the tab in
 * sessionStorage so that the cart of a later step still knows it after the link's query is gone.
 */
export function useTableFromLink(): string | null {
  const [searchParams] = useSearchParams();
  const fromLink = tableFromSearch(searchParams.get('table'));
  useEffect(() => {
    if (!fromLink) return;
    try {
      window.sessionStorage.setItem(TABLE_STORAGE_KEY, fromLink);
    } catch {
      // See readStoredTable.
    }
  }, [fromLink]);
  // Read after hydration (the server's render knows only the link), and never changed by this tab's own write.
  const stored = useSyncExternalStore(noChanges, readStoredTable, () => null);
  return fromLink ?? stored;
}
