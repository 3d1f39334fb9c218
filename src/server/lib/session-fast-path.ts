import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { isRole } from '../../shared/roles';
import type { Actor, AppDeps } from './context';

/**
 * The signed-in request's fast path: better-auth's `getSession` costs about 2.4 ms of CPU per call (a
 * new internal context, a WebCrypto key import to check the cookie's signature, async context
 * tracking, Drizzle), more than most handlers. This does the same check for the common case with
 * `node:crypto` HMAC and one prepared statement that reads the session and its user together, and
 * leaves everything else to better-auth:
 *
 * - the cookie `brigade.session_token` (`__Secure-` over https) holds `token.signature`, URL-encoded,
 *   where the signature is base64 HMAC-SHA256 of the token under the auth secret (better-call's
 *   `signCookieValue`); a bad signature is anonymous, as it is for better-auth;
 * - no session row (signed out, or ended by a disable or a password reset) is anonymous, and so is a
 *   disabled user or an unknown role;
 * - an expired session, one due for its daily refresh (better-auth moves `expires_at` then), a cookie
 *   given twice or anything else unusual goes to better-auth (`undefined`).
 *
 * A GET or HEAD may use a session read in the last `SESSION_CACHE_MS` by this process, while the
 * `sessions` live topic is at the version it had before that read: every change that ends a session or
 * changes what the actor holds (sign-out, "sign out everywhere", a password change or reset, a
 * disable, a role change, a name or e-mail change) publishes `sessions` in its transaction (or, for
 * better-auth's own writes, right after them, before its answer). The process that made the change
 * applies the event before answering (lib/own-events.ts), so the next request there reads the rows;
 * another process reads them as soon as PostgreSQL has delivered the NOTIFY (milliseconds). Any other
 * method reads the rows (and refreshes the kept copy): a change is never made on a stale session. The
 * one exception keeps that promise another way: a route declared `keptForWrite` (placing a
 * point-of-sale order) may start from the kept copy because the statement that writes checks the
 * session in its own snapshot (`keptSessionHoldsSql`), and the route reads the rows before anything
 * else. The time limit bounds what a LISTEN connection that is down could leave stale.
 */

interface SessionCookieSettings {
  cookieName: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const settingsByAuth = new WeakMap<object, Promise<SessionCookieSettings>>();
/** The same, once known, for the fast lane (which must not wait). */
const knownSettings = new WeakMap<object, SessionCookieSettings>();

function cookieSettings(auth: AppDeps['auth']): Promise<SessionCookieSettings> {
  let settings = settingsByAuth.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => {
      const known = {
        cookieName: context.authCookies.sessionToken.name,
        secret: context.secret,
        expiresInMs: context.sessionConfig.expiresIn * 1000,
        updateAgeMs: context.sessionConfig.updateAge * 1000,
      };
      knownSettings.set(auth, known);
      return known;
    });
    settingsByAuth.set(auth, settings);
  }
  return settings;
}

/** The raw value of cookie `name`, null when absent, undefined when it is given more than once. */
function readCookie(header: string, name: string): string | null | undefined {
  let found: string | null = null;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const pair = header.slice(start, end).trim();
    const equals = pair.indexOf('=');
    if (equals > 0 && pair.slice(0, equals) === name) {
      if (found !== null) return undefined;
      found = pair.slice(equals + 1);
    }
    start = end + 1;
  }
  return found;
}

