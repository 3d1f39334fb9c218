import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, openAsBlob, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { BACKUP_API, type RestoreResult } from '../src/shared/contracts/backup';
import { cleanUpApps, makeTempDir, REPO_ROOT, type SpawnedApp, spawnApp } from '../tests/support/spawn-app';
import { databaseUrl, dropDatabase } from '../tests/support/test-server';

/**
 * `npm run bench:backup`: backup and restore times, the file's size and the
 * app's memory for a database with 100,000 orders. The real app is started on a fresh database (on
 * TEST_DATABASE_URL's server, else the machine's PostgreSQL at 127.0.0.1:5432, else the app's embedded
 * one) with the demo cafe; the orders are written with SQL in bulk as the app writes them (2-3 lines
 * each, options on half the lines, every status reached, a payment and its ledger deposit for each
 * completed order). Then over HTTP: the download (`GET /api/admin/backup`, to its last byte) and the
 * restore of that file (`POST /api/admin/backup/restore`: upload, complete check, safety backup,
 * replacement), sampling the app process's RSS every 100 ms. Prints a markdown table and writes
 * test-results/backup-measure.json. Drops its database and stops the app at the end.
 *
 * MEASURE_ORDERS (default 100000), MEASURE_JSON (default test-results/backup-measure.json), MEASURE_EMBEDDED=1
 * (the app's embedded PostgreSQL even when a server answers).
 */
const ORDERS = Number(process.env.MEASURE_ORDERS ?? 100_000);
const JSON_FILE = process.env.MEASURE_JSON ?? path.join(REPO_ROOT, 'test-results', 'backup-measure.json');
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN = { email: 'owner@backup-measure.test', password: 'backup-measure-password' };
const MAIN_TABLES = [
  'orders',
  'order_lines',
  'order_line_options',
  'order_status_changes',
  'payments',
  'bank_transactions',
] as const;

const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** The server to make the database on: TEST_DATABASE_URL, else 127.0.0.1:5432 if it answers, else none. */
async function findServer(): Promise<string | null> {
  if (process.env.MEASURE_EMBEDDED === '1') return null;
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const client = new pg.Client({ connectionString: DEFAULT_SERVER, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return DEFAULT_SERVER;
  } catch {
    return null;
  }
}

/** The embedded server's URL of the app in `dataDir` (its port and password are on disk). */
function embeddedUrl(dataDir: string): string {
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  return `postgres://brigade:${encodeURIComponent(password)}@127.0.0.1:${port}/brigade`;
}

/** Samples a process's resident memory (VmRSS) every 100 ms until stopped. */
function sampleRss(pid: number) {
  const samples: number[] = [];
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      samples.push(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024);
    } catch {
      // the process is gone
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return {
        peakMiB: mib(Math.max(...samples)),
        startMiB: mib(samples[0] ?? 0),
        endMiB: mib(samples.at(-1) ?? 0),
        samples: samples.length,
      };
    },
  };
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`  ${label}: ${seconds(Date.now() - started)} s`);
  return result;
}

/**
 * The orders, as the app writes them: numbered in time order over the last year, 60 % dine-in at a
 * table (POS), 10 % takeaway at the counter, 10 % takeaway and 10 % delivery ordered online, 10 %
 * delivery through a partner; 2 or 3 lines each from the menu, an option on every other line; every
 * status change; a payment and its ledger deposit for each completed order, into the account the
 * settings map its method to. Totals follow the settings' tax (inclusive) and a 10 % discount on every
 * twentieth order.
 */
