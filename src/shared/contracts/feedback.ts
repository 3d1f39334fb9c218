import { z } from 'zod';
import { MAX_FEEDBACK_COMMENT, MAX_FEEDBACK_REPLY, RATING_MAX, RATING_MIN } from '../feedback-paths';
import { ORDER_STATUSES } from '../order-status';
import { ORDER_TYPES } from '../pricing';
import { dateField, textField } from './fields';

/**
 * Customer feedback (PRODUCT.md section 8, issue 14): a guest rates a completed order on
 * `/feedback/[orderId]` (its customer, or whoever holds the order's secret key), and the owner reads,
 * reviews and answers it on `/admin/feedback` ("Customer Feedback"), beside the messages sent from
 * `/contact`.
 */

export {
  FEEDBACK_API,
  feedbackLinkPath,
  LOW_RATING,
  MAX_FEEDBACK_COMMENT,
  MAX_FEEDBACK_REPLY,
  RATING_ASPECT_LABELS,
  RATING_ASPECTS,
  RATING_MAX,
  RATING_MIN,
  type RatingAspect,
} from '../feedback-paths';

const ratingField = z
  .number({ error: `must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
  .int(`must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
  .min(RATING_MIN, `must be from ${RATING_MIN} to ${RATING_MAX}`)
  .max(RATING_MAX, `must be from ${RATING_MIN} to ${RATING_MAX}`);

/** The order's secret key (from its payment or feedback link), for a guest without an account. */
export const orderKeyField = z.string({ error: 'must be text' }).max(200, 'is not an order key');

export const FeedbackInputSchema = z.strictObject({
  overall: ratingField,
  food: ratingField,
  service: ratingField,
  comment: textField(MAX_FEEDBACK_COMMENT).optional(),
  key: orderKeyField.optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

/** One feedback as its author sees it back. */
export const GivenFeedbackSchema = z.object({
  overall: z.number(),
  food: z.number(),
  service: z.number(),
  comment: z.string(),
  createdAt: z.string(),
});
export type GivenFeedback = z.infer<typeof GivenFeedbackSchema>;

/** `GET /api/orders/{id}/feedback`: what the feedback page needs (no money, no personal data). */
export const FeedbackPageSchema = z.object({
  order: z.object({
    id: z.string(),
    number: z.number(),
    type: z.enum(ORDER_TYPES),
    status: z.enum(ORDER_STATUSES),
    /** Only a completed order can be rated. */
    completedAt: z.string().nullable(),
    createdAt: z.string(),
    lines: z.array(z.object({ name: z.string(), quantity: z.number() })),
  }),
  restaurantName: z.string(),
  /** The feedback already given (one per order), or null. */
  feedback: GivenFeedbackSchema.nullable(),
});
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/** One feedback in Customer Feedback, with its order. */
export const FeedbackEntrySchema = z.object({
  id: z.string(),
  overall: z.number(),
  food: z.number(),
  service: z.number(),
  comment: z.string(),
  /** Overall rating of `LOW_RATING` or less. */
  flagged: z.boolean(),
  createdAt: z.string(),
  order: z.object({
    id: z.string(),
    number: z.number(),
    type: z.enum(ORDER_TYPES),
    tableName: z.string().nullable(),
    lines: z.array(z.object({ name: z.string(), quantity: z.number(), options: z.array(z.string()) })),
    placedAt: z.string(),
    confirmedAt: z.string().nullable(),
    readyAt: z.string().nullable(),
    /** Seconds from confirmed to ready (null when either is missing). */
    preparationSeconds: z.number().nullable(),
  }),
  /** The customer's account, if any, and the name on the order. */
  customer: PersonSchema,
  customerName: z.string(),
  /** Whether a reply can be e-mailed (the customer has an e-mail address). */
  canReply: z.boolean(),
  reviewedAt: z.string().nullable(),
  reviewedBy: PersonSchema,
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedBy: PersonSchema,
});
export type FeedbackEntry = z.infer<typeof FeedbackEntrySchema>;

export const FeedbackEntryPageSchema = z.object({
  items: z.array(FeedbackEntrySchema),
  nextCursor: z.string().nullable(),
});
export type FeedbackEntryPage = z.infer<typeof FeedbackEntryPageSchema>;

export const FEEDBACK_REVIEW_FILTERS = ['reviewed', 'unreviewed'] as const;

/**
 * `GET /api/admin/feedback` and `/summary` query: `rating=1,2` (overall ratings), `from` and `to`
 * (days in the restaurant's time zone), `reviewed` (`reviewed` or `unreviewed`); the list also takes
 * `limit` and `cursor`.
 */
export const FEEDBACK_LIST_FILTERS = ['rating', 'from', 'to', 'reviewed'] as const;

export const FEEDBACK_TREND_BUCKETS = ['day', 'week', 'month'] as const;
export type FeedbackTrendBucket = (typeof FEEDBACK_TREND_BUCKETS)[number];

const averagesSchema = z.object({
  overall: z.number().nullable(),
  food: z.number().nullable(),
  service: z.number().nullable(),
});

export const FeedbackSummarySchema = z.object({
  count: z.number(),
  /** Averages to two decimals; null when there is no feedback. */
  averages: averagesSchema,
  /** How many gave each overall rating: index 0 is 1 star, index 4 is 5 stars. */
  distribution: z.array(z.number()).length(5),
  /** Unreviewed feedback with a low overall rating (all time, whatever the filters). */
  flaggedUnreviewed: z.number(),
  /** Day for up to 62 days, week for up to a year and a half, else month. */
  bucket: z.enum(FEEDBACK_TREND_BUCKETS),
  trend: z.array(
    averagesSchema.extend({
      /** The bucket's first day (YYYY-MM-DD, restaurant time zone). */
      period: z.string(),
      count: z.number(),
    }),
  ),
  /** The period the trend covers (the filters' from and to, or the data's first and last day). */
  from: dateField.nullable(),
  to: dateField.nullable(),
});
export type FeedbackSummary = z.infer<typeof FeedbackSummarySchema>;

export const FeedbackReviewInputSchema = z.strictObject({
  reviewed: z.boolean({ error: 'must be true or false' }),
});

export const FeedbackReplyInputSchema = z.strictObject({
  message: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'write the reply')
    .max(MAX_FEEDBACK_REPLY, `must be at most ${MAX_FEEDBACK_REPLY} characters`),
});
export type FeedbackReplyInput = z.infer<typeof FeedbackReplyInputSchema>;

export const ContactMessageHandledInputSchema = z.strictObject({
  handled: z.boolean({ error: 'must be true or false' }),
});
