import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notification-kinds';

/**
 * Notifications (docs/PRODUCT-RULES.md, Notifications): the bell's list and the Web Push subscription.
 */

export {
  MAX_PUSH_DEVICES_PER_USER,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_API,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKind,
  notificationsTopic,
  PUSH_MESSAGE_TYPES,
  PUSH_SERVICE_WORKER_PATH,
  PUSH_SERVICE_WORKER_WAIT_MS,
  PUSH_TOKEN_RENEW_MS,
  PUSH_TOKEN_SAVE_DELAY_MS,
  type PushPayload,
} from '../notification-kinds';

export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  orderId: z.string().nullable(),
  /** The page that opens it (a path of this site), or null. */
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  /** All the caller's unread notifications, not only this page's. */
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

export const ReadAllResultSchema = z.object({ unreadCount: z.literal(0), marked: z.number().int() });
export type ReadAllResult = z.infer<typeof ReadAllResultSchema>;

/** A base64url string that decodes to exactly `bytes` bytes. */
const base64UrlBytes = (bytes: number, what: string) =>
  z
    .string({ error: `must be ${what} (base64url text)` })
    .max(200, `must be ${what} (${bytes} bytes)`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be ${what} (base64url text)`)
    .refine(
      (value) => {
        const data = value.replace(/=+$/, '');
        return Math.floor((data.length * 3) / 4) === bytes && data.length % 4 !== 1;
      },
      { message: `must be ${what} (${bytes} bytes)` },
    );

/**
 * The browser's `PushSubscription.toJSON()`: where the push service listens and the keys to encrypt
 * for. The server checks the endpoint further (an https push service it knows, or a configured test
 * service) and that `p256dh` is a point of the P-256 curve.
 */
export const PushSubscriptionSchema = z.strictObject({
  endpoint: z
    .string({ error: 'must be the push service address of this browser' })
    .min(1, 'must be the push service address of this browser')
    .max(2048, 'must be at most 2048 characters'),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: base64UrlBytes(65, 'the browser’s P-256 public key'),
    auth: base64UrlBytes(16, 'the browser’s 16-byte authentication secret'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionSchema>;

/** `POST /api/notifications/save-token` (the body field is `token`, as the push set-up sends it). */
export const SaveTokenInputSchema = z.strictObject({ token: PushSubscriptionSchema });
export type SaveTokenInput = z.infer<typeof SaveTokenInputSchema>;

export const RemoveTokenInputSchema = z.strictObject({
  endpoint: z.string({ error: 'must be the push service address to forget' }).min(1).max(2048),
});
export type RemoveTokenInput = z.infer<typeof RemoveTokenInputSchema>;

/** `POST /api/notifications/test` → 202: the test notification, and how many devices a push went to. */
export const TestNotificationResultSchema = z.object({
  notification: NotificationSchema,
  pushDevices: z.number().int().nonnegative(),
});
export type TestNotificationResult = z.infer<typeof TestNotificationResultSchema>;