async function fillOrders(db: pg.Client, count: number): Promise<void> {
  const q = (text: string, values?: unknown[]) => db.query(text, values);
  await q(`create temp table m_items as
    select (row_number() over (order by name) - 1)::int as n, id, name, price, station
    from menu_items where price > 0`);
  await q(`create temp table m_tables as
    select (row_number() over (order by name) - 1)::int as n, id, name from dining_tables`);
  await q(`create temp table m_partners as
    select (row_number() over (order by name) - 1)::int as n, id, name from partners`);
  await q(`create temp table m_staff as
    select (row_number() over (order by email) - 1)::int as n, id from users where role <> 'customer'`);
  await q(`create temp table m_customers as
    select (row_number() over (order by email) - 1)::int as n, id, name from users where role = 'customer'`);
  const sizes = (
    await q(`select (select count(*) from m_items)::int as items, (select count(*) from m_tables)::int as tables,
      (select count(*) from m_partners)::int as partners, (select count(*) from m_staff)::int as staff,
      (select count(*) from m_customers)::int as customers`)
  ).rows[0] as { items: number; tables: number; partners: number; staff: number; customers: number };
  if (sizes.items === 0 || sizes.tables === 0 || sizes.staff === 0) {
    throw new Error(`the demo cafe is missing (menu items, tables, staff): ${JSON.stringify(sizes)}`);
  }
  const accounts = (
    await q(`select m.method, coalesce(a.account_id, (select id from bank_accounts order by created_at limit 1)) as account
      from unnest(array['cash', 'card', 'qr', 'online', 'partner']) m(method)
      left join payment_method_accounts a on a.method = m.method`)
  ).rows as { method: string; account: string | null }[];
  if (accounts.some((row) => !row.account)) throw new Error('there is no bank account for the payments');

  await timed('orders planned', async () => {
    await q(
      `create temp table g_orders as
      select g, gen_random_uuid() as id,
        case when g % 10 < 6 then 'dine-in' when g % 10 in (6, 7) then 'takeaway' else 'delivery' end as type,
        case when g % 10 < 7 then 'pos' when g % 10 = 9 and $2::int > 0 then 'partner' else 'online' end as source,
        case when g % 30 = 7 then 'rejected' when g % 50 = 3 then 'cancelled' else 'completed' end as status,
        2 + (g % 2) as nlines,
        date_trunc('second', now()) - ($1::int - g) * interval '5 minutes' as at
      from generate_series(1, $1::int) g`,
      [count, sizes.partners],
    );
    await q('alter table g_orders add primary key (g)');
  });
  await timed('lines planned', async () => {
    await q(
      `create temp table g_lines as
      select o.id as order_id, o.g, k as position, gen_random_uuid() as id, i.id as menu_item_id, i.name,
        i.price as unit_price, i.station, 1 + ((o.g + k) % 3) as quantity, (o.g + k) % 2 = 0 as with_option,
        o.at + k * interval '1 second' as at
      from g_orders o cross join lateral generate_series(1, o.nlines) k
      join m_items i on i.n = (o.g * 7 + k * 13) % $1::int`,
      [sizes.items],
    );
  });
  await timed('orders', async () => {
    await q(
      `create temp table g_totals as
      select o.*, t.subtotal,
        case when o.g % 20 = 0 then t.subtotal / 10 else 0 end as discount,
        case when o.type = 'delivery' then 300 else 0 end as delivery_fee,
        (select id from m_staff where n = o.g % $1::int) as staff,
        case when o.source = 'online' and $2::int > 0 then (select id from m_customers where n = o.g % $2::int) end as customer,
        case when o.source = 'partner' then (select id from m_partners where n = o.g % greatest($3::int, 1)) end as partner,
        case when o.type = 'dine-in' then (select id from m_tables where n = o.g % $4::int) end as table_id
      from g_orders o
      join (select order_id, sum((unit_price + case when with_option then 50 else 0 end) * quantity) as subtotal
            from g_lines group by order_id) t on t.order_id = o.id`,
      [sizes.staff, sizes.customers, sizes.partners, sizes.tables],
    );
    await q(`insert into orders (id, type, source, status, payment_status, table_id, table_name, customer_id,
        customer_name, customer_phone, delivery_address, partner_id, partner_name, partner_reference, note,
        currency, subtotal, discount, discount_reason, service_charge, tax, tax_inclusive, delivery_fee, total,
        created_by, accepted_by, confirmed_at, preparing_at, ready_at, out_for_delivery_at, completed_at,
        rejected_at, cancelled_at, reject_reason, cancel_reason, version, created_at, updated_at)
      select o.id, o.type, o.source, o.status, case when o.status = 'completed' then 'paid' else 'unpaid' end,
        o.table_id, (select name from m_tables where id = o.table_id), o.customer,
        case when o.source = 'pos' then '' else 'Guest ' || o.g end,
        case when o.source = 'pos' then '' else '+44 7700 ' || lpad((o.g % 1000000)::text, 6, '0') end,
        case when o.type = 'delivery' then o.g % 200 || ' High Street, Flat ' || o.g % 30 else '' end,
        o.partner, (select name from m_partners where id = o.partner),
        case when o.source = 'partner' then 'P-' || o.g else '' end,
        case when o.g % 11 = 0 then 'Birthday: bring a candle' else '' end,
        s.currency, o.subtotal, o.discount, case when o.discount > 0 then 'Regular guest' else '' end, 0,
        round((o.subtotal - o.discount) * s.tax_percent / (100 + s.tax_percent))::bigint, true, o.delivery_fee,
        o.subtotal - o.discount + o.delivery_fee,
        case when o.source = 'pos' then o.staff end, case when o.source <> 'pos' then o.staff end,
        case when o.status <> 'rejected' then o.at + interval '1 minute' end,
        case when o.status = 'completed' then o.at + interval '2 minutes' end,
        case when o.status = 'completed' then o.at + interval '12 minutes' end,
        case when o.status = 'completed' and o.type = 'delivery' then o.at + interval '15 minutes' end,
        case when o.status = 'completed' then o.at + interval '30 minutes' end,
        case when o.status = 'rejected' then o.at + interval '1 minute' end,
        case when o.status = 'cancelled' then o.at + interval '3 minutes' end,
        case when o.status = 'rejected' then 'The kitchen is closing' end,
        case when o.status = 'cancelled' then 'The guest left' end,
        case o.status when 'completed' then 5 else 2 end, o.at,
        o.at + case o.status when 'completed' then interval '30 minutes' else interval '3 minutes' end
      from g_totals o cross join (select currency, tax_percent from restaurant_settings) s
      order by o.g`);
    await q(`insert into order_status_changes (order_id, status, actor_id, reason, created_at)
      select o.id, c.status, c.actor, c.reason, c.at
      from g_totals o cross join lateral (values
        ('pending', o.customer, null, o.at, o.source <> 'pos'),
        ('confirmed', o.staff, null, o.at + interval '1 minute', o.status <> 'rejected'),
        ('preparing', o.staff, null, o.at + interval '2 minutes', o.status = 'completed'),
        ('ready', o.staff, null, o.at + interval '12 minutes', o.status = 'completed'),
        ('out-for-delivery', o.staff, null, o.at + interval '15 minutes', o.status = 'completed' and o.type = 'delivery'),
        ('completed', o.staff, null, o.at + interval '30 minutes', o.status = 'completed'),
        ('rejected', o.staff, 'The kitchen is closing', o.at + interval '1 minute', o.status = 'rejected'),
        ('cancelled', o.staff, 'The guest left', o.at + interval '3 minutes', o.status = 'cancelled')
      ) c(status, actor, reason, at, reached)
      where c.reached
      order by o.g, c.at`);
  });
  await timed('order lines and options', async () => {
    await q(`insert into order_lines (id, order_id, position, menu_item_id, name, unit_price, station, quantity,
        note, line_total, created_at)
      select id, order_id, position, menu_item_id, name, unit_price, station, quantity,
        case when g % 7 = 0 and position = 1 then 'No onions, please' else '' end,
        (unit_price + case when with_option then 50 else 0 end) * quantity, at
      from g_lines order by order_id, position`);
    await q(`insert into order_line_options (line_id, position, option_id, group_name, name, price_delta, created_at)
      select id, 1, null, 'Extras', case when g % 3 = 0 then 'Extra shot' else 'Large' end, 50, at
      from g_lines where with_option`);
  });
  await timed('payments and ledger deposits', async () => {
    await q(
      `create temp table g_payments as
      select gen_random_uuid() as id, o.id as order_id, o.g, x.number, x.total as amount, o.at + interval '31 minutes' as at,
        case when o.source = 'online' then 'online' when o.source = 'partner' then 'partner'
             else (array['cash', 'card', 'qr'])[1 + o.g % 3] end as method,
        case when o.source = 'pos' then o.staff end as taken_by
      from g_totals o join orders x on x.id = o.id
      where o.status = 'completed'`,
    );
    await q(
      `insert into payments (id, order_id, method, amount, tendered, change, reference, account_id, currency,
        refunded, provider, provider_payment_id, taken_by, created_at)
      select p.id, p.order_id, p.method, p.amount,
        case when p.method = 'cash' then p.amount + (1000 - p.amount % 1000) % 1000 end,
        case when p.method = 'cash' then (1000 - p.amount % 1000) % 1000 else 0 end,
        case when p.method = 'card' then 'Terminal ' || lpad((p.g % 10000)::text, 4, '0') else '' end,
        a.account, s.currency, 0,
        case when p.method = 'online' then 'stripe' end,
        case when p.method = 'online' then 'pi_measure_' || p.g end,
        p.taken_by, p.at
      from g_payments p
      join (select * from json_to_recordset($1::json) as r(method text, account uuid)) a on a.method = p.method
      cross join (select currency from restaurant_settings) s
      order by p.g`,
      [JSON.stringify(accounts)],
    );
    await q(`insert into bank_transactions (account_id, kind, amount, currency, description, payment_id,
        occurred_at, created_by, created_at)
      select y.account_id, 'deposit', y.amount, y.currency,
        'Payment for order #' || p.number || ' (' || p.method || ')', y.id, y.created_at, y.taken_by, y.created_at
      from g_payments p join payments y on y.id = p.id
      order by p.g`);
  });
  await q(
    'drop table m_items, m_tables, m_partners, m_staff, m_customers, g_orders, g_lines, g_totals, g_payments',
  );
}

