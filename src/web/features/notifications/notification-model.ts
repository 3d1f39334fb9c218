/**
 * The bell's plain rules (no React): when a notification was, in words, and which notifications of a
 * fresh read are news for the toaster.
 */

interface Listed {
  id: string;
  readAt: string | null;
  createdAt: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "Just now", "5 min ago", "3 h ago", "Yesterday", "4 days ago"; a week or older, `formatDate`'s
 * words (the restaurant's date and time).
 */
export function timeAgo(createdAt: string, now: number, formatDate: (iso: string) => string): string {
  const elapsed = now - Date.parse(createdAt);
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)} h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return formatDate(createdAt);
}

/** The badge's words: the count, or 99+. */
export function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/**
 * The unread notifications of `items` this page has not seen yet, oldest first (the order they
 * happened in); every id of `items` is remembered in `known`. Only those newer than `after` (the
 * oldest of the page's first read) count: an older page loaded later ("Show older"), or an old one
 * that moved up after a clean-up, is no news.
 */
export function takeArrivals<T extends Listed>(
  items: readonly T[],
  known: Set<string>,
  after: string | null,
): T[] {
  const arrivals = items.filter(
    (item) =>
      !known.has(item.id) &&
      item.readAt === null &&
      (after === null || Date.parse(item.createdAt) > Date.parse(after)),
  );
  for (const item of items) known.add(item.id);
  return arrivals.reverse();
}
