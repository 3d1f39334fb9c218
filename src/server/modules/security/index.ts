/** The security module's public face: rate limits and the human check (docs/ARCHITECTURE.md). */
export { createHumanCheck, HUMAN_CHECK_MESSAGES, type HumanCheck } from './human-check.service';
export {
  countAttempt,
  enforceRateLimit,
  isExhausted,
  RATE_LIMITS,
  type RateLimitRule,
  refuseWhenExhausted,
} from './rate-limit.service';