async function rowCounts(db: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of MAIN_TABLES) {
    counts[table] =
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
  }
  return counts;
}

async function databaseBytes(db: pg.Client): Promise<number> {
  return Number(
    (await db.query<{ size: string }>('select pg_database_size(current_database())::text as size')).rows[0]
      ?.size,
  );
}

/** The times of the app's log lines with message `msg` (pino's JSON on its output). */
function logTimes(app: SpawnedApp, msg: string): number[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(msg))
    .map((line) => JSON.parse(line) as { time: string | number; msg: string })
    .filter((line) => line.msg === msg)
    .map((line) => new Date(line.time).getTime());
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'backup-measure' });
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function main(): Promise<void> {
  const server = await findServer();
  const dataDir = await makeTempDir('backup-measure');
  const env: Record<string, string> = {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'true',
  };
  let database: string | null = null;
  if (server) {
    database = `brigade_backup_measure_${randomBytes(4).toString('hex')}`;
    const admin = await connect(server);
    await admin.query(`create database "${database}"`);
    await admin.end();
    env.DATABASE_URL = databaseUrl(server, database);
  }
  const where = server ? `the PostgreSQL server at ${new URL(server).host}` : 'the embedded PostgreSQL';
  console.log(`Backup measurement: ${ORDERS} orders, database on ${where}`);

  let app: SpawnedApp | undefined;
  let db: pg.Client | undefined;
  try {
    app = await spawnApp({ dataDir, env });
    await app.waitForHealthy(180_000);
    const pid = app.child.pid ?? 0;
    db = await connect(env.DATABASE_URL ?? embeddedUrl(dataDir));
    const serverVersion =
      (await db.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';

    console.log('Filling the database:');
    const fillStarted = Date.now();
    await fillOrders(db, ORDERS);
    await timed('vacuum analyze', () => db!.query('vacuum analyze'));
    const fillSeconds = seconds(Date.now() - fillStarted);
    const countsBefore = await rowCounts(db);
    const sizeBefore = await databaseBytes(db);
    console.log(`  ${JSON.stringify(countsBefore)}; database ${mib(sizeBefore)} MiB`);

    const signIn = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseUrl },
      body: JSON.stringify(ADMIN),
    });
    if (signIn.status !== 200) throw new Error(`signing in failed: ${signIn.status} ${await signIn.text()}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');

    // The orders written with SQL read back through the app as its own do.
    const list = await fetch(`${app.baseUrl}/api/orders?limit=50`, { headers: { cookie } });
    const { items } = (await list.json()) as { items?: { id: string }[] };
    const one =
      items?.[0] && (await fetch(`${app.baseUrl}/api/orders/${items[0].id}`, { headers: { cookie } }));
    if (list.status !== 200 || !one || one.status !== 200) {
      throw new Error(
        `the app does not read the orders back: ${list.status} ${one ? one.status : 'no order'}`,
      );
    }

    // The app at rest, after the fill (nothing of it went through the app).
    const idle = sampleRss(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const baseline = idle.stop();

    console.log('Download:');
    const file = path.join(dataDir, 'measured-backup.gz');
    const downloadRss = sampleRss(pid);
    const downloadStarted = Date.now();
    const response = await fetch(`${app.baseUrl}${BACKUP_API.download}`, { headers: { cookie } });
    if (response.status !== 200 || !response.body) {
      throw new Error(`the download failed: ${response.status} ${await response.text()}`);
    }
    const firstByteMs = Date.now() - downloadStarted;
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), createWriteStream(file));
    const downloadMs = Date.now() - downloadStarted;
    const downloadMemory = downloadRss.stop();
    const fileBytes = (await fs.stat(file)).size;
    const backupRows = Number(response.headers.get('x-backup-rows'));
    // How far the file expands (a restore refuses a file that expands past MAX_EXPANSION_RATIO).
    let decompressedBytes = 0;
    for await (const chunk of createReadStream(file).pipe(createGunzip())) {
      decompressedBytes += (chunk as Buffer).length;
    }
    const expansion = Math.round((decompressedBytes / fileBytes) * 100) / 100;
    console.log(
      `  ${seconds(downloadMs)} s, ${mib(fileBytes)} MiB, ${backupRows} rows; ${mib(decompressedBytes)} MiB decompressed (${expansion}×)`,
    );

    console.log('Restore:');
    const confirm = (
      (await (await fetch(`${app.baseUrl}/api/settings`, { headers: { cookie } })).json()) as {
        name: string;
      }
    ).name;
    const form = new FormData();
    form.append('file', await openAsBlob(file, { type: 'application/gzip' }), 'backup.gz');
    form.append('confirm', confirm);
    form.append('password', ADMIN.password);
    const restoreRss = sampleRss(pid);
    const restoreStarted = Date.now();
    const restored = await fetch(`${app.baseUrl}${BACKUP_API.restore}`, {
      method: 'POST',
      headers: { cookie, origin: app.baseUrl },
      body: form,
    });
    const restoreMs = Date.now() - restoreStarted;
    const restoreMemory = restoreRss.stop();
    if (restored.status !== 200)
      throw new Error(`the restore failed: ${restored.status} ${await restored.text()}`);
    const result = (await restored.json()) as RestoreResult;
    // The app's own log: the safety backup is written before "replacing", the transaction ends at "done".
    const replacingAt = logTimes(app, 'restore: replacing all data with a backup').at(-1);
    const doneAt = logTimes(app, 'restore: done').at(-1);
    const replaceMs = replacingAt && doneAt ? doneAt - replacingAt : null;
    const beforeReplaceMs = replacingAt ? replacingAt - restoreStarted : null;
    // The safety backup's own start and end, as backup_runs recorded them (kept across the restore).
    const safetyMs = Number(
      (
        await db.query<{ ms: string }>(
          `select (extract(epoch from finished_at - started_at) * 1000)::bigint::text as ms
           from backup_runs where kind = 'safety' and file_name = $1`,
          [result.safetyBackup],
        )
      ).rows[0]?.ms ?? Number.NaN,
    );
    console.log(`  ${seconds(restoreMs)} s, ${result.rows} rows`);

    const countsAfter = await rowCounts(db);
    const sizeAfter = await databaseBytes(db);
    if (JSON.stringify(countsAfter) !== JSON.stringify(countsBefore)) {
      throw new Error(
        `the restore did not bring back the same rows: ${JSON.stringify(countsBefore)} → ${JSON.stringify(countsAfter)}`,
      );
    }
    const settled = sampleRss(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterRestore = settled.stop();

    const results = {
      measuredAt: new Date().toISOString(),
      orders: ORDERS,
      database: server ? 'server' : 'embedded',
      postgresVersion: serverVersion,
      rows: countsBefore,
      fillSeconds,
      databaseSizeMiB: { beforeBackup: mib(sizeBefore), afterRestore: mib(sizeAfter) },
      backup: {
        rows: backupRows,
        fileMiB: mib(fileBytes),
        fileBytes,
        decompressedMiB: mib(decompressedBytes),
        expansion,
        firstByteSeconds: seconds(firstByteMs),
        seconds: seconds(downloadMs),
        rowsPerSecond: Math.round(backupRows / (downloadMs / 1000)),
        rssMiB: downloadMemory,
      },
      restore: {
        rows: result.rows,
        tables: result.tables,
        seconds: seconds(restoreMs),
        uploadCheckAndSafetyBackupSeconds: beforeReplaceMs === null ? null : seconds(beforeReplaceMs),
        safetyBackupSeconds: Number.isNaN(safetyMs) ? null : seconds(safetyMs),
        replaceSeconds: replaceMs === null ? null : seconds(replaceMs),
        rssMiB: restoreMemory,
      },
      appRssMiB: { baseline: baseline.peakMiB, afterRestore: afterRestore.endMiB },
    };
    await fs.mkdir(path.dirname(JSON_FILE), { recursive: true });
    await fs.writeFile(JSON_FILE, `${JSON.stringify(results, null, 2)}\n`);

    const delta = (peak: number) =>
      `${peak >= baseline.peakMiB ? '+' : ''}${mib((peak - baseline.peakMiB) * MiB)} MiB`;
    const table = [
      `\n### Backup and restore: ${ORDERS.toLocaleString('en')} orders on ${where} (PostgreSQL ${serverVersion})\n`,
      `Rows: ${Object.entries(countsBefore)
        .map(([name, n]) => `${name} ${n.toLocaleString('en')}`)
        .join(', ')}; ${backupRows.toLocaleString('en')} rows in the backup in all.\n`,
      `| | time | size | app RSS peak (at rest before: ${baseline.peakMiB} MiB) |`,
      '|---|---:|---:|---:|',
      `| Database (pg_database_size) | | ${mib(sizeBefore)} MiB (${mib(sizeAfter)} MiB after the restore) | |`,
      `| Download \`GET ${BACKUP_API.download}\` (to the last byte) | ${seconds(downloadMs)} s (first byte ${seconds(firstByteMs)} s) | ${mib(fileBytes)} MiB gzip, ${mib(decompressedBytes)} MiB decompressed (${expansion}×) | ${downloadMemory.peakMiB} MiB (${delta(downloadMemory.peakMiB)}) |`,
      `| Restore \`POST ${BACKUP_API.restore}\` (upload, check, safety backup, replace) | ${seconds(restoreMs)} s | | ${restoreMemory.peakMiB} MiB (${delta(restoreMemory.peakMiB)}) |`,
      `| … of which before the replacement (upload, complete check, safety backup) | ${beforeReplaceMs === null ? '?' : `${seconds(beforeReplaceMs)} s`} | | |`,
      `| … … of which the safety backup (written to the backup folder) | ${Number.isNaN(safetyMs) ? '?' : `${seconds(safetyMs)} s`} | | |`,
      `| … of which the replacement (one transaction) | ${replaceMs === null ? '?' : `${seconds(replaceMs)} s`} | | |`,
      '',
      `Filling the database with SQL took ${fillSeconds} s. Results in ${path.relative(REPO_ROOT, JSON_FILE)}.`,
    ];
    console.log(table.join('\n'));
  } finally {
    await db?.end().catch(() => {});
    if (app) await app.stop('SIGTERM', 60_000).catch(() => {});
    await cleanUpApps();
    if (server && database) await dropDatabase(server, database);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
