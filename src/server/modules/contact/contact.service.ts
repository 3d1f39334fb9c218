import { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { CONTACT_EMPTY_MESSAGES, CONTACT_LIMITS } from '../../../shared/contracts/contact';
import { fieldMessages } from '../../../shared/contracts/fields';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { withTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/context';
import { notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { newestFirst, toPage } from '../../lib/pagination';
import { authorize } from '../../policies';
import { recordAudit } from '../audit';
import { isPhoneOnlyEmail, users } from '../auth';
import { publishChange } from '../events';
import type { Messenger } from '../messaging';
import { contactMessages } from './contact.schema';

// A single line: no control characters at all (names and subjects end up in e-mail subjects).
const SINGLE_LINE = /^[^\p{Cc}]*$/u;
// Text: line breaks and tabs, but no other control characters.
const MULTI_LINE = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;
const PHONE = /^\+?[0-9][0-9 ()./-]{4,}$/;

const line = (max: number, emptyMessage: string) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, emptyMessage)
    .max(max, `must be at most ${max} characters`)
    .regex(SINGLE_LINE, 'must be a single line of text');

export const ContactMessageInputSchema = z
  .object({
    name: line(CONTACT_LIMITS.name, CONTACT_EMPTY_MESSAGES.name).openapi({ example: 'Ada Lovelace' }),
    email: z
      .string({ error: 'must be text' })
      .trim()
      .max(CONTACT_LIMITS.email, `must be at most ${CONTACT_LIMITS.email} characters`)
      .pipe(z.email(fieldMessages.email))
      .openapi({ example: 'ada@example.com' }),
    phone: z
      .string({ error: 'must be text' })
      .trim()
      .max(CONTACT_LIMITS.phone, `must be at most ${CONTACT_LIMITS.phone} characters`)
      .refine((value) => value === '' || PHONE.test(value), 'must be a phone number such as +1 555 123 4567')
      .optional()
      .openapi({ description: 'Optional; an empty string counts as none.' }),
    subject: line(CONTACT_LIMITS.subject, CONTACT_EMPTY_MESSAGES.subject).openapi({
      example: 'Table for a birthday',
    }),
    message: z
      .string({ error: 'must be text' })
      .trim()
      .min(1, CONTACT_EMPTY_MESSAGES.message)
      .max(CONTACT_LIMITS.message, `must be at most ${CONTACT_LIMITS.message} characters`)
      .regex(MULTI_LINE, 'must be plain text'),
    humanCheck: z
      .string({ error: 'must be text' })
      .max(20_000, 'is not a human-check payload')
      .optional()
      .openapi({ description: 'The solved human check (base64 payload of the altcha widget).' }),
  })
  .strict()
  .openapi('ContactMessageInput');
export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

export const ContactMessageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.string(),
    message: z.string(),
    userId: z.string().nullable().openapi({ description: 'The sender’s account, when signed in' }),
    handledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('ContactMessage');
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

type ContactRow = typeof contactMessages.$inferSelect;

function present(row: ContactRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    userId: row.userId,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function adminCopy(row: ContactRow, config: Config) {
  const lines = [
    'A message was sent from the contact page.',
    '',
    `From: ${row.name} <${row.email}>`,
    ...(row.phone ? [`Phone: ${row.phone}`] : []),
    `Subject: ${row.subject}`,
    `Sent: ${row.createdAt.toISOString()}`,
    '',
    row.message,
    '',
    `Reply to ${row.email}. All messages: ${new URL('/admin/feedback?tab=messages', config.baseUrl).toString()}`,
  ];
  return { subject: `Contact form: ${row.subject}`, text: lines.join('\n') };
}

/**
 * Stores a contact message (with the sender's account when signed in), then e-mails a copy to every
 * active administrator. The row is committed first; a failed e-mail is logged and does not undo it,
 * since the message is readable under Customer Feedback anyway.
 */
export async function submitContactMessage(
  deps: { db: Database; messenger: Messenger; config: Config; logger: Logger },
  input: Omit<ContactMessageInput, 'humanCheck'>,
  userId: string | null,
): Promise<{ id: string }> {
  const { db, messenger, config, logger } = deps;
  const { row, recipients } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ? input.phone : null,
        subject: input.subject,
        message: input.message,
        userId,
      })
      .returning();
    if (!inserted) throw new Error('contact message insert returned no row');
    // Customer Feedback's Messages tab follows the topic feedback.
    await publishChange(tx, 'feedback');
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    return {
      row: inserted,
      recipients: admins.map((admin) => admin.email).filter((e) => !isPhoneOnlyEmail(e)),
    };
  });

  const copy = adminCopy(row, config);
  const results = await Promise.allSettled(
    recipients.map((to) => messenger.sendEmail({ to, ...copy, purpose: 'contact-message' })),
  );
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      logger.error(
        { err: result.reason, to: recipients[index], contactMessageId: row.id },
        'contact message copy not sent',
      );
    }
  });
  return { id: row.id };
}

/** Contact messages, newest first (Customer Feedback). */
export async function listContactMessages(
  db: Database,
  query: { limit: number; cursor?: string },
): Promise<{ items: ContactMessage[]; nextCursor: string | null }> {
  const order = newestFirst(contactMessages, query.cursor);
  const rows = await db
    .select()
    .from(contactMessages)
    .where(order.where)
    .orderBy(...order.orderBy)
    .limit(query.limit + 1);
  return toPage(rows, query.limit, present);
}

/**
 * Marks a contact message handled (now) or not handled (policy `contact.read`); audited (area
 * `feedback`: the messages are a tab of Customer Feedback) and published on the `feedback` topic.
 * Marking it as it already is changes nothing.
 */
export async function setContactMessageHandled(
  db: Database,
  actor: Actor,
  id: string,
  handled: boolean,
): Promise<ContactMessage> {
  authorize(actor, 'contact.read');
  return withTransaction(db, async (tx) => {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!row) throw notFound('There is no contact message with this id.');
    if ((row.handledAt !== null) === handled) return present(row);
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: handled ? sql`clock_timestamp()` : null })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!updated) throw notFound('There is no contact message with this id.');
    await recordAudit(tx, actor, {
      area: 'feedback',
      action: handled ? 'contact-message.handled' : 'contact-message.unhandled',
      summary: `Marked the message “${row.subject}” from ${row.name} as ${handled ? 'handled' : 'not handled'}`,
      targetType: 'contact-message',
      targetId: id,
      before: { handledAt: row.handledAt?.toISOString() ?? null },
      after: { handledAt: updated.handledAt?.toISOString() ?? null },
    });
    await publishChange(tx, 'feedback');
    return present(updated);
  });
}
