import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushSubscriptionJson } from '../../src/shared/contracts/notifications';

/**
 * A local Web Push service for tests, so a push is proven end to end without the internet:
 * the app sends to a subscription whose endpoint is this server, exactly as it would send to FCM or
 * Mozilla's autopush. For each `POST /push/<id>` it
 *
 * 1. checks the VAPID `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 signature
 *    made with the key `k`, `aud` = this service's origin, `exp` in the future and at most 24 h
 *    ahead, `sub` a `mailto:` or `https:` address; and the `TTL` header;
 * 2. decrypts the `aes128gcm` body (RFC 8188 and 8291) with the subscription's private key and
 *    authentication secret, written out here with node:crypto (no web-push), so an encryption
 *    mistake of the sender cannot be hidden by the same mistake in the reader;
 * 3. records what it received (refusals too, with the reason) and answers 201;
 * 4. answers 404 or 410 (subscription gone) or any status for an endpoint when told to.
 *
 * Start it before the app with `PUSH_SERVICE_ORIGINS` = its origin (http is allowed there only).
 */

export interface TestSubscription {
  /** What the browser's `PushSubscription.toJSON()` gives: the body's `token`. */
  json: PushSubscriptionJson;
  endpoint: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body as text, and parsed when it is JSON. */
  text: string;
  payload: unknown;
  headers: { ttl: string | undefined; urgency: string | undefined; contentEncoding: string | undefined };
  /** The VAPID token's claims and the key it was signed with. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
  /** The status this service answered. */
  status: number;
}

export interface RefusedPush {
  endpoint: string;
  reason: string;
  status: number;
}

interface Keys {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

export interface TestPushService {
  origin: string;
  /** A new subscription of a pretend browser: a P-256 key pair and a 16-byte secret, kept here. */
  subscription(): TestSubscription;
  /** What arrived and was decrypted, oldest first (only those whose status was 2xx unless `all`). */
  received: ReceivedPush[];
  refused: RefusedPush[];
  /** From now on, answer `status` for this endpoint (404, 410, 500…); null: answer normally. */
  answer(endpoint: string, status: number | null): void;
  /** Waits until `predicate` holds for the received messages; they are returned. */
  waitFor(predicate: (received: ReceivedPush[]) => boolean, timeoutMs?: number): Promise<ReceivedPush[]>;
  /** Messages received for one endpoint. */
  receivedBy(endpoint: string): ReceivedPush[];
  close(): Promise<void>;
}

const MAX_BODY = 8192;

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** HKDF (RFC 5869) with SHA-256 for at most 32 bytes: extract, then one round of expand. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/**
 * RFC 8291 section 3.4 and RFC 8188 section 2: the `aes128gcm` body is a header (salt 16, record
 * size 4, key id length 1, key id = the sender's ephemeral public key) and records of at most
 * `rs` bytes, each AES-128-GCM with a 16-byte tag; the plaintext of a record ends with a delimiter
 * (2 for the last record, 1 otherwise) and zero padding.
 */
export function decryptAes128gcm(body: Buffer, keys: Keys): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublicKey[0] !== 0x04) throw new Error('key id is not a P-256 public key');
  if (recordSize < 18) throw new Error(`record size ${recordSize} is too small`);
  const ecdhSecret = keys.ecdh.computeSecret(senderPublicKey);
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderPublicKey]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);

  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length === 0) throw new Error('no records');
  const plaintexts: Buffer[] = [];
  let sequence = 0;
  for (let offset = 0; offset < ciphertext.length; offset += recordSize, sequence++) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    if (record.length < 17) throw new Error('record shorter than its tag');
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number, 96 bits big-endian, XORed into the nonce (its low 32 bits here).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    const last = offset + recordSize >= ciphertext.length;
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end--;
    if (end < 0) throw new Error('record without a delimiter');
    const delimiter = plain[end];
    if (delimiter !== (last ? 2 : 1))
      throw new Error(`record delimiter ${delimiter} where ${last ? 2 : 1} belongs`);
    plaintexts.push(plain.subarray(0, end));
  }
  return Buffer.concat(plaintexts);
}

