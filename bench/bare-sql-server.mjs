// The yardstick of a write line in `npm run bench`: a bare node:http server that, for each request,
// reads its body and runs the same SQL statements the app ran for one such request (captured by
// bench/sql-probe.mjs), with node-postgres on a pool of the app's size, on the app's database, then
// answers the app's answer bytes. argv[2] is a JSON file: { connection, queries: [{ name?, text,
// values }], fresh: { uuids, strings }, status, body }. The values that were new in each request (the
// order's and lines' ids, the Idempotency-Key: `fresh`) get new ones each time, the same new one
// wherever the old one appeared. Prints its port once listening.
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const pool = new pg.Pool({ ...plan.connection, max: 10 });
const freshUuids = new Set(plan.fresh.uuids);
const freshStrings = new Set(plan.fresh.strings);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const answer = Buffer.from(plan.body);
let failedOnce = false;

function renew(value, mapping) {
  if (typeof value !== 'string') return value;
  if (freshStrings.has(value)) {
    if (!mapping.has(value))
      mapping.set(
        value,
        randomBytes(Math.ceil(value.length / 2))
          .toString('hex')
          .slice(0, value.length),
      );
    return mapping.get(value);
  }
  return value.replace(UUID, (uuid) => {
    if (!freshUuids.has(uuid)) return uuid;
    if (!mapping.has(uuid)) mapping.set(uuid, randomUUID());
    return mapping.get(uuid);
  });
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
    const mapping = new Map();
    const client = await pool.connect();
    try {
      for (const query of plan.queries) {
        const values = query.values.map((value) => renew(value, mapping));
        await client.query(
          query.name ? { name: query.name, text: query.text, values } : { text: query.text, values },
        );
      }
      response.writeHead(plan.status, {
        'content-type': 'application/json',
        'content-length': answer.length,
      });
      response.end(answer);
    } catch (error) {
      if (!failedOnce) {
        failedOnce = true;
        process.stderr.write(`bare-sql-server: replaying the plan failed: ${error}\n`);
      }
      response.writeHead(500).end(String(error));
    } finally {
      client.release();
    }
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
