import { z } from '@hono/zod-openapi';
import { createRouter, defineRoute } from '../../lib/router';

const ChallengeSchema = z
  .object({
    parameters: z.record(z.string(), z.unknown()),
    signature: z.string().optional(),
  })
  .openapi('HumanCheckChallenge');

const getChallenge = defineRoute('public', {
  method: 'get',
  path: '/api/human-check/challenge',
  tags: ['Security'],
  summary: 'A proof-of-work challenge for the human check (altcha)',
  description:
    'Solve it in the browser (the altcha widget does) and send the base64 payload in the `X-Human-Check` ' +
    'header (sign-up, code sends, forgot password) or the `humanCheck` field (contact form). Each solved ' +
    'challenge is accepted once.',
  responses: {
    200: { description: 'A signed challenge', content: { 'application/json': { schema: ChallengeSchema } } },
  },
});

export const securityRoutes = createRouter().openapi(getChallenge, async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await c.var.deps.humanCheck.createChallenge(), 200);
});
