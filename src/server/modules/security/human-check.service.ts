import { createHash, createHmac } from 'node:crypto';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { spentHumanChecks } from './security.schema';

/** How long a challenge may be solved and used. */
const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

export const HUMAN_CHECK_MESSAGES = {
  missing: 'Please complete the check that you are human first.',
  failed: 'The check that you are human did not pass. Please try again.',
  reused: 'This check was already used. Please complete it again.',
} as const;

export interface HumanCheck {
  /** A fresh proof-of-work challenge for the altcha widget. */
  createChallenge(): Promise<Challenge>;
  /** Accepts a solved challenge once (base64 JSON from the widget); throws a 400 otherwise. */
  verify(db: Database, payload: string | undefined | null): Promise<void>;
}

/**
 * Self-hosted proof of work (altcha): the browser spends a moment of CPU, no third party sees anyone.
 * Challenges are signed with a key derived from the auth secret, so every process accepts the others'
 * challenges; a used one is recorded in the database and refused the second time.
 */
export function createHumanCheck(options: { secret: string; difficulty?: number }): HumanCheck {
  const hmacSecret = createHmac('sha256', options.secret).update('brigade human check').digest('hex');
  const maxCounter = options.difficulty ?? 20_000;

  return {
    createChallenge() {
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(maxCounter, Math.floor(maxCounter / 4)),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: hmacSecret,
      });
    },

    async verify(db, payload) {
      if (!payload) throw badRequest(HUMAN_CHECK_MESSAGES.missing);
      let parsed: { challenge?: Challenge; solution?: Solution };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        throw badRequest(HUMAN_CHECK_MESSAGES.failed);
      }
      if (!parsed.challenge?.signature || !parsed.solution) throw badRequest(HUMAN_CHECK_MESSAGES.failed);
      const result = await verifySolution({
        challenge: parsed.challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret: hmacSecret,
      }).catch(() => null);
      if (!result?.verified) throw badRequest(HUMAN_CHECK_MESSAGES.failed);

      const id = createHash('sha256').update(parsed.challenge.signature).digest('hex');
      const inserted = await db
        .insert(spentHumanChecks)
        .values({ id, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) })
        .onConflictDoNothing()
        .returning({ id: spentHumanChecks.id });
      if (inserted.length === 0) throw badRequest(HUMAN_CHECK_MESSAGES.reused);
      // Expired records can go: their challenges fail the expiry check anyway.
      if (Math.random() < 0.05)
        await db.delete(spentHumanChecks).where(lt(spentHumanChecks.expiresAt, new Date()));
    },
  };
}