/** The VAPID header's claims when its ES256 signature holds with `k`; otherwise throws saying why. */
export function verifyVapid(authorization: string | undefined, audience: string, now = Date.now()) {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    authorization ?? '',
  );
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`);
  const [, token, k] = match as unknown as [string, string, string];
  const key = Buffer.from(k, 'base64url');
  if (key.length !== 65 || key[0] !== 0x04) throw new Error('k is not an uncompressed P-256 public key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: key.subarray(1, 33).toString('base64url'),
      y: key.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [headerPart, claimsPart, signaturePart] = token.split('.') as [string, string, string];
  const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as { alg?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg is ${header.alg}, not ES256`);
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== 64) throw new Error('ES256 signature is not 64 bytes');
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${claimsPart}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    signature,
  );
  if (!signed) throw new Error('JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8')) as {
    aud?: unknown;
    exp?: unknown;
    sub?: unknown;
  };
  if (claims.aud !== audience) throw new Error(`aud is ${String(claims.aud)}, not ${audience}`);
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= seconds) throw new Error('exp is not in the future');
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error('exp is more than 24 h ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:\/\/)/.test(claims.sub)) {
    throw new Error(`sub is not a mailto: or https: address: ${String(claims.sub)}`);
  }
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub, publicKey: k };
}

export async function startTestPushService(): Promise<TestPushService> {
  const subscriptions = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: RefusedPush[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const refuse = (response: ServerResponse, endpoint: string, status: number, reason: string) => {
    refused.push({ endpoint, reason, status });
    response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const endpoint = `${origin}${request.url ?? '/'}`;
    if (request.method !== 'POST' || !request.url?.startsWith('/push/')) {
      return refuse(response, endpoint, 404, 'not a push endpoint');
    }
    const body = await readBody(request);
    const keys = subscriptions.get(endpoint);
    if (!keys) return refuse(response, endpoint, 404, 'unknown subscription');
    const forced = answers.get(endpoint);
    if (forced !== undefined) return refuse(response, endpoint, forced, `told to answer ${forced}`);
    let vapid: ReceivedPush['vapid'];
    try {
      vapid = verifyVapid(request.headers.authorization, origin);
    } catch (error) {
      return refuse(response, endpoint, 401, `VAPID: ${(error as Error).message}`);
    }
    const ttl = request.headers.ttl as string | undefined;
    if (ttl === undefined || !/^\d+$/.test(ttl)) return refuse(response, endpoint, 400, 'TTL header missing');
    const contentEncoding = request.headers['content-encoding'];
    if (contentEncoding !== 'aes128gcm') {
      return refuse(response, endpoint, 415, `Content-Encoding ${contentEncoding ?? '(none)'}`);
    }
    let text: string;
    try {
      text = decryptAes128gcm(body, keys).toString('utf8');
    } catch (error) {
      return refuse(response, endpoint, 400, `decryption: ${(error as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    received.push({
      endpoint,
      text,
      payload,
      headers: {
        ttl,
        urgency: request.headers.urgency as string | undefined,
        contentEncoding,
      },
      vapid,
      status: 201,
    });
    response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    for (const waiter of [...waiters]) waiter();
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscription() {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      subscriptions.set(endpoint, { ecdh, publicKey, auth });
      return {
        endpoint,
        json: {
          endpoint,
          expirationTime: null,
          keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(endpoint, status) {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    receivedBy(endpoint) {
      return received.filter((message) => message.endpoint === endpoint);
    },
    waitFor(predicate, timeoutMs = 5000) {
      if (predicate(received)) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `the push service did not receive the expected pushes in ${timeoutMs} ms ` +
                `(received ${received.length}, refused: ${JSON.stringify(refused)})`,
            ),
          );
        }, timeoutMs);
        const check = () => {
          if (!predicate(received)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        waiters.add(check);
      });
    },
    close() {
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
