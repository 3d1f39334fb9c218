import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Queryable } from '../../db/transaction';
import { AppError } from '../../lib/errors';

export interface RateLimitRule {
  /** Names the limit in keys and messages, e.g. `sign-in`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** What may be tried how often (docs/PRODUCT-RULES.md, Sign-in and accounts). */
export const RATE_LIMITS = {
  // Sign-in limits count failed attempts only: staff signing in again and again at a shared tablet
  // must never lock themselves out.
  signInPerClient: { name: 'sign-in:client', limit: 20, windowSeconds: 5 * 60 },
  // Past this, a sign-in to the account needs a solved human check (not a lockout of the owner).
  signInPerAccount: { name: 'sign-in:account', limit: 10, windowSeconds: 15 * 60 },
  // Wrong current passwords, per signed-in user: change-password's and a restore's spend one budget.
  changePasswordPerUser: { name: 'change-password:user', limit: 10, windowSeconds: 15 * 60 },
  // Wrong managers' passwords given to approve a void on a staff member's device, per that staff member.
  managerApprovalPerUser: { name: 'manager-approval:user', limit: 10, windowSeconds: 15 * 60 },
  codeSendPerNumber: { name: 'code-send:number', limit: 3, windowSeconds: 10 * 60 },
  codeSendPerClient: { name: 'code-send:client', limit: 10, windowSeconds: 60 * 60 },
  signUpPerClient: { name: 'sign-up:client', limit: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerClient: { name: 'forgot-password:client', limit: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerAccount: { name: 'forgot-password:account', limit: 3, windowSeconds: 60 * 60 },
  contactPerClient: { name: 'contact:client', limit: 5, windowSeconds: 60 * 60 },
  verificationEmailPerClient: { name: 'verification-email:client', limit: 10, windowSeconds: 60 * 60 },
  verificationEmailPerAccount: { name: 'verification-email:account', limit: 3, windowSeconds: 60 * 60 },
  // Coupon codes per signed-in user, checked (every check) or refused on an order (refusals only): a
  // cashier checks a few codes an order; a guesser is slowed.
  couponCheckPerUser: { name: 'coupon-check:user', limit: 60, windowSeconds: 10 * 60 },
  // Push subscriptions saved or removed per user (a save at each sign-in and each week per device).
  pushTokenPerUser: { name: 'push-token:user', limit: 30, windowSeconds: 10 * 60 },
  // Test notifications per user (/test-notifications): each one pushes to every device of theirs.
  pushTestPerUser: { name: 'push-test:user', limit: 10, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Counts one attempt of `subject` against `rule` in a fixed window kept in the database, so the limit
 * holds across app processes; one atomic upsert, no read-then-write race. Returns whether the attempt
 * is within the limit and, if not, how long until the window ends.
 */
export async function countAttempt(
  db: Queryable,
  rule: RateLimitRule,
  subject: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - ${window}::interval then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - ${window}::interval then now() else rate_limits.window_start end
    returning count, ceil(extract(epoch from (window_start + ${window}::interval - now())))::int as retry_after
  `);
  const row = result.rows[0]!;
  return { allowed: row.count <= rule.limit, retryAfterSeconds: Math.max(1, row.retry_after) };
}

/**
 * Refuses (429) when `subject` has already used up `rule` in the current window, without counting
 * this attempt: for limits that count only failures, which are counted afterwards with
 * `countAttempt`.
 */
export async function refuseWhenExhausted(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  const retryAfterSeconds = await exhaustedFor(db, rule, subject);
  if (retryAfterSeconds !== null) throw tooManyAttempts(rule, retryAfterSeconds);
}

/** Whether `subject` has used up `rule` in the current window (without counting this attempt). */
export async function isExhausted(db: Database, rule: RateLimitRule, subject: string): Promise<boolean> {
  return (await exhaustedFor(db, rule, subject)) !== null;
}

/** Seconds until the window of an exhausted `rule` ends, or null when attempts are left. */
async function exhaustedFor(db: Database, rule: RateLimitRule, subject: string): Promise<number | null> {
  const key = `${rule.name}:${subject.toLowerCase()}`;
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute<{ count: number; retry_after: number }>(sql`
    select count, ceil(extract(epoch from (window_start + ${window}::interval - now())))::int as retry_after
      from rate_limits where key = ${key} and window_start > now() - ${window}::interval
  `);
  const row = result.rows[0];
  return row && row.count >= rule.limit ? Math.max(1, row.retry_after) : null;
}

/** The 429; `says` words it for the rule ("…. Please try again in 6 minutes." follows). */
function tooManyAttempts(
  rule: RateLimitRule,
  retryAfterSeconds: number,
  says = 'Too many attempts.',
): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    429,
    `${says} Please try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
    { retryAfterSeconds, limit: rule.name },
  );
}

/**
 * Like `countAttempt`, but throws the 429 (`resource-exhausted`) when the limit is passed. Run in a
 * transaction, the count is undone with it and the counter's row stays locked until it ends, so one
 * subject's attempts are taken one after the other.
 */
export async function enforceRateLimit(
  db: Queryable,
  rule: RateLimitRule,
  subject: string,
  says?: string,
): Promise<void> {
  const { allowed, retryAfterSeconds } = await countAttempt(db, rule, subject);
  if (!allowed) throw tooManyAttempts(rule, retryAfterSeconds, says);
}
