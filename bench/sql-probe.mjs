// Preloaded into the app by `npm run bench` (NODE_OPTIONS=--import) when BENCH_SQL_FILE is set: keeps
// the last 200 queries node-postgres sent (text, prepared-statement name, values, when), without any
// code of the app's own, and on SIGUSR2 writes them to BENCH_SQL_FILE with the connection's
// parameters. The bench reads from them the statements one request runs, for a yardstick that runs the
// same SQL from a bare node:http server (bench/bare-sql-server.mjs).
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_FILE;
if (file) {
  const recent = [];
  let connection = null;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function probedQuery(config, values, callback) {
    if (!connection) {
      const { host, port, user, password, database } = this.connectionParameters;
      connection = { host, port, user, password: typeof password === 'string' ? password : null, database };
    }
    if (typeof config === 'string') recent.push({ at: Date.now(), text: config, values: values ?? [] });
    else if (config && typeof config.text === 'string') {
      recent.push({
        at: Date.now(),
        name: config.name,
        text: config.text,
        values: config.values ?? values ?? [],
      });
    }
    if (recent.length > 200) recent.shift();
    return query.call(this, config, values, callback);
  };
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify({ connection, recent })));
}