/** The session token of a correctly signed cookie value; null when the signature is wrong. */
export function verifySignedToken(rawValue: string, secret: string): string | null {
  let value: string;
  try {
    value = decodeURIComponent(rawValue);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return token;
}

const SESSION_QUERY = {
  // A named statement: parsed and planned once per pooled connection.
  name: 'brigade_session_by_token',
  text: `select s.id as session_id, (extract(epoch from s.expires_at) * 1000)::float8 as expires_ms,
      u.id, u.email, u.name, u.role, u.disabled, u.phone_number, u.image, u.email_verified
    from sessions s join users u on u.id = s.user_id
    where s.token = $1`,
};

interface SessionRow {
  session_id: string;
  expires_ms: number;
  id: string;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  phone_number: string | null;
  image: string | null;
  email_verified: boolean;
}

/** What a kept session also holds of its user: enough for the user's own profile (`GET /api/me`). */
export interface KeptUser {
  phoneNumber: string | null;
  image: string | null;
  emailVerified: boolean;
}

/** The live topic that every session-ending or actor-changing write publishes. */
export const SESSIONS_TOPIC = 'sessions';

/** How long a process may answer reads from a session it read, while no `sessions` event came. */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 10_000;

interface KeptSession {
  actor: Actor;
  user: KeptUser;
  expiresMs: number;
  /** The `sessions` topic's version before the rows were read. */
  version: number;
  readAt: number;
}

/** Per process (per database handle): the raw cookie value (already verified once) → what it gave. */
const keptSessions = new WeakMap<object, Map<string, KeptSession>>();

function sessionsKept(db: object): Map<string, KeptSession> {
  let kept = keptSessions.get(db);
  if (!kept) {
    kept = new Map();
    keptSessions.set(db, kept);
  }
  return kept;
}

function usableEntry(
  entry: KeptSession | undefined,
  version: number,
  settings: SessionCookieSettings,
  now: number,
): KeptSession | undefined {
  if (!entry || entry.version !== version || now - entry.readAt >= SESSION_CACHE_MS) return undefined;
  return dueForBetterAuth(entry.expiresMs, settings, now) ? undefined : entry;
}

/**
 * The session a read's cookie header gives, when this process keeps it and may answer a read from it
 * (see above), with no I/O at all: for the fast lane (`GET /api/me`). Undefined in every other case
 * (no such cookie, given twice, not kept, kept too long, a `sessions` event since, due for refresh),
 * and the app decides.
 */
export function keptSession(
  deps: Pick<AppDeps, 'auth' | 'db' | 'liveTopics'>,
  cookieHeader: string | undefined,
): { actor: Actor; user: KeptUser } | undefined {
  const settings = knownSettings.get(deps.auth);
  if (!settings || !cookieHeader) return undefined;
  const raw = readCookie(cookieHeader, settings.cookieName);
  if (!raw) return undefined;
  const entry = usableEntry(
    keptSessions.get(deps.db)?.get(raw),
    deps.liveTopics.version(SESSIONS_TOPIC),
    settings,
    Date.now(),
  );
  return entry && { actor: { ...entry.actor }, user: { ...entry.user } };
}

/**
 * For a write that started from a kept session (auth-guards.ts, `keptForWrite`): SQL that holds while
 * that session still gives that actor, checked by the write's own statement in its snapshot, so the
 * change is never made on a stale session: the session row is there (not signed out or ended) and
 * unexpired, and its user is not disabled and still has the role the actor was allowed by. The values
 * are SQL parameters (or a prepared statement's placeholders).
 */
export function keptSessionHoldsSql(sessionId: unknown, userId: unknown, role: unknown): SQL {
  return sql`exists (select 1 from sessions s join users u on u.id = s.user_id
    where s.id = ${sessionId}::uuid and u.id = ${userId}::uuid and s.expires_at > now()
      and u.role = ${role}::text and u.disabled is not true)`;
}

/** Expired, or due for the refresh that moves its expiry: better-auth's turn. */
function dueForBetterAuth(expiresMs: number, settings: SessionCookieSettings, now: number): boolean {
  return expiresMs <= now || expiresMs - settings.expiresInMs + settings.updateAgeMs <= now;
}

/**
 * The actor of a request from its session cookie: an actor or null (anonymous) when the fast path can
 * tell, undefined when better-auth must decide. `read: true` (a GET or HEAD) may use the copy kept
 * for a few seconds (see above); otherwise the rows are read.
 */
export async function readActorFast(
  deps: Pick<AppDeps, 'auth' | 'db'> & Partial<Pick<AppDeps, 'liveTopics'>>,
  cookieHeader: string | undefined,
  options: { read?: boolean } = {},
): Promise<Actor | null | undefined> {
  const settings = await cookieSettings(deps.auth);
  if (!cookieHeader) return null;
  const raw = readCookie(cookieHeader, settings.cookieName);
  if (raw === undefined) return undefined;
  if (raw === null) return null;
  const liveTopics = deps.liveTopics;
  const kept = liveTopics ? sessionsKept(deps.db) : undefined;
  const version = liveTopics?.version(SESSIONS_TOPIC) ?? 0;
  const now = Date.now();
  if (kept && options.read) {
    const entry = usableEntry(kept.get(raw), version, settings, now);
    if (entry) return { ...entry.actor };
  }
  const token = verifySignedToken(raw, settings.secret);
  if (!token) return null;
  // The pool under Drizzle (drizzle() keeps it as `$client`); anything else is better-auth's business.
  const pool = (deps.db as unknown as { $client?: Pool }).$client;
  if (typeof pool?.query !== 'function') return undefined;
  const result = await pool.query<SessionRow>({ ...SESSION_QUERY, values: [token] });
  const row = result.rows[0];
  kept?.delete(raw);
  if (!row) return null;
  if (dueForBetterAuth(row.expires_ms, settings, Date.now())) return undefined;
  if (row.disabled || !isRole(row.role)) return null;
  const actor: Actor = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    sessionId: row.session_id,
  };
  if (kept) {
    // Oldest first out (a Map keeps insertion order).
    if (kept.size >= SESSION_CACHE_MAX) kept.delete(kept.keys().next().value as string);
    kept.set(raw, {
      actor: { ...actor },
      user: { phoneNumber: row.phone_number, image: row.image, emailVerified: row.email_verified },
      expiresMs: row.expires_ms,
      version,
      readAt: now,
    });
  }
  return actor;
}
