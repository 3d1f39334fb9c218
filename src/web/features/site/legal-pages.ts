import { paths } from '../../lib/paths';

/** The legal pages of the public site and the API's name for each (`GET /api/site/pages/{page}`). */
export type LegalPageKey = 'terms' | 'privacy' | 'refund' | 'delivery';

export interface LegalPageInfo {
  key: LegalPageKey;
  title: string;
  path: string;
}

export const LEGAL_PAGES: readonly LegalPageInfo[] = [
  { key: 'terms', title: 'Terms of Service', path: paths.terms },
  { key: 'privacy', title: 'Privacy Policy', path: paths.privacyPolicy },
  { key: 'refund', title: 'Refund Policy', path: paths.refundPolicy },
  { key: 'delivery', title: 'Delivery Policy', path: paths.deliveryPolicy },
];

/** The legal page a pathname shows (a trailing slash is ignored); the terms for anything else. */
export function legalPageForPath(pathname: string): LegalPageInfo {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LEGAL_PAGES.find((page) => page.path === path) ?? LEGAL_PAGES[0]!;
}
