/** The tabs of Master Data, in order; each is `/master-data/{slug}` (`/master-data` shows the first). */
export const MASTER_DATA_TABS = [
  { slug: 'suppliers', label: 'Suppliers' },
  { slug: 'partners', label: 'Partners' },
  { slug: 'expense-categories', label: 'Expense categories' },
  { slug: 'units', label: 'Units' },
  { slug: 'food-categories', label: 'Food categories' },
  { slug: 'bank-accounts', label: 'Bank accounts' },
  { slug: 'tables', label: 'Tables' },
  { slug: 'settings', label: 'Settings' },
] as const;

export type MasterDataTab = (typeof MASTER_DATA_TABS)[number]['slug'];

/** The tab named by the path after `/master-data/` (its first segment), null for an unknown one. */
export function masterDataTabOf(subPath: string | undefined): MasterDataTab | null {
  const slug = (subPath ?? '').split('/')[0] || MASTER_DATA_TABS[0].slug;
  return MASTER_DATA_TABS.find((tab) => tab.slug === slug)?.slug ?? null;
}
