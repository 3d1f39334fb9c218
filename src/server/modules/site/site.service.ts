import { z } from '@hono/zod-openapi';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { getSettings } from '../settings';
import {
  cookiesSection,
  defaultLegalText,
  LEGAL_PAGE_TITLES,
  LEGAL_PAGES,
  type LegalPageKey,
} from './default-texts';

export const LegalPageSchema = z
  .object({
    page: z.enum(LEGAL_PAGES),
    title: z.string().openapi({ example: 'Privacy Policy' }),
    text: z.string().openapi({
      description: 'Plain text: paragraphs separated by blank lines, `## ` headings, `- ` list items.',
    }),
    isDefault: z.boolean().openapi({ description: 'True when the built-in text is shown.' }),
    updatedAt: z.string().openapi({ description: 'When the restaurant’s settings last changed (ISO 8601).' }),
  })
  .openapi('LegalPage');
export type LegalPage = z.infer<typeof LegalPageSchema>;

export const ContactDetailsSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
  })
  .openapi('ContactDetails');
export type ContactDetails = z.infer<typeof ContactDetailsSchema>;

function isLegalPage(value: string): value is LegalPageKey {
  return (LEGAL_PAGES as readonly string[]).includes(value);
}

/** Whether a text has a `## ` heading about cookies (the privacy page's `#cookies` section). */
function hasCookiesHeading(text: string): boolean {
  return text.split(/\r?\n/).some((line) => /^##\s.*cookie/i.test(line.trim()));
}

/**
 * A legal page: the restaurant's own text from the settings, or the built-in one when that is empty.
 * The privacy policy always has its cookies section (the cookie banner links to it): a restaurant's
 * own text without one gets the built-in section added at the end, since it states what this
 * software itself stores.
 */
export async function getLegalPage(db: Database, page: string): Promise<LegalPage> {
  if (!isLegalPage(page)) {
    throw notFound('There is no such page. The pages are terms, privacy, refund and delivery.');
  }
  const settings = await getSettings(db);
  const own = settings.legalTexts[page].trim();
  let text = own || defaultLegalText(page, settings);
  if (own && page === 'privacy' && !hasCookiesHeading(own)) text = `${own}\n\n${cookiesSection()}`;
  return {
    page,
    title: LEGAL_PAGE_TITLES[page],
    text,
    isDefault: own.length === 0,
    updatedAt: settings.updatedAt,
  };
}

/** The restaurant's public contact details, for /contact. */
export async function getContactDetails(db: Database): Promise<ContactDetails> {
  const { name, address, phone, email } = await getSettings(db);
  return { name, address, phone, email };
}
