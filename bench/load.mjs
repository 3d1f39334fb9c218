// One load run of `npm run bench` in its own process, so the load generator does not share the event
// loop (or the CPU profile) of the orchestrating script: autocannon with the options given as JSON in
// argv[2], after `warmupSeconds` of the same load whose numbers are dropped; prints autocannon's result
// as one JSON line. `uniqueHeader` names a header that gets a new UUID on every request (an order's
// Idempotency-Key: each request is a new order).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const { warmupSeconds = 0, uniqueHeader, ...options } = JSON.parse(process.argv[2]);
if (uniqueHeader) {
  options.requests = [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, [uniqueHeader]: randomUUID() },
      }),
    },
  ];
}
if (warmupSeconds > 0) await autocannon({ ...options, duration: warmupSeconds });
const result = await autocannon(options);
process.stdout.write(`${JSON.stringify(result)}\n`);
