import { createHash } from 'node:crypto';
import { z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { type PublicConfig, PublicConfigSchema } from '../../../shared/contracts/config';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type KeptDocument, matchesIfNoneMatch } from '../../lib/fast-lane';
import { createRouter, defineRoute } from '../../lib/router';
import { pushPublicKey } from '../notifications';
import { getSettings } from '../settings';

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
  description: 'The same for every caller. Answers with an `ETag`; `If-None-Match` gives 304.',
  responses: {
    200: {
      description: 'Public configuration',
      content: { 'application/json': { schema: PublicConfigSchema } },
    },
    304: { description: 'Not modified: the `If-None-Match` ETag is current' },
  },
});

/**
 * The /api/config answer, built once per settings version (the 'settings' live topic) and kept by the
 * process: it is the same for every caller (the restaurant's settings and this process's
 * configuration, nothing about who asks), so it is kept as the bytes that go out, with a strong ETag
 * (a hash of them). The version is read before the settings, so an answer built while a change
 * commits is kept under the older version and replaced at the next request. The fast lane
 * (src/server/fast-routes.ts) answers cookie-less GETs from the same copy.
 */
interface KeptConfig {
  version: number;
  config: AppDeps['config'];
  body: PublicConfig;
  document: KeptDocument;
}
const keptConfigs = new WeakMap<AppDeps['db'], KeptConfig>();

function keptConfig(deps: Pick<AppDeps, 'db' | 'config' | 'liveTopics'>): KeptConfig | undefined {
  const kept = keptConfigs.get(deps.db);
  return kept && kept.version === deps.liveTopics.version('settings') && kept.config === deps.config
    ? kept
    : undefined;
}

/** The kept /api/config answer while it is current (the fast lane), else undefined. */
export function currentConfigDocument(
  deps: Pick<AppDeps, 'db' | 'config' | 'liveTopics'>,
): KeptDocument | undefined {
  return keptConfig(deps)?.document;
}

async function configAnswer(deps: Pick<AppDeps, 'db' | 'config' | 'liveTopics'>): Promise<KeptConfig> {
  const current = keptConfig(deps);
  if (current) return current;
  const version = deps.liveTopics.version('settings');
  // The VAPID key is read once per process (kept by the notifications module), made on first use.
  const [settings, pushKey] = await Promise.all([getSettings(deps.db), pushPublicKey(deps.db)]);
  const body: PublicConfig = {
    restaurantName: settings.name,
    restaurantAddress: settings.address,
    restaurantPhone: settings.phone,
    baseUrl: deps.config.baseUrl,
    currency: settings.currency,
    locale: settings.locale,
    timeZone: settings.timeZone,
    pollIntervalMs: deps.config.pollIntervalMs,
    signInMethods: { emailPassword: true, google: deps.config.google !== undefined, phone: true },
    pushPublicKey: pushKey,
    passwordPolicy: settings.passwordPolicy,
  };
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `"config-${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
  const kept = { version, config: deps.config, body, document: { etag, body: bytes } };
  keptConfigs.set(deps.db, kept);
  return kept;
}

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
    const kept = await configAnswer(c.var.deps);
    c.header('Cache-Control', 'no-cache');
    c.header('ETag', kept.document.etag);
    if (matchesIfNoneMatch(c.req.header('if-none-match'), kept.document.etag)) return c.body(null, 304);
    return c.json(kept.body, 200);
  });
