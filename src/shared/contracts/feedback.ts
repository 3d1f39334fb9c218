import { z } from 'zod';
import { MAX_FEEDBACK_COMMENT, MAX_FEEDBACK_REPLY, RATING_MAX, RATING_MIN } from '../feedback-paths';
import { ORDER_STATUSES } from '../order-status';
import { ORDER_TYPES } from '../pricing';
import { ROLES } from '../roles';
import { dateField, textField } from './fields';

/**
 * Customer feedback: a guest rates a completed order on `/feedback/[orderId]` (the order's customer,
 * signed in; for an order without a customer account, whoever holds the order's secret key), and the
 * owner reads, reviews and answers it on `/admin/feedback` ("Customer Feedback"), beside the messages
 * sent from `/contact`.
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

/** Food and service are optional: left out, or null, when the guest gives only the overall rating. */
const optionalRatingField = ratingField.nullable().optional();

export const FeedbackInputSchema = z.strictObject({
  /** Required. */
  overall: ratingField,
  food: optionalRatingField,
  service: optionalRatingField,
  comment: textField(MAX_FEEDBACK_COMMENT).optional(),
  key: orderKeyField.optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;

/** One feedback as its author sees it back (food and service null when not rated). */
export const GivenFeedbackSchema = z.object({
  overall: z.number(),
  food: z.number().nullable(),
  service: z.number().nullable(),
  comment: z.string(),
  createdAt: z.string(),
});
export type GivenFeedback = z.infer<typeof GivenFeedbackSchema>;

/**
 * Why a viewer who may see an order's feedback page may not rate it: `customer-only`, the order
 * belongs to a customer account and only that customer, signed in, rates it (its key is no proof of
 * who writes: staff read it with the order); `link-only`, an order without a customer account is
 * rated from its receipt's link, with the order's key.
 */
export const FEEDBACK_RATE_REFUSALS = ['customer-only', 'link-only'] as const;
export type FeedbackRateRefusal = (typeof FEEDBACK_RATE_REFUSALS)[number];

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
  /** Whether this viewer may rate the order (once it is completed, if nobody has yet). */
  canRate: z.boolean(),
  /** Why not, when `canRate` is false; null when it is true. */
  rateRefusal: z.enum(FEEDBACK_RATE_REFUSALS).nullable(),
});
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() }).nullable();

/**
 * Who wrote a rating: `customer`, the order's customer, signed in to their account; `account`,
 * another signed-in account holding the order's link (staff, or a customer on an order that is not
 * theirs), named with its role; `guest`, someone not signed in holding the order's link (a walk-in
 * guest with the receipt), or an account deleted since.
 */
export const FEEDBACK_AUTHOR_KINDS = ['customer', 'account', 'guest'] as const;
export type FeedbackAuthorKind = (typeof FEEDBACK_AUTHOR_KINDS)[number];

export const FeedbackAuthorSchema = z.object({
  kind: z.enum(FEEDBACK_AUTHOR_KINDS),
  /** The author's account (null for a guest). */
  id: z.string().nullable(),
  /** The account's current name (null for a guest). */
  name: z.string().nullable(),
  /** The account's current role (null for a guest). */
  role: z.enum(ROLES).nullable(),
});
export type FeedbackAuthor = z.infer<typeof FeedbackAuthorSchema>;

/** One feedback in Customer Feedback, with its order. */
export const FeedbackEntrySchema = z.object({
  id: z.string(),
  overall: z.number(),
  /** Null when the guest did not rate it (food and service are optional). */
  food: z.number().nullable(),
  service: z.number().nullable(),
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
  /** Who wrote the rating. */
  author: FeedbackAuthorSchema,
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
  /**
   * Averages to two decimals, each over the feedback that has that rating (food and service are
   * optional); null when none has it.
   */
  averages: averagesSchema,
  /** How many of the `count` feedback rated each aspect: the number each average is taken over. */
  rated: z.object({ overall: z.number(), food: z.number(), service: z.number() }),
  /** How many gave each overall rating: index 0 is 1 star, index 4 is 5 stars. */
  distribution: z.array(z.number()).length(5),
  /** Unreviewed feedback with a low overall rating (all time, whatever the filters). */
  flaggedUnreviewed: z.number(),
  /** Day for up to 62 days, week for up to a year and a half, else month. */
  bucket: z.enum(FEEDBACK_TREND_BUCKETS),
  /** Each bucket's averages, as `averages`: over the bucket's feedback that has that rating. */
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
