// Preloaded into the app by `npm run bench` (NODE_OPTIONS=--import) when BENCH_SQL_FILE is set: keeps
// the last 200 queries node-postgres sent (text, prepared-statement name, values, when, and the
// parameters of the connection it ran on), without any code of the app's own, and on SIGUSR2 writes
// them to BENCH_SQL_FILE. The bench reads from them the statements one request runs, for a yardstick that runs the
// same SQL from a bare node:http server (bench/bare-sql-server.mjs).
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_SQL_FILE;
if (file) {
  const recent = [];
  // Each client's connection parameters: the database a query ran on is its client's (the embedded
  // server's set-up connects to another database than the app's pool).
  const connections = new WeakMap();
  const connectionOf = (client) => {
    let connection = connections.get(client);
    if (!connection) {
      const { host, port, user, password, database } = client.connectionParameters;
      connection = { host, port, user, password: typeof password === 'string' ? password : null, database };
      connections.set(client, connection);
    }
    return connection;
  };
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function probedQuery(config, values, callback) {
    const connection = connectionOf(this);
    if (typeof config === 'string')
      recent.push({ at: Date.now(), connection, text: config, values: values ?? [] });
    else if (config && typeof config.text === 'string') {
      recent.push({
        at: Date.now(),
        connection,
        name: config.name,
        text: config.text,
        values: config.values ?? values ?? [],
      });
    }
    if (recent.length > 200) recent.shift();
    return query.call(this, config, values, callback);
  };
  process.on('SIGUSR2', () => writeFileSync(file, JSON.stringify({ recent })));
}
