import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { type PublicConfig, PublicConfigSchema } from '../../../shared/contracts/config';
import { AppError } from '../../lib/errors';
import { createRouter, defineRoute } from '../../lib/router';
import { getSettings } from '../settings/settings.service';

const health = defineRoute('public', {
  method: 'get',
  path: '/api/health',
  tags: ['System'],
  summary: 'Liveness and database check',
  responses: {
    200: {
      description: 'The app and its database answer',
      content: {
        'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) },
      },
    },
    503: { description: 'The database does not answer' },
  },
});

const config = defineRoute('public', {
  method: 'get',
  path: '/api/config',
  tags: ['System'],
  summary: 'Run-time settings for the browser',
  responses: {
    200: {
      description: 'Public configuration',
      content: { 'application/json': { schema: PublicConfigSchema } },
    },
  },
});

export const systemRoutes = createRouter()
  .openapi(health, async (c) => {
    try {
      await c.var.deps.db.execute(sql`select 1`);
    } catch (error) {
      c.var.deps.logger.warn({ err: error }, 'health check: database unreachable');
      throw new AppError(503, 'The database is not reachable.');
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
  })
  .openapi(config, async (c) => {
    const settings = await getSettings(c.var.deps.db);
    const body: PublicConfig = {
      restaurantName: settings.name,
      baseUrl: c.var.deps.config.baseUrl,
      currency: settings.currency,
      locale: settings.locale,
      timeZone: settings.timeZone,
      pollIntervalMs: c.var.deps.config.pollIntervalMs,
      signInMethods: { emailPassword: true, google: c.var.deps.config.google !== undefined, phone: true },
      pushPublicKey: null,
      passwordPolicy: settings.passwordPolicy,
    };
    c.header('Cache-Control', 'no-cache');
    return c.json(body, 200);
  });
