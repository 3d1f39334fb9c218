import { z } from '@hono/zod-openapi';
import {
  FEEDBACK_API,
  FEEDBACK_REVIEW_FILTERS,
  FeedbackEntryPageSchema,
  FeedbackEntrySchema,
  FeedbackInputSchema,
  FeedbackPageSchema,
  FeedbackReplyInputSchema,
  FeedbackReviewInputSchema,
  FeedbackSummarySchema,
  GivenFeedbackSchema,
  LOW_RATING,
  orderKeyField,
} from '../../../shared/contracts/feedback';
import { loadActor, requireActor } from '../../lib/auth-guards';
import { DATE_RANGE_MESSAGE, isQueryDateInRange } from '../../lib/date-range';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonResponse } from '../../lib/router';
import {
  customerFeedback,
  customerFeedbackSummary,
  replyToFeedback,
  reviewFeedback,
} from '../../use-cases/customer-feedback';
import { feedbackPage, leaveFeedback } from '../../use-cases/leave-feedback';

const TAGS = ['Feedback'];
const OrderParams = z.object({
  orderId: z.uuid('must be an order id').openapi({ param: { name: 'orderId', in: 'path' }, format: 'uuid' }),
});
const IdParams = z.object({
  id: z.uuid('must be a feedback id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const body = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
// The order's page answers carry an order (and its key's power): never in a shared cache.
const NO_STORE = { 'Cache-Control': 'no-store' };

const PAGE_ACCESS =
  'Reading: the order’s customer, staff, or anyone holding the order’s secret key (`key`, from the ' +
  'link on the receipt or the order page); for anyone else the order does not exist (404).';

const pageRoute = defineRoute('public', {
  method: 'get',
  path: FEEDBACK_API.orderFeedback('{orderId}'),
  tags: TAGS,
  summary: 'What the feedback page shows',
  description:
    'The order’s number, type, status, lines and when it was completed (only a completed order can ' +
    `be rated), the restaurant’s name, the feedback already given (one per order), if any, and whether ` +
    'this viewer may rate the order (`canRate`; when not, `rateRefusal`: `customer-only` or ' +
    `\`link-only\`). ${PAGE_ACCESS}`,
  request: {
    params: OrderParams,
    query: z
      .object({ key: orderKeyField.optional().openapi({ description: 'The order’s secret key' }) })
      .strict(),
  },
  responses: {
    200: jsonResponse('The feedback page', FeedbackPageSchema),
    404: errorResponse('No such order, or not for this viewer'),
  },
});

const leaveRoute = defineRoute('public', {
  method: 'post',
  path: FEEDBACK_API.orderFeedback('{orderId}'),
  tags: TAGS,
  summary: 'Rate a completed order',
  description:
    '`overall`, a whole number from 1 to 5; `food` and `service`, each optional (left out or null ' +
    'when not rated) or a whole number from 1 to 5; and an optional comment. One per ' +
    `order. An overall rating of ${LOW_RATING} or less is flagged for the administrators. 409 with ` +
    '`details.reason`: the order is not completed (`not-completed`) or already rated (`already-given`). ' +
    'Access: an order with a customer account is rated by that customer only, signed in; an order ' +
    'without one by anyone holding the order’s secret key (`key` in the body). Holding the key of a ' +
    'customer’s order is not enough (staff read it with the order): 403 with `details.reason` ' +
    '`customer-only`. For anyone else, staff without the key included, the order does not exist (404).',
  request: { params: OrderParams, body: body(FeedbackInputSchema) },
  responses: {
    201: jsonResponse('The feedback, as given', GivenFeedbackSchema),
    403: errorResponse('The order belongs to a customer account, and this caller is not that customer'),
    404: errorResponse('No such order, or not for this caller'),
    409: errorResponse('Not completed yet, or already rated'),
  },
});

const ratingFilter = listFilter(['1', '2', '3', '4', '5'])
  .transform((ratings) => ratings.map(Number))
  .optional()
  .openapi({ type: 'string', description: 'Overall ratings, comma-separated', example: '1,2' });
const dayQuery = (description: string) =>
  z.iso
    .date('must be a date such as 2026-11-25')
    .refine(isQueryDateInRange, DATE_RANGE_MESSAGE)
    .optional()
    .openapi({ description, example: '2026-11-25' });
const FiltersQuery = z.object({
  rating: ratingFilter,
  from: dayQuery('From this day (restaurant time zone), inclusive'),
  to: dayQuery('Up to this day (restaurant time zone), inclusive'),
  reviewed: z
    .enum(FEEDBACK_REVIEW_FILTERS, { error: 'must be reviewed or unreviewed' })
    .optional()
    .openapi({ description: 'Only reviewed, or only unreviewed, feedback' }),
});

const listRoute = defineRoute('admin', {
  method: 'get',
  path: FEEDBACK_API.list,
  tags: TAGS,
  summary: 'All customer feedback, newest first',
  description:
    'Each with its order (lines with their options, type, table, when it was placed, confirmed and ' +
    'ready, and the preparation time from confirmed to ready), who wrote it (`author`: the order’s ' +
    'customer, another signed-in account holding the order’s link, or a guest with the link), its ' +
    'customer, whether a reply can be e-mailed (`canReply`), its review and reply. Filters: `rating` ' +
    '(overall), `from` and `to` (days in the restaurant’s time zone), `reviewed`.',
  request: { query: PaginationQuerySchema.extend(FiltersQuery.shape).strict() },
  responses: { 200: jsonResponse('A page of feedback', FeedbackEntryPageSchema) },
});

const summaryRoute = defineRoute('admin', {
  method: 'get',
  path: FEEDBACK_API.summary,
  tags: TAGS,
  summary: 'Averages, distribution and trend of customer feedback',
  description:
    'For the same filters as the list: the count, the averages of overall, food and service (two ' +
    'decimals; food and service are optional, so each average is over the feedback that has that ' +
    'rating, `rated` says how many do, and it is null when none does), how many gave each overall ' +
    'rating, and the trend per day (up to ' +
    '62 days), per week (weeks start on Monday; up to 550 days) or per month over `from` to `to` (or, ' +
    'without them, the first and last day with feedback), in the restaurant’s time zone, empty buckets ' +
    `included. \`flaggedUnreviewed\`: unreviewed feedback rated ${LOW_RATING} or less overall, of all time.`,
  request: { query: FiltersQuery.strict() },
  responses: { 200: jsonResponse('The summary', FeedbackSummarySchema) },
});

const reviewRoute = defineRoute('admin', {
  method: 'patch',
  path: FEEDBACK_API.entry('{id}'),
  tags: TAGS,
  summary: 'Mark feedback as reviewed, or not',
  description: 'Keeps who marked it and when (an earlier review stays as it was); audited.',
  request: { params: IdParams, body: body(FeedbackReviewInputSchema) },
  responses: {
    200: jsonResponse('The feedback', FeedbackEntrySchema),
    404: errorResponse('No such feedback'),
  },
});

const replyRoute = defineRoute('admin', {
  method: 'post',
  path: FEEDBACK_API.reply('{id}'),
  tags: TAGS,
  summary: 'Reply to the customer by e-mail',
  description:
    'E-mails the message to the customer’s account (the order’s customer, or the customer’s account ' +
    'that left the feedback, never a staff member’s), subject “Re: your feedback on order #1042 at ' +
    '<restaurant>”; keeps the reply, who sent it and when, and marks the feedback reviewed; audited. ' +
    'A new reply replaces the kept one. ' +
    '409 `no-email` when there is no address to write to (a guest without an account, or an account ' +
    'with a phone number only).',
  request: { params: IdParams, body: body(FeedbackReplyInputSchema) },
  responses: {
    200: jsonResponse('The feedback with its reply', FeedbackEntrySchema),
    404: errorResponse('No such feedback'),
    409: errorResponse('The customer has no e-mail address'),
    503: errorResponse('The e-mail could not be sent'),
  },
});

export const feedbackRoutes = createRouter()
  .openapi(pageRoute, async (c) => {
    const actor = await loadActor(c);
    const page = await feedbackPage(
      c.var.deps.db,
      { actor, key: c.req.valid('query').key },
      c.req.valid('param').orderId,
    );
    return c.json(page, 200, NO_STORE);
  })
  .openapi(leaveRoute, async (c) => {
    const actor = await loadActor(c);
    const { key, ...input } = c.req.valid('json');
    const given = await leaveFeedback(c.var.deps.db, { actor, key }, c.req.valid('param').orderId, input);
    return c.json(given, 201, NO_STORE);
  })
  .openapi(listRoute, async (c) =>
    c.json(await customerFeedback(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(summaryRoute, async (c) =>
    c.json(await customerFeedbackSummary(c.var.deps.db, requireActor(c), c.req.valid('query')), 200),
  )
  .openapi(reviewRoute, async (c) =>
    c.json(
      await reviewFeedback(
        c.var.deps.db,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('json').reviewed,
      ),
      200,
    ),
  )
  .openapi(replyRoute, async (c) =>
    c.json(
      await replyToFeedback(
        c.var.deps,
        requireActor(c),
        c.req.valid('param').id,
        c.req.valid('json').message,
      ),
      200,
    ),
  );
