import { z } from '@hono/zod-openapi';
import {
  COUPON_STATUSES,
  COUPONS_API,
  CouponCheckInputSchema,
  CouponCheckSchema,
  CouponInputSchema,
  CouponPageSchema,
  CouponSchema,
  CouponUpdateSchema,
} from '../../../shared/contracts/coupons';
import { requireActor } from '../../lib/auth-guards';
import { listFilter, PaginationQuerySchema } from '../../lib/pagination';
import { createRouter, defineRoute, errorResponse, jsonBody, jsonResponse } from '../../lib/router';
import { enforceRateLimit, RATE_LIMITS } from '../security';
import {
  checkCoupon,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from './coupons.service';

const TAGS = ['Coupons'];
const IdParams = z.object({
  id: z.uuid('must be a coupon id').openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }),
});
const recordPath = `${COUPONS_API.coupons}/{id}`;

const listRoute = defineRoute('admin', {
  method: 'get',
  path: COUPONS_API.coupons,
  tags: TAGS,
  summary: 'Coupons, newest first',
  description:
    '`search` finds a code or description (any case); `status` is a comma-separated list of active, ' +
    'scheduled, expired, used-up and inactive, as of today in the restaurant’s time zone. Each coupon ' +
    'carries `uses` (orders that use it now: a cancelled or rejected order gave its use back) and ' +
    '`discountTotal`, the discount those orders got.',
  request: {
    query: PaginationQuerySchema.extend({
      search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
      status: listFilter(COUPON_STATUSES).optional().openapi({ type: 'string', example: 'active,scheduled' }),
    }).strict(),
  },
  responses: { 200: jsonResponse('A page of coupons', CouponPageSchema) },
});

const getRoute = defineRoute('admin', {
  method: 'get',
  path: recordPath,
  tags: TAGS,
  summary: 'One coupon',
  request: { params: IdParams },
  responses: { 200: jsonResponse('The coupon', CouponSchema), 404: errorResponse('No coupon with this id') },
});

const createCouponRoute = defineRoute('admin', {
  method: 'post',
  path: COUPONS_API.coupons,
  tags: TAGS,
  summary: 'Add a coupon',
  description:
    'A percentage (0.01 to 100, at most two decimals; `maxDiscount` caps it) or a fixed `amount` in ' +
    'minor units off the subtotal; `minOrder` is the smallest subtotal it applies to; `validFrom` and ' +
    '`validUntil` are whole days in the restaurant’s time zone; `usageLimit` counts the orders that ' +
    'use it, `perCustomerLimit` those of one customer (an account online, a phone number at the ' +
    'point of sale); `channels` says where it may be used. The code is kept and answered trimmed and ' +
    'in upper case (`welcome15` becomes `WELCOME15`; checks and orders take it in any case), and is ' +
    'unique whatever its case: a taken one is a 409 with `details.path: "code"`.',
  request: jsonBody(CouponInputSchema),
  responses: {
    201: jsonResponse('The new coupon', CouponSchema),
    409: errorResponse('There is already a coupon with this code'),
  },
});

const updateRoute = defineRoute('admin', {
  method: 'patch',
  path: recordPath,
  tags: TAGS,
  summary: 'Change a coupon',
  description:
    'Only the fields given change (`active: false` makes it inactive); the rules between fields are ' +
    'checked on the coupon as it would be after the change; a new `code` is kept in upper case, as ' +
    'when it is added. `version` is the version the change is ' +
    'based on: an older one is a 409 with `details: { reason: "stale", version }`.',
  request: { params: IdParams, ...jsonBody(CouponUpdateSchema) },
  responses: {
    200: jsonResponse('The coupon after the change', CouponSchema),
    404: errorResponse('No coupon with this id'),
    409: errorResponse('The code is taken, or someone changed the coupon since the version sent'),
  },
});

const deleteRoute = defineRoute('admin', {
  method: 'delete',
  path: recordPath,
  tags: TAGS,
  summary: 'Delete a coupon no order has used',
  description:
    'A coupon used on an order (even one cancelled since) is kept: the answer is a 409 saying to make ' +
    'it inactive instead.',
  request: { params: IdParams },
  responses: {
    204: { description: 'Deleted' },
    404: errorResponse('No coupon with this id'),
    409: errorResponse('Orders have used the coupon'),
  },
});

const checkRoute = defineRoute('signed-in', {
  method: 'post',
  path: COUPONS_API.check,
  tags: TAGS,
  summary: 'Check whether a coupon code can be used now',
  description:
    'Staff check for the point of sale (with `customerPhone` for a coupon limited per customer), a ' +
    'customer for their online order. The answer is the coupon’s terms and the discount on `subtotal` ' +
    '(the amount the order’s pricing gives). A refused code is a 404 (`details.reason: ' +
    '"coupon-unknown"`) or a 409 whose `details.reason` says why (coupon-inactive, coupon-wrong-channel, ' +
    'coupon-not-yet-valid, coupon-expired, coupon-below-minimum, coupon-used-up, coupon-already-used, ' +
    'coupon-customer-required) and whose message is the sentence to show. At most ' +
    `${RATE_LIMITS.couponCheckPerUser.limit} checks per user in ` +
    `${RATE_LIMITS.couponCheckPerUser.windowSeconds / 60} minutes (then 429).`,
  request: jsonBody(CouponCheckInputSchema),
  responses: {
    200: jsonResponse('The code can be used: its terms', CouponCheckSchema),
    404: errorResponse('There is no coupon with this code'),
    409: errorResponse('The code cannot be used now; `details.reason` says why'),
    429: errorResponse('Too many checks; try again later'),
  },
});

export const couponsRoutes = createRouter()
  .openapi(checkRoute, async (c) => {
    const actor = requireActor(c);
    const { db } = c.var.deps;
    await enforceRateLimit(db, RATE_LIMITS.couponCheckPerUser, actor.id);
    return c.json(await checkCoupon(db, actor, c.req.valid('json')), 200);
  })
  .openapi(listRoute, async (c) => {
    const page = await listCoupons(c.var.deps.db, requireActor(c), c.req.valid('query'));
    return c.json(page, 200);
  })
  .openapi(getRoute, async (c) => {
    const coupon = await getCoupon(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.json(coupon, 200);
  })
  .openapi(createCouponRoute, async (c) => {
    const coupon = await createCoupon(c.var.deps.db, requireActor(c), c.req.valid('json'));
    return c.json(coupon, 201);
  })
  .openapi(updateRoute, async (c) => {
    const coupon = await updateCoupon(
      c.var.deps.db,
      requireActor(c),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(coupon, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteCoupon(c.var.deps.db, requireActor(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
